/**
 * An uploaded CSV file: kept in the database as text pieces while it is uploaded (never
 * whole in memory), read back as a stream of records by whichever process runs the
 * import, and its header row mapped to the address and the account's custom fields.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { newId } from '../../../lib/ids.js';
import { deleteFile, filePiece, insertFilePiece } from './imports.store.js';

/** Characters per stored piece: large enough that a million-row file is a few dozen rows, small enough to hold one in memory. */
const PIECE_CHARS = 1 << 20;

/** Header names taken as the address column (compared in lower case, spaces and dashes ignored). */
const EMAIL_HEADERS = new Set(['email', 'emailaddress', 'mail']);

/**
 * A file this process stored from a multipart part. A class, so that only the upload
 * hook can make one: a JSON body naming a file id is never taken for an upload.
 */
export class StoredUpload {
  constructor(
    readonly fileId: string,
    readonly bytes: number,
  ) {}
}

/** Stores the stream under a new id; a failed or refused upload leaves nothing behind. */
export async function storeUpload(db: Db, stream: AsyncIterable<Buffer>): Promise<StoredUpload> {
  const fileId = newId();
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let seq = 0;
  let bytes = 0;
  const flush = async (text: string) => {
    if (text.includes('\u0000')) throw AppError.field('file', 'must be a CSV text file; it contains NUL bytes');
    await insertFilePiece(db, fileId, seq++, text);
  };
  try {
    for await (const chunk of stream) {
      bytes += chunk.length;
      pending += decoder.write(chunk);
      if (pending.length >= PIECE_CHARS) {
        await flush(pending);
        pending = '';
      }
    }
    pending += decoder.end();
    if (pending.length > 0 || seq === 0) await flush(pending);
    return new StoredUpload(fileId, bytes);
  } catch (error) {
    await deleteFile(db, fileId).catch(() => undefined);
    throw error;
  }
}

async function* pieces(db: Db, fileId: string): AsyncGenerator<string> {
  for (let seq = 0; ; seq++) {
    const text = await filePiece(db, fileId, seq);
    if (text === undefined) return;
    yield text;
  }
}

/** The file's records (arrays of trimmed cells), header first; empty lines are not records. */
export function records(db: Db, fileId: string): AsyncIterable<string[]> {
  return Readable.from(pieces(db, fileId)).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }),
  ) as AsyncIterable<string[]>;
}

export async function headerOf(db: Db, fileId: string): Promise<string[] | undefined> {
  for await (const record of records(db, fileId)) return record;
  return undefined;
}

/**
 * Per header column: 'email', the id of the custom field it names (by name, case
 * ignored, or by id), or null (a column the import ignores). Refused without an address column.
 */
export function mapColumns(header: string[], fields: { id: string; name: string }[]): (string | null)[] {
  const byName = new Map(fields.map((f) => [f.name.trim().toLowerCase(), f.id]));
  const ids = new Set(fields.map((f) => f.id));
  let sawEmail = false;
  const columns = header.map((raw) => {
    const name = raw.trim().toLowerCase();
    if (!sawEmail && EMAIL_HEADERS.has(name.replace(/[\s_-]/g, ''))) {
      sawEmail = true;
      return 'email';
    }
    return byName.get(name) ?? (ids.has(raw.trim()) ? raw.trim() : null);
  });
  if (!sawEmail) throw AppError.field('file', 'the first row must name the columns, one of them "email"');
  return columns;
}

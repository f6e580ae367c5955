/**
 * An uploaded CSV file: kept in the database in pieces while it is uploaded (never whole
 * in memory), read back as a stream of records by whichever process runs the import, and
 * its header row mapped to the address and the account's custom fields.
 *
 * The pieces hold the file's bytes as they came, one character per byte (Latin-1 text, so
 * either database's text column holds them), because the charset is known only once the
 * whole request is read: a `charset` field may follow the file, and whether the file is
 * valid UTF-8 is known at its last byte. The bytes are decoded when read (lib/charsets.ts).
 */
import { charsetNamed, streamDecoder, UTF8, Utf8Check, WINDOWS_1252 } from '../../../lib/charsets.js';
import { CsvReader } from '../../../lib/csv-reader.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { newId } from '../../../lib/ids.js';
import { deleteFile, filePiece, insertFilePiece } from './imports.store.js';

/** Bytes per stored piece: large enough that a million-row file is a few dozen rows, small enough to hold one in memory. */
const PIECE_BYTES = 1 << 20;

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
    /** Whether the whole file is valid UTF-8. */
    readonly utf8: boolean,
  ) {}
}

/** Stores the stream under a new id; a failed or refused upload leaves nothing behind. */
export async function storeUpload(db: Db, stream: AsyncIterable<Buffer>): Promise<StoredUpload> {
  const fileId = newId();
  const utf8 = new Utf8Check();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let bytes = 0;
  const flush = async () => {
    await insertFilePiece(db, fileId, seq++, Buffer.concat(pending).toString('latin1'));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const chunk of stream) {
      // No text file has one, and neither database can store it in text.
      if (chunk.includes(0)) throw AppError.field('file', 'must be a CSV text file; it contains NUL bytes');
      utf8.write(chunk);
      bytes += chunk.length;
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= PIECE_BYTES) await flush();
    }
    if (pendingBytes > 0 || seq === 0) await flush();
    return new StoredUpload(fileId, bytes, utf8.end());
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

/**
 * The file's records (arrays of cells), header first; blank lines are not records. A
 * file that stops being CSV throws a CsvSyntaxError naming the line, when it is reached.
 * `charset` null: pieces stored as text, before charsets were detected.
 */
export async function* records(db: Db, fileId: string, charset: string | null): AsyncGenerator<string[]> {
  const reader = new CsvReader();
  const decoder = charset === null ? undefined : streamDecoder(charset);
  for await (const piece of pieces(db, fileId)) yield* reader.push(decoder ? decoder.write(Buffer.from(piece, 'latin1')) : piece);
  if (decoder) yield* reader.push(decoder.end());
  yield* reader.end();
}

/**
 * The header row, once it and up to `rows` data rows after it have been read: a file
 * that is not CSV that early is refused while its uploader waits for the answer.
 */
export async function headerOf(db: Db, fileId: string, charset: string, rows: number): Promise<string[] | undefined> {
  let header: string[] | undefined;
  let read = 0;
  for await (const record of records(db, fileId, charset)) {
    if (header === undefined) header = record;
    else if (++read >= rows) break;
  }
  return header;
}

/**
 * The charset to read an upload in: the one the uploader named in the form field
 * `charset`, else UTF-8 for a file that is valid UTF-8, else Windows-1252.
 */
export function uploadCharset(upload: StoredUpload, named: unknown): string {
  if (named === undefined || named === '') return upload.utf8 ? UTF8 : WINDOWS_1252;
  const charset = typeof named === 'string' ? charsetNamed(named) : undefined;
  if (charset === undefined) throw AppError.field('charset', 'must name a charset, e.g. utf-8, windows-1252 or iso-8859-15');
  // A file in UTF-16 has NUL bytes, which no file may have (storeUpload).
  if (charset.startsWith('utf-16')) throw AppError.field('charset', 'UTF-16 is not supported: save the file as UTF-8');
  if (charset === UTF8 && !upload.utf8)
    throw AppError.field('file', 'is not valid UTF-8, though charset says it is (without charset, a file that is not UTF-8 is read as Windows-1252)');
  return charset;
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

const MAPPING_HELP =
  'must be JSON: one entry per column of the header, in order, each {"as":"email"}, {"as":"ignore"}, ' +
  '{"as":"field","customFieldId":"…"} or {"as":"new","name":"…"}';

/**
 * The columns as the uploader mapped them (the multipart field `mapping`, ColumnMapping per
 * column): 'email', a custom field id, `new:<i>` (the field created for column i), or null;
 * and the new fields asked for, by the column that first names them. A
 * new field named like an existing one (case ignored) is that field. Every problem is a
 * 400 naming `mapping` or the entry.
 */
export function mapByHand(
  raw: unknown,
  header: string[],
  fields: { id: string; name: string }[],
): { columns: (string | null)[]; created: { index: number; name: string }[] } {
  let mapping: unknown;
  try {
    mapping = typeof raw === 'string' ? JSON.parse(raw) : undefined;
  } catch {
    mapping = undefined;
  }
  if (!Array.isArray(mapping)) throw AppError.field('mapping', MAPPING_HELP);
  if (mapping.length !== header.length)
    throw AppError.field('mapping', `has ${mapping.length} entries; the file's header has ${header.length} columns (${header.join(', ')})`);
  const ids = new Set(fields.map((f) => f.id));
  const byName = new Map(fields.map((f) => [f.name.trim().toLowerCase(), f.id]));
  const errors: { field: string; message: string }[] = [];
  const created: { index: number; name: string }[] = [];
  const newNames = new Map<string, number>();
  const columns = mapping.map((entry: unknown, i): string | null => {
    const at = `mapping[${i}]`;
    const e = (entry ?? {}) as Record<string, unknown>;
    switch (e.as) {
      case 'email':
        return 'email';
      case 'ignore':
        return null;
      case 'field':
        if (typeof e.customFieldId === 'string' && ids.has(e.customFieldId)) return e.customFieldId;
        errors.push({ field: at, message: "customFieldId is not one of this account's custom fields (GET /inbox/v1/customfields)" });
        return null;
      case 'new': {
        const name = typeof e.name === 'string' ? e.name.trim() : '';
        if (name === '' || name.length > 200 || /[\r\n]/.test(name)) {
          errors.push({ field: at, message: 'name must be a field name of 1 to 200 characters on one line' });
          return null;
        }
        const existing = byName.get(name.toLowerCase());
        if (existing) return existing;
        // Two columns naming the same new field share it.
        const earlier = newNames.get(name.toLowerCase());
        if (earlier !== undefined) return `new:${earlier}`;
        newNames.set(name.toLowerCase(), i);
        created.push({ index: i, name });
        return `new:${i}`;
      }
      default:
        errors.push({ field: at, message: `"as" must be email, field, new or ignore (column "${header[i]}")` });
        return null;
    }
  });
  const emails = columns.filter((c) => c === 'email').length;
  if (emails !== 1) errors.push({ field: 'mapping', message: `must map exactly one column to email (${emails} are)` });
  if (errors.length) throw AppError.validation(errors);
  return { columns, created };
}

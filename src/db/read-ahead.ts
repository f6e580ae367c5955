/**
 * Reading pages into the operating system's cache before a bulk writer needs them.
 *
 * A purge transaction that reads a page the OS no longer caches waits for the disk while it
 * holds SQLite's one writer. Old rows are exactly the cold ones, and a disk that stalls for
 * a moment (a virtual disk's queue behind its cache flush: docs/performance.md, "Purge")
 * stalls the transaction, and every send behind it, that long. So the purge first reads what
 * its next write will read, on no writer: the rows through `longReads`
 * (messages.store.ts `readBodiesAhead`), and the file's last pages, which an incremental
 * vacuum step moves, with plain file reads here.
 */
import { open } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Reads } from './database.js';

/** Read in pieces of this size into one buffer that is thrown away. */
const PIECE_BYTES = 256 * 1024;

/** Reads the last `pages` pages of the database (as `reads` sees it) from `file`, and keeps nothing. */
export async function readEndAhead(reads: Reads, file: string, pages: number): Promise<void> {
  const { rows } = await sql<{ page_count: number; page_size: number }>`select page_count, page_size from pragma_page_count(), pragma_page_size()`.execute(
    reads,
  );
  const { page_count: count = 0, page_size: size = 0 } = rows[0] ?? {};
  const from = Math.max(0, count - pages) * size;
  const to = count * size;
  if (to <= from) return;
  const handle = await open(file, 'r');
  try {
    const piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, to - from));
    for (let at = from; at < to; at += piece.length) {
      const { bytesRead } = await handle.read(piece, 0, Math.min(piece.length, to - at), at);
      if (bytesRead === 0) break;
    }
  } finally {
    await handle.close();
  }
}

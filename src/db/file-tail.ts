/**
 * Reading the SQLite file's last pages into the OS's cache before a vacuum step moves them.
 *
 * `PRAGMA incremental_vacuum(n)` takes the file's last n pages from the end downwards: each
 * one in use is read and copied to a free page lower down. The kernel reads ahead only for
 * reads that go forwards, so each of those pages not already cached was its own read from the
 * disk, inside the step's hold of the writer; on a disk that is writing (the purge's own
 * checkpoints) each such read waited behind the writes. Read forwards in one call first,
 * outside any transaction, the same pages cost one read that blocks nobody.
 */
import fs from 'node:fs/promises';

/** What the file's size and page size are read from: a read-only connection to it. */
export interface PageCounter {
  pragma(source: string, options: { simple: true }): unknown;
}

/** Reads the last `pages` pages of the database into the OS's cache; the bytes read. */
export async function readFileTail(file: string, counter: PageCounter, pages: number): Promise<number> {
  // The database's size as of now (the WAL's newest), not the file's: the file shrinks only at a checkpoint.
  const pageCount = Number(counter.pragma('page_count', { simple: true }));
  const pageSize = Number(counter.pragma('page_size', { simple: true }));
  const first = Math.max(0, pageCount - pages);
  const length = (pageCount - first) * pageSize;
  if (length <= 0) return 0;
  const handle = await fs.open(file, 'r');
  try {
    const { bytesRead } = await handle.read(Buffer.allocUnsafe(length), 0, length, first * pageSize);
    return bytesRead;
  } finally {
    await handle.close();
  }
}

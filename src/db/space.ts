/**
 * Giving the space of deleted rows back. SQLite keeps freed pages in the file until they
 * are reused; with incremental auto-vacuum (set at open, sqlite-thread.entry.ts) `PRAGMA
 * incremental_vacuum(n)` moves up to n pages to the end and truncates the file. It runs in
 * steps of a few pages, each its own short write, for the same reason the purge deletes in
 * batches. PostgreSQL's autovacuum reclaims on its own (docs/operations.md); nothing to do.
 */
import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';

/** Pages still free in the SQLite file (0 on PostgreSQL). */
export async function freePages(db: Db, dialect: Dialect): Promise<number> {
  if (dialect !== 'sqlite') return 0;
  const { rows } = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db);
  return Number(rows[0]?.freelist_count ?? 0);
}

/** One step: up to `pages` free pages given back; how many were free before it. */
export async function giveBackPages(db: Db, dialect: Dialect, pages: number): Promise<number> {
  const free = await freePages(db, dialect);
  if (free > 0) await sql`pragma incremental_vacuum(${sql.lit(Math.min(free, pages))})`.execute(db);
  return free;
}

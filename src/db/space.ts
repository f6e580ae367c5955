/**
 * Giving the space of deleted rows back. SQLite keeps freed pages in the file until they
 * are reused; with incremental auto-vacuum (set at open, sqlite-thread.entry.ts) `PRAGMA
 * incremental_vacuum(n)` moves up to n pages to the end and truncates the file. It runs in
 * steps of a few pages, each its own short write, for the same reason the purge deletes in
 * batches. PostgreSQL's autovacuum reclaims on its own (docs/retention.md); a server that
 * runs without it is named at start (`autovacuumIsOff`), as its tables then only grow.
 *
 * A step costs per page in proportion to the freelist's length: taking a page off the list
 * walks its trunk pages (btree.c allocateBtreePage, for the exact page when the last page is
 * free, for one below the new end when it is in use). With millions of free pages even a
 * few pages' step holds the writer long, so the purge gives pages back as it frees them and
 * the list stays short (retention.service.ts).
 */
import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';

/** Pages still free in the SQLite file (0 on PostgreSQL). */
export async function freePages(db: Db, dialect: Dialect): Promise<number> {
  if (dialect !== 'sqlite') return 0;
  const { rows } = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db);
  return Number(rows[0]?.freelist_count ?? 0);
}

/**
 * One step: up to `pages` of the free pages beyond the first `keep` given back; how many went
 * (none when the file is not in incremental mode) and how many are free after it.
 */
export async function giveBackPages(db: Db, dialect: Dialect, pages: number, keep = 0): Promise<{ given: number; free: number }> {
  const before = await freePages(db, dialect);
  if (before <= keep) return { given: 0, free: before };
  await sql`pragma incremental_vacuum(${sql.lit(Math.min(before - keep, pages))})`.execute(db);
  const free = await freePages(db, dialect);
  return { given: Math.max(0, before - free), free };
}

/**
 * Whether a PostgreSQL server runs with its autovacuum off: the space of every delivered copy's
 * old row versions and of every purged row then stays unused until someone runs VACUUM. Always
 * false on SQLite.
 */
export async function autovacuumIsOff(db: Db, dialect: Dialect): Promise<boolean> {
  if (dialect !== 'postgres') return false;
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db);
  return rows[0]?.autovacuum === 'off';
}

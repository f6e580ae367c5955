/** What a database error means, the same on both dialects. */

/**
 * A unique index refused the write. Two concurrent requests can both pass a look-up for
 * the same name or address; the unique index then refuses the second, which is the same
 * conflict as if the look-up had found the first (a 409 for the caller).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The database has no room to write: SQLite's SQLITE_FULL (a full disk, or the page limit
 * `max_page_count`), PostgreSQL's disk_full (53100) or its
 * general insufficient_resources (53000); not out of memory or too many connections, which
 * are not about room. Kysely and the SQLite thread keep the driver's `code`; a wrapper may
 * carry it as its `cause`.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = e.code;
    if (code === 'SQLITE_FULL' || code === '53100' || code === '53000') return true;
  }
  return false;
}

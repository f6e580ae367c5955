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

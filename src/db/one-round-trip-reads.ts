/**
 * Two look-ups in one round trip on PostgreSQL. The send path's group commit looks up the
 * suppression list and the accounts' webhooks before each transaction (messages.accept.ts);
 * as two queries that was two statements per commit, each a socket write and a wake-up of
 * a server process, and a profile of bench:smtp put a large share of `postwire smtp`'s CPU
 * in the writes of its PostgreSQL statements. Together they are one statement:
 *
 *   select (select coalesce(json_agg("t"), '[]') from (<first>) as "t") as "a",
 *          (select coalesce(json_agg("t"), '[]') from (<second>) as "t") as "b"
 *
 * Each query is still built by its own store; only its compiled text travels here. The rows
 * come back through JSON, so the selected columns must be text, numbers, booleans or null
 * (no BIGINT beyond 2^53, no binary). On SQLite each query runs as it is: a read there is
 * a call on this thread's read-only connection, not a round trip.
 */
import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Reads } from './database.js';
import { PREPARED } from './pg-prepared.js';
import { shiftPlaceholders } from './pg-write-behind.js';

/** A built SELECT: what Kysely's SelectQueryBuilder offers. */
export interface BuiltSelect<O> {
  compile(): CompiledQuery<O>;
  execute(): Promise<O[]>;
}

/** The rows of both queries; `undefined` stands for a query with nothing to look up (no rows). */
export async function readTogether<A, B>(db: Reads, first: BuiltSelect<A> | undefined, second: BuiltSelect<B> | undefined): Promise<[A[], B[]]> {
  if (!first || !second || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return Promise.all([first ? first.execute() : [], second ? second.execute() : []]);
  }
  const a = first.compile();
  const b = second.compile();
  const aggregated = (sql: string, name: string) => `(select coalesce(json_agg("t"), '[]') from (${sql}) as "t") as "${name}"`;
  // Prepared: the send path sends this for every message or group (pg-prepared.ts).
  const sql = `${PREPARED}select ${aggregated(a.sql, 'a')}, ${aggregated(shiftPlaceholders(b.sql, a.parameters.length), 'b')}`;
  const { rows } = await db.executeQuery<{ a: A[]; b: B[] }>(CompiledQuery.raw(sql, [...a.parameters, ...b.parameters]));
  return [rows[0]!.a, rows[0]!.b];
}

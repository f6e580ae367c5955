/**
 * Runs a statement with PostgreSQL's JIT compilation off (a transaction with
 * `set local jit = off`); on SQLite, as it is.
 *
 * Why: PostgreSQL compiles a statement's expressions to machine code when its estimated
 * cost passes `jit_above_cost`, and the time to compile grows with the number of
 * expressions. A segment's rules compile to many small subqueries (segment-rules.ts): one
 * at the bounds cost about a second of compiling to save microseconds of running, and a
 * campaign to 100 of them minutes per page. Without JIT the same statement plans and runs
 * in well under a second. Only statements built from segment rules use this.
 */
import { sql } from 'kysely';
import type { Db, Dialect, Reads } from './database.js';

/** `db` is a handle (a read-only one included), never a transaction. */
export function withoutJit<T>(db: Reads, dialect: Dialect, statement: (db: Reads) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return statement(db);
  return (db as Db).transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return statement(trx);
  });
}

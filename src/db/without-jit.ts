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
import type { Db, DbOrTrx, Dialect } from './database.js';

export function withoutJit<T>(db: Db, dialect: Dialect, statement: (db: DbOrTrx) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return statement(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return statement(trx);
  });
}

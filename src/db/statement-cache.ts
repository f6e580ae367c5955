/**
 * One prepared better-sqlite3 statement per distinct SQL text, reused. Kysely prepares
 * every query anew, and on the send path preparing cost about as much as running. Reuse is
 * safe because every statement here runs to completion before the next one starts (no
 * streaming). Bounded: multi-row INSERTs of varying sizes each have their own text, and
 * the least recently used are dropped.
 */
import type BetterSqlite3 from 'better-sqlite3';

export function statementCache(sqlite: BetterSqlite3.Database, size: number): (sql: string) => BetterSqlite3.Statement {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = sqlite.prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}

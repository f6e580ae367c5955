/**
 * Planner statistics for tables a background task grows fast (PostgreSQL only).
 *
 * PostgreSQL plans every statement from the statistics of the table's last ANALYZE. A task
 * that grows a table from nothing to 100,000s of rows in a minute or two (a contact import,
 * a campaign's dispatch) leaves the planner with an empty table's figures, and it then
 * picks plans that read the whole table: an import's look-up read every contact of the
 * account per chunk, and the delivery claim sorted the whole queue instead of reading its
 * lane's index (docs/performance.md, "Contact imports" and "Campaigns"). Autovacuum
 * ANALYZEs at best once per autovacuum_naptime (a minute), and not at all where it is off
 * (as on the benchmark's server). So such a task calls `refreshStaleStatistics` after each
 * chunk or page: one cheap catalog read, and an ANALYZE of a table only when its
 * statistics are off by half or more (more rows written since the last ANALYZE than it
 * counted, or never analyzed): about log2(growth) times over the task. SQLite plans
 * without such statistics (its indexes decide), so there it does nothing.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTrx } from './database.js';
import type { Database } from './schema.js';

/** ANALYZEs those of `tables` whose statistics are stale (see the header) and returns their names; SQLite: nothing. */
export async function refreshStaleStatistics(db: DbOrTrx, tables: readonly (keyof Database & string)[]): Promise<string[]> {
  if (tables.length === 0 || !(db.getExecutor().adapter instanceof PostgresAdapter)) return [];
  const stale = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.oid in (${sql.join(tables.map((t) => sql`${t}::regclass`))})
      and (c.reltuples < 0 or s.n_mod_since_analyze > c.reltuples)`.execute(db);
  // Only names we asked about reach the ANALYZE (they come back from the catalog).
  const names = stale.rows.map((r) => r.name).filter((n) => (tables as readonly string[]).includes(n));
  if (names.length) await sql`analyze ${sql.join(names.map((n) => sql.table(n)))}`.execute(db);
  return names;
}

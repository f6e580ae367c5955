/**
 * SQL behind the storage figures: the bytes of the tables that grow with an account's mail
 * and contacts, their row counts, and one account's row counts (each on an index that
 * starts with account_id, so counting one account reads only its own entries).
 */
import { sql } from 'kysely';
import type { Dialect, Reads } from '../../../db/database.js';

/** The tables whose size follows an account's use, each with an index led by account_id. */
export const ACCOUNT_TABLES = ['messages', 'message_recipients', 'events', 'message_tags', 'contacts', 'inbound_messages', 'suppressions'] as const;
export type AccountTable = (typeof ACCOUNT_TABLES)[number];

/** The whole database's size in bytes: pages × page size (SQLite), pg_database_size (PostgreSQL). */
export async function databaseBytes(db: Reads, dialect: Dialect): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const { rows } = await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/** Each table's bytes with its indexes (dbstat on SQLite: a pass over every page; pg_total_relation_size on PostgreSQL). */
export async function tableBytes(db: Reads, dialect: Dialect): Promise<Map<string, number>> {
  const tables = [...ACCOUNT_TABLES];
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string; bytes: string }>`select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c
          where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace and c.relname in (${sql.join(tables)})`.execute(db)
      : await sql<{ name: string; bytes: number }>`select m.tbl_name as name, sum(d.pgsize) as bytes from dbstat d
          join sqlite_master m on m.name = d.name where m.tbl_name in (${sql.join(tables)}) group by m.tbl_name`.execute(db);
  return new Map(rows.map((r) => [r.name, Number(r.bytes)]));
}

/** Rows of each table, all accounts. */
export async function tableRows(db: Reads): Promise<Map<AccountTable, number>> {
  const counts = await Promise.all(
    ACCOUNT_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return new Map(counts);
}

/** Rows of each table that belong to the account. */
export async function accountRows(db: Reads, accountId: string): Promise<Map<AccountTable, number>> {
  const counts = await Promise.all(
    ACCOUNT_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return new Map(counts);
}

/** Rows of each table per account, all accounts at once (for the metric). */
export async function rowsPerAccount(db: Reads): Promise<Map<string, Map<AccountTable, number>>> {
  const result = new Map<string, Map<AccountTable, number>>();
  for (const table of ACCOUNT_TABLES) {
    const rows = await db
      .selectFrom(table)
      .select(['account_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('account_id')
      .execute();
    for (const r of rows) {
      const counts = result.get(r.account_id) ?? new Map<AccountTable, number>();
      counts.set(table, Number(r.n));
      result.set(r.account_id, counts);
    }
  }
  return result;
}

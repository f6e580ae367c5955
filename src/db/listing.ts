/**
 * The queries every list, every "get one" and every change of an account's resources repeat,
 * written once: a page of rows newest first with the total the filter matches, the one live
 * row of an account by id, and the change of that one row.
 *
 * Paging. Ids are time-ordered (lib/ids.ts), so "newest first" is `order by id desc`, served
 * by the (account_id, id) index every listed table has. A page is asked for either by
 * number (`page`, `pageSize`: offset paging, which the original service's clients use) or
 * by key (`after=<id>` of the last row seen): keyset paging reads only the rows it returns,
 * however deep the page, where an offset makes the database walk past every row before it.
 * Tables that grow to millions of rows per account (the message log, events, contacts)
 * are read by key.
 *
 * totalCount. The count runs on the same index as the filter (an index-only count on
 * PostgreSQL, a covering-index count on SQLite), once per request, not per row, and reads
 * the index rather than the rows. Where a count must be read often on a
 * table of millions (a contact list's `count`, a campaign's counters), it is a maintained
 * counter updated in the transaction that changes the rows, not a scan (the marketing area).
 */
import { sql, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Page } from '../lib/api-shape.js';
import type { DbOrTrx, Reads } from './database.js';
import type { Database } from './schema.js';

/**
 * `base` is the filtered query (FROM and WHERE only); `columns` adds its SELECT. Returns
 * the requested page, newest first, and the number of rows `base` matches in all.
 */
export async function listPage<TB extends keyof Database, O>(
  base: SelectQueryBuilder<Database, TB, object>,
  columns: (query: SelectQueryBuilder<Database, TB, object>) => SelectQueryBuilder<Database, TB, O>,
  page: Page,
): Promise<{ rows: O[]; total: number }> {
  let rows = columns(base).orderBy(sql.ref('id'), 'desc').limit(page.limit);
  rows = page.after !== undefined ? rows.where(sql.ref('id'), '<', page.after) : rows.offset(page.offset);
  const [found, count] = await Promise.all([rows.execute(), base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
  return { rows: found, total: Number((count as { n: number | string }).n) };
}

/** Tables of an account's resources that are soft-deleted (`deleted_at`). */
type LiveTable = { [T in keyof Database]: Database[T] extends { id: string; account_id: string; deleted_at: number | null } ? T : never }[keyof Database];

/** The live (not deleted) rows of one account's table: the `base` of its list and its look-ups. */
export function liveRowsOf<T extends LiveTable>(db: Reads, table: T, accountId: string): SelectQueryBuilder<Database, T, object> {
  // The generic table makes Kysely's column types unresolvable here; every LiveTable has these columns.
  const query = db.selectFrom(table as LiveTable) as unknown as SelectQueryBuilder<Database, LiveTable, object>;
  return query.where(sql.ref('account_id'), '=', accountId).where(sql.ref('deleted_at'), 'is', null) as unknown as SelectQueryBuilder<Database, T, object>;
}

/** One live row of an account's table by id; `columns` adds its SELECT. Another account's id finds nothing. */
export function findLiveRow<T extends LiveTable, O>(
  db: Reads,
  table: T,
  accountId: string,
  id: string,
  columns: (query: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, O>,
): Promise<O | undefined> {
  return columns(liveRowsOf(db, table, accountId))
    .where(sql.ref('id'), '=', id)
    .executeTakeFirst();
}

/** Changes one live row of an account's table by id; false when there is none (deleted, another account's, or no such id). */
export async function updateLiveRow<T extends LiveTable>(
  db: DbOrTrx,
  table: T,
  accountId: string,
  id: string,
  changes: Updateable<Database[T]>,
): Promise<boolean> {
  // As in liveRowsOf: every LiveTable has these columns, which the generic table hides from Kysely.
  const result = await db
    .updateTable(table as LiveTable)
    .set(changes as never)
    .where(sql.ref('account_id'), '=', accountId)
    .where(sql.ref('id'), '=', id)
    .where(sql.ref('deleted_at'), 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What `read` answers for the ids, 500 a statement (under SQLite's and PostgreSQL's parameter limits): a person or a page may name many thousands. */
export async function readByIds<R>(ids: string[], read: (chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < ids.length; i += 500) rows.push(...(await read(ids.slice(i, i + 500))));
  return rows;
}

/** SQL for segments and counting the contacts a compiled rule selects. Scoped by account; deleted segments are invisible. */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import { inValues } from '../../../db/json-values.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx, Dialect, Reads } from '../../../db/database.js';
import type { NewSegmentRow, SegmentRow } from './segments.table.js';

export async function insertSegment(db: DbOrTrx, row: NewSegmentRow): Promise<void> {
  await db.insertInto('segments').values(row).execute();
}

export function listLiveSegments(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: SegmentRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'segments', accountId), (q) => q.selectAll(), page);
}

export function findLiveSegment(db: DbOrTrx, accountId: string, id: string): Promise<SegmentRow | undefined> {
  return findLiveRow(db, 'segments', accountId, id, (q) => q.selectAll());
}

export type SegmentChanges = Partial<Pick<SegmentRow, 'name' | 'rules' | 'updated_at' | 'update_user_id' | 'deleted_at'>>;

export async function updateSegment(db: DbOrTrx, accountId: string, id: string, changes: SegmentChanges): Promise<boolean> {
  const result = await db
    .updateTable('segments')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Live contacts of the account that `condition` (segment-rules.ts compileRule) selects. */
export async function countContactsWhere(db: Reads, accountId: string, condition: RawBuilder<SqlBool>): Promise<number> {
  const row = await liveRowsOf(db, 'contacts', accountId)
    .where(condition)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids among these that are live rows of the account's table (any number of ids: db/json-values.ts). */
export async function liveIdsOf(
  db: DbOrTrx,
  dialect: Dialect,
  table: 'contact_lists' | 'custom_fields' | 'campaigns',
  accountId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await liveRowsOf(db, table, accountId)
    .select('id')
    .where(inValues(sql.ref('id'), ids, dialect))
    .execute();
  return new Set(rows.map((r) => r.id));
}

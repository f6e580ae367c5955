/** SQL for groups of contact lists. Every statement is scoped by account; deleted groups are invisible. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { ContactGroupRow, NewContactGroupRow } from './groups.table.js';

export async function insertGroup(db: DbOrTrx, row: NewContactGroupRow): Promise<void> {
  await db.insertInto('contact_groups').values(row).execute();
}

export function listLiveGroups(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: ContactGroupRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'contact_groups', accountId), (q) => q.selectAll(), page);
}

export function findLiveGroup(db: DbOrTrx, accountId: string, id: string): Promise<ContactGroupRow | undefined> {
  return findLiveRow(db, 'contact_groups', accountId, id, (q) => q.selectAll());
}

/**
 * Distinct contacts on the live lists of each group, counted now. Membership rows exist
 * only for live contacts and live lists (removing either removes them), so no other
 * table is read.
 */
export async function countGroupContacts(db: DbOrTrx, accountId: string, groupIds: string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contact_lists as l')
    .innerJoin('contact_list_members as m', 'm.list_id', 'l.id')
    .where('l.account_id', '=', accountId)
    .where('l.group_id', 'in', groupIds)
    .where('l.deleted_at', 'is', null)
    .groupBy('l.group_id')
    .select((eb) => ['l.group_id', eb.fn.count<number>('m.contact_id').distinct().as('n')])
    .execute();
  return new Map(rows.map((r) => [r.group_id!, Number(r.n)]));
}

export type GroupChanges = Partial<Pick<ContactGroupRow, 'name' | 'updated_at' | 'update_user_id' | 'deleted_at'>>;

/** True when a live group of the account was changed. */
export async function updateGroup(db: DbOrTrx, accountId: string, id: string, changes: GroupChanges): Promise<boolean> {
  const result = await db
    .updateTable('contact_groups')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lists of a deleted group stay, outside any group. */
export async function ungroupLists(db: DbOrTrx, accountId: string, groupId: string): Promise<void> {
  await db.updateTable('contact_lists').set({ group_id: null }).where('account_id', '=', accountId).where('group_id', '=', groupId).execute();
}

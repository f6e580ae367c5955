/**
 * SQL for contact lists and their membership. Every statement is scoped by account;
 * deleted lists are invisible. Each function that adds or removes membership rows also
 * moves the lists' `contacts_count` by exactly the rows it changed, and must run in the
 * caller's transaction (see contact-lists.service.ts).
 */
import { sql } from 'kysely';
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { ContactListRow, NewContactListRow } from './contact-lists.table.js';

export async function insertContactList(db: DbOrTrx, row: NewContactListRow): Promise<void> {
  await db.insertInto('contact_lists').values(row).execute();
}

export function listLiveContactLists(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: ContactListRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'contact_lists', accountId), (q) => q.selectAll(), page);
}

export function findLiveContactList(db: DbOrTrx, accountId: string, id: string): Promise<ContactListRow | undefined> {
  return findLiveRow(db, 'contact_lists', accountId, id, (q) => q.selectAll());
}

/** Which of these ids are live lists of the account. */
export async function liveContactListIds(db: DbOrTrx, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contact_lists')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

export type ContactListChanges = Partial<Pick<ContactListRow, 'name' | 'group_id' | 'legislation' | 'updated_at' | 'update_user_id' | 'deleted_at'>>;

/** True when a live list of the account was changed. */
export async function updateContactList(db: DbOrTrx, accountId: string, id: string, changes: ContactListChanges): Promise<boolean> {
  const result = await db
    .updateTable('contact_lists')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function moveCount(db: DbOrTrx, listId: string, by: number): Promise<void> {
  if (by === 0) return;
  await db
    .updateTable('contact_lists')
    .set({ contacts_count: sql`contacts_count + ${by}` })
    .where('id', '=', listId)
    .execute();
}

/** Puts the contact on the list; true when it was not on it before. */
export async function addMember(db: DbOrTrx, accountId: string, listId: string, contactId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('contact_list_members')
    .values({ list_id: listId, contact_id: contactId, account_id: accountId, created_at: now })
    .onConflict((oc) => oc.columns(['list_id', 'contact_id']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await moveCount(db, listId, 1);
  return added;
}

/** Takes the contact off the list; true when it was on it. */
export async function removeMember(db: DbOrTrx, accountId: string, listId: string, contactId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('contact_list_members')
    .where('account_id', '=', accountId)
    .where('list_id', '=', listId)
    .where('contact_id', '=', contactId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await moveCount(db, listId, -1);
  return removed;
}

/** Takes the contact off every list it is on (the contact is being deleted). */
export async function removeContactFromAllLists(db: DbOrTrx, accountId: string, contactId: string): Promise<void> {
  const lists = await db.selectFrom('contact_list_members').select('list_id').where('contact_id', '=', contactId).where('account_id', '=', accountId).execute();
  for (const { list_id } of lists) await removeMember(db, accountId, list_id, contactId);
}

/** The membership of a deleted list goes with it. */
export async function removeAllMembers(db: DbOrTrx, accountId: string, listId: string): Promise<void> {
  await db.deleteFrom('contact_list_members').where('account_id', '=', accountId).where('list_id', '=', listId).execute();
  await db.updateTable('contact_lists').set({ contacts_count: 0 }).where('id', '=', listId).execute();
}

/** The live lists each contact is on, oldest membership first. */
export async function listIdsOfContacts(db: DbOrTrx, accountId: string, contactIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return found;
  const rows = await db
    .selectFrom('contact_list_members')
    .select(['contact_id', 'list_id'])
    .where('account_id', '=', accountId)
    .where('contact_id', 'in', contactIds)
    .orderBy('created_at')
    .orderBy('list_id')
    .execute();
  for (const row of rows) found.get(row.contact_id)?.push(row.list_id);
  return found;
}

/** The lists these contacts are on, with each list's name (a person's data). */
export function membershipsOfContacts(db: DbOrTrx, accountId: string, contactIds: string[]) {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contact_list_members as m')
    .innerJoin('contact_lists as l', 'l.id', 'm.list_id')
    .select(['m.contact_id', 'm.list_id', 'l.name', 'm.created_at'])
    .where('m.account_id', '=', accountId)
    .where('m.contact_id', 'in', contactIds)
    .orderBy('m.created_at')
    .execute();
}

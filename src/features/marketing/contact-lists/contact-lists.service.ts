/**
 * Contact lists: a name, the group they are filed in, the consent law they follow, and
 * their contacts.
 *
 * `count` is a maintained counter, not a count of rows at read time. A list may hold
 * millions of contacts and clients read `count` on every list of the account at once
 * (GET /inbox/v1/contactlists); counting membership rows there would scan them all. So
 * `contact_lists.contacts_count` moves in the same transaction as the membership row it
 * counts: adding inserts the row with ON CONFLICT DO NOTHING and adds 1 only if a row was
 * really inserted, removing adds -1 only if a row was really deleted (contact-lists.store.ts).
 * Both statements see the same row lock on PostgreSQL and run on the one writer on
 * SQLite, so two clients adding the same contact at once count it once, and the counter
 * equals the number of rows whenever a reader can see either.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { findLiveGroup } from '../groups/groups.store.js';
import type { ContactList, ContactListBody, PatchContactListBody } from './contact-lists.schemas.js';
import { findLiveContactList, insertContactList, listLiveContactLists, removeAllMembers, updateContactList } from './contact-lists.store.js';
import type { ContactListRow } from './contact-lists.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

function toContactList(row: ContactListRow): ContactList {
  return { ...resourceFields(row), listName: row.name, groupId: row.group_id, legislation: row.legislation, count: Number(row.contacts_count) };
}

export class ContactListsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: ContactListBody): Promise<ContactList> {
    const now = this.clock.now();
    const row: ContactListRow = {
      id: newId(now),
      account_id: principal.accountId,
      name: body.listName.trim(),
      group_id: await this.groupOf(principal, body.groupId),
      legislation: body.legislation ?? 0,
      contacts_count: 0,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertContactList(this.db, row);
    return toContactList(row);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<ContactList>> {
    const { rows, total } = await listLiveContactLists(this.db, principal.accountId, page);
    return listResult(rows.map(toContactList), total);
  }

  async get(principal: Principal, id: string): Promise<ContactList> {
    return toContactList(await this.require(principal, id));
  }

  /** PUT (`replace`): what the body leaves out is reset; PATCH: only what it gives changes. */
  async update(principal: Principal, id: string, body: PatchContactListBody, replace: boolean): Promise<void> {
    await this.require(principal, id);
    const changes = {
      ...(body.listName !== undefined ? { name: body.listName.trim() } : {}),
      ...(body.groupId !== undefined || replace ? { group_id: await this.groupOf(principal, body.groupId) } : {}),
      ...(body.legislation !== undefined || replace ? { legislation: body.legislation ?? 0 } : {}),
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!(await updateContactList(this.db, principal.accountId, id, changes))) throw AppError.notFound('Contact list');
  }

  /** The contacts stay (on their other lists, or on none); only their membership of this list goes. */
  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const removed =
        isId(id) && (await updateContactList(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
      if (!removed) throw AppError.notFound('Contact list');
      await removeAllMembers(trx, principal.accountId, id);
    });
  }

  async require(principal: Principal, id: string): Promise<ContactListRow> {
    const row = isId(id) ? await findLiveContactList(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Contact list');
    return row;
  }

  /** The `groupId` of a body: null for none (absent, null, ""), else a live group of the account. */
  private async groupOf(principal: Principal, groupId: string | null | undefined): Promise<string | null> {
    if (groupId === undefined || groupId === null || groupId.trim() === '') return null;
    const group = isId(groupId) ? await findLiveGroup(this.db, principal.accountId, groupId) : undefined;
    if (!group) throw AppError.field('groupId', 'is not a group of this account');
    return group.id;
  }
}

/**
 * Groups hold contact lists (a list names its group with `groupId`). A group's
 * `contactsCount` is counted when it is read: distinct contacts over its lists, on the
 * membership index, for the groups of one page only. Deleting a group keeps its lists.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import type { Group, GroupBody, PatchGroupBody } from './groups.schemas.js';
import { countGroupContacts, findLiveGroup, insertGroup, listLiveGroups, ungroupLists, updateGroup } from './groups.store.js';
import type { ContactGroupRow } from './groups.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

function toGroup(row: ContactGroupRow, contactsCount: number): Group {
  return { ...resourceFields(row), groupName: row.name, contactsCount };
}

export class GroupsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: GroupBody): Promise<Group> {
    const now = this.clock.now();
    const row: ContactGroupRow = {
      id: newId(now),
      account_id: principal.accountId,
      name: body.groupName.trim(),
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertGroup(this.db, row);
    return toGroup(row, 0);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Group>> {
    const { rows, total } = await listLiveGroups(this.db, principal.accountId, page);
    const counts = await countGroupContacts(
      this.db,
      principal.accountId,
      rows.map((r) => r.id),
    );
    return listResult(
      rows.map((r) => toGroup(r, counts.get(r.id) ?? 0)),
      total,
    );
  }

  async get(principal: Principal, id: string): Promise<Group> {
    const row = await this.require(principal, id);
    const counts = await countGroupContacts(this.db, principal.accountId, [row.id]);
    return toGroup(row, counts.get(row.id) ?? 0);
  }

  /** PUT and PATCH: the name, if given (PATCH may leave it out and change nothing). */
  async update(principal: Principal, id: string, body: PatchGroupBody): Promise<void> {
    const changes = {
      ...(body.groupName !== undefined ? { name: body.groupName.trim() } : {}),
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!isId(id) || !(await updateGroup(this.db, principal.accountId, id, changes))) throw AppError.notFound('Group');
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const removed = isId(id) && (await updateGroup(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
      if (!removed) throw AppError.notFound('Group');
      await ungroupLists(trx, principal.accountId, id);
    });
  }

  /** A live group of the account, or a 404. Lists use it to check the `groupId` they are given. */
  async require(principal: Principal, id: string): Promise<ContactGroupRow> {
    const row = isId(id) ? await findLiveGroup(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Group');
    return row;
  }
}

/**
 * Custom fields of contacts. `Type` is the client's integer, kept as given: the original
 * publishes no table of types, and values are stored as sent whatever the type (segments
 * may still compare them as numbers or dates). Deleting a field deletes its values.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import type { CustomField, CustomFieldBody, PatchCustomFieldBody } from './custom-fields.schemas.js';
import { deleteValuesOfField, findLiveCustomField, insertCustomField, listLiveCustomFields, updateCustomField } from './custom-fields.store.js';
import type { CustomFieldRow } from './custom-fields.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

function toCustomField(row: CustomFieldRow): CustomField {
  return { ...resourceFields(row), name: row.name, type: Number(row.type), items: null };
}

/** A new custom field of the principal's account (also made by an import whose mapping asks for one). */
export function newCustomFieldRow(principal: Principal, name: string, type: number, now: number): CustomFieldRow {
  return {
    id: newId(now),
    account_id: principal.accountId,
    name: name.trim(),
    type,
    created_at: now,
    updated_at: now,
    create_user_id: principal.userId,
    update_user_id: principal.userId,
    deleted_at: null,
  };
}

export class CustomFieldsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: CustomFieldBody): Promise<CustomField> {
    const row = newCustomFieldRow(principal, body.Name, body.Type, this.clock.now());
    await insertCustomField(this.db, row);
    return toCustomField(row);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<CustomField>> {
    const { rows, total } = await listLiveCustomFields(this.db, principal.accountId, page);
    return listResult(rows.map(toCustomField), total);
  }

  async get(principal: Principal, id: string): Promise<CustomField> {
    const row = isId(id) ? await findLiveCustomField(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Custom field');
    return toCustomField(row);
  }

  /** PUT gives both fields, PATCH either; what is given changes. */
  async update(principal: Principal, id: string, body: PatchCustomFieldBody): Promise<void> {
    const changes = {
      ...(body.Name !== undefined ? { name: body.Name.trim() } : {}),
      ...(body.Type !== undefined ? { type: body.Type } : {}),
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!isId(id) || !(await updateCustomField(this.db, principal.accountId, id, changes))) throw AppError.notFound('Custom field');
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const removed =
        isId(id) && (await updateCustomField(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
      if (!removed) throw AppError.notFound('Custom field');
      await deleteValuesOfField(trx, principal.accountId, id);
    });
  }
}

/** SQL for custom fields. Every statement is scoped by account; deleted fields are invisible. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { CustomFieldRow, NewCustomFieldRow } from './custom-fields.table.js';

export async function insertCustomField(db: DbOrTrx, row: NewCustomFieldRow): Promise<void> {
  await db.insertInto('custom_fields').values(row).execute();
}

export function listLiveCustomFields(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: CustomFieldRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'custom_fields', accountId), (q) => q.selectAll(), page);
}

export function findLiveCustomField(db: DbOrTrx, accountId: string, id: string): Promise<CustomFieldRow | undefined> {
  return findLiveRow(db, 'custom_fields', accountId, id, (q) => q.selectAll());
}

/** The live fields of the account among these ids. */
export async function findLiveCustomFields(db: DbOrTrx, accountId: string, ids: string[]): Promise<CustomFieldRow[]> {
  if (ids.length === 0) return [];
  return liveRowsOf(db, 'custom_fields', accountId).selectAll().where('id', 'in', ids).execute();
}

export type CustomFieldChanges = Partial<Pick<CustomFieldRow, 'name' | 'type' | 'updated_at' | 'update_user_id' | 'deleted_at'>>;

/** True when a live field of the account was changed. */
export async function updateCustomField(db: DbOrTrx, accountId: string, id: string, changes: CustomFieldChanges): Promise<boolean> {
  const result = await db
    .updateTable('custom_fields')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The values of a deleted field go with it. */
export async function deleteValuesOfField(db: DbOrTrx, accountId: string, fieldId: string): Promise<void> {
  await db.deleteFrom('contact_field_values').where('account_id', '=', accountId).where('custom_field_id', '=', fieldId).execute();
}

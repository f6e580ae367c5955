/** SQL for contact imports: the import row and its counters, and the rows still to apply. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../db/database.js';
import type { ContactImportRow, ImportCounter, NewContactImportRow, PendingImportRow } from './imports.table.js';

const INSERT_BATCH = 500;

export async function insertImport(db: DbOrTrx, row: NewContactImportRow): Promise<void> {
  await db.insertInto('contact_imports').values(row).execute();
}

export async function insertPendingRows(db: DbOrTrx, rows: PendingImportRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db
      .insertInto('contact_import_rows')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}

export function findImport(db: DbOrTrx, accountId: string, listId: string, id: string): Promise<ContactImportRow | undefined> {
  return db
    .selectFrom('contact_imports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('list_id', '=', listId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findImportById(db: DbOrTrx, id: string): Promise<Pick<ContactImportRow, 'id' | 'account_id' | 'list_id' | 'status'> | undefined> {
  return db.selectFrom('contact_imports').select(['id', 'account_id', 'list_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Imports accepted but not finished: what a restarted process has to resume. */
export async function unfinishedImportIds(db: DbOrTrx, statuses: number[]): Promise<string[]> {
  const rows = await db.selectFrom('contact_imports').select('id').where('status', 'in', statuses).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export function pendingRows(db: DbOrTrx, importId: string, limit: number): Promise<PendingImportRow[]> {
  return db.selectFrom('contact_import_rows').selectAll().where('import_id', '=', importId).orderBy('row_number').limit(limit).execute();
}

export async function deletePendingRowsThrough(db: DbOrTrx, importId: string, lastRow: number): Promise<void> {
  await db.deleteFrom('contact_import_rows').where('import_id', '=', importId).where('row_number', '<=', lastRow).execute();
}

export async function addToCounters(db: DbOrTrx, importId: string, deltas: Record<ImportCounter, number>, now: number): Promise<void> {
  const set: Record<string, unknown> = { updated_at: now };
  for (const [counter, delta] of Object.entries(deltas)) if (delta) set[counter] = sql`${sql.ref(counter)} + ${delta}`;
  await db.updateTable('contact_imports').set(set).where('id', '=', importId).execute();
}

export async function setImportStatus(db: DbOrTrx, importId: string, status: number, now: number): Promise<void> {
  await db.updateTable('contact_imports').set({ status, updated_at: now }).where('id', '=', importId).execute();
}

/** What decides an address's outcome: the account's live contact with it (id, stored status) and a live suppression's reason. */
export async function addressState(
  db: DbOrTrx,
  accountId: string,
  emailNormalized: string,
): Promise<{ contact?: { id: string; status: number }; suppression?: string }> {
  const [contact, suppression] = await Promise.all([
    db
      .selectFrom('contacts')
      .select(['id', 'status'])
      .where('account_id', '=', accountId)
      .where('email_normalized', '=', emailNormalized)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('suppressions')
      .select('reason')
      .where('account_id', '=', accountId)
      .where('email_normalized', '=', emailNormalized)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return { ...(contact ? { contact: { id: contact.id, status: Number(contact.status) } } : {}), ...(suppression ? { suppression: suppression.reason } : {}) };
}

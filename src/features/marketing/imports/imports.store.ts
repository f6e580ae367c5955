/** SQL for contact imports: the import row and its counters, and the rows still to apply. */
import { type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../../lib/like-pattern.js';
import type { DbOrTrx } from '../../../db/database.js';
import { insertRowsCounting } from '../../../db/group-commit.js';
import { newActiveContact } from '../contacts/contacts.table.js';
import { type ContactImportRow, IMPORT_STATUS, type ImportCounter, type NewContactImportRow, type PendingImportRow } from './imports.table.js';

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

export function findImportById(
  db: DbOrTrx,
  id: string,
): Promise<Pick<ContactImportRow, 'id' | 'account_id' | 'list_id' | 'status' | 'source' | 'rows_done' | 'columns' | 'charset'> | undefined> {
  return db
    .selectFrom('contact_imports')
    .select(['id', 'account_id', 'list_id', 'status', 'source', 'rows_done', 'columns', 'charset'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deletePendingRowsThrough(db: DbOrTrx, importId: string, lastRow: number): Promise<void> {
  await db.deleteFrom('contact_import_rows').where('import_id', '=', importId).where('row_number', '<=', lastRow).execute();
}

export async function deletePendingRows(db: DbOrTrx, importId: string): Promise<void> {
  await db.deleteFrom('contact_import_rows').where('import_id', '=', importId).execute();
}

/** `reason`: why it failed (status 3); left as it is when not given. */
export async function setImportStatus(db: DbOrTrx, importId: string, status: number, now: number, reason?: string | null): Promise<void> {
  await db
    .updateTable('contact_imports')
    .set({ status, updated_at: now, ...(reason === undefined ? {} : { failure_reason: reason }) })
    .where('id', '=', importId)
    .execute();
}

/** Ends an import that has not ended yet failed with `reason`; the import as it is then, or undefined when it had ended. */
export function failImport(db: DbOrTrx, importId: string, reason: string, now: number) {
  return db
    .updateTable('contact_imports')
    .set({ status: IMPORT_STATUS.failed, failure_reason: reason, updated_at: now })
    .where('id', '=', importId)
    .where('status', 'in', [IMPORT_STATUS.waiting, IMPORT_STATUS.running])
    .returning(['id', 'account_id', 'list_id', 'total', 'added', 'failure_reason', 'create_user_id'])
    .executeTakeFirst();
}

/** The sender a notice of the account names (import-notice.ts): the owner's address if it is one, else the oldest live one. */
export async function noticeSenderOf(db: DbOrTrx, accountId: string, ownerNormalized: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('senders')
    .select('id')
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy(sql`case when email_normalized = ${ownerNormalized} then 0 else 1 end`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

// ---- Applying a chunk: one statement per step for the whole chunk, never one per row. ----

/** Bound parameters per statement: below SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMS = 30_000;

function batches<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The account's live contacts with these addresses, by normalized address. */
export async function liveContactsByEmail(db: DbOrTrx, accountId: string, emails: string[]): Promise<Map<string, { id: string; status: number }>> {
  const found = new Map<string, { id: string; status: number }>();
  for (const part of batches(emails, 1)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('contacts')
      .select(['id', 'status', 'email_normalized'])
      .where('account_id', '=', accountId)
      .where('email_normalized', 'in', part)
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) found.set(r.email_normalized, { id: r.id, status: Number(r.status) });
  }
  return found;
}

/** The reasons of the account's live suppressions of these addresses, by normalized address. */
export async function suppressionReasons(db: DbOrTrx, accountId: string, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of batches(emails, 1)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('suppressions')
      .select(['email_normalized', 'reason'])
      .where('account_id', '=', accountId)
      .where('email_normalized', 'in', part)
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) found.set(r.email_normalized, r.reason);
  }
  return found;
}

/**
 * New active contacts; an address that became a live contact meanwhile is skipped (the caller
 * looks it up). The ids inserted. Written out by insertRowsCounting, not Kysely's builder: on
 * SQLite the main thread limits an import, and the builder's parsing of every value of a chunk
 * was a large part of its time (docs/performance.md, "Contact imports").
 */
export async function insertContacts(
  db: DbOrTrx,
  accountId: string,
  rows: { id: string; email: string; email_normalized: string }[],
  now: number,
): Promise<Set<string>> {
  const contacts = rows.map((r) => newActiveContact(accountId, r, now));
  const { returned } = await insertRowsCounting(db, 'contacts', contacts, {
    onConflict: 'on conflict ("account_id", "email_normalized") where "deleted_at" is null do nothing',
    returning: 'id',
  });
  return new Set(returned as string[]);
}

/** Which of these contacts are on the list, and the import that last put or found each there. */
export async function memberships(db: DbOrTrx, listId: string, contactIds: string[]): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (const part of batches(contactIds, 1)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('contact_list_members')
      .select(['contact_id', 'last_import_id'])
      .where('list_id', '=', listId)
      .where('contact_id', 'in', part)
      .execute();
    for (const r of rows) found.set(r.contact_id, r.last_import_id);
  }
  return found;
}

/**
 * Puts the contacts on the list, marked as this import's, and moves the list's count by
 * the rows really inserted (contact_lists.contacts_count is maintained: migration 0009).
 * The number inserted (a contact put on the list meanwhile by another request is not).
 */
export async function addMembers(db: DbOrTrx, accountId: string, listId: string, importId: string, contactIds: string[], now: number): Promise<number> {
  const rows = contactIds.map((contact_id) => ({ list_id: listId, contact_id, account_id: accountId, created_at: now, last_import_id: importId }));
  const { inserted } = await insertRowsCounting(db, 'contact_list_members', rows, { onConflict: 'on conflict ("list_id", "contact_id") do nothing' });
  if (inserted > 0)
    await db
      .updateTable('contact_lists')
      .set({ contacts_count: sql`contacts_count + ${inserted}` })
      .where('id', '=', listId)
      .execute();
  return inserted;
}

export async function markMembers(db: DbOrTrx, listId: string, importId: string, contactIds: string[]): Promise<void> {
  for (const part of batches(contactIds, 1))
    if (part.length)
      await db.updateTable('contact_list_members').set({ last_import_id: importId }).where('list_id', '=', listId).where('contact_id', 'in', part).execute();
}

/** Sets custom field values (one row per contact and field, at most once per statement); a null value removes it. */
export async function setManyFieldValues(
  db: DbOrTrx,
  accountId: string,
  values: { contactId: string; fieldId: string; value: string | null }[],
): Promise<void> {
  const upserts = values.flatMap((v) =>
    v.value === null ? [] : [{ contact_id: v.contactId, custom_field_id: v.fieldId, account_id: accountId, value: v.value }],
  );
  await insertRowsCounting(db, 'contact_field_values', upserts, {
    onConflict: 'on conflict ("contact_id", "custom_field_id") do update set "value" = excluded."value"',
  });
  for (const v of values.filter((x) => x.value === null))
    await db.deleteFrom('contact_field_values').where('contact_id', '=', v.contactId).where('custom_field_id', '=', v.fieldId).execute();
}

/**
 * Moves the counters and the cursor, only if the cursor is still where this chunk began:
 * false means another run of the task applied it (a lease taken over); the caller rolls back.
 */
export async function advanceImport(
  db: DbOrTrx,
  importId: string,
  from: number,
  to: number,
  deltas: Partial<Record<ImportCounter, number>>,
  now: number,
  invalidRows?: string,
): Promise<boolean> {
  const set: Record<string, unknown> = { updated_at: now, rows_done: to };
  for (const [counter, delta] of Object.entries(deltas)) if (delta) set[counter] = sql`${sql.ref(counter)} + ${delta}`;
  if (invalidRows !== undefined) set.invalid_rows = invalidRows;
  const result = await db.updateTable('contact_imports').set(set).where('id', '=', importId).where('rows_done', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The tables an import grows, whose planner statistics it keeps up to date (db/statistics.ts). */
export const IMPORT_TABLES = ['contacts', 'contact_list_members', 'contact_field_values'] as const;

// ---- The uploaded file ----

export async function insertFilePiece(db: DbOrTrx, importId: string, seq: number, data: string): Promise<void> {
  await db.insertInto('contact_import_files').values({ import_id: importId, seq, data }).execute();
}

export async function filePiece(db: DbOrTrx, importId: string, seq: number): Promise<string | undefined> {
  const row = await db.selectFrom('contact_import_files').select('data').where('import_id', '=', importId).where('seq', '=', seq).executeTakeFirst();
  return row?.data;
}

export async function deleteFile(db: DbOrTrx, importId: string): Promise<void> {
  await db.deleteFrom('contact_import_files').where('import_id', '=', importId).execute();
}

export async function pendingRowsAfter(db: DbOrTrx, importId: string, after: number, limit: number): Promise<PendingImportRow[]> {
  return db
    .selectFrom('contact_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('row_number', '>', after)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** Every live custom field of the account: what a CSV header's names are matched against. */
export function allLiveCustomFields(db: DbOrTrx, accountId: string): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('custom_fields').select(['id', 'name']).where('account_id', '=', accountId).where('deleted_at', 'is', null).orderBy('id').execute();
}

/** The account's imports (a subquery): an import row has no account of its own. */
const importsOf = (db: DbOrTrx, accountId: string) => db.selectFrom('contact_imports').select('id').where('account_id', '=', accountId);

/** Rows of the account's imports not applied yet whose address is one of these (lower case): a person's data. */
export function pendingRowsNaming(db: DbOrTrx, accountId: string, emails: string[]): Promise<PendingImportRow[]> {
  return db
    .selectFrom('contact_import_rows')
    .selectAll()
    .where('import_id', 'in', importsOf(db, accountId))
    .where(sql<string>`lower(email)`, 'in', emails)
    .orderBy('import_id')
    .orderBy('row_number')
    .execute();
}

/**
 * An erasure's change to the rows of imports still running: the address becomes its hash and
 * its values go. The row stays, so the import's counters still add up to its total: applied,
 * the hash is found on the suppression list and the row is counted as suppressed. How many.
 */
export async function erasePendingRows(db: DbOrTrx, accountId: string, emails: string[], hash: string): Promise<number> {
  const result = await db
    .updateTable('contact_import_rows')
    .set({ email: hash, custom_fields: '[]' })
    .where('import_id', 'in', importsOf(db, accountId))
    .where(sql<string>`lower(email)`, 'in', emails)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The account's imports whose reported invalid rows may name one of these addresses (lower case). */
export function importsWithInvalidRowsNaming(db: DbOrTrx, accountId: string, emails: string[]): Promise<{ id: string; invalid_rows: string }[]> {
  return db
    .selectFrom('contact_imports')
    .select(['id', 'invalid_rows'])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or(emails.map((email) => sql<SqlBool>`lower(invalid_rows) like ${containsPattern(email)} escape '\\'`)))
    .execute();
}

export async function setInvalidRows(db: DbOrTrx, accountId: string, id: string, invalidRows: string): Promise<void> {
  await db.updateTable('contact_imports').set({ invalid_rows: invalidRows }).where('account_id', '=', accountId).where('id', '=', id).execute();
}

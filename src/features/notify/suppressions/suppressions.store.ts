/** SQL for the suppression list. Every query is scoped by account; only live (not deleted) rows suppress. */
import { listPage } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import { ERASED_PREFIX } from '../../../lib/erased-address.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import type { SuppressionRow } from './suppressions.table.js';

/**
 * Inserts the row unless the account already has a live suppression of the address
 * (unique index suppressions_account_email_live). ON CONFLICT DO NOTHING keeps a
 * PostgreSQL transaction usable where a unique violation would abort it.
 * Returns whether the row was inserted.
 */
export async function insertSuppressionIfAbsent(db: DbOrTrx, row: SuppressionRow): Promise<boolean> {
  const result = await db
    .insertInto('suppressions')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listLiveSuppressions(
  db: DbOrTrx,
  accountId: string,
  filter: { email?: string | undefined },
  page: Page,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  let base = db.selectFrom('suppressions').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  if (filter.email !== undefined) base = base.where('email_normalized', '=', filter.email);
  return listPage(base, (q) => q.selectAll(), page);
}

/**
 * Up to `limit` live suppressions of the account, newest first, older than the id `before`
 * (all when undefined): the export's pages, read by key on the (account_id, id) index so a
 * page costs its rows however deep into the list it is, and without the list's total.
 */
export async function liveSuppressionsBefore(
  db: DbOrTrx,
  accountId: string,
  filter: { email?: string | undefined },
  before: string | undefined,
  limit: number,
): Promise<SuppressionRow[]> {
  let query = db.selectFrom('suppressions').selectAll().where('account_id', '=', accountId).where('deleted_at', 'is', null);
  if (filter.email !== undefined) query = query.where('email_normalized', '=', filter.email);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function findLiveSuppression(db: DbOrTrx, accountId: string, emailNormalized: string): Promise<SuppressionRow | undefined> {
  return db
    .selectFrom('suppressions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('email_normalized', '=', emailNormalized)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** When the oldest of the account's live suppressions in erased form (lib/erased-address.ts) was made; undefined if none is. */
export async function firstLiveErasureOf(db: Reads, accountId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('suppressions')
    .select((eb) => eb.fn.min<number | null>('created_at').as('at'))
    .where('account_id', '=', accountId)
    .where('email_normalized', 'like', `${ERASED_PREFIX}%`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

/** Live suppressions among the given accounts and addresses (one query for a delivery batch). */
export async function findLiveSuppressionsAmong(
  db: DbOrTrx,
  accountIds: string[],
  emailsNormalized: string[],
): Promise<Pick<SuppressionRow, 'account_id' | 'email_normalized' | 'reason'>[]> {
  return (await liveSuppressionsAmongQuery(db, accountIds, emailsNormalized)?.execute()) ?? [];
}

/** findLiveSuppressionsAmong's query, not yet run (db/one-round-trip-reads.ts); undefined when there is nothing to look up. */
export function liveSuppressionsAmongQuery(db: Reads, accountIds: string[], emailsNormalized: string[]) {
  if (accountIds.length === 0 || emailsNormalized.length === 0) return undefined;
  return db
    .selectFrom('suppressions')
    .select(['account_id', 'email_normalized', 'reason'])
    .where('account_id', 'in', accountIds)
    .where('email_normalized', 'in', emailsNormalized)
    .where('deleted_at', 'is', null);
}

export async function softDeleteSuppression(
  db: DbOrTrx,
  accountId: string,
  emailNormalized: string,
  change: { now: number; userId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('suppressions')
    .set({ deleted_at: change.now, updated_at: change.now, update_user_id: change.userId })
    .where('account_id', '=', accountId)
    .where('email_normalized', '=', emailNormalized)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

/** Every suppression of the address in the account, live or deleted, oldest first (a person's data). */
export function suppressionsOfAddress(db: Reads, accountId: string, emailNormalized: string): Promise<SuppressionRow[]> {
  return db.selectFrom('suppressions').selectAll().where('account_id', '=', accountId).where('email_normalized', '=', emailNormalized).orderBy('id').execute();
}

/** Deletes every suppression of the address in the account, live or deleted (it is erased: its hash takes their place). Returns how many. */
export async function deleteSuppressionsOfAddress(db: DbOrTrx, accountId: string, emailNormalized: string): Promise<number> {
  const result = await db.deleteFrom('suppressions').where('account_id', '=', accountId).where('email_normalized', '=', emailNormalized).executeTakeFirst();
  return Number(result.numDeletedRows);
}

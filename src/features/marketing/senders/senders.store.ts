/**
 * SQL for marketing senders, and the two facts their answer reads from the
 * transactional area's tables: the checks of the sending domain that covers an address,
 * and whether the address was confirmed from its mailbox.
 */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { MarketingSenderRow, NewMarketingSenderRow } from './senders.table.js';

export async function insertMarketingSender(db: DbOrTrx, row: NewMarketingSenderRow): Promise<void> {
  await db.insertInto('marketing_senders').values(row).execute();
}

export function listLiveMarketingSenders(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: MarketingSenderRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'marketing_senders', accountId), (q) => q.selectAll(), page);
}

export function findLiveMarketingSender(db: DbOrTrx, accountId: string, id: string): Promise<MarketingSenderRow | undefined> {
  return findLiveRow(db, 'marketing_senders', accountId, id, (q) => q.selectAll());
}

export type MarketingSenderChanges = Partial<
  Pick<MarketingSenderRow, 'display_name' | 'email' | 'reply_email' | 'updated_at' | 'update_user_id' | 'deleted_at'>
>;

export async function updateMarketingSender(db: DbOrTrx, accountId: string, id: string, changes: MarketingSenderChanges): Promise<boolean> {
  const result = await db
    .updateTable('marketing_senders')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The account's live sending domains among these names, with their verified state and last check. */
export async function findLiveDomainsNamed(db: DbOrTrx, accountId: string, names: string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom('domains')
    .select(['name', 'verified_at', 'check_results'])
    .where('account_id', '=', accountId)
    .where('name', 'in', names)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The normalized addresses among these that the account confirmed as senders from their mailbox. */
export async function confirmedSenderAddresses(db: DbOrTrx, accountId: string, emailsNormalized: string[]): Promise<Set<string>> {
  if (emailsNormalized.length === 0) return new Set();
  const rows = await db
    .selectFrom('senders')
    .select('email_normalized')
    .where('account_id', '=', accountId)
    .where('email_normalized', 'in', emailsNormalized)
    .where('deleted_at', 'is', null)
    .where('confirmed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.email_normalized));
}

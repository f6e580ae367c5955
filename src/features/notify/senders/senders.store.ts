/** SQL for senders. Every query is scoped by account: one account never reaches another's rows. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { NewSenderRow, SenderRow } from './senders.table.js';

export async function insertSender(db: DbOrTrx, row: NewSenderRow): Promise<void> {
  await db.insertInto('senders').values(row).execute();
}

export async function listLiveSenders(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: SenderRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'senders', accountId), (q) => q.selectAll(), page);
}

export async function findLiveSender(db: DbOrTrx, accountId: string, id: string): Promise<SenderRow | undefined> {
  return findLiveRow(db, 'senders', accountId, id, (q) => q.selectAll());
}

export async function findLiveSenderByEmail(
  db: DbOrTrx,
  accountId: string,
  emailNormalized: string,
): Promise<Pick<SenderRow, 'id' | 'display_name' | 'email' | 'confirmed_at'> | undefined> {
  return db
    .selectFrom('senders')
    .select(['id', 'display_name', 'email', 'confirmed_at'])
    .where('account_id', '=', accountId)
    .where('email_normalized', '=', emailNormalized)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export type SenderChanges = Partial<
  Pick<
    SenderRow,
    | 'display_name'
    | 'email'
    | 'email_normalized'
    | 'updated_at'
    | 'update_user_id'
    | 'deleted_at'
    | 'confirmed_at'
    | 'confirmation_token_hash'
    | 'confirmation_expires_at'
  >
>;

export async function updateSender(db: DbOrTrx, accountId: string, id: string, changes: SenderChanges): Promise<boolean> {
  const result = await db
    .updateTable('senders')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The live sender a confirmation token was issued for, whatever its account: the token is the credential. */
export async function findSenderByConfirmationToken(
  db: DbOrTrx,
  tokenHash: string,
): Promise<Pick<SenderRow, 'id' | 'account_id' | 'email' | 'confirmation_expires_at'> | undefined> {
  return db
    .selectFrom('senders')
    .select(['id', 'account_id', 'email', 'confirmation_expires_at'])
    .where('confirmation_token_hash', '=', tokenHash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Confirms the sender holding this token if it is still unexpired, and uses the token up,
 * in one statement: of two clicks racing, one confirms and the other finds no token.
 */
export async function confirmSenderByToken(db: DbOrTrx, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('senders')
    .set({ confirmed_at: now, confirmation_token_hash: null, confirmation_expires_at: null, updated_at: now })
    .where('confirmation_token_hash', '=', tokenHash)
    .where('confirmation_expires_at', '>', now)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

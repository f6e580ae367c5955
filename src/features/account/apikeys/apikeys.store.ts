/** SQL for API keys. Every query but the authentication look-up is scoped by account. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { ApiKeyRow } from './apikeys.table.js';

export async function insertApiKey(db: DbOrTrx, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/**
 * The look-up behind every request made with a key (unique index on key_hash). A
 * revoked key, or one of a deleted account, is not found; expiry is the caller's to judge.
 */
export async function findLiveApiKeyByHash(db: DbOrTrx, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(['api_keys.id', 'api_keys.account_id', 'api_keys.name', 'api_keys.scopes', 'api_keys.expires_at', 'api_keys.create_user_id'])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.deleted_at', 'is', null)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function touchApiKey(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function listLiveApiKeys(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: ApiKeyRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'api_keys', accountId), (q) => q.selectAll(), page);
}

export async function findLiveApiKey(db: DbOrTrx, accountId: string, id: string): Promise<ApiKeyRow | undefined> {
  return findLiveRow(db, 'api_keys', accountId, id, (q) => q.selectAll());
}

export async function revokeApiKey(db: DbOrTrx, accountId: string, id: string, change: { now: number; userId: string }): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ deleted_at: change.now, updated_at: change.now, update_user_id: change.userId })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

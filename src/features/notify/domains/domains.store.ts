/** SQL for sending domains. Every query is scoped by account: one account never reaches another's rows. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { DomainRow } from './domains.table.js';

export async function insertDomain(db: DbOrTrx, row: DomainRow): Promise<void> {
  await db.insertInto('domains').values(row).execute();
}

export async function listLiveDomains(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: DomainRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'domains', accountId), (q) => q.selectAll(), page);
}

export async function findLiveDomain(db: DbOrTrx, accountId: string, id: string): Promise<DomainRow | undefined> {
  return findLiveRow(db, 'domains', accountId, id, (q) => q.selectAll());
}

export async function findLiveDomainByName(db: DbOrTrx, accountId: string, name: string): Promise<Pick<DomainRow, 'id'> | undefined> {
  return db.selectFrom('domains').select('id').where('account_id', '=', accountId).where('name', '=', name).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The account's verified live domains among `names` (a domain and its parents), with their keys. */
export async function findVerifiedDomains(db: DbOrTrx, accountId: string, names: string[]): Promise<Pick<DomainRow, 'name' | 'selector' | 'private_key'>[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('domains')
    .select(['name', 'selector', 'private_key'])
    .where('account_id', '=', accountId)
    .where('name', 'in', names)
    .where('deleted_at', 'is', null)
    .where('verified_at', 'is not', null)
    .execute();
}

/** Names of all the account's verified live domains. */
export async function listVerifiedDomainNames(db: DbOrTrx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('domains')
    .select('name')
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where('verified_at', 'is not', null)
    .execute();
  return rows.map((r) => r.name);
}

export async function updateDomain(
  db: DbOrTrx,
  accountId: string,
  id: string,
  changes: Partial<Pick<DomainRow, 'verified_at' | 'checked_at' | 'check_results' | 'private_key' | 'updated_at' | 'update_user_id' | 'deleted_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('domains')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

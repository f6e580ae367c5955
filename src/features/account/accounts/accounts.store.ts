/** SQL for accounts and their users. */
import type { DbOrTrx } from '../../../db/database.js';
import type { AccountRow, NewAccountRow, NewUserRow } from './accounts.table.js';

export async function insertAccount(db: DbOrTrx, row: NewAccountRow): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
}

export async function insertUser(db: DbOrTrx, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findLiveUserByEmail(db: DbOrTrx, emailNormalized: string) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.account_id', 'users.password_hash', 'users.role'])
    .where('users.email_normalized', '=', emailNormalized)
    .where('users.deleted_at', 'is', null)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function countAccounts(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises changes that must see a stable set of the account's users (the last
 * owner rule): an UPDATE that changes nothing still takes the row lock on PostgreSQL
 * and the write lock on SQLite, on both dialects alike, until the transaction ends.
 */
export async function lockAccount(db: DbOrTrx, accountId: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', accountId)
    .execute();
}

export async function findLiveAccount(db: DbOrTrx, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function updateAccount(
  db: DbOrTrx,
  id: string,
  changes: Partial<Pick<AccountRow, 'name' | 'email' | 'postal_address' | 'body_retention_days'>> & { updated_at: number; update_user_id: string },
): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

/** Recipients the account had accepted since `since` (index message_recipients_account_created). */
export async function countRecipientsAcceptedSince(db: DbOrTrx, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('message_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The live accounts that chose their own body retention (few: most follow RETENTION_BODY_DAYS). */
export async function accountsWithOwnBodyRetention(db: DbOrTrx): Promise<{ id: string; days: number }[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'body_retention_days'])
    .where('body_retention_days', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => ({ id: r.id, days: Number(r.body_retention_days) }));
}

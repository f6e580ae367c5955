/** SQL for accounts and their users. */
import type { DbOrTrx } from '../../db/database.js';
import type { AccountRow, NewUserRow } from './accounts.table.js';

export async function insertAccount(db: DbOrTrx, row: AccountRow): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
}

export async function insertUser(db: DbOrTrx, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findLiveUserByEmail(db: DbOrTrx, emailNormalized: string) {
  return db.selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.account_id', 'users.password_hash', 'users.role'])
    .where('users.email_normalized', '=', emailNormalized)
    .where('users.deleted_at', 'is', null)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function countAccounts(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** SQL for the users of an account. Every query is scoped by account. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { Role, UserRow, UsersTable } from '../accounts/accounts.table.js';

/** The user's columns without the password hash, which never leaves this feature and auth. */
const PUBLIC_COLUMNS = ['id', 'account_id', 'email', 'name', 'role', 'created_at', 'updated_at', 'create_user_id', 'update_user_id', 'deleted_at'] as const;
export type PublicUserRow = Omit<UserRow, 'password_hash' | 'email_normalized'>;

export async function listLiveUsers(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: PublicUserRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'users', accountId), (q) => q.select(PUBLIC_COLUMNS), page);
}

export async function findLiveUser(db: DbOrTrx, accountId: string, id: string): Promise<PublicUserRow | undefined> {
  return findLiveRow(db, 'users', accountId, id, (q) => q.select(PUBLIC_COLUMNS));
}

export async function findPasswordHash(db: DbOrTrx, accountId: string, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function countLiveOwners(db: DbOrTrx, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner' satisfies Role)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateUser(
  db: DbOrTrx,
  accountId: string,
  id: string,
  changes: Partial<Pick<UsersTable, 'name' | 'role' | 'password_hash' | 'deleted_at'>> & { updated_at: number; update_user_id: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

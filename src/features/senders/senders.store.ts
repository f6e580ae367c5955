/** SQL for senders. Every query is scoped by account: one account never reaches another's rows. */
import type { DbOrTrx } from '../../db/database.js';
import type { Page } from '../../http/pagination.js';
import type { SenderRow } from './senders.table.js';

export async function insertSender(db: DbOrTrx, row: SenderRow): Promise<void> {
  await db.insertInto('senders').values(row).execute();
}

export async function listLiveSenders(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: SenderRow[]; total: number }> {
  const base = db.selectFrom('senders').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findLiveSender(db: DbOrTrx, accountId: string, id: string): Promise<SenderRow | undefined> {
  return db.selectFrom('senders').selectAll()
    .where('account_id', '=', accountId).where('id', '=', id).where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findLiveSenderByEmail(db: DbOrTrx, accountId: string, emailNormalized: string): Promise<Pick<SenderRow, 'id' | 'display_name'> | undefined> {
  return db.selectFrom('senders').select(['id', 'display_name'])
    .where('account_id', '=', accountId).where('email_normalized', '=', emailNormalized).where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateSender(db: DbOrTrx, accountId: string, id: string, changes: Partial<Pick<SenderRow, 'display_name' | 'email' | 'email_normalized' | 'updated_at' | 'update_user_id' | 'deleted_at'>>): Promise<boolean> {
  const result = await db.updateTable('senders').set(changes)
    .where('account_id', '=', accountId).where('id', '=', id).where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

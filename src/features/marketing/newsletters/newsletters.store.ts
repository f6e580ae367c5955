/** SQL for newsletters. Scoped by account; deleted newsletters are invisible. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { NewNewsletterRow, NewsletterRow } from './newsletters.table.js';

export async function insertNewsletter(db: DbOrTrx, row: NewNewsletterRow): Promise<void> {
  await db.insertInto('newsletters').values(row).execute();
}

export function listLiveNewsletters(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: NewsletterRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'newsletters', accountId), (q) => q.selectAll(), page);
}

export function findLiveNewsletter(db: DbOrTrx, accountId: string, id: string): Promise<NewsletterRow | undefined> {
  return findLiveRow(db, 'newsletters', accountId, id, (q) => q.selectAll());
}

export type NewsletterChanges = Partial<Pick<NewsletterRow, 'subject' | 'language' | 'html_content' | 'updated_at' | 'update_user_id' | 'deleted_at'>>;

export async function updateNewsletter(db: DbOrTrx, accountId: string, id: string, changes: NewsletterChanges): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

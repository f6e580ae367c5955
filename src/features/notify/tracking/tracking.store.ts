/** SQL for the public tracking endpoints: the one read they make (a recipient and its message). */
import type { DbOrTrx, Reads } from '../../../db/database.js';

/**
 * What an open, a click or an unsubscribe needs to know about the recipient a token names.
 * A token is its own proof of whose recipient it is; the capture inbox, which has no
 * token, names the account instead.
 */
export async function findTrackedRecipient(db: Reads, recipientId: string, accountId?: string) {
  let query = db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select([
      'r.id',
      'r.message_id',
      'r.account_id',
      'r.email',
      'r.content',
      'r.sent_at',
      'r.kept_links as copy_kept_links',
      'm.html_content',
      'm.kept_links',
      'm.content_id',
      'm.content_values',
      'm.from_name',
      'm.track_opens',
      'm.track_clicks',
      'm.list_unsubscribe',
      'm.recipient_count',
    ])
    .where('r.id', '=', recipientId);
  if (accountId !== undefined) query = query.where('r.account_id', '=', accountId);
  return query.executeTakeFirst();
}

export type TrackedRecipient = NonNullable<Awaited<ReturnType<typeof findTrackedRecipient>>>;

/**
 * Marks the copies among `recipientIds` that had never been opened as opened at `at`; the
 * ids it marked, the copies whose first open this is. Set only where still null, so of two
 * transactions opening one copy at once (two processes) the second, waiting for the first's
 * row lock, finds it set and marks nothing.
 */
export async function markFirstOpens(db: DbOrTrx, recipientIds: string[], at: number): Promise<Set<string>> {
  if (recipientIds.length === 0) return new Set();
  const rows = await db
    .updateTable('message_recipients')
    .set({ first_opened_at: at })
    .where('id', 'in', recipientIds)
    .where('first_opened_at', 'is', null)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** SQL for the public tracking endpoints: the one read they make (a recipient and its message). */
import type { DbOrTrx } from '../../../db/database.js';

/** What an open, a click or an unsubscribe needs to know about the recipient a token names. */
export async function findTrackedRecipient(db: DbOrTrx, recipientId: string) {
  return db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select([
      'r.id',
      'r.message_id',
      'r.account_id',
      'r.email',
      'r.content',
      'r.sent_at',
      'm.html_content',
      'm.from_name',
      'm.tags',
      'm.metadata',
      'm.track_opens',
      'm.track_clicks',
      'm.list_unsubscribe',
    ])
    .where('r.id', '=', recipientId)
    .executeTakeFirst();
}

export type TrackedRecipient = NonNullable<Awaited<ReturnType<typeof findTrackedRecipient>>>;

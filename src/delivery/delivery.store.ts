/** SQL the pipeline needs besides the queue itself: loading what to send, recording what happened. */
import type { DbOrTrx } from '../db/database.js';
import type { RecipientState } from '../features/messages/messages.table.js';

export async function loadMessages(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
}

export async function loadRecipients(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('message_recipients').select(['id', 'message_id', 'account_id', 'email', 'name', 'state', 'content', 'mime']).where('id', 'in', ids).execute();
}

/**
 * Records an attempt's outcome on the recipient unless it is already in one of
 * `finalStates` (decided meanwhile by someone else, e.g. an asynchronous bounce);
 * returns whether the row changed.
 */
export async function recordRecipientAttempt(db: DbOrTrx, recipientId: string, change: { state: RecipientState; response: string; attempts: number; sentAt: number | null; now: number }, finalStates: Iterable<RecipientState>): Promise<boolean> {
  const result = await db.updateTable('message_recipients')
    .set({ state: change.state, last_response: change.response.slice(0, 2000), attempts: change.attempts, sent_at: change.sentAt, updated_at: change.now })
    .where('id', '=', recipientId).where('state', 'not in', [...finalStates])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

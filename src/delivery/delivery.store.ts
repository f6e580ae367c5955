/** SQL the pipeline needs besides the queue itself: loading what to send, recording what happened. */
import type { DbOrTrx } from '../db/database.js';
import type { ComposeRecipient, ComposedTarget } from './compose.js';
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

/** The recipients named in each message's headers, in their order, for the given messages. */
export async function addresseesOf(db: DbOrTrx, messageIds: string[]): Promise<Map<string, ComposeRecipient[]>> {
  const byMessage = new Map<string, ComposeRecipient[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.selectFrom('message_recipients').select(['message_id', 'email', 'name', 'kind'])
    .where('message_id', 'in', messageIds).orderBy('message_id').orderBy('position').execute();
  for (const { message_id, ...addressee } of rows) {
    let list = byMessage.get(message_id);
    if (!list) byMessage.set(message_id, (list = []));
    list.push(addressee);
  }
  return byMessage;
}

/** Keeps a composition unless one is stored already: the first stored copy is the one `/raw` shows. */
export async function storeComposed(db: DbOrTrx, target: ComposedTarget): Promise<void> {
  if ('messageId' in target) await db.updateTable('messages').set({ mime: target.mime }).where('id', '=', target.messageId).where('mime', 'is', null).execute();
  else await db.updateTable('message_recipients').set({ mime: target.mime }).where('id', '=', target.recipientId).where('mime', 'is', null).execute();
}

export async function storedMime(db: DbOrTrx, target: { messageId: string } | { recipientId: string }): Promise<string | null> {
  const row = 'messageId' in target
    ? await db.selectFrom('messages').select('mime').where('id', '=', target.messageId).executeTakeFirst()
    : await db.selectFrom('message_recipients').select('mime').where('id', '=', target.recipientId).executeTakeFirst();
  return row?.mime ?? null;
}

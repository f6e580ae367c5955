/** SQL the pipeline needs besides the queue itself: loading what to send, recording what happened. */
import { sql, type RawBuilder } from 'kysely';
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

export interface RecipientAttempt {
  recipientId: string;
  state: RecipientState;
  response: string;
  attempts: number;
  sentAt: number | null;
  now: number;
}

/**
 * `case id when … then … end`: one value per row, for updating many rows with different
 * values in one statement. `type` casts the parameters where PostgreSQL cannot infer it
 * (it would take an untyped parameter for text).
 */
function perRow<R extends { id: string }>(rows: R[], value: (row: R) => string | number | null, type?: 'integer' | 'bigint'): RawBuilder<unknown> {
  const whens = rows.map((row) => (type
    ? sql`when ${sql.ref('id')} = ${row.id} then cast(${value(row)} as ${sql.raw(type)})`
    : sql`when ${sql.ref('id')} = ${row.id} then ${value(row)}`));
  return sql`case ${sql.join(whens, sql` `)} end`;
}

/**
 * Records attempts' outcomes on their recipients, in one statement, except on recipients
 * already in one of `finalStates` (decided meanwhile by someone else, e.g. an
 * asynchronous bounce); returns the ids of the recipients that changed.
 */
export async function recordRecipientAttempts(db: DbOrTrx, attempts: RecipientAttempt[], finalStates: Iterable<RecipientState>): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = attempts.map((a) => ({ ...a, id: a.recipientId }));
  const changed = await db.updateTable('message_recipients')
    .set({
      state: perRow(rows, (a) => a.state) as never,
      last_response: perRow(rows, (a) => a.response.slice(0, 2000)) as never,
      attempts: perRow(rows, (a) => a.attempts, 'integer') as never,
      sent_at: perRow(rows, (a) => a.sentAt, 'bigint') as never,
      updated_at: perRow(rows, (a) => a.now, 'bigint') as never,
    })
    .where('id', 'in', rows.map((a) => a.id)).where('state', 'not in', [...finalStates])
    .returning('id')
    .execute();
  return new Set(changed.map((r) => r.id));
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

/**
 * Keeps compositions, except where one is stored already: the first stored copy is the
 * one `/raw` shows. One statement per kind of target.
 */
export async function storeComposed(db: DbOrTrx, targets: ComposedTarget[]): Promise<void> {
  const onMessages = targets.flatMap((t) => ('messageId' in t ? [{ id: t.messageId, mime: t.mime }] : []));
  const onRecipients = targets.flatMap((t) => ('recipientId' in t ? [{ id: t.recipientId, mime: t.mime }] : []));
  if (onMessages.length) {
    await db.updateTable('messages').set({ mime: perRow(onMessages, (t) => t.mime) as never })
      .where('id', 'in', onMessages.map((t) => t.id)).where('mime', 'is', null).execute();
  }
  if (onRecipients.length) {
    await db.updateTable('message_recipients').set({ mime: perRow(onRecipients, (t) => t.mime) as never })
      .where('id', 'in', onRecipients.map((t) => t.id)).where('mime', 'is', null).execute();
  }
}

export async function storedMime(db: DbOrTrx, target: { messageId: string } | { recipientId: string }): Promise<string | null> {
  const row = 'messageId' in target
    ? await db.selectFrom('messages').select('mime').where('id', '=', target.messageId).executeTakeFirst()
    : await db.selectFrom('message_recipients').select('mime').where('id', '=', target.recipientId).executeTakeFirst();
  return row?.mime ?? null;
}

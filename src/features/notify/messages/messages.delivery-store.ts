/** SQL the delivery engine's store needs (messages.delivery.ts): loading what to send, recording what happened, keeping compositions. */
import type { DbOrTrx, Reads } from '../../../db/database.js';
import { updateRowsById, type UpdatedColumn } from '../../../db/group-commit.js';
import type { ComposeRecipient, ComposedTarget } from '../../../delivery/compose.types.js';
import type { RecipientState } from './messages.table.js';

export async function loadMessages(db: Reads, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
}

export async function loadRecipients(db: Reads, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('message_recipients')
    .select(['id', 'message_id', 'account_id', 'email', 'name', 'kind', 'state', 'content', 'mime'])
    .where('id', 'in', ids)
    .execute();
}

export interface RecipientAttempt {
  recipientId: string;
  state: RecipientState;
  response: string;
  attempts: number;
  sentAt: number | null;
  now: number;
}

/** What an attempt sets on its recipient, in this order (`recordRecipientAttempts`). */
const ATTEMPT_COLUMNS: UpdatedColumn[] = [
  { name: 'state' },
  { name: 'last_response' },
  { name: 'attempts', cast: 'integer' },
  { name: 'sent_at', cast: 'bigint' },
  { name: 'updated_at', cast: 'bigint' },
];

/**
 * Records attempts' outcomes on their recipients, in one statement, except on recipients
 * already in one of `finalStates` (decided meanwhile by someone else, e.g. an
 * asynchronous bounce); returns the ids of the recipients that changed.
 */
export async function recordRecipientAttempts(db: DbOrTrx, attempts: RecipientAttempt[], finalStates: Iterable<RecipientState>): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const rows = attempts.map((a) => ({ id: a.recipientId, values: [a.state, a.response.slice(0, 2000), a.attempts, a.sentAt, a.now] }));
  return new Set(
    await updateRowsById(db, 'message_recipients', ATTEMPT_COLUMNS, rows, { onlyWhere: { column: 'state', notIn: [...finalStates] }, returning: true }),
  );
}

/** The recipients named in each message's headers, in their order, for the given messages. */
export async function addresseesOf(db: Reads, messageIds: string[]): Promise<Map<string, ComposeRecipient[]>> {
  const byMessage = new Map<string, ComposeRecipient[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('message_recipients')
    .select(['message_id', 'email', 'name', 'kind'])
    .where('message_id', 'in', messageIds)
    .orderBy('message_id')
    .orderBy('position')
    .execute();
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
  const onMessages = targets.flatMap((t) => ('messageId' in t ? [{ id: t.messageId, values: [t.mime] }] : []));
  const onRecipients = targets.flatMap((t) => ('recipientId' in t ? [{ id: t.recipientId, values: [t.mime] }] : []));
  // The first stored copy stays: only rows without one are set.
  const firstCopy = { onlyWhere: { column: 'mime', isNull: true } } as const;
  await updateRowsById(db, 'messages', MIME_COLUMN, onMessages, firstCopy);
  await updateRowsById(db, 'message_recipients', MIME_COLUMN, onRecipients, firstCopy);
}

const MIME_COLUMN: UpdatedColumn[] = [{ name: 'mime' }];

export async function storedMime(db: DbOrTrx, target: { messageId: string } | { recipientId: string }): Promise<string | null> {
  const row =
    'messageId' in target
      ? await db.selectFrom('messages').select('mime').where('id', '=', target.messageId).executeTakeFirst()
      : await db.selectFrom('message_recipients').select('mime').where('id', '=', target.recipientId).executeTakeFirst();
  return row?.mime ?? null;
}

/** SQL the delivery engine's store needs (messages.delivery.ts): loading what to send, recording what happened, keeping compositions. */
import type { DbOrTrx, Reads } from '../../../db/database.js';
import { updateRowsById, type UpdatedColumn } from '../../../db/group-commit.js';
import type { ComposeRecipient, ComposedTarget } from '../../../delivery/compose.types.js';
import type { PinnedCopies } from '../../../delivery/compose.js';
import { type ContentSigningKeysTable, LAST_RESPONSE_MAX, type RecipientState } from './messages.table.js';

export async function loadMessages(db: Reads, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
}

export async function loadRecipients(db: Reads, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('message_recipients')
    .select(['id', 'message_id', 'account_id', 'email', 'name', 'kind', 'state', 'content', 'dkim_signature', 'mime'])
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
  const rows = attempts.map((a) => ({ id: a.recipientId, values: [a.state, a.response.slice(0, LAST_RESPONSE_MAX), a.attempts, a.sentAt, a.now] }));
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
 * Keeps what first compositions keep (their signature field; the whole MIME only where a
 * composition cannot give it again), except where one is kept already: the first is the one
 * every later composition and `/raw` follow. One statement per kind of target and column.
 */
export async function storeComposed(db: DbOrTrx, targets: ComposedTarget[]): Promise<void> {
  for (const [table, of] of [
    ['messages', (t: ComposedTarget) => ('messageId' in t ? t.messageId : undefined)],
    ['message_recipients', (t: ComposedTarget) => ('recipientId' in t ? t.recipientId : undefined)],
  ] as const) {
    const mine = targets.flatMap((t) => {
      const id = of(t);
      return id === undefined ? [] : [{ id, t }];
    });
    const first = (column: string) => ({ onlyWhere: { column, isNull: true } }) as const;
    await updateRowsById(
      db,
      table,
      MIME_COLUMN,
      mine.flatMap(({ id, t }) => (t.mime !== undefined ? [{ id, values: [t.mime] }] : [])),
      first('mime'),
    );
    await updateRowsById(
      db,
      table,
      SIGNATURE_COLUMN,
      mine.map(({ id, t }) => ({ id, values: [t.signature] })),
      first('dkim_signature'),
    );
  }
}

const MIME_COLUMN: UpdatedColumn[] = [{ name: 'mime' }];
const SIGNATURE_COLUMN: UpdatedColumn[] = [{ name: 'dkim_signature' }];

/** What is kept of a message's (or a recipient's own copy's) first composition. */
export async function storedComposition(
  db: DbOrTrx,
  target: { messageId: string } | { recipientId: string },
): Promise<{ dkim_signature: string | null; mime: string | null } | undefined> {
  return 'messageId' in target
    ? db.selectFrom('messages').select(['dkim_signature', 'mime']).where('id', '=', target.messageId).executeTakeFirst()
    : db.selectFrom('message_recipients').select(['dkim_signature', 'mime']).where('id', '=', target.recipientId).executeTakeFirst();
}

/** Shared contents by id (messages.content.ts). */
export async function loadContents(db: Reads, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('message_contents').select(['id', 'body']).where('id', 'in', ids).execute();
}

/** The key fixed for these bulk copies (delivery/compose.ts SigningKeyPins), if one is. */
export function findContentSigningKey(db: Reads, copies: PinnedCopies) {
  return db
    .selectFrom('content_signing_keys')
    .select(['key_domain', 'selector', 'private_key'])
    .where('content_id', '=', copies.contentId)
    .where('from_domain', '=', copies.fromDomain)
    .where('day', '=', copies.day)
    .executeTakeFirst();
}

/** Fixes a key for these bulk copies, unless one is fixed already (the first wins). */
export async function insertContentSigningKey(db: DbOrTrx, row: ContentSigningKeysTable): Promise<void> {
  await db
    .insertInto('content_signing_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['content_id', 'from_domain', 'day']).doNothing())
    .execute();
}

/** A deleted domain's private key goes from where it was fixed for bulk copies too. */
export async function deleteContentSigningKeysWith(db: DbOrTrx, privateKey: string): Promise<void> {
  await db.deleteFrom('content_signing_keys').where('private_key', '=', privateKey).execute();
}

/**
 * Retention: the keys fixed for bulk copies accepted before `day` go (their bodies are purged by
 * then, so nothing composes those copies again). Few rows, one per content and day: one statement.
 */
export async function deleteContentSigningKeysBefore(db: DbOrTrx, day: number): Promise<number> {
  const result = await db.deleteFrom('content_signing_keys').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Retention: the content of messages accepted before `before` goes. Their rows forget
 * their shared content and values (they then show and compose without HTML), and every
 * shared content written before `before` that no message refers to any more is deleted.
 * Returns how many contents were deleted.
 */
export async function clearSharedContentsBefore(db: DbOrTrx, before: number): Promise<number> {
  await db
    .updateTable('messages')
    .set({ content_id: null, content_values: null })
    .where('created_at', '<', before)
    .where('content_id', 'is not', null)
    .execute();
  const result = await db
    .deleteFrom('message_contents')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('messages').select('messages.id').whereRef('messages.content_id', '=', 'message_contents.id'))),
    )
    .executeTakeFirst();
  // The keys fixed for the deleted contents' copies go with them: nothing composes those copies again.
  await db
    .deleteFrom('content_signing_keys')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('message_contents').select('message_contents.id').whereRef('message_contents.id', '=', 'content_signing_keys.content_id'))),
    )
    .execute();
  return Number(result.numDeletedRows);
}

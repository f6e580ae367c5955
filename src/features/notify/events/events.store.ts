/** SQL for the event log. Reads are scoped by account; writes come from the send and delivery paths. */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { listPage, readByIds } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import { idFloor } from '../../../lib/ids.js';
import { insertRows } from '../../../db/group-commit.js';
import { shownMetadata } from '../messages/messages.metadata.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import type { EventRow, EventType, WrittenEvent } from './events.table.js';
import type { RecipientRow } from '../messages/messages.table.js';

export interface EventFilter {
  type?: EventType | undefined;
  messageId?: string | undefined;
  /** Normalized (lower case), with the account's messages to the address (messages.store.ts messagesTo). */
  email?: { address: string; messages: SelectQueryBuilder<Database, 'message_recipients', { message_id: string }> } | undefined;
  /** Epoch milliseconds, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Many events with one multi-row INSERT per chunk. Only the EventLog calls this (event-listeners.ts): its listeners run with every write.
 * An event of a message with one recipient (`soleRecipient`) is stored without the recipient's
 * id and address, and its delivery (`delivered`, `sent`) without the remote reply: the message's
 * one recipient row holds all three (its last_response), and events.service.ts withRecipients
 * reads them from there. A campaign copy's two events kept them twice, some 150 bytes a copy on PostgreSQL.
 */
export async function insertEvents(db: DbOrTrx, rows: readonly WrittenEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await insertRows(
    db,
    'events',
    rows.map((r) => ({
      id: r.id,
      account_id: r.account_id,
      message_id: r.message_id,
      recipient_id: r.soleRecipient ? null : r.recipient_id,
      email: r.soleRecipient ? null : r.email,
      type: r.type,
      details: r.storedDetails ?? r.details,
      created_at: r.created_at,
    })),
  );
}

/** The recipients of these messages, with what an event stored without them shows (insertEvents). */
export function recipientsOfMessages(db: Reads, messageIds: string[]): Promise<Pick<RecipientRow, 'message_id' | 'id' | 'email' | 'last_response'>[]> {
  return readByIds(messageIds, (ids) =>
    db.selectFrom('message_recipients').select(['message_id', 'id', 'email', 'last_response']).where('message_id', 'in', ids).execute(),
  );
}

/**
 * The condition "the event is one of these recipients'", for events already narrowed to the
 * recipients' messages: an event stored without its recipient is its message's one recipient's.
 */
function ofRecipients(recipientIds: string[]) {
  return (eb: ExpressionBuilder<Database, 'events'>) => eb.or([eb('recipient_id', 'in', recipientIds), eb('recipient_id', 'is', null)]);
}

/**
 * The account's message of this id, as a set: a message's events are found through it
 * (events_message), its account checked on the message. An `events.account_id` condition beside
 * the message's would lead SQLite's planner to the key (account_id, id), all the account's events.
 */
function messageOfAccount(accountId: string, messageId: string) {
  return (eb: ExpressionBuilder<Database, 'events'>) => eb.selectFrom('messages').select('id').where('account_id', '=', accountId).where('id', '=', messageId);
}

export async function listEvents(db: Reads, accountId: string, filter: EventFilter, page: Page): Promise<{ rows: EventRow[]; total: number }> {
  let base =
    filter.messageId === undefined
      ? db.selectFrom('events').where('account_id', '=', accountId)
      : db.selectFrom('events').where('message_id', 'in', messageOfAccount(accountId, filter.messageId));
  if (filter.type !== undefined) base = base.where('type', '=', filter.type);
  if (filter.email !== undefined) {
    const email = filter.email;
    // An event stored without its address (insertEvents) is found through its message's recipient.
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['email']), '=', email.address), eb.and([eb('recipient_id', 'is', null), eb('message_id', 'in', email.messages)])]),
    );
  }
  // The id bound lets the key (account_id, id) start at `from`: an event's id is never earlier than its time.
  if (filter.from !== undefined) base = base.where('id', '>=', idFloor(filter.from)).where('created_at', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('created_at', '<=', filter.to);
  return listPage(base, (q) => q.selectAll(), page);
}

/**
 * Every event of one message, oldest first. By time before id: the API and a worker in
 * another process write events of the same recipient, and ids order by process within
 * one millisecond.
 */
export async function listEventsOfMessage(db: Reads, accountId: string, messageId: string): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('message_id', 'in', messageOfAccount(accountId, messageId)).orderBy('created_at').orderBy('id').execute();
}

/**
 * One recipient's events of one type, oldest first: for telling a repeated report from a new one.
 * Found through its message (events_message): every event of a recipient names its message, and a message has few.
 */
export async function listRecipientEventsOfType(
  db: DbOrTrx,
  recipient: { id: string; message_id: string },
  type: EventType,
): Promise<Pick<EventRow, 'id' | 'details'>[]> {
  return db
    .selectFrom('events')
    .select(['id', 'details'])
    .where('message_id', '=', recipient.message_id)
    .where(ofRecipients([recipient.id]))
    .where('type', '=', type)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The account's messages of these recipients: their events are found through them (events_message),
 * as every event of a recipient names its message. The account is checked here, on the recipients:
 * an `events.account_id` condition would lead the planner to read all the account's events (the key, account_id and id).
 */
function messagesOfRecipients(accountId: string, recipientIds: string[]) {
  return (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.selectFrom('message_recipients').select('message_id').where('account_id', '=', accountId).where('id', 'in', recipientIds);
}

/** The events of these recipients of the account, oldest first (a person's data: privacy.service.ts), as stored: shown through withRecipients. */
export async function eventsOfRecipients(db: Reads, accountId: string, recipientIds: string[]): Promise<EventRow[]> {
  if (recipientIds.length === 0) return [];
  return db
    .selectFrom('events')
    .selectAll()
    .where('message_id', 'in', messagesOfRecipients(accountId, recipientIds))
    .where(ofRecipients(recipientIds))
    .orderBy('id')
    .execute();
}

/** Scrubs the events of erased recipients: the address becomes its hash and the details (which quote it) go. Returns how many. */
export async function eraseEventsOf(db: DbOrTrx, accountId: string, recipientIds: string[], erased: string): Promise<number> {
  if (recipientIds.length === 0) return 0;
  const result = await db
    .updateTable('events')
    .set({ email: erased, details: '{}' })
    .where('message_id', 'in', messagesOfRecipients(accountId, recipientIds))
    .where(ofRecipients(recipientIds))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The tags and metadata (JSON text) of these messages of the account, which every event of a message carries when read. */
export async function carriedOfMessages(db: Reads, accountId: string, messageIds: string[]): Promise<CarriedRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('messages')
    .select(['id', 'tags', shownMetadata('messages').as('metadata')])
    .where('account_id', '=', accountId)
    .where('id', 'in', messageIds)
    .execute();
}

export interface CarriedRow {
  id: string;
  tags: string | null;
  metadata: string | null;
}

/** Deletes the events of these messages (the metadata purge, after their counts went into stats_daily). */
export async function deleteEventsOfMessages(db: DbOrTrx, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const result = await db.deleteFrom('events').where('message_id', 'in', messageIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The events of these types of a message with one recipient, stored without its recipient (insertEvents). */
export function soleRecipientEvents(db: DbOrTrx, messageId: string, types: EventType[]): Promise<Pick<EventRow, 'account_id' | 'id' | 'details'>[]> {
  return db
    .selectFrom('events')
    .select(['account_id', 'id', 'details'])
    .where('message_id', '=', messageId)
    .where('recipient_id', 'is', null)
    .where('type', 'in', types)
    .execute();
}

export async function setEventDetails(db: DbOrTrx, event: Pick<EventRow, 'account_id' | 'id'>, details: string): Promise<void> {
  await db.updateTable('events').set({ details }).where('account_id', '=', event.account_id).where('id', '=', event.id).execute();
}

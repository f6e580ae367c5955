/**
 * The event log: every change of a recipient's state is one row, written in the same
 * transaction as the change itself (the send's group commit for `accepted`, the
 * pipeline's outcome commit for the rest, `recordFeedback` for asynchronous reports).
 * This module builds the rows and reads them back for an account.
 */
import { listResult, type ListResult, toPage, iso } from '../../../lib/api-shape.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { isErasedAddress } from '../../../lib/erased-address.js';
import { newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import type { Event, EventsQuery } from './events.schemas.js';
import { carriedOfMessages, listEvents, listEventsOfMessage, recipientsOfMessages, setEventDetails, soleRecipientEvents } from './events.store.js';
import { LAST_RESPONSE_MAX, type RecipientRow } from '../messages/messages.table.js';
import { messagesTo } from '../messages/messages.store.js';
import type { EventRow, EventType, WrittenEvent } from './events.table.js';

export { EventLog, type EventListener, type EventWrite } from './event-listeners.js';

export interface NewEvent {
  accountId: string;
  messageId: string | null;
  recipientId: string | null;
  email: string | null;
  type: EventType;
  details?: Record<string, unknown>;
  at: number;
  /** The message has this one recipient: the row is stored without its id and address (events.store.ts insertEvents). */
  soleRecipient?: boolean;
}

/** The row of one event; its id is fixed here, so build it inside the transaction that writes it. */
export function newEventRow(event: NewEvent): WrittenEvent {
  const row: WrittenEvent = {
    id: newId(event.at),
    account_id: event.accountId,
    message_id: event.messageId,
    recipient_id: event.recipientId,
    email: event.email,
    type: event.type,
    details: JSON.stringify(event.details ?? {}),
    created_at: event.at,
  };
  if (!event.soleRecipient) return row;
  row.soleRecipient = true;
  // The reply of a delivery is its recipient's last_response too, whole while it fits there.
  const { response, ...rest } = event.details ?? {};
  if (DELIVERIES.has(event.type) && typeof response === 'string' && response.length <= LAST_RESPONSE_MAX) row.storedDetails = JSON.stringify(rest);
  return row;
}

/** The events whose reply a sole recipient's row keeps as its last_response (newEventRow). */
const DELIVERIES: ReadonlySet<EventType> = new Set(['delivered', 'sent']);

/**
 * These events as shown: one stored without its recipient (events.store.ts insertEvents) takes
 * its message's one recipient's id and address, and a delivery its reply (the recipient's
 * last_response); one query for all. Every reader of stored events shows them through this.
 */
export async function withRecipients<T extends Pick<EventRow, 'message_id' | 'recipient_id' | 'email' | 'type' | 'details'>>(
  db: Reads,
  rows: T[],
): Promise<T[]> {
  const messageIds = [...new Set(rows.flatMap((r) => (r.recipient_id === null && r.message_id !== null ? [r.message_id] : [])))];
  if (messageIds.length === 0) return rows;
  const recipients = new Map((await recipientsOfMessages(db, messageIds)).map((r) => [r.message_id, r]));
  return rows.map((row) => {
    const recipient = row.recipient_id === null && row.message_id !== null ? recipients.get(row.message_id) : undefined;
    if (!recipient) return row;
    // An erased event keeps its own (hashed) address and no details.
    const erased = row.email !== null;
    const own = parseDetails(row.details);
    const details =
      !erased && DELIVERIES.has(row.type) && !('response' in own) && recipient.last_response !== null
        ? JSON.stringify({ response: recipient.last_response, ...own })
        : row.details;
    return { ...row, recipient_id: recipient.id, email: row.email ?? recipient.email, details };
  });
}

/**
 * Before a recipient's last_response changes after its delivery (an asynchronous bounce), the
 * delivery's event that reads its reply from there (withRecipients) takes it into its own details.
 */
export async function keepDeliveryReply(trx: DbOrTrx, recipient: Pick<RecipientRow, 'message_id' | 'last_response'>): Promise<void> {
  if (recipient.last_response === null) return;
  for (const event of await soleRecipientEvents(trx, recipient.message_id, [...DELIVERIES])) {
    const own = parseDetails(event.details);
    if (!('response' in own)) await setEventDetails(trx, event, JSON.stringify({ response: recipient.last_response, ...own }));
  }
}

/** The JSON object a `details` column holds (text that is not one is wrapped, never thrown on). */
export function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { text };
  }
}

/**
 * What every event of a message shows in its details besides its own facts: the send's tags
 * and metadata (webhooks pass them on, so a receiver can match an event to its own records).
 * They are read from the message, not stored with each event: a campaign's copies would
 * otherwise keep the campaign's id once per event. Events stored before kept them in their
 * details too; theirs are the same.
 */
export function carriedDetails(message: { tags?: string | null; metadata?: string | null } | undefined): Record<string, unknown> {
  const tags = jsonOf(message?.tags);
  const metadata = jsonOf(message?.metadata);
  return { ...(tags === undefined ? {} : { tags }), ...(metadata === undefined ? {} : { metadata }) };
}

/** Read for every event shown: text that is not JSON is left out, never thrown on. */
function jsonOf(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An event's details as shown: its message's tags and metadata, then its own facts. An
 * erased recipient's event shows neither (docs/privacy.md: its events lose their details).
 */
export function shownDetails(row: Pick<EventRow, 'details' | 'email'>, carried: Record<string, unknown> | undefined): Record<string, unknown> {
  const own = parseDetails(row.details);
  return row.email !== null && isErasedAddress(row.email) ? own : { ...carried, ...own };
}

/** The carried part of one event's details: none when it names no message, or its message is gone. */
export function carriedFor(carried: ReadonlyMap<string, Record<string, unknown>>, row: Pick<EventRow, 'message_id'>): Record<string, unknown> | undefined {
  return row.message_id === null ? undefined : carried.get(row.message_id);
}

/** The carried part of these events' details, by message id (one query). */
export async function carriedOf(db: Reads, accountId: string, rows: readonly Pick<EventRow, 'message_id'>[]): Promise<Map<string, Record<string, unknown>>> {
  const ids = [...new Set(rows.flatMap((r) => (r.message_id === null ? [] : [r.message_id])))];
  return new Map((await carriedOfMessages(db, accountId, ids)).map((m) => [m.id, carriedDetails(m)]));
}

export function toEvent(row: EventRow, carried: ReadonlyMap<string, Record<string, unknown>>): Event {
  return {
    id: row.id,
    createTime: iso(row.created_at),
    type: row.type,
    messageId: row.message_id,
    recipientId: row.recipient_id,
    email: row.email,
    details: shownDetails(row, carriedFor(carried, row)),
  };
}

/** Each recipient's timeline (oldest first) of one message of the account, by recipient id. */
export async function timelinesOf(db: Reads, accountId: string, messageId: string): Promise<Map<string, Event[]>> {
  const byRecipient = new Map<string, Event[]>();
  const rows = await withRecipients(db, await listEventsOfMessage(db, accountId, messageId));
  const carried = await carriedOf(db, accountId, rows);
  for (const row of rows) {
    if (row.recipient_id === null) continue;
    let events = byRecipient.get(row.recipient_id);
    if (!events) byRecipient.set(row.recipient_id, (events = []));
    events.push(toEvent(row, carried));
  }
  return byRecipient;
}

export class EventsService {
  constructor(private readonly db: Reads) {}

  async list(principal: Principal, query: EventsQuery): Promise<ListResult<Event>> {
    const from = query.from === undefined ? undefined : Date.parse(query.from);
    const to = query.to === undefined ? undefined : Date.parse(query.to);
    if (from !== undefined && to !== undefined && to < from) throw AppError.field('to', 'must not be before from');
    const email = query.email === undefined ? undefined : normalizeEmail(query.email);
    const { rows, total } = await listEvents(
      this.db,
      principal.accountId,
      {
        type: query.type,
        messageId: query.messageId,
        email: email === undefined ? undefined : { address: email, messages: messagesTo(this.db, principal.accountId, email) },
        from,
        to,
      },
      toPage(query),
    );
    const carried = await carriedOf(this.db, principal.accountId, rows);
    return listResult(
      (await withRecipients(this.db, rows)).map((row) => toEvent(row, carried)),
      total,
    );
  }
}

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
import { carriedOfMessages, listEvents, listEventsOfMessage } from './events.store.js';
import type { EventRow, EventType } from './events.table.js';

export { EventLog, type EventListener, type EventWrite } from './event-listeners.js';

export interface NewEvent {
  accountId: string;
  messageId: string | null;
  recipientId: string | null;
  email: string | null;
  type: EventType;
  details?: Record<string, unknown>;
  at: number;
}

/** The row of one event; its id is fixed here, so build it inside the transaction that writes it. */
export function newEventRow(event: NewEvent): EventRow {
  return {
    id: newId(event.at),
    account_id: event.accountId,
    message_id: event.messageId,
    recipient_id: event.recipientId,
    email: event.email,
    type: event.type,
    details: JSON.stringify(event.details ?? {}),
    created_at: event.at,
  };
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
  const rows = await listEventsOfMessage(db, accountId, messageId);
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
    const { rows, total } = await listEvents(
      this.db,
      principal.accountId,
      {
        type: query.type,
        messageId: query.messageId,
        email: query.email === undefined ? undefined : normalizeEmail(query.email),
        from,
        to,
      },
      toPage(query),
    );
    const carried = await carriedOf(this.db, principal.accountId, rows);
    return listResult(
      rows.map((row) => toEvent(row, carried)),
      total,
    );
  }
}

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
import { newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import type { Event, EventsQuery } from './events.schemas.js';
import { listEvents, listEventsOfMessage } from './events.store.js';
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

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    createTime: iso(row.created_at),
    type: row.type,
    messageId: row.message_id,
    recipientId: row.recipient_id,
    email: row.email,
    details: parseDetails(row.details),
  };
}

/** Each recipient's timeline (oldest first) of one message of the account, by recipient id. */
export async function timelinesOf(db: Reads, accountId: string, messageId: string): Promise<Map<string, Event[]>> {
  const byRecipient = new Map<string, Event[]>();
  for (const row of await listEventsOfMessage(db, accountId, messageId)) {
    if (row.recipient_id === null) continue;
    let events = byRecipient.get(row.recipient_id);
    if (!events) byRecipient.set(row.recipient_id, (events = []));
    events.push(toEvent(row));
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
    return listResult(rows.map(toEvent), total);
  }
}

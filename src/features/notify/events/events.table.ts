import type { Selectable } from 'kysely';

/**
 * Every state change of a recipient is an event. `delivered` comes from a relay or MX
 * accepting (2xx); `sent` from the capture inbox storing the message.
 */
export type EventType =
  | 'accepted'
  | 'sent'
  | 'delivered'
  | 'deferred'
  | 'bounced'
  | 'complained'
  | 'suppressed'
  | 'opened'
  | 'unique_opened'
  | 'clicked'
  | 'unsubscribed'
  | 'cancelled';

export interface EventsTable {
  id: string;
  account_id: string;
  message_id: string | null;
  recipient_id: string | null;
  email: string | null;
  type: EventType;
  /** JSON text. */
  details: string;
  created_at: number;
}

export type EventRow = Selectable<EventsTable>;

/**
 * An event as written: `soleRecipient` when its message has one recipient, so the row is stored
 * without what that recipient's row holds (events.store.ts insertEvents). The EventLog's listeners
 * see it whole.
 */
export interface WrittenEvent extends EventRow {
  soleRecipient?: boolean;
  /** The details as stored, when they leave out what the recipient row holds. */
  storedDetails?: string;
}

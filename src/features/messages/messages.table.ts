import type { Generated, Insertable, Selectable } from 'kysely';

export interface MessagesTable {
  id: string;
  account_id: string;
  sender_id: string;
  from_email: string;
  from_name: string;
  subject: string;
  html_content: string;
  /** The RFC 5322 Message-ID, fixed at acceptance so every retry carries the same one. */
  message_id_header: string;
  /** The composed MIME, stored on first composition so retries send identical bytes. */
  mime: string | null;
  recipient_count: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

/**
 * queued → (sent | delivered | deferred | bounced | suppressed); deferred → the same again.
 * sent: stored by the capture inbox. delivered: a relay or MX answered 2xx.
 * Final states: sent, delivered, bounced, suppressed, failed.
 */
export type RecipientState = 'queued' | 'sent' | 'delivered' | 'deferred' | 'bounced' | 'suppressed' | 'failed';

export interface MessageRecipientsTable {
  id: string;
  message_id: string;
  account_id: string;
  position: number;
  email: string;
  name: string;
  state: RecipientState;
  attempts: Generated<number>;
  last_response: string | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Insertable<MessagesTable>;
export type RecipientRow = Selectable<MessageRecipientsTable>;
export type NewRecipientRow = Insertable<MessageRecipientsTable>;

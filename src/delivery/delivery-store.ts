/**
 * What the delivery engine needs from the messages it delivers, and nothing more: the
 * engine owns the queue (`delivery_jobs`) and the transports; the messages, their
 * recipients, events, suppressions and credits belong to the features. The pipeline
 * loads a claimed batch and records its outcomes through a `DeliveryStore`, which the
 * notify area implements (features/notify/messages/messages.delivery.ts) and the runtime
 * hands to the pipeline.
 */
import type { Trx } from '../db/database.js';
import type { ComposeRecipient, ComposedTarget, RecipientKind } from './compose.types.js';

export type { ComposeRecipient, ComposedTarget, KeptComposition, RecipientKind } from './compose.types.js';

/**
 * queued → (sent | delivered | deferred | bounced | suppressed); deferred → the same again.
 * sent: stored by the capture inbox. delivered: a relay or MX answered 2xx.
 * failed and cancelled are decided outside the engine (a schedule or campaign cancelled).
 * Final states: sent, delivered, bounced, suppressed, failed, cancelled.
 */
export type RecipientState = 'queued' | 'sent' | 'delivered' | 'deferred' | 'bounced' | 'suppressed' | 'failed' | 'cancelled';

/** A recipient in one of these is not attempted again, and no later outcome changes it. */
export const FINAL_STATES: ReadonlySet<RecipientState> = new Set(['sent', 'delivered', 'bounced', 'suppressed', 'failed', 'cancelled']);

/** What the engine composes and sends of an accepted message (the columns of notify's message row it reads). */
export interface OutgoingMessage {
  id: string;
  account_id: string;
  from_email: string;
  from_name: string;
  subject: string;
  html_content: string;
  text_content: string | null;
  /** JSON `{ email, name }`; `{}`: the From (lib/reply-to.ts). */
  reply_to: string | null;
  /** JSON object of extra headers. */
  headers: string | null;
  /** JSON array of StoredAttachment (mime.types.ts). */
  attachments: string | null;
  /** The RFC 5322 Message-ID, fixed at acceptance; '' when made from the id (lib/message-id.ts). */
  message_id_header: string;
  created_at: number;
  /** A scheduled message's retry age counts from here. */
  scheduled_at: number | null;
  recipient_count: number;
  /** The first composition's DKIM-Signature field ('' unsigned; null: not composed yet): every retry composes the same bytes with it. */
  dkim_signature: string | null;
  /** A composition stored whole (rows from before signatures were kept, or a submission the signer changed): every retry sends it. */
  mime: string | null;
  /** SMTP submission: the client's MIME as accepted, only signed at composition. */
  submitted_mime?: string | null;
  /** The shared content its HTML is rendered from (a campaign's): its bulk copies are signed with the key fixed for it (compose.ts). */
  content_id?: string | null;
  track_opens: number | null;
  track_clicks: number | null;
  list_unsubscribe: number | null;
}

/** One recipient of a claimed job. */
export interface OutgoingRecipient {
  id: string;
  message_id: string;
  account_id: string;
  email: string;
  name: string;
  kind: RecipientKind;
  state: RecipientState;
  /** A personalised copy's own content (JSON `{ subject, html, text }`); null: the message's. */
  content: string | null;
  /** Its own copy's first signature field, as on the message. */
  dkim_signature: string | null;
  /** The recipient's own composition stored whole, if any. */
  mime: string | null;
}

/** What a claimed batch needs, read from committed rows. */
export interface LoadedRecipients<M extends OutgoingMessage> {
  messages: M[];
  recipients: OutgoingRecipient[];
  /** Recipient id → why its address is on its account's live suppression list. */
  suppressed: Map<string, string>;
}

/** How one attempt ended, as the engine decided it: what to record on the recipient, its event and its consequences. */
export interface AttemptRecord<M extends OutgoingMessage> {
  message: M;
  recipientId: string;
  accountId: string;
  email: string;
  state: 'sent' | 'delivered' | 'deferred' | 'bounced' | 'suppressed';
  response: string;
  /** The recipient's attempts so far, this one included unless it was not attempted (suppressed). */
  attempts: number;
  at: number;
  sentAt: number | null;
  /** Bounced because the retries ran out, not because a server refused. */
  expired: boolean;
  /** Who a 5xx refused (transports/classify.ts). */
  refused?: 'recipient' | 'sender' | 'content';
  /** Suppressed: the list entry's reason. */
  suppressedFor?: string;
  /** The address was refused: it goes on its account's suppression list. */
  hardBounce: boolean;
}

/** The engine's view of where messages and their recipients live. */
export interface DeliveryStore<M extends OutgoingMessage = OutgoingMessage> {
  /** The messages and recipients of claimed jobs, and which recipients are suppressed. */
  loadBatch(messageIds: string[], recipientIds: string[]): Promise<LoadedRecipients<M>>;
  /** The recipients each message's headers name (To, Cc, Bcc), in order. */
  addresseesOf(messageIds: string[]): Promise<Map<string, ComposeRecipient[]>>;
  /**
   * First in the outcome transaction: keeps the fresh compositions (the first stored copy
   * wins) and records each attempt on its recipient, unless the recipient is final already
   * (an asynchronous bounce came first). Returns the recipients recorded.
   */
  recordAttempts(trx: Trx, attempts: AttemptRecord<M>[], compositions: ComposedTarget[]): Promise<Set<string>>;
  /**
   * Last in the same transaction, after the engine has written the queue rows: what the
   * recorded attempts bring with them (their events, a refused address's suppression, a
   * never-attempted recipient's refund). Last, so that whatever runs on those events sees the
   * queue as the outcome left it (a paused campaign holds a deferred delivery's rescheduled row).
   */
  recordConsequences(trx: Trx, recorded: AttemptRecord<M>[]): Promise<void>;
}

import type { Generated, Insertable, Selectable } from 'kysely';
import type { RecipientKind } from '../../../delivery/compose.types.js';
import type { RecipientState } from '../../../delivery/delivery-store.js';

// A recipient's delivery state and kind, and the stored attachment, are the delivery engine's terms.
export type { RecipientKind } from '../../../delivery/compose.types.js';
export type { RecipientState } from '../../../delivery/delivery-store.js';
export type { StoredAttachment } from '../../../delivery/mime.types.js';

export interface MessagesTable {
  id: string;
  account_id: string;
  sender_id: string;
  from_email: string;
  from_name: string;
  subject: string;
  html_content: string;
  /**
   * The RFC 5322 Message-ID, fixed at acceptance so every retry carries the same one; '' when it
   * is the one made from the id (read it with lib/message-id.ts messageIdOf).
   */
  message_id_header: string;
  /**
   * A campaign copy's shared content (message_contents, migration 0031), rendered with
   * `content_values` into its HTML when it is composed or shown; html_content is then ''.
   */
  content_id: string | null;
  /** JSON: the copy's own values (messages.content.ts). */
  content_values: string | null;
  /**
   * The DKIM-Signature field of the first composition, '' when unsigned, null before:
   * every later composition (a retry, `/raw`) puts it first, so all send the same bytes.
   */
  dkim_signature: string | null;
  /** The composed MIME of rows composed before migration 0031, which kept it; null since. */
  mime: string | null;
  /**
   * SMTP submission: the client's MIME as accepted (Message-ID and Date added when
   * missing, X-Postwire-* removed), unsigned; composing signs it into `mime`. Absent
   * (null) for a JSON send. Optional here so the JSON send path need not name it.
   */
  submitted_mime?: string | null;
  recipient_count: number;
  /** The text/plain part as given; null: derived from the HTML at composition. */
  text_content: string | null;
  /** JSON `{ email, name }` of the Reply-To address; `{}` when it is the From (read it with lib/reply-to.ts replyToOf). */
  reply_to: string | null;
  /** JSON object of extra headers (names already checked against the deny-list). */
  headers: string | null;
  /** JSON array of tags; also one message_tags row each, for statistics. */
  tags: string | null;
  /** JSON object; carried into every event of the message. */
  metadata: string | null;
  /** JSON array of StoredAttachment (content in base64). */
  attachments: string | null;
  /** When set, the queue rows are due then and not before. */
  scheduled_at: number | null;
  template_id: string | null;
  /**
   * Tracking and unsubscribe (migration 0013): 1 on, 0 or null off. When any is on, each
   * recipient gets a copy of its own (its links carry its tokens), composed into its `mime`.
   */
  track_opens: Generated<number | null>;
  track_clicks: Generated<number | null>;
  list_unsubscribe: Generated<number | null>;
  /** When the purge cleared the content (html, text, attachments, MIME); null while it is kept (docs/retention.md). */
  body_purged_at: Generated<number | null>;
  /** A click-tracked message's links (JSON array of URLs), written when the purge clears its HTML: its clicks still lead there. */
  kept_links: Generated<string | null>;
  created_at: number;
  updated_at: number;
  /** null: the system's own mail (a forward, a notice); '' on a campaign's copy, whose campaign names the user. */
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export interface MessageRecipientsTable {
  id: string;
  message_id: string;
  account_id: string;
  position: number;
  email: string;
  name: string;
  state: RecipientState;
  kind: Generated<RecipientKind>;
  /**
   * A personalised send (to[i].params) gives each recipient its own copy: JSON
   * `{ subject, html, text }` rendered for this recipient, composed into `mime` once.
   * null: the recipient gets the message's content and MIME.
   */
  content: string | null;
  /** As on the message: the first composition's signature field of this recipient's own copy. */
  dkim_signature: string | null;
  /** A recipient's own composed MIME, for rows composed before migration 0031. */
  mime: string | null;
  attempts: Generated<number>;
  /** At most LAST_RESPONSE_MAX characters of the reply. */
  last_response: string | null;
  sent_at: number | null;
  /** When the copy was first opened (tracking): decides which open is also `unique_opened`. */
  first_opened_at: number | null;
  /** A personalised copy's own links, kept as the message's are (`MessagesTable.kept_links`). */
  kept_links: Generated<string | null>;
  /**
   * 1: a campaign's copy, whose address campaign_recipients indexes, so the address index
   * here leaves it out (migration 0043); null: any other recipient, and copies written before.
   */
  campaign_copy: number | null;
  created_at: number;
  updated_at: number;
}

/** A content many messages share, stored once (messages.content.ts). */
export interface MessageContentsTable {
  /** sha256 (base64url) of the account and the body. */
  id: string;
  account_id: string;
  /** JSON: the template, its syntax and the footer (messages.content.ts). */
  body: string;
  created_at: number;
}

/**
 * The DKIM key fixed for the bulk copies of one shared content, From domain and day of their
 * acceptance (delivery/compose.ts `SigningKeyPins`); `private_key` null: they go unsigned.
 */
export interface ContentSigningKeysTable {
  content_id: string;
  from_domain: string;
  /** Days since 1970-01-01 UTC of the copies' acceptance. */
  day: number;
  key_domain: string | null;
  selector: string | null;
  private_key: string | null;
  created_at: number;
}

export interface MessageTagsTable {
  message_id: string;
  account_id: string;
  tag: string;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** sha256 of the canonical request body: the same key with another body is a conflict. */
  request_hash: string;
  /** The JSON result first answered, replayed as it is. */
  response: string;
  created_at: number;
  expires_at: number;
}

export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Insertable<MessagesTable>;
export type RecipientRow = Selectable<MessageRecipientsTable>;
export type NewRecipientRow = Insertable<MessageRecipientsTable>;
export type MessageContentRow = Selectable<MessageContentsTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** A recipient's last_response keeps this many characters of a reply. */
export const LAST_RESPONSE_MAX = 2000;

/**
 * The one builder of an accepted message's rows: the message, a row per recipient, a
 * queue row per recipient, an `accepted` event per recipient and a row per tag, as
 * `insertAcceptedMessages` (messages.store.ts) writes them. Every path that accepts mail
 * states only what differs (the API send, an SMTP submission, a campaign's copies, the
 * system's own notices and confirmations) and gets every other column from here, so a new
 * column is added once. Pure: ids and times come from `now`, nothing is looked up.
 *
 * Every row names the same columns, null or not: the rows of many messages are written by
 * one multi-row INSERT, whose columns are its first row's (db/group-commit.ts insertRows).
 * Only what tracking records later (a recipient's first_opened_at) is left to its default.
 */
import type { DeliveryPriority } from '../../../delivery/enqueue.js';
import { iso } from '../../../lib/api-shape.js';
import { newId } from '../../../lib/ids.js';
import { storedMessageId } from '../../../lib/message-id.js';
import { storedReplyTo } from '../../../lib/reply-to.js';
import { newEventRow } from '../events/events.service.js';
import type { AcceptedMessage } from './messages.store.js';
import type { MessageContentRow, NewMessageRow, NewRecipientRow, RecipientKind, StoredAttachment } from './messages.table.js';

/** Subject, HTML and text of a message or of one recipient's own copy. */
export interface AcceptedContent {
  subject: string;
  /** Empty when there is none (html_content is NOT NULL): composing then sends no HTML part. */
  html: string;
  /**
   * Instead of `html`: a content stored once for many messages and this message's values,
   * rendered into its HTML when it is composed or shown (messages.content.ts).
   */
  shared?: { content: MessageContentRow; values: string };
  /** null: derived from the HTML when the message is composed. */
  text: string | null;
}

export interface AcceptedRecipient {
  email: string;
  /** Default: none (''). */
  name?: string;
  /** Default: `to`. */
  kind?: RecipientKind;
  /** A personalised send: this recipient's own copy. Default: the message's content. */
  content?: AcceptedContent | null;
  /** The recipient's id when the caller needed it first (a campaign copy's own unsubscribe link names it). */
  id?: string;
  /** A campaign's copy: the dispatcher writes its campaign_recipients row, which indexes its address. */
  campaignCopy?: boolean;
}

/** What one accepted message is: the caller states what differs, the builder fills in the rest. */
export interface AcceptedMessageSpec {
  /** When it was accepted: its times, and when it is due unless scheduled. */
  now: number;
  accountId: string;
  /** Whose act it was (create_user_id, update_user_id): null for the system's own mail, '' for a campaign's copy (its campaign names the user). */
  userId: string | null;
  senderId: string;
  from: { email: string; name: string };
  content: AcceptedContent;
  recipients: AcceptedRecipient[];
  /** Transactional mail is claimed before bulk mail (delivery/queue.ts). */
  priority: DeliveryPriority;
  /** The message's id when the caller needed it first (a submission's added Message-ID). */
  id?: string;
  /** Default: `<id@domain of from>`. */
  messageIdHeader?: string;
  /** SMTP submission: the client's MIME as accepted; composing signs it (compose.ts). */
  submittedMime?: string;
  replyTo?: { email: string; name: string } | null;
  headers?: Record<string, string> | null;
  tags?: string[] | null;
  metadata?: Record<string, unknown> | null;
  attachments?: StoredAttachment[] | null;
  /** Its queue rows are not due before this time. */
  scheduledAt?: number | null;
  templateId?: string | null;
  /**
   * Open and click tracking and the List-Unsubscribe link, stored 1 or 0. Absent: stored
   * null, which reads as off (migration 0013), as for the system's own mail.
   */
  tracking?: { opens: boolean; clicks: boolean; listUnsubscribe: boolean };
}

const json = (value: object | null | undefined) => (value == null ? null : JSON.stringify(value));
const flag = (on: boolean | undefined) => (on === undefined ? null : on ? 1 : 0);

/** The rows of one accepted message (see the header). */
export function acceptedMessage(spec: AcceptedMessageSpec): AcceptedMessage {
  const { now, accountId, userId } = spec;
  const messageId = spec.id ?? newId(now);
  const from = spec.from.email;
  const scheduledAt = spec.scheduledAt ?? null;
  const recipients: NewRecipientRow[] = spec.recipients.map((r, position) => ({
    id: r.id ?? newId(now),
    message_id: messageId,
    account_id: accountId,
    position,
    email: r.email,
    name: r.name ?? '',
    kind: r.kind ?? 'to',
    state: 'queued',
    campaign_copy: r.campaignCopy ? 1 : null,
    content: json(r.content),
    dkim_signature: null,
    mime: null,
    attempts: 0,
    last_response: null,
    sent_at: null,
    created_at: now,
    updated_at: now,
  }));
  const message: NewMessageRow = {
    id: messageId,
    account_id: accountId,
    sender_id: spec.senderId,
    from_email: from,
    from_name: spec.from.name,
    subject: spec.content.subject,
    html_content: spec.content.shared ? '' : spec.content.html,
    content_id: spec.content.shared?.content.id ?? null,
    content_values: spec.content.shared?.values ?? null,
    dkim_signature: null,
    text_content: spec.content.text,
    // '' for the Message-ID made from the id (lib/message-id.ts): read as messageIdOf(row).
    message_id_header: spec.messageIdHeader === undefined ? '' : storedMessageId(messageId, from, spec.messageIdHeader),
    mime: null,
    submitted_mime: spec.submittedMime ?? null,
    recipient_count: recipients.length,
    reply_to: storedReplyTo(spec.replyTo, spec.from),
    headers: json(spec.headers),
    tags: json(spec.tags),
    metadata: json(spec.metadata),
    attachments: json(spec.attachments),
    scheduled_at: scheduledAt,
    template_id: spec.templateId ?? null,
    track_opens: flag(spec.tracking?.opens),
    track_clicks: flag(spec.tracking?.clicks),
    list_unsubscribe: flag(spec.tracking?.listUnsubscribe),
    created_at: now,
    updated_at: now,
    create_user_id: userId,
    update_user_id: userId,
    deleted_at: null,
  };
  // The message's tags and metadata are not copied in: events show them from the message (events.service.ts carriedDetails).
  const details = scheduledAt !== null ? { scheduledAt: iso(scheduledAt) } : undefined;
  return {
    message,
    recipients,
    // A scheduled message's queue rows are not due before its time: workers claim only due rows.
    jobs: recipients.map((r) => ({ recipientId: r.id!, messageId, accountId, runAt: scheduledAt ?? now, priority: spec.priority })),
    events: recipients.map((r) =>
      newEventRow({ accountId, messageId, recipientId: r.id!, email: r.email, type: 'accepted', at: now, details, soleRecipient: recipients.length === 1 }),
    ),
    tags: (spec.tags ?? []).map((tag) => ({ message_id: messageId, account_id: accountId, tag })),
    ...(spec.content.shared ? { content: spec.content.shared.content } : {}),
  };
}

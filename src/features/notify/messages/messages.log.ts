/**
 * The message log: what was sent and what happened to each recipient, as the API shows it
 * (GET /notify/v1/messages, GET /notify/v1/messages/{id}, …/raw). Reads only.
 */
import type { Db, Reads } from '../../../db/database.js';
import { inOneSnapshot } from '../../../db/snapshot.js';
import { hasOwnCopy, type MessageComposer } from '../../../delivery/compose.js';
import { ensureComposed } from './messages.delivery.js';
import { withRenderedContent } from './messages.content.js';
import { AppError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso, listResult, resourceFields, type ListResult, type Page } from '../../../lib/api-shape.js';
import { isId } from '../../../lib/ids.js';
import { messageIdOf } from '../../../lib/message-id.js';
import { replyToOf } from '../../../lib/reply-to.js';
import { timelinesOf } from '../events/events.service.js';
import type { Message, MessageDetail, Recipient } from './messages.schemas.js';
import {
  findMessage,
  findRecipientOf,
  listMessages,
  listRecipientsOf,
  type ListedMessageRow,
  type ListedRecipientRow,
  type MessageFilter,
} from './messages.store.js';
import type { MessageRow, RecipientKind, RecipientRow, StoredAttachment } from './messages.table.js';

export const LIST_RECIPIENTS_PER_MESSAGE = 100;

export function toRecipient(
  row: Pick<RecipientRow, 'id' | 'email' | 'name' | 'state' | 'attempts' | 'last_response' | 'sent_at' | 'updated_at'> & { kind?: RecipientKind },
): Recipient {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    state: row.state,
    attempts: row.attempts,
    lastResponse: row.last_response,
    sentTime: row.sent_at === null ? null : iso(row.sent_at),
    updateTime: iso(row.updated_at),
    ...(row.kind && row.kind !== 'to' ? { type: row.kind } : {}),
  };
}

const parseJson = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

function toMessage(row: ListedMessageRow, recipients: ListedRecipientRow[]): Message {
  const replyTo = replyToOf(row);
  const headers = parseJson<Record<string, string>>(row.headers);
  const tags = parseJson<string[]>(row.tags);
  const metadata = parseJson<Record<string, string | number | boolean>>(row.metadata);
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    senderId: row.sender_id,
    messageId: messageIdOf(row),
    from: { email: row.from_email, name: row.from_name },
    subject: row.subject,
    recipientCount: row.recipient_count,
    recipients: recipients.map(toRecipient),
    // The send options appear only when the send used them.
    ...(replyTo ? { replyTo } : {}),
    ...(headers ? { headers } : {}),
    ...(tags ? { tags } : {}),
    ...(metadata ? { metadata } : {}),
    ...(row.scheduled_at !== null ? { scheduledAt: iso(row.scheduled_at) } : {}),
    ...(row.template_id !== null ? { templateId: row.template_id } : {}),
    ...(row.track_opens ? { trackOpens: true } : {}),
    ...(row.track_clicks ? { trackClicks: true } : {}),
    ...(row.list_unsubscribe ? { listUnsubscribe: true } : {}),
  };
}

/** A message whose body the retention purge cleared has no content to show: 410, saying why. */
function requireBody(row: MessageRow): void {
  if (row.body_purged_at !== null)
    throw AppError.gone(
      `The body of this message was purged by retention on ${iso(row.body_purged_at)} (the account keeps message bodies for a set number of days); its metadata and events are kept.`,
    );
}

export class MessageLog {
  constructor(
    /** Where /raw keeps a composition it makes (the writer). */
    private readonly db: Db,
    /** Where lists and details are read: database.ts `longReads`, off the writer's thread. */
    private readonly reads: Reads,
    private readonly composer: Pick<MessageComposer, 'composedCopy'>,
  ) {}

  async list(principal: Principal, page: Page, filter: MessageFilter = {}): Promise<ListResult<Message>> {
    const { rows, total } = await listMessages(this.reads, principal.accountId, page, filter);
    // A page of 500 messages of 1000 recipients each would be half a million rows: the list
    // shows the first recipients of each, the message itself shows them all.
    const recipients = await listRecipientsOf(
      this.reads,
      principal.accountId,
      rows.map((r) => r.id),
      LIST_RECIPIENTS_PER_MESSAGE,
    );
    const byMessage = new Map<string, ListedRecipientRow[]>();
    for (const r of recipients) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r]);
    return listResult(
      rows.map((row) => toMessage(row, byMessage.get(row.id) ?? [])),
      total,
    );
  }

  async get(principal: Principal, id: string): Promise<MessageDetail> {
    const row = await this.require(principal, id, this.reads);
    // A campaign copy keeps its values for its links after its body is purged; it is not shown again.
    if (row.body_purged_at === null) await withRenderedContent(this.reads, [row]);
    // The recipients' states and their events as of one moment: a state never shows without the event that set it.
    const [recipients, timelines] = await inOneSnapshot(this.reads, (trx) =>
      Promise.all([listRecipientsOf(trx, principal.accountId, [row.id]), timelinesOf(trx, principal.accountId, row.id)]),
    );
    const message = toMessage(row, recipients);
    return {
      ...message,
      recipients: message.recipients.map((r) => ({ ...r, events: timelines.get(r.id) ?? [] })),
      ...(row.body_purged_at !== null ? { bodyPurgedTime: iso(row.body_purged_at) } : {}),
      ...(row.html_content !== '' ? { htmlContent: row.html_content } : {}),
      ...(row.text_content !== null ? { textContent: row.text_content } : {}),
      ...(row.attachments !== null
        ? {
            attachments: (JSON.parse(row.attachments) as StoredAttachment[]).map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              contentId: a.contentId,
              size: Buffer.byteLength(a.content, 'base64'),
            })),
          }
        : {}),
    };
  }

  /** Attachment `index` of the message as it was sent (in the order `get` lists them); a send without attachments has none. */
  async attachment(principal: Principal, id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const row = await this.require(principal, id, this.reads);
    requireBody(row);
    const found = parseJson<StoredAttachment[]>(row.attachments)?.[index];
    if (!found) throw AppError.notFound('The attachment');
    return { filename: found.filename, contentType: found.contentType, content: Buffer.from(found.content, 'base64') };
  }

  /** The MIME as handed (or about to be handed) to the transport. */
  async raw(principal: Principal, id: string, recipientId?: string): Promise<string> {
    const message = await this.require(principal, id);
    requireBody(message);
    await withRenderedContent(this.db, [message]);
    const recipient = await findRecipientOf(this.db, principal.accountId, message.id, recipientId);
    if (recipientId !== undefined && !recipient) throw AppError.notFound('Recipient');
    // A personalised or tracked message has no one MIME: each recipient's copy is its own (without recipientId, the first one's).
    return ensureComposed(this.composer, this.db, message, recipient && hasOwnCopy(message, recipient) ? recipient : undefined);
  }

  /** The account's message, or a 404 (another account's id finds nothing). */
  async require(principal: Principal, id: string, db: Reads = this.db): Promise<MessageRow> {
    const row = isId(id) ? await findMessage(db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Message');
    return row;
  }
}

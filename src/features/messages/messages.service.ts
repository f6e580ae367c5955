/**
 * The transactional send and the message log.
 *
 * Send is three named steps: `validate` (the schema did the shape; here the rules that
 * need data: the sender must be one of the account's), `buildRows` (the message and, per
 * recipient, its row, its queue row and its `accepted` event; ids and times fixed now), and
 * `persist` (group commit: the response is sent only after the rows are durably
 * committed, see db/group-commit.ts). Then the worker is woken.
 */
import type { Db } from '../../db/database.js';
import { GroupCommit } from '../../db/group-commit.js';
import type { MessageComposer } from '../../delivery/compose.js';
import type { WorkSignal } from '../../delivery/work-signal.js';
import { AppError } from '../../errors.js';
import { listResult, type ListResult } from '../../http/envelope.js';
import type { Page } from '../../http/pagination.js';
import { iso, resourceFields } from '../../http/resource.js';
import { normalizeEmail } from '../../lib/email-address.js';
import { isId, newId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { newEventRow, timelinesOf } from '../events/events.service.js';
import { findLiveSenderByEmail } from '../senders/senders.store.js';
import type { Message, MessageDetail, SendBody, SendResult } from './messages.schemas.js';
import { findMessage, insertAcceptedMessages, listMessages, listRecipientsOf, type AcceptedMessage } from './messages.store.js';
import type { MessageRow, RecipientRow } from './messages.table.js';

function toRecipient(row: Pick<RecipientRow, 'id' | 'email' | 'name' | 'state' | 'attempts' | 'last_response' | 'sent_at' | 'updated_at'>) {
  return {
    id: row.id, email: row.email, name: row.name, state: row.state, attempts: row.attempts,
    lastResponse: row.last_response, sentTime: row.sent_at === null ? null : iso(row.sent_at), updateTime: iso(row.updated_at),
  };
}

function toMessage(row: Omit<MessageRow, 'mime' | 'html_content'>, recipients: RecipientRow[]): Message {
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    senderId: row.sender_id,
    messageId: row.message_id_header,
    from: { email: row.from_email, name: row.from_name },
    subject: row.subject,
    recipientCount: row.recipient_count,
    recipients: recipients.map(toRecipient),
  };
}

/** Keeps the first of addresses that differ only in case: one person gets one copy. */
function distinctRecipients(to: SendBody['to']): SendBody['to'] {
  const seen = new Set<string>();
  return to.filter((r) => {
    const key = normalizeEmail(r.email);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const LIST_RECIPIENTS_PER_MESSAGE = 100;

export class MessagesService {
  private readonly acceptor: GroupCommit<AcceptedMessage>;

  constructor(private readonly db: Db, private readonly workSignal: WorkSignal, private readonly composer: MessageComposer) {
    this.acceptor = new GroupCommit(db, insertAcceptedMessages);
  }

  async send(principal: Principal, body: SendBody): Promise<SendResult> {
    const sender = await this.validate(principal, body);
    const accepted = this.buildRows(principal, sender, body);
    await this.acceptor.submit(accepted);
    this.workSignal.notify();
    return {
      id: accepted.message.id,
      messageId: accepted.message.message_id_header,
      queuedAt: iso(accepted.message.created_at),
      accepted: accepted.recipients.map((r) => r.email),
      rejected: [],
      recipients: accepted.recipients.map((r) => toRecipient({ ...r, attempts: 0, last_response: null, sent_at: null })),
    };
  }

  private async validate(principal: Principal, body: SendBody) {
    const sender = await findLiveSenderByEmail(this.db, principal.accountId, normalizeEmail(body.from.email));
    if (!sender) {
      throw AppError.field('from.email', `${body.from.email} is not one of this account's senders; add it with POST /notify/v1/senders or use an existing one (GET /notify/v1/senders).`);
    }
    return sender;
  }

  private buildRows(principal: Principal, sender: { id: string; display_name: string }, body: SendBody): AcceptedMessage {
    const now = Date.now();
    const messageId = newId(now);
    const fromEmail = body.from.email.trim();
    const to = distinctRecipients(body.to);
    const recipients = to.map((r, position) => ({
      id: newId(now), message_id: messageId, account_id: principal.accountId, position,
      email: r.email.trim(), name: r.name?.trim() ?? '', state: 'queued' as const, attempts: 0,
      last_response: null, sent_at: null, created_at: now, updated_at: now,
    }));
    return {
      message: {
        id: messageId, account_id: principal.accountId, sender_id: sender.id, from_email: fromEmail,
        // Without a name in the request, the sender's display name is the From name.
        from_name: body.from.name?.trim() || sender.display_name, subject: body.subject, html_content: body.htmlContent,
        message_id_header: `<${messageId}@${fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase()}>`,
        mime: null, recipient_count: recipients.length, created_at: now, updated_at: now,
        create_user_id: principal.userId, update_user_id: principal.userId, deleted_at: null,
      },
      recipients,
      jobs: recipients.map((r) => ({
        id: r.id, recipient_id: r.id, message_id: messageId, run_at: now, attempts: 0,
        locked_by: null, locked_until: null, last_error: null, created_at: now,
      })),
      events: recipients.map((r) => newEventRow({
        accountId: principal.accountId, messageId, recipientId: r.id, email: r.email, type: 'accepted', at: now,
      })),
    };
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Message>> {
    const { rows, total } = await listMessages(this.db, principal.accountId, page);
    // A page of 500 messages of 1000 recipients each would be half a million rows: the list
    // shows the first recipients of each, the message itself shows them all.
    const recipients = await listRecipientsOf(this.db, principal.accountId, rows.map((r) => r.id), LIST_RECIPIENTS_PER_MESSAGE);
    const byMessage = new Map<string, RecipientRow[]>();
    for (const r of recipients) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r]);
    return listResult(rows.map((row) => toMessage(row, byMessage.get(row.id) ?? [])), total);
  }

  async get(principal: Principal, id: string): Promise<MessageDetail> {
    const row = await this.require(principal, id);
    const [recipients, timelines] = await Promise.all([
      listRecipientsOf(this.db, principal.accountId, [row.id]),
      timelinesOf(this.db, principal.accountId, row.id),
    ]);
    const message = toMessage(row, recipients);
    return {
      ...message,
      recipients: message.recipients.map((r) => ({ ...r, events: timelines.get(r.id) ?? [] })),
      htmlContent: row.html_content,
    };
  }

  /** The MIME as handed (or about to be handed) to the transport. */
  async raw(principal: Principal, id: string): Promise<string> {
    return this.composer.ensureComposed(this.db, await this.require(principal, id));
  }

  private async require(principal: Principal, id: string): Promise<MessageRow> {
    const row = isId(id) ? await findMessage(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Message');
    return row;
  }

  /** Waits for accepted messages still being committed (graceful shutdown). */
  drain(): Promise<void> {
    return this.acceptor.drain();
  }
}

/**
 * The transactional send and the message log.
 *
 * Send is named steps: `validate` (the schema did the shape; here the rules that need
 * data: the sender must be one of the account's), `prepareSendOptions` (headers,
 * metadata, attachments, schedule: messages.send-options.ts), `resolveContent` (a stored
 * template and its variables), `buildRows` (the message and, per recipient, its row,
 * its queue row and its `accepted` event; ids and times fixed now), and `commit` (group
 * commit: the response is sent only after the rows are durably committed, see
 * db/group-commit.ts). Then the worker is woken. A plain send (no options) costs the
 * sender lookup and its share of a group commit, nothing more.
 *
 * Idempotency-Key: the answer to a request with a key is committed in the same
 * transaction as its messages, under the primary key (account, key). A repeat with the
 * same body gets that stored answer; with another body a 409. Two requests with one key
 * racing each other (in one process or several) cannot both commit: the loser's
 * transaction fails on the key, and it answers with the winner's stored answer.
 */
import { createHash } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import type { Db, Trx } from '../../db/database.js';
import type { MessageComposer } from '../../delivery/compose.js';
import type { WorkSignal } from '../../delivery/work-signal.js';
import { AppError, type FieldError } from '../../errors.js';
import { listResult, type ListResult } from '../../http/envelope.js';
import type { Page } from '../../http/pagination.js';
import { iso, resourceFields } from '../../http/resource.js';
import { toFieldErrors, validatorCompiler } from '../../http/validation.js';
import { caseInsensitiveKeys } from '../../lib/case-insensitive-keys.js';
import { normalizeEmail } from '../../lib/email-address.js';
import type { Variables } from '../../lib/template-render.js';
import { isId, newId } from '../../lib/ids.js';
import { IGNORE_SENDS, type SendObserver } from '../../metrics/observers.js';
import type { Principal } from '../auth/auth.service.js';
import { refundNeverAttempted, type Acceptor, type BillingService } from '../billing/billing.service.js';
import { newEventRow, recordEvents, timelinesOf } from '../events/events.service.js';
import type { SendersService } from '../senders/senders.service.js';
import { activeWebhooksFor, type ActiveWebhook } from '../webhooks/webhooks.fan-out.js';
import { liveSuppressionsFor, suppressionKey } from '../suppressions/suppressions.service.js';
import type { SuppressionReason } from '../suppressions/suppressions.table.js';
import { renderContent, templateContent, type MessageContent } from '../templates/templates.service.js';
import { SendBody, type BatchBody, type BatchResult, type Message, type MessageDetail, type Recipient, type SendResult } from './messages.schemas.js';
import { DEFAULT_SEND_LIMITS, prepareSendOptions, type PreparedOptions, type SendLimits } from './messages.send-options.js';
import {
  deleteExpiredIdempotencyKeys, deleteUnclaimedJobsOf, findIdempotencyKey, findMessage, findRecipientOf, insertAcceptedSends, listMessages, listRecipientsOf,
  markRecipientsCancelled, type AcceptedMessage, type AcceptedSend, type ListedMessageRow, type ListedRecipientRow,
} from './messages.store.js';
import type { IdempotencyKeyRow, MessageRow, RecipientKind, RecipientRow, StoredAttachment } from './messages.table.js';

function toRecipient(row: Pick<RecipientRow, 'id' | 'email' | 'name' | 'state' | 'attempts' | 'last_response' | 'sent_at' | 'updated_at'> & { kind?: RecipientKind }): Recipient {
  return {
    id: row.id, email: row.email, name: row.name, state: row.state, attempts: row.attempts,
    lastResponse: row.last_response, sentTime: row.sent_at === null ? null : iso(row.sent_at), updateTime: iso(row.updated_at),
    ...(row.kind && row.kind !== 'to' ? { type: row.kind } : {}),
  };
}

const parseJson = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

function toMessage(row: ListedMessageRow, recipients: ListedRecipientRow[]): Message {
  const replyTo = parseJson<{ email: string; name: string }>(row.reply_to);
  const headers = parseJson<Record<string, string>>(row.headers);
  const tags = parseJson<string[]>(row.tags);
  const metadata = parseJson<Record<string, string | number | boolean>>(row.metadata);
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    senderId: row.sender_id,
    messageId: row.message_id_header,
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
  };
}

/**
 * What every event of a message carries in its details besides its own facts: the
 * send's tags and metadata (webhooks pass them on, so a receiver can match an event to
 * its own records).
 */
export function carriedDetails(message: { tags?: string | null; metadata?: string | null }): Record<string, unknown> {
  return {
    ...(message.tags ? { tags: JSON.parse(message.tags) as unknown } : {}),
    ...(message.metadata ? { metadata: JSON.parse(message.metadata) as unknown } : {}),
  };
}

interface Addressee {
  email: string;
  name?: string;
  kind: RecipientKind;
  /** A `to` recipient's own template variables, and its index in `to` (for error fields). */
  params?: object;
  index?: number;
}

/** The content of the message, and of each recipient's own copy (null: the message's). */
interface ResolvedContent {
  message: MessageContent;
  recipients: (MessageContent | null)[];
}

/**
 * Keeps the first of addresses that differ only in case, across to, cc and bcc in that
 * order: one person gets one copy, addressed the most visible way they were named.
 */
function distinctRecipients(body: SendBody): Addressee[] {
  const seen = new Set<string>();
  const out: Addressee[] = [];
  const add = (r: { email: string; name?: string; params?: object }, kind: RecipientKind, index?: number) => {
    const key = normalizeEmail(r.email);
    if (seen.has(key)) return;
    seen.add(key);
    // Built field by field (not spread): every addressee has one shape.
    out.push({ email: r.email, name: r.name, kind, params: kind === 'to' ? r.params : undefined, index });
  };
  body.to.forEach((r, index) => add(r, 'to', index));
  for (const r of body.cc ?? []) add(r, 'cc');
  for (const r of body.bcc ?? []) add(r, 'bcc');
  return out;
}

/** Object keys sorted at every level: two bodies that differ only in key order hash alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/** What a recipient found on the suppression list records as its last response. */
function suppressedResponse(email: string, reason: SuppressionReason): string {
  return `not attempted: ${email} is on the suppression list (${reason})`;
}

/** The answer to a send, once it is known which recipients were found suppressed at commit. */
function sendResultOf(accepted: AcceptedMessage, suppressed: ReadonlyMap<string, SuppressionReason>): SendResult {
  const recipients = accepted.recipients.map((r) => {
    const reason = suppressed.get(r.id);
    return toRecipient({ ...r, attempts: 0, sent_at: null, ...(reason ? { state: 'suppressed' as const, last_response: suppressedResponse(r.email, reason) } : { last_response: null }) });
  });
  const notSent = accepted.recipients.filter((r) => suppressed.has(r.id)).map((r) => r.email);
  return {
    id: accepted.message.id,
    messageId: accepted.message.message_id_header,
    queuedAt: iso(accepted.message.created_at),
    accepted: accepted.recipients.filter((r) => !suppressed.has(r.id)).map((r) => r.email),
    rejected: [],
    recipients,
    ...(accepted.message.scheduled_at != null ? { scheduledAt: iso(accepted.message.scheduled_at) } : {}),
    ...(notSent.length ? { suppressed: notSent } : {}),
  };
}

/**
 * A message as written when some of its recipients are on the suppression list: those
 * end `suppressed` at once, with no queue row and a `suppressed` event after `accepted`.
 */
function withSuppressions(accepted: AcceptedMessage, suppressed: ReadonlyMap<string, SuppressionReason>): AcceptedMessage {
  const carried = carriedDetails(accepted.message);
  const at = accepted.message.created_at;
  const events = [...accepted.events];
  const recipients = accepted.recipients.map((r) => {
    const reason = suppressed.get(r.id);
    if (!reason) return r;
    const response = suppressedResponse(r.email, reason);
    events.push(newEventRow({ accountId: r.account_id, messageId: r.message_id, recipientId: r.id, email: r.email, type: 'suppressed', at, details: { ...carried, response, reason } }));
    return { ...r, state: 'suppressed' as const, last_response: response };
  });
  return { ...accepted, recipients, jobs: accepted.jobs.filter((j) => !suppressed.has(j.recipientId)), events };
}

/** The suppression list's entries for these recipients, in chunks that keep the IN lists small. */
async function suppressionsAmong(db: Db, recipients: { account_id: string; email: string }[]): Promise<Map<string, SuppressionReason>> {
  const found = new Map<string, SuppressionReason>();
  for (let i = 0; i < recipients.length; i += 5000) {
    for (const [key, reason] of await liveSuppressionsFor(db, recipients.slice(i, i + 5000))) found.set(key, reason);
  }
  return found;
}

/** What the writer of a group of sends looks up before its transaction. */
interface SendLookups {
  suppressions: Map<string, SuppressionReason>;
  webhooks: ActiveWebhook[];
}

/**
 * The look-ups of a group of sends, one query each for the whole group, not one per
 * request, and before the group's transaction (group-commit.ts `read`): the suppression
 * list's entries for its recipients, and its accounts' webhooks. Neither is written by a
 * send, so reading them a moment before the commit is as if the send had committed a
 * moment earlier: an address suppressed, or a webhook added, in between counts from the
 * next send on.
 */
async function lookUpForSends(db: Db, sends: AcceptedSend[]): Promise<SendLookups> {
  const [suppressions, webhooks] = await Promise.all([
    suppressionsAmong(db, sends.flatMap((s) => s.messages.flatMap((m) => m.recipients))),
    activeWebhooksFor(db, sends.flatMap((s) => s.messages.map((m) => m.message.account_id))),
  ]);
  return { suppressions, webhooks };
}

/**
 * The group-commit writer of sends: writes only (see lookUpForSends). The writer may run
 * twice for a send (a failed group is retried one by one), so it derives the rows to write
 * afresh and leaves the accepted rows as they were.
 */
async function writeAcceptedSends(trx: Trx, sends: AcceptedSend[], { suppressions, webhooks }: SendLookups): Promise<void> {
  const keys: IdempotencyKeyRow[] = [];
  const messages: AcceptedMessage[] = [];
  for (const send of sends) {
    const suppressed = new Map<string, SuppressionReason>();
    for (const r of send.messages.flatMap((m) => m.recipients)) {
      const reason = suppressions.get(suppressionKey(r.account_id, r.email));
      if (reason) suppressed.set(r.id, reason);
    }
    send.suppressed = suppressed;
    if (send.idempotency) keys.push({ ...send.idempotency, response: JSON.stringify(send.answer(suppressed)) });
    for (const m of send.messages) messages.push(suppressed.size ? withSuppressions(m, suppressed) : m);
  }
  await insertAcceptedSends(trx, keys, messages, webhooks);
  // BILLING=credits: a recipient found suppressed here gets back the credit just charged for it.
  await refundNeverAttempted(trx, sends.flatMap((s) => s.messages.flatMap((m) => m.recipients.filter((r) => s.suppressed.has(r.id))))
    .map((r) => ({ accountId: r.account_id, messageId: r.message_id, recipientId: r.id })));
}

export const LIST_RECIPIENTS_PER_MESSAGE = 100;
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** An answer, and whether it is the stored answer of an earlier request with the same Idempotency-Key. */
export interface Answer<T> {
  result: T;
  replayed: boolean;
}

/** The Idempotency-Key row of a request; its response is written at commit. */
type IdempotencyRecord = Omit<IdempotencyKeyRow, 'response'> | undefined;

type SenderOf = Awaited<ReturnType<MessagesService['validate']>>;

// Batch items are validated one by one with the send route's own schema and key renaming.
const validateSendBody = validatorCompiler({ schema: SendBody, httpPart: 'body', method: 'POST', url: '/notify/v1/send/batch' }) as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const renameSendBodyKeys = caseInsensitiveKeys(SendBody);

export class MessagesService {
  private readonly acceptor: Acceptor<AcceptedSend>;

  constructor(
    private readonly db: Db,
    private readonly workSignal: WorkSignal,
    private readonly composer: MessageComposer,
    private readonly observer: SendObserver = IGNORE_SENDS,
    /** Finds the sender of a send and decides whether it may be used yet (verification). */
    private readonly senders: Pick<SendersService, 'usableSender'>,
    billing: Pick<BillingService, 'acceptor'>,
    private readonly limits: SendLimits = DEFAULT_SEND_LIMITS,
  ) {
    // The billing service builds the group commit that accepts sends: with BILLING=credits it
    // charges every recipient in the transaction that accepts it (billing.service.ts).
    this.acceptor = billing.acceptor(writeAcceptedSends, (send) => send.messages.map((m) => ({ accountId: m.message.account_id, messageId: m.message.id, recipients: m.recipients.length })), lookUpForSends);
  }

  async send(principal: Principal, body: SendBody, idempotencyKey?: string): Promise<Answer<SendResult>> {
    return this.once(principal, idempotencyKey, body, async (record) => {
      const accepted = await this.prepare(principal, body, Date.now());
      return this.commit([accepted], record, (suppressed) => sendResultOf(accepted, suppressed));
    });
  }

  /** Each message validated on its own; the accepted ones committed together, in one transaction. */
  async sendBatch(principal: Principal, body: BatchBody, idempotencyKey?: string): Promise<Answer<BatchResult>> {
    return this.once(principal, idempotencyKey, body, async (record) => {
      const now = Date.now();
      const senders = new Map<string, Promise<SenderOf>>();
      const outcomes: ({ accepted: AcceptedMessage } | { errors: FieldError[] })[] = [];
      for (const item of body.messages) {
        try {
          outcomes.push({ accepted: await this.prepare(principal, this.checkBatchItem(item), now, senders) });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          outcomes.push({ errors: error.fieldErrors ?? [{ field: 'body', message: error.message }] });
        }
      }
      const accepted = outcomes.flatMap((o) => ('accepted' in o ? [o.accepted] : []));
      const answer = (suppressed: ReadonlyMap<string, SuppressionReason>): BatchResult => ({
        acceptedCount: accepted.length,
        rejectedCount: outcomes.length - accepted.length,
        results: outcomes.map((o, index) => ('accepted' in o
          ? { index, status: 'accepted' as const, result: sendResultOf(o.accepted, suppressed) }
          : { index, status: 'rejected' as const, errors: o.errors })),
      });
      return accepted.length ? this.commit(accepted, record, answer) : answer(new Map());
    });
  }

  private checkBatchItem(item: unknown): SendBody {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw AppError.field('body', 'must be an object, like the body of POST /notify/v1/send');
    const message = renameSendBodyKeys(item);
    if (!validateSendBody(message)) throw AppError.validation(toFieldErrors(validateSendBody.errors ?? [], 'body'));
    return message as SendBody;
  }

  /** Group-commits the messages (with the key's stored answer) and answers once they are durable. */
  private async commit<T>(messages: AcceptedMessage[], idempotency: IdempotencyRecord, answer: (suppressed: ReadonlyMap<string, SuppressionReason>) => T): Promise<T> {
    const send: AcceptedSend = { messages, idempotency: idempotency ?? null, answer, suppressed: new Map() };
    await this.acceptor.submit(send);
    this.workSignal.notify();
    for (const accepted of messages) this.observer.messageAccepted(accepted.recipients.length, accepted.recipients.filter((r) => send.suppressed.has(r.id)).length);
    return answer(send.suppressed);
  }

  /**
   * Runs `accept` once per Idempotency-Key (see the header comment). Only successes are
   * stored: a request that failed may be retried with the same key.
   */
  private async once<T>(principal: Principal, key: string | undefined, body: unknown, accept: (record: IdempotencyRecord) => Promise<T>): Promise<Answer<T>> {
    if (key === undefined) return { result: await accept(undefined), replayed: false };
    const hash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const now = Date.now();
    const stored = await this.storedAnswer<T>(principal, key, hash, now);
    if (stored) return stored;
    await deleteExpiredIdempotencyKeys(this.db, principal.accountId, now);
    try {
      const result = await accept({ account_id: principal.accountId, key, request_hash: hash, created_at: now, expires_at: now + IDEMPOTENCY_TTL_MS });
      return { result, replayed: false };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Most likely a concurrent request with the same key committed first.
      const winner = await this.storedAnswer<T>(principal, key, hash, Date.now());
      if (winner) return winner;
      throw error;
    }
  }

  private async storedAnswer<T>(principal: Principal, key: string, hash: string, now: number): Promise<Answer<T> | undefined> {
    const row = await findIdempotencyKey(this.db, principal.accountId, key, now);
    if (!row) return undefined;
    if (row.request_hash !== hash) {
      throw new AppError('conflict', 'This Idempotency-Key was already used with a different request body; use a new key for a new request.');
    }
    return { result: JSON.parse(row.response) as T, replayed: true };
  }

  /** Everything about one message that can be decided before the commit; throws its field errors. */
  private async prepare(principal: Principal, body: SendBody, now: number, senders?: Map<string, Promise<SenderOf>>): Promise<AcceptedMessage> {
    const sender = await this.cachedSender(principal, body, senders);
    const options = prepareSendOptions(body, this.limits, now);
    const addressees = distinctRecipients(body);
    const content = await this.resolveContent(principal, body, addressees);
    return this.buildRows(principal, sender, body, addressees, content, options, now);
  }

  /** A batch looks each From address up once. */
  private cachedSender(principal: Principal, body: SendBody, senders: Map<string, Promise<SenderOf>> | undefined): Promise<SenderOf> {
    if (!senders) return this.validate(principal, body);
    const key = normalizeEmail(body.from.email);
    let sender = senders.get(key);
    if (!sender) senders.set(key, (sender = this.validate(principal, body)));
    return sender;
  }

  /** The sender of a send: one of the account's, usable in `from` (senders.service.ts usableSender). */
  validate(principal: Principal, body: SendBody) {
    return this.senders.usableSender(principal.accountId, body.from.email);
  }

  /**
   * Subject, HTML and text: from the body, or from the named template with the body's
   * fields overriding it. Variables are filled only when the send asks for it (a template,
   * `params`, `customFields` or a recipient's own `params`): a plain body is sent exactly
   * as given, braces and all. When a `to` recipient has params of its own, every
   * recipient gets a copy rendered for it (cc and bcc with the message's `params`).
   */
  private async resolveContent(principal: Principal, body: SendBody, addressees: Addressee[]): Promise<ResolvedContent> {
    let content: MessageContent;
    if (body.templateId !== undefined) {
      const template = await templateContent(this.db, principal.accountId, body.templateId);
      if (!template) throw AppError.field('templateId', 'is not one of this account\'s templates (GET /notify/v1/templates)');
      content = { subject: body.subject ?? template.subject, html: body.htmlContent ?? template.html, text: body.textContent ?? template.text };
    } else {
      // The schema requires both when there is no template.
      content = { subject: body.subject!, html: body.htmlContent!, text: body.textContent ?? null };
    }
    const personalised = addressees.some((a) => a.params !== undefined);
    const unshared = addressees.map(() => null);
    if (body.templateId === undefined && body.params === undefined && body.customFields === undefined && !personalised) return { message: content, recipients: unshared };
    const params = (body.params ?? {}) as Variables;
    const customFields = body.customFields as Variables | undefined;
    if (!personalised) return { message: renderContent(content, params, customFields), recipients: unshared };

    const errors: FieldError[] = [];
    const recipients = addressees.map((a) => {
      try {
        // Shallow: a recipient's `order` replaces the message's `order` as a whole.
        return renderContent(content, a.params ? { ...params, ...(a.params as Variables) } : params, customFields);
      } catch (error) {
        if (!(error instanceof AppError) || !error.fieldErrors) throw error;
        for (const e of error.fieldErrors) {
          const field = a.params ? e.field.replace(/^params/, `to[${a.index}].params`) : e.field;
          if (!errors.some((seen) => seen.field === field)) errors.push({ field, message: e.message });
        }
        return null;
      }
    });
    if (errors.length) throw AppError.validation(errors);
    // The message itself (lists, GET /messages/{id}) shows the first recipient's copy.
    return { message: recipients[0]!, recipients };
  }

  private buildRows(
    principal: Principal, sender: { id: string; display_name: string }, body: SendBody, addressees: Addressee[],
    resolved: ResolvedContent, options: PreparedOptions, now: number,
  ): AcceptedMessage {
    const messageId = newId(now);
    const fromEmail = body.from.email.trim();
    const content = resolved.message;
    const recipients = addressees.map((r, position) => {
      const own = resolved.recipients[position];
      return {
        id: newId(now), message_id: messageId, account_id: principal.accountId, position,
        email: r.email.trim(), name: r.name?.trim() ?? '', kind: r.kind, state: 'queued' as const, attempts: 0,
        last_response: null, sent_at: null, created_at: now, updated_at: now,
        content: own ? JSON.stringify(own) : null, mime: null,
      };
    });
    const json = (value: object | null) => (value === null ? null : JSON.stringify(value));
    const message = {
      id: messageId, account_id: principal.accountId, sender_id: sender.id, from_email: fromEmail,
      // Without a name in the request, the sender's display name is the From name.
      from_name: body.from.name?.trim() || sender.display_name, subject: content.subject, html_content: content.html,
      message_id_header: `<${messageId}@${fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase()}>`,
      mime: null, recipient_count: recipients.length,
      text_content: content.text,
      reply_to: body.replyTo ? JSON.stringify({ email: body.replyTo.email.trim(), name: body.replyTo.name?.trim() ?? '' }) : null,
      headers: json(options.headers), tags: json(options.tags), metadata: json(options.metadata), attachments: json(options.attachments),
      scheduled_at: options.scheduledAt, template_id: body.templateId ?? null,
      created_at: now, updated_at: now, create_user_id: principal.userId, update_user_id: principal.userId, deleted_at: null,
    };
    const details = { ...carriedDetails(message), ...(options.scheduledAt !== null ? { scheduledAt: iso(options.scheduledAt) } : {}) };
    return {
      message,
      recipients,
      jobs: recipients.map((r) => ({
        // A scheduled message's queue rows are not due before its time: workers claim only due rows.
        recipientId: r.id, messageId, accountId: principal.accountId, runAt: options.scheduledAt ?? now, priority: 'transactional',
      })),
      events: recipients.map((r) => newEventRow({
        accountId: principal.accountId, messageId, recipientId: r.id, email: r.email, type: 'accepted', at: now, details,
      })),
      tags: (options.tags ?? []).map((tag) => ({ message_id: messageId, account_id: principal.accountId, tag })),
    };
  }

  /**
   * Cancels a scheduled message that no worker has started on: its queue rows are
   * deleted, its recipients end `cancelled` with an event. All or nothing: if any
   * recipient's delivery has begun (its queue row is leased, or gone because it was
   * delivered), the transaction rolls back and the answer is 409.
   */
  async cancelSchedule(principal: Principal, id: string): Promise<{ id: string; cancelled: string[] }> {
    const message = await this.require(principal, id);
    if (message.scheduled_at === null) {
      throw new AppError('conflict', 'This message was not scheduled: it is delivered as soon as possible and cannot be cancelled.');
    }
    const scheduledAt = message.scheduled_at;
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const recipients = await listRecipientsOf(trx, principal.accountId, [message.id]);
      const removed = new Set(await deleteUnclaimedJobsOf(trx, message.id, now));
      if (recipients.some((r) => !removed.has(r.id))) {
        throw new AppError('conflict', recipients.every((r) => r.state === 'cancelled')
          ? 'This scheduled send was already cancelled.'
          : 'Delivery of this message has started; it can no longer be cancelled.');
      }
      await markRecipientsCancelled(trx, principal.accountId, [...removed], now);
      // BILLING=credits: never attempted, so their credits come back in this same transaction.
      await refundNeverAttempted(trx, recipients.map((r) => ({ accountId: principal.accountId, messageId: message.id, recipientId: r.id })));
      const details = { ...carriedDetails(message), scheduledAt: iso(scheduledAt) };
      await recordEvents(trx, recipients.map((r) => newEventRow({
        accountId: principal.accountId, messageId: message.id, recipientId: r.id, email: r.email, type: 'cancelled', at: now, details,
      })));
      return { id: message.id, cancelled: recipients.map((r) => r.email) };
    });
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Message>> {
    const { rows, total } = await listMessages(this.db, principal.accountId, page);
    // A page of 500 messages of 1000 recipients each would be half a million rows: the list
    // shows the first recipients of each, the message itself shows them all.
    const recipients = await listRecipientsOf(this.db, principal.accountId, rows.map((r) => r.id), LIST_RECIPIENTS_PER_MESSAGE);
    const byMessage = new Map<string, ListedRecipientRow[]>();
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
      ...(row.text_content !== null ? { textContent: row.text_content } : {}),
      ...(row.attachments !== null ? {
        attachments: (JSON.parse(row.attachments) as StoredAttachment[]).map((a) => ({
          filename: a.filename, contentType: a.contentType, contentId: a.contentId, size: Buffer.byteLength(a.content, 'base64'),
        })),
      } : {}),
    };
  }

  /** The MIME as handed (or about to be handed) to the transport. */
  async raw(principal: Principal, id: string, recipientId?: string): Promise<string> {
    const message = await this.require(principal, id);
    const recipient = await findRecipientOf(this.db, principal.accountId, message.id, recipientId);
    if (recipientId !== undefined && !recipient) throw AppError.notFound('Recipient');
    // A personalised message has no one MIME: each recipient's copy is its own (without recipientId, the first one's).
    return this.composer.ensureComposed(this.db, message, recipient?.content != null ? recipient : undefined);
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

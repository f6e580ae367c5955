/**
 * The transactional send and the message log, as the routes see them. The work is in
 * named parts, each in a file of its own:
 *   messages.prepare.ts      preparing a send: sender, options, content, rows
 *   messages.accept.ts       the accept commit: group-committed, charged, answered once durable
 *   messages.idempotency.ts  Idempotency-Key: one answer per key and body
 *   messages.batch.ts        checking each item of a batch on its own
 *   messages.log.ts          the message log: list, get, raw MIME
 *   messages.submission.ts   preparing a message submitted over SMTP (its own MIME)
 *   messages.accepted.ts     the one builder of an accepted message's rows, for every path
 *                            that accepts mail (campaigns and the system's notices too)
 * This class puts them in order for a request; after the commit it wakes the worker.
 */
import type { Db, DbHandle } from '../../../db/database.js';
import type { MessageComposer } from '../../../delivery/compose.js';
import { withdrawDeliveries } from '../../../delivery/enqueue.js';
import type { WorkSignal } from '../../../delivery/work-signal.js';
import { AppError, type FieldError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso, type ListResult, toPage } from '../../../lib/api-shape.js';
import { IGNORE_SENDS, type SendObserver } from '../../../metrics/observers.js';
import { refundNeverAttempted } from '../../account/account.module.js';
import { type EventLog, newEventRow } from '../events/events.service.js';
import type { SendersService } from '../senders/senders.service.js';
import type { SuppressionReason } from '../suppressions/suppressions.table.js';
import { SendAcceptor, sendResultOf, type SendCharger } from './messages.accept.js';
import { checkBatchItem } from './messages.batch.js';
import { IdempotentRequests, type Answer, type IdempotencyRecord } from './messages.idempotency.js';
import { MessageLog } from './messages.log.js';
import { SendPreparer, type SenderOf } from './messages.prepare.js';
import type { BatchBody, BatchResult, Message, MessageDetail, MessagesQuery, SendBody, SendRequest, SendResult } from './messages.schemas.js';
import { DEFAULT_SEND_LIMITS, type SendLimits } from './messages.send-options.js';
import { SubmissionPreparer, type Submission } from './messages.submission.js';
import { listRecipientsOf, markRecipientsCancelled, type AcceptedMessage, type AcceptedSend, type LookupsInAdvance } from './messages.store.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export { IDEMPOTENCY_TTL_MS, type Answer } from './messages.idempotency.js';
export { LIST_RECIPIENTS_PER_MESSAGE } from './messages.log.js';

export class MessagesService {
  private readonly db: Db;
  private readonly acceptor: SendAcceptor;
  private readonly preparer: SendPreparer;
  private readonly submissions: SubmissionPreparer;
  private readonly idempotency: IdempotentRequests;
  private readonly log: MessageLog;

  constructor(
    handle: DbHandle,
    /** The process's event log: every event this service writes goes through it, to its listeners. */
    private readonly events: EventLog,
    private readonly workSignal: WorkSignal,
    composer: MessageComposer,
    private readonly observer: SendObserver = IGNORE_SENDS,
    /** Finds the sender of a send and decides whether it may be used yet (verification). */
    senders: Pick<SendersService, 'usableSender'>,
    /** BILLING=credits: the charge step of the accept commit; absent, sending is not metered. */
    charger: SendCharger | undefined,
    limits: SendLimits = DEFAULT_SEND_LIMITS,
    private readonly clock: Clock = systemClock,
  ) {
    this.db = handle.db;
    this.acceptor = new SendAcceptor(handle, charger, events);
    this.preparer = new SendPreparer(handle.db, senders, limits);
    this.submissions = new SubmissionPreparer(senders, limits);
    this.idempotency = new IdempotentRequests(handle.db, clock);
    this.log = new MessageLog(handle.db, handle.longReads, composer);
  }

  async send(principal: Principal, body: SendRequest, idempotencyKey?: string): Promise<Answer<SendResult>> {
    return this.idempotency.once(principal, idempotencyKey, body, async (record) => {
      const accepted = await this.preparer.prepare(principal, body, this.clock.now());
      return this.commit([accepted], record, (suppressed) => sendResultOf(accepted, suppressed));
    });
  }

  /**
   * A message submitted over SMTP (../submission/submission.listener.ts), answered like
   * POST /notify/v1/send once it is durable, through the same accept commit. Its
   * Idempotency-Key header is honoured over the envelope and the bytes as received.
   */
  async submitMime(principal: Principal, submission: Submission): Promise<Answer<SendResult>> {
    const now = this.clock.now();
    const { accepted, idempotencyKey } = await this.submissions.prepare(principal, submission, now);
    // Only a key's request is hashed (messages.idempotency.ts): no copy of the bytes without one.
    const request =
      idempotencyKey === undefined ? undefined : { mailFrom: submission.mailFrom, rcptTo: submission.rcptTo, mime: submission.raw.toString('base64') };
    return this.idempotency.once(principal, idempotencyKey, request, async (record) =>
      this.commit([accepted], record, (suppressed) => sendResultOf(accepted, suppressed), submission.lookups),
    );
  }

  /** Starts the look-ups of a submission's recipients while its message still arrives (SendAcceptor.lookUpInAdvance). */
  lookUpInAdvance(principal: Principal, rcptTo: string[]): LookupsInAdvance {
    return this.acceptor.lookUpInAdvance(principal.accountId, rcptTo);
  }

  /** Each message validated on its own; the accepted ones committed together, in one transaction. */
  async sendBatch(principal: Principal, body: BatchBody, idempotencyKey?: string): Promise<Answer<BatchResult>> {
    return this.idempotency.once(principal, idempotencyKey, body, async (record) => {
      const now = this.clock.now();
      const senders = new Map<string, Promise<SenderOf>>();
      const outcomes: ({ accepted: AcceptedMessage } | { errors: FieldError[] })[] = [];
      for (const item of body.messages) {
        try {
          outcomes.push({ accepted: await this.preparer.prepare(principal, checkBatchItem(item), now, senders) });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          outcomes.push({ errors: error.fieldErrors ?? [{ field: 'body', message: error.message }] });
        }
      }
      const accepted = outcomes.flatMap((o) => ('accepted' in o ? [o.accepted] : []));
      const answer = (suppressed: ReadonlyMap<string, SuppressionReason>): BatchResult => ({
        acceptedCount: accepted.length,
        rejectedCount: outcomes.length - accepted.length,
        results: outcomes.map((o, index) =>
          'accepted' in o
            ? { index, status: 'accepted' as const, result: sendResultOf(o.accepted, suppressed) }
            : { index, status: 'rejected' as const, errors: o.errors },
        ),
      });
      return accepted.length ? this.commit(accepted, record, answer) : answer(new Map());
    });
  }

  /** Group-commits the messages (with the key's stored answer) and answers once they are durable. */
  private async commit<T>(
    messages: AcceptedMessage[],
    idempotency: IdempotencyRecord,
    answer: (suppressed: ReadonlyMap<string, SuppressionReason>) => T,
    lookups?: LookupsInAdvance,
  ): Promise<T> {
    const send: AcceptedSend = { messages, idempotency: idempotency ?? null, answer, suppressed: new Map(), ...(lookups ? { lookups } : {}) };
    await this.acceptor.submit(send);
    this.workSignal.notify();
    for (const accepted of messages)
      this.observer.messageAccepted(accepted.recipients.length, accepted.recipients.filter((r) => send.suppressed.has(r.id)).length);
    return answer(send.suppressed);
  }

  /** The sender of a send: one of the account's, usable in `from` (senders.service.ts usableSender). */
  validate(principal: Principal, body: Pick<SendBody, 'from'>) {
    return this.preparer.validate(principal, body);
  }

  /**
   * Cancels a scheduled message that no worker has started on: its queue rows are
   * deleted, its recipients end `cancelled` with an event. All or nothing: if any
   * recipient's delivery has begun (its queue row is leased, or gone because it was
   * delivered), the transaction rolls back and the answer is 409.
   */
  async cancelSchedule(principal: Principal, id: string): Promise<{ id: string; cancelled: string[] }> {
    const message = await this.log.require(principal, id);
    if (message.scheduled_at === null) {
      throw new AppError('conflict', 'This message was not scheduled: it is delivered as soon as possible and cannot be cancelled.');
    }
    const scheduledAt = message.scheduled_at;
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const recipients = await listRecipientsOf(trx, principal.accountId, [message.id]);
      // By the recipients' ids (a queue row's id is its recipient's): delivery_jobs has no index on
      // message_id, and none is added for this rare call (every index of the queue is paid on every send).
      const removed = new Set(
        await withdrawDeliveries(
          trx,
          recipients.map((r) => r.id),
          now,
        ),
      );
      if (recipients.some((r) => !removed.has(r.id))) {
        throw new AppError(
          'conflict',
          recipients.every((r) => r.state === 'cancelled')
            ? 'This scheduled send was already cancelled.'
            : 'Delivery of this message has started; it can no longer be cancelled.',
        );
      }
      await markRecipientsCancelled(trx, principal.accountId, [...removed], now);
      // BILLING=credits: never attempted, so their credits come back in this same transaction.
      await refundNeverAttempted(
        trx,
        recipients.map((r) => ({ accountId: principal.accountId, messageId: message.id, recipientId: r.id })),
        now,
      );
      const details = { scheduledAt: iso(scheduledAt) };
      await this.events.record(
        trx,
        recipients.map((r) =>
          newEventRow({
            accountId: principal.accountId,
            messageId: message.id,
            recipientId: r.id,
            email: r.email,
            type: 'cancelled',
            at: now,
            details,
            soleRecipient: recipients.length === 1,
          }),
        ),
      );
      return { id: message.id, cancelled: recipients.map((r) => r.email) };
    });
  }

  list(principal: Principal, query: MessagesQuery): Promise<ListResult<Message>> {
    return this.log.list(principal, toPage(query), {
      recipient: query.recipient,
      subject: query.subject,
      tag: query.tag,
      state: query.state,
      sinceMs: query.since === undefined ? undefined : Date.parse(query.since),
      untilMs: query.until === undefined ? undefined : Date.parse(query.until),
    });
  }

  get(principal: Principal, id: string): Promise<MessageDetail> {
    return this.log.get(principal, id);
  }

  attachment(principal: Principal, id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
    return this.log.attachment(principal, id, index);
  }

  /** The MIME as handed (or about to be handed) to the transport. */
  raw(principal: Principal, id: string, recipientId?: string): Promise<string> {
    return this.log.raw(principal, id, recipientId);
  }

  /** Waits for accepted messages still being committed (graceful shutdown). */
  drain(): Promise<void> {
    return this.acceptor.drain();
  }
}

/**
 * Delivering one claimed batch, as named steps:
 *
 *   loadBatch          messages, recipients and the recipients' live suppressions of
 *                      the claimed jobs, from the DeliveryStore (delivery-store.ts)
 *   skipIfFinal        a recipient already in a final state (a retry after a crash
 *                      that happened after recording) is not sent again
 *   checkSuppression   a recipient whose address is on its account's suppression list
 *                      is not attempted: it ends `suppressed`
 *   composeMessage     composed once per message per batch (or once per recipient of a
 *                      personalised or tracked send), with the signature field its first
 *                      composition kept; composition is deterministic (compose.ts), so
 *                      nothing is written before sending
 *   handToTransport    one envelope per recipient
 *   recordOutcome      through the DeliveryStore the recipient's state and what a first
 *                      composition keeps (not a bulk recipient's own copy: compose.ts),
 *                      then the queue row here, then the store's events, suppressions and
 *                      refunds; group-committed with the other outcomes of the moment (one
 *                      sync for many deliveries)
 *
 * Outcome → state: sent/delivered → the same, job deleted; deferred → `deferred`, job
 * rescheduled with backoff, unless the message was accepted more than maxRetryAge ago:
 * then `bounced` (expired), job deleted; bounced → `bounced`, job deleted, and the
 * address goes on the account's suppression list (hard_bounce); suppressed →
 * `suppressed`, job deleted; postponed (the destination's pace had no room: pacing.ts) →
 * nothing recorded, the job back in the queue until its turn, the claim's attempt not
 * counted. Every other outcome writes its event in the same transaction.
 * A step that throws (a bug, the database away) defers the recipient, so nothing is
 * dropped.
 *
 * Recording is pipelined: a delivery task resolves once its outcome is handed to the
 * group commit, with `recorded` settling when that commit is durable. The worker's lanes
 * start their next deliveries meanwhile, up to WORKER_UNRECORDED_PER_LANE not yet
 * recorded (worker.ts), so the outcomes can linger a few milliseconds and share one disk
 * sync without idling the transport, and a slow commit carries more of them. What a crash
 * can repeat is what was handed to the transport and not yet recorded: at most
 * WORKER_UNRECORDED_PER_LANE (4) recipients per lane.
 */
import type { Logger } from 'pino';
import { CONFIG_SCHEMA } from '../config.js';
import type { Db, Trx, Reads } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import { IGNORE_DELIVERIES, type AttemptResult, type DeliveryObserver } from '../metrics/observers.js';
import { retryDelayMs } from '../queue/backoff.js';
import { hasOwnCopy, isTracked, type ComposeRecipient, type ComposedTarget, type MessageComposer } from './compose.js';
import { returnPath } from './return-path.js';
import { FINAL_STATES, type AttemptRecord, type DeliveryStore, type OutgoingMessage, type OutgoingRecipient, type RecipientState } from './delivery-store.js';
import { DELIVERY_PRIORITY } from './enqueue.js';
import { completeJobs, postponeJob, rescheduleJob, type ClaimedJob } from './queue.js';
import type { SendOutcome, Transport } from './transports/transport.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** What the transport said, or that the pipeline did not hand the message over at all. */
type Outcome = SendOutcome | { kind: 'suppressed'; response: string; reason: string };
/** An outcome the recipient's row and events record: all but a postponement. */
type RecipientOutcome = Exclude<Outcome, { kind: 'postponed' }>;

interface OutcomeRecord<M extends OutgoingMessage> {
  jobId: string;
  recipientId: string;
  accountId: string;
  message: M;
  email: string;
  /** When the message was accepted: the retry age counts from here. */
  acceptedAt: number;
  /** The attempt this claim made (the job's attempts after claiming). */
  attempts: number;
  outcome: Outcome;
  at: number;
  /** What this attempt's first composition keeps (the first stored one wins). */
  composed?: ComposedTarget;
}

export interface PipelineOptions {
  bounceDomain: string | undefined;
  /** A recipient still deferred this long after acceptance is bounced. Default: MAX_RETRY_AGE_SECONDS's default (3 days). */
  maxRetryAgeSeconds?: number;
  /** The wait before the first retry of a deferral; it doubles per attempt. Default: one minute (RETRY_FIRST_DELAY_MS). */
  firstRetryMs?: number;
  /** Deliveries in flight at once (WORKER_CONCURRENCY): when that many outcomes wait, they commit without lingering. */
  concurrency?: number;
  /** What the outcomes' group commit writes through: the DbHandle's `workerWrites` (its writer reads only via RETURNING; a lost outcome repeats a delivery). Default: the pipeline's db. */
  outcomesDb?: Db;
  /** When outcomes happen (retry times and the retry age count from it); default the system clock. */
  clock?: Clock;
}

const DEFAULT_MAX_RETRY_AGE_SECONDS = Number(CONFIG_SCHEMA.MAX_RETRY_AGE_SECONDS.default);

/**
 * How long an outcome may wait for others before its commit starts. A delivery's outcome
 * answers nobody, and with SQLite's synchronous=FULL each commit costs a disk sync on the
 * event loop: committed one by one as they came in, deliveries took nearly a commit each.
 */
const OUTCOME_LINGER_MS = 20;

/** A delivery task's result: its outcome was handed over; `recorded` settles once it is committed, and never rejects. */
export interface Delivery {
  recorded: Promise<void>;
}

const NOTHING_TO_RECORD: Delivery = { recorded: Promise.resolve() };

/** What the worker asks of a pipeline, whatever the message type of its store. */
export interface BatchPipeline {
  /** One delivery task per claimed job. */
  loadBatch(jobs: ClaimedJob[]): Promise<(() => Promise<Delivery>)[]>;
  /** Resolves once every outcome handed over is committed. */
  drain(): Promise<void>;
}

/** A deferral past the retry age is a bounce; the reply says so and keeps the last remote response. */
function expireIfTooOld(
  r: OutcomeRecord<OutgoingMessage> & { outcome: RecipientOutcome },
  maxRetryAgeMs: number,
): { outcome: RecipientOutcome; expired: boolean } {
  if (r.outcome.kind !== 'deferred' || r.at - r.acceptedAt <= maxRetryAgeMs) return { outcome: r.outcome, expired: false };
  const hours = Math.round((r.at - r.acceptedAt) / 3_600_000);
  const response = `expired after ${r.attempts} attempt${r.attempts === 1 ? '' : 's'} over ${hours} hours without delivery; last response: ${r.outcome.response}`;
  return { outcome: { kind: 'bounced', response }, expired: true };
}

/** The group-commit writer of outcomes; `maxRetryAgeMs` decides when a deferral becomes a bounce. */
function outcomeWriter<M extends OutgoingMessage>(store: DeliveryStore<M>, maxRetryAgeMs: number, firstRetryMs: number | undefined) {
  return async function writeOutcomes(trx: Trx, all: OutcomeRecord<M>[]): Promise<void> {
    // A postponed delivery was not attempted: only its queue row changes (back, due later).
    const records: (OutcomeRecord<M> & { outcome: RecipientOutcome })[] = [];
    for (const r of all) {
      if (r.outcome.kind === 'postponed') await postponeJob(trx, r.jobId, r.at + r.outcome.retryAfterMs);
      else records.push(r as OutcomeRecord<M> & { outcome: RecipientOutcome });
    }
    const completed: string[] = [];
    const decided = records.map((r) => ({ r, ...expireIfTooOld(r, maxRetryAgeMs) }));

    // Several recipients of one message carry the same composition: it is written once.
    const compositions = new Map<string, ComposedTarget>();
    for (const { composed } of all) if (composed) compositions.set('messageId' in composed ? composed.messageId : composed.recipientId, composed);

    const attempts = decided.map(
      ({ r, outcome, expired }): AttemptRecord<M> => ({
        message: r.message,
        recipientId: r.recipientId,
        accountId: r.accountId,
        email: r.email,
        state: outcome.kind,
        response: outcome.response,
        // A suppressed recipient was not attempted this time: the claim's attempt does not count.
        attempts: outcome.kind === 'suppressed' ? r.attempts - 1 : r.attempts,
        at: r.at,
        sentAt: outcome.kind === 'sent' || outcome.kind === 'delivered' ? r.at : null,
        expired,
        ...(outcome.kind === 'bounced' && outcome.refused ? { refused: outcome.refused } : {}),
        ...(outcome.kind === 'suppressed' ? { suppressedFor: outcome.reason } : {}),
        // A refused recipient (5xx to RCPT TO) is a hard bounce. Running out of retries is not,
        // nor is a refused sender or content: those say nothing about the address.
        hardBounce: outcome.kind === 'bounced' && !expired && (outcome.refused ?? 'recipient') === 'recipient',
      }),
    );
    const recorded = await store.recordAttempts(trx, attempts, [...compositions.values()]);

    for (const { r, outcome } of decided) {
      // The recipient reached a final state while this attempt was in flight: an
      // asynchronous bounce (recordFeedback locks the row, so one of the two writes goes
      // first and the other sees it), or another worker after this one's lease ran out.
      // That state stands; this outcome recorded nothing, and the queue row is done.
      if (!recorded.has(r.recipientId)) completed.push(r.jobId);
      else if (outcome.kind === 'deferred') await rescheduleJob(trx, r.jobId, r.at + retryDelayMs(r.attempts, Math.random, firstRetryMs), outcome.response);
      else completed.push(r.jobId);
    }
    await completeJobs(trx, completed);
    // The events last: what runs on them (campaign counters) sees the queue rows as this outcome left them.
    await store.recordConsequences(
      trx,
      attempts.filter((a) => recorded.has(a.recipientId)),
    );
  };
}

interface LoadedBatch<M extends OutgoingMessage> {
  messages: Map<string, M>;
  recipients: Map<string, OutgoingRecipient>;
  /** Recipient id → reason, for the batch's recipients on a live list. */
  suppressed: Map<string, string>;
  /** Each message still to compose → the recipients its headers name. */
  addressees: Map<string, ComposeRecipient[]>;
  /** One composition per message per batch, shared by its recipients. */
  composed: Map<string, Promise<Composed>>;
}

/** The bytes to send, and where to keep them if they were composed just now. */
interface Composed {
  raw: string;
  store?: ComposedTarget;
}

export class DeliveryPipeline<M extends OutgoingMessage = OutgoingMessage> implements BatchPipeline {
  private readonly outcomes: GroupCommit<OutcomeRecord<M>>;
  private readonly maxRetryAgeMs: number;

  constructor(
    private readonly db: Db,
    /** Where the messages live: loads a claimed batch, records its outcomes (delivery-store.ts). */
    private readonly store: DeliveryStore<M>,
    private readonly transport: Transport,
    private readonly composer: MessageComposer,
    private readonly options: PipelineOptions,
    private readonly log: Logger,
    /** Told about every transport attempt and every committed outcome (metrics). */
    private readonly observer: DeliveryObserver = IGNORE_DELIVERIES,
  ) {
    this.maxRetryAgeMs = (options.maxRetryAgeSeconds ?? DEFAULT_MAX_RETRY_AGE_SECONDS) * 1000;
    this.outcomes = new GroupCommit(options.outcomesDb ?? db, outcomeWriter(store, this.maxRetryAgeMs, options.firstRetryMs), {
      lingerMs: OUTCOME_LINGER_MS,
      flushAt: options.concurrency ?? 16,
    });
  }

  /** Loads what a batch of claimed jobs needs and returns one delivery task per job. */
  async loadBatch(jobs: ClaimedJob[]): Promise<(() => Promise<Delivery>)[]> {
    const { messages, recipients, suppressed } = await this.store.loadBatch(
      [...new Set(jobs.map((j) => j.message_id))],
      jobs.map((j) => j.recipient_id),
    );
    // Only a message without a MIME stored whole (or a recipient's own copy without one) needs its addressees.
    const byId = new Map(messages.map((m) => [m.id, m]));
    const toCompose = new Set(messages.filter((m) => m.mime === null && !isTracked(m)).map((m) => m.id));
    for (const r of recipients) {
      const message = byId.get(r.message_id);
      if (message && hasOwnCopy(message, r) && r.mime === null) toCompose.add(r.message_id);
    }
    const batch: LoadedBatch<M> = {
      messages: byId,
      recipients: new Map(recipients.map((r) => [r.id, r])),
      suppressed,
      addressees: await this.addresseesOf(byId, recipients, toCompose),
      composed: new Map(),
    };
    return jobs.map((job) => () => this.deliver(job, batch));
  }

  /**
   * The addressees of the messages to compose. A message with one recipient (every
   * campaign mail, most sends) is addressed to the recipient the batch already holds; only
   * the others are read. That read is by message id, and PostgreSQL plans it well only once
   * the table has statistics: before its first ANALYZE it estimated a list of a hundred ids
   * to match half the table and scanned all of it, a cost that grew with the table
   * (src/db/statistics.ts keeps statistics fresh).
   */
  private async addresseesOf(messages: Map<string, M>, recipients: OutgoingRecipient[], toCompose: Set<string>): Promise<Map<string, ComposeRecipient[]>> {
    const known = new Map<string, ComposeRecipient[]>();
    for (const r of recipients) {
      if (toCompose.has(r.message_id) && messages.get(r.message_id)?.recipient_count === 1)
        known.set(r.message_id, [{ email: r.email, name: r.name, kind: r.kind }]);
    }
    const rest = [...toCompose].filter((id) => !known.has(id));
    if (rest.length === 0) return known;
    const read = await this.store.addresseesOf(rest);
    for (const [id, list] of known) read.set(id, list);
    return read;
  }

  private async deliver(job: ClaimedJob, batch: LoadedBatch<M>): Promise<Delivery> {
    const message = batch.messages.get(job.message_id);
    const recipient = batch.recipients.get(job.recipient_id);
    if (!message || !recipient) {
      this.log.error({ jobId: job.id }, 'queue row points at a missing message or recipient; dropping the row');
      await completeJobs(this.db, [job.id]);
      return NOTHING_TO_RECORD;
    }
    if (this.skipIfFinal(recipient.state)) {
      await completeJobs(this.db, [job.id]);
      return NOTHING_TO_RECORD;
    }
    const suppression = this.checkSuppression(recipient, batch);
    if (suppression) return this.recordOutcome(job, message, recipient, suppression);
    let outcome: SendOutcome;
    let composed: Composed | undefined;
    try {
      composed = await this.composeMessage(job, message, recipient, batch);
      outcome = await this.handToTransport(message, recipient, composed.raw);
    } catch (error) {
      this.log.error({ err: error, jobId: job.id, messageId: message.id }, 'delivery step failed; deferring');
      outcome = { kind: 'deferred', response: `internal error: ${(error as Error).message}` };
    }
    return this.recordOutcome(job, message, recipient, outcome, composed?.store);
  }

  /** A recipient already final (recorded just before a crash, then re-claimed) is not sent again. */
  private skipIfFinal(state: RecipientState): boolean {
    return FINAL_STATES.has(state);
  }

  /** An address on the account's live suppression list is not attempted. */
  private checkSuppression(recipient: OutgoingRecipient, batch: LoadedBatch<M>): Outcome | undefined {
    const reason = batch.suppressed.get(recipient.id);
    if (!reason) return undefined;
    return { kind: 'suppressed', reason, response: `not attempted: ${recipient.email} is on the suppression list (${reason})` };
  }

  private composeMessage(job: ClaimedJob, message: M, recipient: OutgoingRecipient, batch: LoadedBatch<M>): Promise<Composed> {
    const addressees = batch.addressees.get(message.id) ?? [];
    // A recipient of a personalised or tracked send has its own copy. Its signature field is
    // kept for transactional mail; a bulk copy's (a campaign's) is not: composition is
    // deterministic and its key fixed for all its content's copies, so a retry or `/raw`
    // composes the same bytes again (compose.ts), and keeping anything per copy of a large
    // campaign cost a write per recipient inside the outcome commits (docs/performance.md,
    // "Campaigns", has the measurement).
    if (hasOwnCopy(message, recipient)) {
      const transactional = job.priority === DELIVERY_PRIORITY.transactional;
      return this.composer
        .composedCopy(message, addressees, recipient, { bulk: !transactional })
        .then(({ mime, keep }) => ({ raw: mime, ...(keep && transactional ? { store: { recipientId: recipient.id, ...keep } } : {}) }));
    }
    let composed = batch.composed.get(message.id);
    if (!composed) {
      composed = this.composer
        .composedCopy(message, addressees)
        .then(({ mime, keep }) => ({ raw: mime, ...(keep ? { store: { messageId: message.id, ...keep } } : {}) }));
      batch.composed.set(message.id, composed);
    }
    return composed;
  }

  private async handToTransport(message: M, recipient: { id: string; email: string }, raw: string): Promise<SendOutcome> {
    const started = performance.now();
    let result: AttemptResult = 'error';
    try {
      const outcome = await this.transport.send(
        {
          accountId: message.account_id,
          messageId: message.id,
          recipientId: recipient.id,
          to: recipient.email,
          from: returnPath(message.from_email, recipient.id, this.options.bounceDomain),
        },
        raw,
      );
      result = outcome.kind;
      return outcome;
    } finally {
      this.observer.transportAttempt(this.transport.name, result, (performance.now() - started) / 1000);
    }
  }

  /** Hands the outcome to the group commit; `recorded` settles when it is durable (or could not be written: logged). */
  private recordOutcome(job: ClaimedJob, message: M, recipient: OutgoingRecipient, outcome: Outcome, composed?: ComposedTarget): Delivery {
    const record: OutcomeRecord<M> = {
      jobId: job.id,
      recipientId: job.recipient_id,
      accountId: recipient.account_id,
      message,
      email: recipient.email,
      // A scheduled message's retry age counts from its scheduled time, not from its acceptance.
      acceptedAt: message.scheduled_at ?? message.created_at,
      attempts: job.attempts,
      outcome,
      at: (this.options.clock ?? systemClock).now(),
      ...(composed ? { composed } : {}),
    };
    const recorded = this.outcomes.submit(record).then(
      () => {
        // Observed only once committed, as the writer decided it (a deferral may have expired).
        if (record.outcome.kind === 'postponed') return;
        const decided = expireIfTooOld(record as OutcomeRecord<M> & { outcome: RecipientOutcome }, this.maxRetryAgeMs);
        this.observer.outcomeRecorded(decided.outcome.kind, (record.at - record.acceptedAt) / 1000, decided.expired);
      },
      (error: unknown) => {
        // The job keeps its lease: when the lease ends it is claimed and attempted again.
        this.log.error(
          { err: error, jobId: job.id, recipientId: job.recipient_id },
          'could not record a delivery outcome; the job is retried when its lease ends',
        );
      },
    );
    return { recorded };
  }

  async drain(): Promise<void> {
    await this.outcomes.drain();
  }
}

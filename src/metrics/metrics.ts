/**
 * Postwire's Prometheus metrics. One `Metrics` per runtime, each with its own registry:
 * tests build many runtimes in one process, and the library's global default registry
 * would mix their counts (and refuse the second registration of a name).
 *
 * Two kinds of series, and they aggregate differently:
 *  - Counters and histograms count what THIS process did (accepted here, delivered by this
 *    worker). They start at 0 with the process; scrape every process and sum them.
 *  - The queue gauges are read from the database at scrape time, so they describe the
 *    whole installation and every process reports the same values: take max(), not sum().
 * The process series (memory, CPU, event-loop lag: prom-client's default metrics) exist
 * once per process and are shared by the runtimes of that process.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { queueSnapshot, type QueueSnapshot } from './metrics.store.js';
import type { AttemptResult, DeliveryObserver, PurgeObserver, RecordedOutcome, SendObserver } from './observers.js';

const OUTCOMES: readonly RecordedOutcome[] = ['sent', 'delivered', 'deferred', 'bounced', 'suppressed'];
const FINAL_OUTCOMES: readonly RecordedOutcome[] = ['sent', 'delivered', 'bounced', 'suppressed'];

/** From a local relay's milliseconds to the 3-day retry age. */
const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600, 3 * 24 * 3600];
/** One SMTP transaction: milliseconds on a LAN, up to the transport's 2-minute socket timeout. */
const ATTEMPT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** One purge transaction: a few milliseconds; 0.05 is the longest a purge should hold the SQLite writer. */
const HOLD_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

let processRegistry: Registry | undefined;

/** prom-client's default metrics, collected once per process (they describe the process). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class Metrics implements SendObserver, DeliveryObserver, PurgeObserver {
  /** What GET /metrics serves: this runtime's series plus the process's. */
  readonly registry: Registry;
  private readonly messagesAccepted: Counter;
  private readonly recipientsAccepted: Counter;
  private readonly deliveries: Counter<'outcome'>;
  private readonly expired: Counter;
  private readonly deliveryLatency: Histogram<'outcome'>;
  private readonly attemptDuration: Histogram<'transport' | 'result'>;
  private readonly queueJobs: Gauge;
  private readonly queueDue: Gauge;
  private readonly queueLeased: Gauge;
  private readonly oldestDueAge: Gauge;
  private readonly purgeHold: Histogram<'step'>;
  private readonly purgeLongestHold: Gauge;
  private readonly purgeRuns: Counter<'complete'>;
  private readonly purgeRemoved: Counter<'what'>;
  private longestPurgeHoldMs = 0;

  /**
   * `givingWay`: in a process that serves the API and runs a worker, whether the worker gives
   * way to the API now (src/delivery/send-pressure.ts); read at every scrape.
   */
  constructor(
    private readonly db: Db,
    givingWay?: () => boolean,
    /** The database's size and each account's estimated share (features/account/storage), read at every scrape. */
    storage?: () => Promise<{ accounts: Map<string, number>; totalBytes: number }>,
  ) {
    const own = new Registry();
    const registers = [own];
    this.messagesAccepted = new Counter({
      name: 'postwire_messages_accepted_total',
      help: 'Messages accepted by POST /notify/v1/send in this process.',
      registers,
    });
    this.recipientsAccepted = new Counter({
      name: 'postwire_recipients_accepted_total',
      help: 'Recipients of the messages accepted in this process (one delivery each).',
      registers,
    });
    this.deliveries = new Counter({
      name: 'postwire_deliveries_total',
      labelNames: ['outcome'],
      registers,
      help:
        'Delivery outcomes recorded by this process, by the state they left the recipient in (deferred: will be retried; suppressed: ' +
        'includes recipients found on the suppression list at acceptance).',
    });
    this.expired = new Counter({
      name: 'postwire_deliveries_expired_total',
      help: 'Recipients bounced because they were still deferred after MAX_RETRY_AGE_SECONDS (also counted as outcome="bounced").',
      registers,
    });
    this.deliveryLatency = new Histogram({
      name: 'postwire_delivery_latency_seconds',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
      help: "From acceptance of the message to the recipient's final outcome (sent, delivered, bounced, suppressed), retries included.",
    });
    this.attemptDuration = new Histogram({
      name: 'postwire_transport_attempt_duration_seconds',
      labelNames: ['transport', 'result'],
      buckets: ATTEMPT_BUCKETS,
      registers,
      help: 'One hand-over of one recipient to the transport (an SMTP transaction, or a capture write); result postponed: not tried, its destination is paced.',
    });
    this.queueJobs = new Gauge({
      name: 'postwire_queue_jobs',
      help: 'Recipients not yet in a final state (rows in delivery_jobs); the whole installation, read from the database.',
      registers,
    });
    this.queueDue = new Gauge({ name: 'postwire_queue_due_jobs', help: 'Of those, due now and not claimed by a worker; the whole installation.', registers });
    this.queueLeased = new Gauge({
      name: 'postwire_queue_leased_jobs',
      help: 'Of those, claimed by a worker under a live lease (in flight); the whole installation.',
      registers,
    });
    this.oldestDueAge = new Gauge({
      name: 'postwire_queue_oldest_due_age_seconds',
      help: 'How long the longest-waiting due job has been due (0 when none is); the whole installation.',
      registers,
    });
    this.purgeHold = new Histogram({
      name: 'postwire_purge_hold_seconds',
      labelNames: ['step'],
      buckets: HOLD_BUCKETS,
      registers,
      help: 'How long one transaction or vacuum step of the retention purge in this process held the database (SQLite: the writer, from its lock to the end of COMMIT), by step (bodies, messages, pagesFreed, …).',
    });
    this.purgeLongestHold = new Gauge({
      name: 'postwire_purge_longest_hold_seconds',
      help: 'The longest of those since this process started.',
      registers,
    });
    this.purgeRuns = new Counter({
      name: 'postwire_purge_runs_total',
      labelNames: ['complete'],
      registers,
      help: 'Runs of the retention purge in this process; complete="false": the run stopped at its time budget and the next goes on.',
    });
    this.purgeRemoved = new Counter({
      name: 'postwire_purge_removed_total',
      labelNames: ['what'],
      registers,
      help: 'What the retention purge in this process removed: message bodies cleared, messages, captured copies, webhook calls, jobs, inbound messages, signing keys; pagesFreed: SQLite pages given back to the file system.',
    });
    if (givingWay) {
      new Gauge({
        name: 'postwire_worker_giving_way',
        registers,
        help: '1 while the worker of this process keeps one delivery in flight because its API accepts at least WORKER_GIVE_WAY_RATE messages per second (postwire start), else 0.',
        collect() {
          this.set(givingWay() ? 1 : 0);
        },
      });
    }
    if (storage) {
      // Each gauge reads the figures in its own collect (the registry renders each right after
      // collecting it); the storage service measures once for both.
      new Gauge({
        name: 'postwire_database_bytes',
        registers,
        help: 'The whole database in bytes (SQLite: pages × page size, freed pages given back by the purge; PostgreSQL: pg_database_size).',
        async collect() {
          this.set((await storage()).totalBytes);
        },
      });
      new Gauge({
        name: 'postwire_account_storage_bytes',
        labelNames: ['account'],
        registers,
        help: "An account's estimated share of the database in bytes: its rows of each table that grows with use times the table's average row size.",
        async collect() {
          const { accounts } = await storage();
          this.reset();
          for (const [account, bytes] of accounts) this.set({ account }, bytes);
        },
      });
    }
    // Every outcome appears from the first scrape, at 0: rate() and alerts need the series to exist.
    for (const outcome of OUTCOMES) this.deliveries.inc({ outcome }, 0);
    for (const outcome of FINAL_OUTCOMES) this.deliveryLatency.zero({ outcome });
    for (const complete of ['true', 'false']) this.purgeRuns.inc({ complete }, 0);
    this.registry = Registry.merge([own, processMetrics()]);
  }

  messageAccepted(recipientCount: number, suppressedCount: number): void {
    this.messagesAccepted.inc();
    this.recipientsAccepted.inc(recipientCount);
    // Final at acceptance: counted here so that every accepted recipient ends in one outcome.
    for (let i = 0; i < suppressedCount; i++) this.outcomeRecorded('suppressed', 0, false);
  }

  transportAttempt(transport: string, result: AttemptResult, seconds: number): void {
    this.attemptDuration.observe({ transport, result }, seconds);
  }

  outcomeRecorded(outcome: RecordedOutcome, sinceAcceptanceSeconds: number, expired: boolean): void {
    this.deliveries.inc({ outcome });
    if (expired) this.expired.inc();
    if (outcome !== 'deferred') this.deliveryLatency.observe({ outcome }, sinceAcceptanceSeconds);
  }

  purgeStep(step: string, heldMs: number): void {
    this.purgeHold.observe({ step }, heldMs / 1000);
    if (heldMs > this.longestPurgeHoldMs) {
      this.longestPurgeHoldMs = heldMs;
      this.purgeLongestHold.set(heldMs / 1000);
    }
  }

  purgeRunEnded(removed: Readonly<Record<string, number>>, complete: boolean): void {
    this.purgeRuns.inc({ complete: String(complete) });
    for (const [what, count] of Object.entries(removed)) if (count > 0) this.purgeRemoved.inc({ what }, count);
  }

  /** The exposition text: the queue gauges are read from the database now, then everything is rendered. */
  async scrape(now = Date.now()): Promise<string> {
    let queue: QueueSnapshot;
    try {
      queue = await queueSnapshot(this.db, now);
    } catch (error) {
      // Better no scrape than gauges that say "empty queue" while the database is away.
      throw new AppError('unavailable', 'The database is not reachable, so the queue gauges cannot be read.', { cause: error });
    }
    this.queueJobs.set(queue.jobs);
    this.queueDue.set(queue.due);
    this.queueLeased.set(queue.leased);
    this.oldestDueAge.set(queue.oldestDueRunAt === undefined ? 0 : Math.max(0, now - queue.oldestDueRunAt) / 1000);
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * METRICS_TOKEN unset: anyone who can reach the port may scrape. Set: the request must carry
 * `Authorization: Bearer <token>`. Both sides are hashed first so the comparison takes the
 * same time whatever the length of the guess.
 */
export function scrapeAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

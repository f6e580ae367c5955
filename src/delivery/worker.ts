/**
 * The worker loop: `concurrency` lanes take claimed jobs from a local buffer and deliver
 * them through the pipeline; a lane that finds the buffer empty claims the next batch
 * of due jobs with a lease (one claim at a time per worker, shared by the lanes that
 * want it); when nothing is due, the lanes sleep until woken (a send committed in this
 * process, or, on PostgreSQL, a notification that one was committed in any process:
 * src/queue/notifications.ts) or the next poll.
 *
 * Why lanes claim instead of a batch-at-a-time loop: a loop that claims a batch and
 * waits for all of it before claiming again holds every message that arrives meanwhile
 * behind the slowest delivery of the batch (a relay's reconnect, a greylisting MX): at
 * a steady 100 sends a second that tail was the time to inbox. Here the next claim
 * happens as soon as one lane is out of work, while the others are still sending.
 *
 * Transactional work jumps the buffer. A claim takes due transactional jobs before any
 * bulk job (queue.ts, "Lanes"), but a claim happens only when the buffer runs dry, and
 * while a campaign delivers the buffer holds up to WORKER_BATCH_SIZE bulk jobs: a password
 * reset queued just after a claim waited for every one of them. So while the buffer holds
 * bulk work, a lane first looks for due transactional jobs alone, and puts what it finds at
 * the front of the buffer, whenever work was queued since the last look (the work signal: a
 * commit of this process, or on PostgreSQL of any process) or a poll interval has passed
 * since it (what other processes queue on SQLite). A look is the transactional lane's
 * claim: it reads that lane's partial index, which holds no bulk row, so it costs next to
 * nothing when nothing is due, and it happens per wake-up, never per delivery: bulk keeps
 * its pace. It takes only what a claim would have taken first anyway, so bulk waits no
 * longer than the lanes' order already says. One look at a time: the lane that looks
 * waits for it, the others go on with the buffer. What a look takes is leased, renewed
 * and released like the rest of the buffer.
 *
 * The worker is the lanes on the lease runner (src/queue/lease-runner.ts), which does the
 * start, the heartbeat, the wake-ups and the stop below; the runner's claims are the lanes'.
 *
 * Leases (src/queue/): the worker's heartbeat renews the lease of every job it holds,
 * started or still in the buffer, every third of WORKER_LEASE_SECONDS, so a lease can be
 * short and a worker that dies gives its rows back within one. At start, the worker
 * first takes back the rows that dead processes of this host still hold
 * (src/queue/dead-leases.ts): after kill -9 and a restart, the mail the dead process had
 * claimed goes out at once.
 *
 * A job is let go by the heartbeat once its outcome is recorded (or could not be, which
 * leaves it to its lease), or when it is released. A buffered job with less than half a
 * lease left (the renewals failed meanwhile) is released, never started: a delivery
 * never starts on a lease that may end before it does.
 *
 * Stopping (SIGTERM/SIGINT): no new claim and no new delivery; deliveries already
 * started finish and are recorded, and the jobs left in the buffer are released so
 * another worker can take them at once instead of waiting for their lease to run out.
 */
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DbHandle } from '../db/database.js';
import type { LeaseHeartbeat } from '../queue/lease-heartbeat.js';
import { LeaseRole, LeaseRunner } from '../queue/lease-runner.js';
import type { PgNotificationListener } from '../queue/notifications.js';
import { DELIVERY_PRIORITY } from './enqueue.js';
import type { BatchPipeline, Delivery } from './pipeline.js';
import { claimDueJobs, claimDueTransactionalJobs, deliveryQueue, type BulkCursor, type ClaimedJob, type JobClaim } from './queue.js';
import type { WorkSignal } from './work-signal.js';
import type { Clock } from '../lib/clock.js';

export interface WorkerOptions {
  batchSize: number;
  leaseMs: number;
  pollMs: number;
  concurrency: number;
  /**
   * WORKER_UNRECORDED_PER_LANE: deliveries a lane may have made, or be making, whose outcomes
   * are not committed yet (see `lane`). Default 2: one at the transport, one committing.
   */
  unrecordedPerLane?: number;
  /**
   * True while the API in this process is pressed (send-pressure.ts): then one delivery stays in
   * flight and the other lanes wait until it is not. Absent: always the full concurrency.
   */
  giveWay?: () => boolean;
  /** What claims and leases are timed by; default the system clock. */
  clock?: Clock;
}

/** How often lanes that give way look again whether the API still needs the CPU. */
const GIVE_WAY_CHECK_MS = 20;
/**
 * While the API is pressed, the first lane starts at most one delivery per this many ms (ten a
 * second), so delivery never stops. Why not one lane at its own pace: through a burst of sends
 * each of its deliveries had its compose and an outcome commit of its own (nothing to batch
 * with), and that cost the API a measurable share of its rate (docs/performance.md, "Send path").
 */
export const GIVE_WAY_START_MS = 100;

export class Worker extends LeaseRole {
  protected readonly runner: LeaseRunner;
  /** Where the next claim's bulk work starts (queue.ts, "Lanes"). */
  private readonly bulkCursor: BulkCursor = { lastAccount: '' };

  constructor(
    private readonly handle: DbHandle,
    private readonly pipeline: BatchPipeline,
    private readonly signal: WorkSignal,
    private readonly options: WorkerOptions,
    private readonly log: Logger,
    /** Wake-ups from other processes (PostgreSQL), started and closed with the worker. */
    notifications?: PgNotificationListener,
  ) {
    super();
    this.runner = new LeaseRunner(
      {
        role: 'worker',
        name: 'worker',
        queue: deliveryQueue,
        // A claim or renewal a power loss undoes only makes its jobs due again (database.ts `workerWrites`).
        db: handle.workerWrites,
        releaseDb: handle.db,
        leaseMs: options.leaseMs,
        pollMs: options.pollMs,
        wakeups: signal,
        clock: options.clock,
        ...(notifications ? { notifications } : {}),
      },
      { run: () => this.run(), drain: () => pipeline.drain() },
      log,
    );
  }

  private get stopping(): boolean {
    return this.runner.stopping;
  }

  private get heartbeat(): LeaseHeartbeat {
    return this.runner.heartbeat;
  }

  /** The lanes, from the runner's start until it stops; then what is left in the buffer is released. */
  private async run(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.concurrency }, (_, index) => this.lane(index)));
    // A claim (or a look) may have filled the buffer while the last lanes were finishing.
    await this.claiming;
    await this.looking;
    await this.release(this.buffer.splice(0).map((item) => item.id));
  }

  /** Claimed jobs not started yet, in claim order (what a look found first), each with its delivery task. */
  private readonly buffer: BufferedJob[] = [];
  /** The claim under way, shared by every lane that found the buffer empty; true if it found work. */
  private claiming: Promise<boolean> | undefined;
  /** The look for transactional work under way while the buffer holds bulk work (see the header). */
  private looking: Promise<void> | undefined;
  /** The work signal's count and the time when a claim or a look last read the transactional lane. */
  private lastLook = { notifications: -1, at: 0 };

  /**
   * One lane: the next buffered job, delivered; each lane has at most one delivery in the
   * transport, and at most `unrecordedPerLane` deliveries whose outcome is not committed,
   * that one included (pipeline.ts, "Recording is pipelined"). Why more than one: the
   * outcomes of all lanes commit together, and while a commit runs the lanes go on
   * sending. With one outcome per lane a commit carried at most WORKER_CONCURRENCY
   * outcomes, so on PostgreSQL, where a commit is a chain of round trips, delivery ran at
   * WORKER_CONCURRENCY per commit time; four per lane measured best (docs/performance.md,
   * "Delivery"). What this costs:
   * a crash can repeat that many deliveries per lane (sent, not yet recorded, so sent
   * again when the lease ends).
   *
   * While the API of this process is pressed (`giveWay`), every lane but the first waits
   * before its next delivery; the first goes on at one start per GIVE_WAY_START_MS, so
   * delivery never stops. Each looks again every GIVE_WAY_CHECK_MS, so all of them are back
   * at full speed within 20 ms of the meter seeing the pressure end.
   */
  private async lane(index: number): Promise<void> {
    // Outcomes handed to the group commit and not yet durable, oldest first.
    const uncommitted: Promise<void>[] = [];
    let lastStart = Number.NEGATIVE_INFINITY;
    try {
      while (!this.stopping) {
        if ((index > 0 || performance.now() - lastStart < GIVE_WAY_START_MS) && this.options.giveWay?.()) {
          await sleep(GIVE_WAY_CHECK_MS);
          continue;
        }
        const job = await this.next();
        if (!job) continue;
        lastStart = performance.now();
        let delivery: Delivery;
        try {
          delivery = await job.task();
        } catch (error) {
          // The pipeline defers what throws; this is a bug or the database away: the row waits for its lease.
          this.heartbeat.letGo([job.id]);
          this.log.error({ err: error, jobId: job.id }, 'delivery failed unrecorded; the job is retried when its lease ends');
          continue;
        }
        uncommitted.push(delivery.recorded.finally(() => this.heartbeat.letGo([job.id])));
        // Before the next delivery starts, at most unrecordedPerLane - 1 wait, so with it at most unrecordedPerLane.
        if (uncommitted.length >= (this.options.unrecordedPerLane ?? 2)) await uncommitted.shift();
      }
    } finally {
      await Promise.all(uncommitted.map((recorded) => recorded.catch(() => undefined)));
    }
  }

  /** The next job a lane may start, claiming when the buffer is empty; undefined: look again (stopping, or woken). */
  private async next(): Promise<BufferedJob | undefined> {
    for (;;) {
      if (this.stopping) return undefined;
      if (this.transactionalMayBeWaiting()) await this.lookForTransactional();
      const job = this.buffer.shift();
      if (job) {
        if (this.heartbeat.mayStart(job.id)) return job;
        await this.release([job.id]);
        continue;
      }
      let found: boolean;
      try {
        found = await (this.claiming ??= this.claim().finally(() => {
          this.claiming = undefined;
        }));
      } catch (error) {
        // The database may be briefly unreachable; claimed rows come back when their lease ends.
        this.log.error({ err: error }, 'worker claim failed; retrying shortly');
        await this.signal.wait(Math.min(this.options.pollMs, 1000));
        return undefined;
      }
      if (!found) {
        // Stopping during the claim: its rows are released already, and the lanes end now.
        if (!this.stopping) await this.runner.idle();
        return undefined;
      }
    }
  }

  /**
   * Whether transactional work may have become due behind bulk work in the buffer: the
   * buffer holds bulk work (claims put it last), work was queued since the last claim or
   * look, or a poll interval passed since it; and no claim or look is under way (a claim
   * takes transactional work first). A buffer of transactional work only is served in
   * order: a look would reorder nothing, and under a burst of sends it would only take
   * the database from the API.
   */
  private transactionalMayBeWaiting(): boolean {
    if (!this.buffer.at(-1)?.bulk || this.claiming || this.looking) return false;
    return this.signal.notifications !== this.lastLook.notifications || this.runner.clock.now() - this.lastLook.at >= this.options.pollMs;
  }

  /**
   * A claim of due jobs, every lane (transactional first) or the transactional lane alone (a
   * look), through the runner: leases held, delivery tasks loaded, the rows released if the
   * load fails (nothing was sent) or stop was asked meanwhile.
   */
  private async claimFromQueue(lanes: 'all' | 'transactional'): Promise<BufferedJob[]> {
    const claim = (holder: string) => {
      // Noted before the read, so that work signalled during it is looked for again.
      this.lastLook = { notifications: this.signal.notifications, at: this.runner.clock.now() };
      // A claim a power loss undoes only makes its jobs due again (database.ts `workerWrites`).
      const db = this.handle.workerWrites;
      const request: JobClaim = { holder, limit: this.options.batchSize, leaseMs: this.options.leaseMs, now: this.runner.clock.now() };
      return lanes === 'transactional'
        ? claimDueTransactionalJobs(db, this.handle.dialect, request)
        : claimDueJobs(db, this.handle.dialect, request, this.bulkCursor);
    };
    const taken = await this.runner.take(claim, async (jobs: ClaimedJob[]) => {
      const tasks = await this.pipeline.loadBatch(jobs);
      return jobs.map((job, k) => ({ id: job.id, task: tasks[k]!, bulk: job.priority === DELIVERY_PRIORITY.bulk }));
    });
    return taken.work;
  }

  /** Claims the due transactional jobs to the front of the buffer (see the header); a failure leaves them to the next claim. */
  private lookForTransactional(): Promise<void> {
    this.looking ??= (async () => {
      if (this.stopping) return;
      this.buffer.unshift(...(await this.claimFromQueue('transactional')));
    })()
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'looking for transactional work failed; the next claim takes it first');
      })
      .finally(() => {
        this.looking = undefined;
      });
    return this.looking;
  }

  /** Claims due jobs into the buffer; false when none was due. */
  private async claim(): Promise<boolean> {
    if (this.stopping) return false;
    const jobs = await this.claimFromQueue('all');
    if (jobs.length === 0) return false;
    this.buffer.push(...jobs);
    return true;
  }

  /** Gives rows back to the queue at once (not started: no attempt counted) and stops renewing them. */
  private release(ids: string[]): Promise<void> {
    return this.runner.release(ids);
  }
}

interface BufferedJob {
  id: string;
  task: () => Promise<Delivery>;
  bulk: boolean;
}

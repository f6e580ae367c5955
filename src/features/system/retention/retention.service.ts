/**
 * The purge: what outlives its retention period goes, in small batches, on the job runner.
 *
 * Each table's rows are cleared or deleted by the module that owns the table (the messages
 * store, the capture transport, the webhook log, the job queue); this service only says when
 * and how much. A batch is one short transaction, so a send waits at most one batch behind
 * it. Its size adapts (`nextStepSize`): the next batch asks for as many rows as fit in
 * `targetHoldMs` at the cost per row of the costliest recent one, at most twice as many and up
 * to `batchRows` (a 250 KB body frees far more pages than a 2 KB one). A run stops after
 * `budgetMs` and the next run goes on where it stopped.
 * On SQLite each batch's freed pages go back to the file system right after it, in vacuum
 * steps that adapt on their own: a step's cost grows with the number of free pages
 * (db/space.ts), so they must never pile up; what was free before the run goes at its end
 * (all of it there, the bodies first, when the list was long already).
 *
 * Message bodies go after `bodyDays` (an account's own setting first), message metadata
 * (messages, recipients, tags, events) after `metadataDays`, their event counts kept for
 * /stats (stats_daily).
 *
 * The task reschedules itself: each run queues the next one at the next multiple of the
 * interval, under an idempotency key made of that time, so however many processes run jobs
 * there is one purge per interval.
 */
import { setTimeout as pause } from 'node:timers/promises';
import type { Db, DbHandle, Dialect } from '../../../db/database.js';
import { freePages, giveBackPages } from '../../../db/space.js';
import { measureWriterHold } from '../../../db/writer-hold.js';
import type { PurgeObserver } from '../../../metrics/observers.js';
import { deleteEndedJobsBefore, enqueueJob, type TaskRegistry } from '../../../queue/jobs.js';
import { deleteCapturedBefore, deleteCapturedBeyond } from '../../../delivery/transports/capture.js';
import { accountsWithOwnBodyRetention } from '../../account/account.module.js';
import {
  deleteContentSigningKeysBefore,
  deleteEndedDeliveriesBefore,
  purgeBodiesBatch,
  purgeInboundBefore,
  purgeMetadataBatch,
} from '../../notify/notify.module.js';

export const PURGE_TASK = 'retention.purge';
const DAY_MS = 86_400_000;
/**
 * Pages one incremental_vacuum step gives back at most (2 KB pages: 512 KB); the steps start
 * at 64 and adapt, apart from the batches' rows (a batch of large bodies frees hundreds of
 * pages). Each moved page rewrites the pages that point to it as well, all of it one
 * commit's WAL.
 */
const VACUUM_STEP_PAGES = 256;
const FIRST_VACUUM_STEP_PAGES = 64;
const MIN_VACUUM_STEP_PAGES = 8;
/** Free pages from which a step costs several times what it does on a short list (2 KB pages: 100 MB). */
const LONG_FREELIST_PAGES = 50_000;
const FIRST_BATCH_ROWS = 16;
const MIN_BATCH_ROWS = 8;

/** How much the next batch or step asks to do (`nextStepSize`), between `min` and `max`. */
export interface StepSize {
  next: number;
  min: number;
  max: number;
  /** Milliseconds per row or page: the costliest of the recent ones, fading by half in about 140 batches. */
  cost?: number;
}

/**
 * How much of the cost estimate a batch keeps from the ones before it. Slow: the costly batches
 * came hundreds of batches apart, so an estimate that forgot them sooner grew back to the size
 * that held too long before the next one came.
 */
const COST_MEMORY = 0.995;

/**
 * The next batch or step, from what the last one did and held: as many rows or pages as fit in
 * the target at the cost estimate, at most twice what it asked.
 * - Sized by what it did, not what it asked: a vacuum step moves only the pages free, so one
 *   that asked 256 and moved 40 quickly says little about 256. One that did nothing says nothing.
 * - The estimate is the costliest recent batch's, not the last one's: a batch of 128 bodies
 *   that held the writer under 3 ms was followed by one of 256 that held it 47 ms, so a quick
 *   batch alone does not double the next.
 * - Rounded down to a power of two: a batch's SQL names each of its rows, so every size is a
 *   statement of its own for SQLite to parse and to keep among the connection's cached ones.
 */
export function nextStepSize(size: StepSize, asked: number, done: number, heldMs: number, targetHoldMs: number): StepSize {
  if (done <= 0) return size;
  const cost = Math.max(heldMs / done, (size.cost ?? 0) * COST_MEMORY);
  const fits = Math.floor(targetHoldMs / Math.max(cost, 0.001));
  const next = Math.min(size.max, asked * 2, fits);
  return { ...size, cost, next: Math.max(size.min, next === size.max ? next : 2 ** Math.floor(Math.log2(Math.max(next, 1)))) };
}

export interface RetentionSettings {
  captureDays: number;
  captureMaxRows: number;
  webhookLogDays: number;
  jobsDays: number;
  /** RETENTION_BODY_DAYS: an account without its own setting. */
  bodyDays: number;
  metadataDays: number;
  intervalMs: number;
  batchRows: number;
  /** A run stops starting batches after this long; the next run goes on. */
  budgetMs?: number;
  /** A batch that took longer makes the next one half as big. */
  targetHoldMs?: number;
}

/** Rows a run deleted or cleared, by what they were, and how long its longest batch held the database. */
export interface PurgeReport {
  captured: number;
  webhookCalls: number;
  jobs: number;
  /** Messages whose body was cleared. */
  bodies: number;
  /** Messages deleted with their recipients, tags and events. */
  messages: number;
  /** Received (inbound) messages deleted, their raw message and attachments with them, after the body retention. */
  inbound: number;
  /** Signing keys fixed for campaign copies (delivery/compose.ts), deleted after the longest body retention. */
  signingKeys: number;
  /** SQLite pages given back to the file system (0 on PostgreSQL). */
  pagesFreed: number;
  /** The longest single batch (one transaction or one vacuum step), milliseconds. */
  longestHoldMs: number;
  /** False when the run ran out of its time budget with more to delete. */
  complete: boolean;
}

export type Counted = Exclude<keyof PurgeReport, 'complete' | 'longestHoldMs'>;
/** One batch: what it counts in the report, and how many rows it looked at (fewer than asked: nothing more to do). */
type Batch = (limit: number) => Promise<number | { counted: number; examined: number }>;

export class RetentionPurge {
  constructor(
    private readonly db: Db,
    private readonly settings: RetentionSettings,
    private readonly clock: { now(): number } = Date,
    private readonly options: {
      dialect?: Dialect;
      /**
       * Where the body batches and the vacuum steps write (database.ts `workerWrites`): in one
       * trip, and on SQLite without waiting for the disk. `db` when not given.
       */
      writes?: Db;
      /** Runs the purge with SQLite's checkpoints beside the writer (database.ts `checkpointsAside`). */
      checkpointsAside?: DbHandle['checkpointsAside'];
      /** Reads the pages a vacuum step moves before it, outside its hold (database.ts `readFileTail`). */
      readFileTail?: DbHandle['readFileTail'];
      /** Told of every batch and vacuum step, and of each run's end (the metrics). */
      observer?: PurgeObserver;
    } = {},
  ) {}

  /** As the server runs it: writes through the worker's lending, checkpoints aside (database.ts). */
  static of(handle: DbHandle, settings: RetentionSettings, clock: { now(): number }, observer?: PurgeObserver): RetentionPurge {
    return new RetentionPurge(handle.db, settings, clock, {
      dialect: handle.dialect,
      writes: handle.workerWrites,
      checkpointsAside: handle.checkpointsAside,
      readFileTail: handle.readFileTail,
      observer,
    });
  }

  /**
   * The last message the metadata purge looked at in this run: a campaign's copies stay, and
   * the next batch goes on after them instead of reading them again.
   */
  private metadataCursor: string | undefined;

  /**
   * Each kind's batch size and cost estimate (`nextStepSize`), kept from run to run: a run lasts
   * seconds, and its costly batches come hundreds apart.
   */
  private readonly sizes = new Map<Counted, StepSize>();

  /** The run under way in this process, if any. */
  private running: Promise<PurgeReport> | undefined;

  /**
   * Runs the purge, or joins the run already under way: with an interval shorter than a run,
   * the next job comes due while one runs, and two runs would share one cursor and one writer.
   */
  run(): Promise<PurgeReport> {
    this.running ??= this.runOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runOnce(): Promise<PurgeReport> {
    // Its batches and vacuum steps write hundreds of WAL pages each, so their commits often
    // cross SQLite's checkpoint threshold: a checkpoint inside one holds the writer too.
    const aside = this.options.checkpointsAside ?? ((work) => work());
    const report = await aside(() => this.purge());
    const { complete, longestHoldMs: _, ...removed } = report;
    this.options.observer?.purgeRunEnded(removed, complete);
    return report;
  }

  private async purge(): Promise<PurgeReport> {
    const now = this.clock.now();
    // Each run starts from the beginning: a message kept back because a recipient was still
    // waiting (a send scheduled far ahead) may go now.
    this.metadataCursor = undefined;
    const { captureDays, captureMaxRows, webhookLogDays, jobsDays, bodyDays, metadataDays, batchRows } = this.settings;
    const deadline = now + (this.settings.budgetMs ?? 10_000);
    // Well below the longest hold allowed (50 ms): on a busy machine the same batch can take
    // several times as long. On PostgreSQL a batch is timed from here, its round trips
    // included, and holds no single writer, only its rows.
    const targetHoldMs = this.settings.targetHoldMs ?? (this.options.dialect === 'sqlite' ? 6 : 25);
    const report: PurgeReport = {
      captured: 0,
      webhookCalls: 0,
      jobs: 0,
      bodies: 0,
      messages: 0,
      inbound: 0,
      signingKeys: 0,
      pagesFreed: 0,
      longestHoldMs: 0,
      complete: true,
    };
    const own = await accountsWithOwnBodyRetention(this.db);
    const longestBodyDays = Math.max(bodyDays, ...own.map((a) => a.days));
    const writes = this.options.writes ?? this.db;
    const steps: [Counted, Batch][] = [
      ['captured', (limit) => deleteCapturedBefore(this.db, now - captureDays * DAY_MS, limit)],
      ['captured', (limit) => deleteCapturedBeyond(this.db, captureMaxRows, limit)],
      ['webhookCalls', (limit) => deleteEndedDeliveriesBefore(this.db, now - webhookLogDays * DAY_MS, limit)],
      ['jobs', (limit) => deleteEndedJobsBefore(this.db, now - jobsDays * DAY_MS, limit)],
      ...own.map(({ id, days }): [Counted, Batch] => [
        'bodies',
        (limit) => purgeBodiesBatch(this.db, writes, { accountId: id }, now - days * DAY_MS, limit, now),
      ]),
      ['bodies', (limit) => purgeBodiesBatch(this.db, writes, { exceptAccounts: own.map((a) => a.id) }, now - bodyDays * DAY_MS, limit, now)],
      // A received message is its body (the raw message and its attachments): it goes when bodies do.
      ['inbound', (limit) => purgeInboundBefore(this.db, now - bodyDays * DAY_MS, limit)],
      // A key fixed for campaign copies (a private key) is kept while any body it signed may be: the longest retention, and a day for the day it covers.
      ['signingKeys', () => deleteContentSigningKeysBefore(this.db, Math.floor((now - longestBodyDays * DAY_MS) / DAY_MS) - 1)],
      [
        'messages',
        async (limit) => {
          const batch = await purgeMetadataBatch(this.db, writes, now - metadataDays * DAY_MS, limit, this.metadataCursor);
          if (batch.last !== undefined) this.metadataCursor = batch.last;
          return { counted: batch.deleted, examined: batch.examined };
        },
      ],
    ];
    // Small at first: the first batch of large bodies must not be the one that holds too long.
    // Never below the minimum: on a loaded machine even one row can take the target, and
    // one-row transactions would make the purge too slow to keep up. Each kind of batch has
    // its own size: a row of the capture inbox costs little beside a message and its events.
    const sizeOf = (what: Counted, first: StepSize): StepSize => {
      if (!this.sizes.has(what)) this.sizes.set(what, first);
      return this.sizes.get(what)!;
    };
    const firstRows: StepSize = { next: Math.min(batchRows, FIRST_BATCH_ROWS), min: Math.min(batchRows, MIN_BATCH_ROWS), max: batchRows };
    const pages = sizeOf('pagesFreed', { next: FIRST_VACUUM_STEP_PAGES, min: MIN_VACUUM_STEP_PAGES, max: VACUUM_STEP_PAGES });
    const timed = async (what: Counted, batch: Batch, size: StepSize): Promise<{ counted: number; examined: number }> => {
      const asked = size.next;
      // What the batch held the writer, measured where the writer is (db/writer-hold.ts): not
      // its reads outside the transaction, its wait for the lock, nor this event loop's turns.
      const { result, heldMs: held } = await measureWriterHold(() => batch(asked));
      const done = typeof result === 'number' ? { counted: result, examined: result } : result;
      this.options.observer?.purgeStep(what, held, asked);
      // As long again for everyone else: the sends that waited behind this batch go first.
      await pause(Math.min(held, 100));
      report.longestHoldMs = Math.max(report.longestHoldMs, held);
      Object.assign(size, nextStepSize(size, asked, done.examined, held, targetHoldMs));
      return done;
    };
    // Pages free before the run stay on the list until its end: the batches' own go back first.
    // When the list is already long (a file from before this was done), each step is slow
    // whatever it gives back, and the bodies go first as they did.
    const keep = this.options.dialect === 'sqlite' ? await freePages(writes, 'sqlite') : 0;
    const asItGoes = this.options.dialect === 'sqlite' && keep <= LONG_FREELIST_PAGES;
    /** Gives back the free pages beyond the first `kept`; false when the run's time is up first. */
    const giveBack = async (kept: number): Promise<boolean> => {
      // Known before each step: a step with nothing to write would be timed whole (writer-hold.ts).
      let free = await freePages(writes, 'sqlite');
      while (free > kept) {
        if (this.clock.now() > deadline) return false;
        const step = async (n: number) => {
          // Only a read ahead: the step reads what it needs anyway if this fails.
          await this.options.readFileTail?.(n).catch(() => 0);
          const { given, free: left } = await giveBackPages(writes, 'sqlite', n, kept);
          free = left;
          return given;
        };
        const given = (await timed('pagesFreed', step, pages)).counted;
        report.pagesFreed += given;
        // A file not yet in incremental mode gives nothing back.
        if (given === 0) return true;
      }
      return true;
    };
    for (const [what, batch] of steps) {
      const rows = sizeOf(what, { ...firstRows });
      for (;;) {
        if (this.clock.now() > deadline) return { ...report, complete: false };
        const size = rows.next;
        const done = await timed(what, batch, rows);
        report[what] += done.counted;
        if (asItGoes && !(await giveBack(keep))) return { ...report, complete: false };
        if (done.examined < size) break;
      }
    }
    if (this.options.dialect === 'sqlite' && !(await giveBack(0))) return { ...report, complete: false };
    return report;
  }

  /** Queues the run due at the next multiple of the interval (once, whoever asks). */
  scheduleNext(db: Db = this.db): Promise<boolean> {
    const now = this.clock.now();
    const runAt = (Math.floor(now / this.settings.intervalMs) + 1) * this.settings.intervalMs;
    return enqueueJob(db, { task: PURGE_TASK, payload: null, key: `${PURGE_TASK}:${runAt}`, runAt, maxAttempts: 3 }, now);
  }
}

/** The purge as a task of the job runner; each run first queues the next, so a failed run breaks no chain. */
export function registerRetentionTask(tasks: TaskRegistry, purge: RetentionPurge): void {
  tasks.registerTask(PURGE_TASK, async () => {
    await purge.scheduleNext();
    await purge.run();
  });
}

/** The settings from the configuration. */
export function retentionSettings(config: {
  retentionCaptureDays: number;
  captureInboxMaxRows: number;
  retentionWebhookLogDays: number;
  retentionJobsDays: number;
  retentionBodyDays: number;
  retentionMetadataDays: number;
  purgeIntervalSeconds: number;
  purgeBatchRows: number;
}): RetentionSettings {
  return {
    captureDays: config.retentionCaptureDays,
    captureMaxRows: config.captureInboxMaxRows,
    webhookLogDays: config.retentionWebhookLogDays,
    jobsDays: config.retentionJobsDays,
    bodyDays: config.retentionBodyDays,
    metadataDays: config.retentionMetadataDays,
    intervalMs: config.purgeIntervalSeconds * 1000,
    batchRows: config.purgeBatchRows,
  };
}

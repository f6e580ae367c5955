/**
 * The purge: what outlives its retention period goes, in small batches, on the job runner.
 *
 * Each table's rows are deleted by the module that owns the table (the capture transport,
 * the webhook log, the job queue); this service only says when and how much. A batch is one
 * DELETE of at most `batchRows` rows, its own short transaction, so a send waits at most one
 * batch behind it. A run stops after `budgetMs` and the next run goes on where it stopped.
 *
 * The task reschedules itself: each run queues the next one at the next multiple of the
 * interval, under an idempotency key made of that time, so however many processes run jobs
 * there is one purge per interval.
 */
import type { Db } from '../../../db/database.js';
import { deleteEndedJobsBefore, enqueueJob, type TaskRegistry } from '../../../queue/jobs.js';
import { deleteCapturedBefore, deleteCapturedBeyond } from '../../../delivery/transports/capture.js';
import { deleteEndedDeliveriesBefore } from '../../notify/notify.module.js';

export const PURGE_TASK = 'retention.purge';
const DAY_MS = 86_400_000;

export interface RetentionSettings {
  captureDays: number;
  captureMaxRows: number;
  webhookLogDays: number;
  jobsDays: number;
  intervalMs: number;
  batchRows: number;
  /** A run stops starting batches after this long; the next run goes on. */
  budgetMs?: number;
}

/** Rows deleted by one run, by what they were. */
export interface PurgeReport {
  captured: number;
  webhookCalls: number;
  jobs: number;
  /** False when the run ran out of its time budget with more to delete. */
  complete: boolean;
}

type Batch = (db: Db, limit: number) => Promise<number>;

export class RetentionPurge {
  constructor(
    private readonly db: Db,
    private readonly settings: RetentionSettings,
    private readonly clock: { now(): number } = Date,
  ) {}

  async run(): Promise<PurgeReport> {
    const now = this.clock.now();
    const { captureDays, captureMaxRows, webhookLogDays, jobsDays, batchRows } = this.settings;
    const deadline = now + (this.settings.budgetMs ?? 10_000);
    const report: PurgeReport = { captured: 0, webhookCalls: 0, jobs: 0, complete: true };
    const steps: [keyof Omit<PurgeReport, 'complete'>, Batch][] = [
      ['captured', (db, limit) => deleteCapturedBefore(db, now - captureDays * DAY_MS, limit)],
      ['captured', (db, limit) => deleteCapturedBeyond(db, captureMaxRows, limit)],
      ['webhookCalls', (db, limit) => deleteEndedDeliveriesBefore(db, now - webhookLogDays * DAY_MS, limit)],
      ['jobs', (db, limit) => deleteEndedJobsBefore(db, now - jobsDays * DAY_MS, limit)],
    ];
    for (const [what, batch] of steps) {
      for (;;) {
        if (this.clock.now() > deadline) return { ...report, complete: false };
        const deleted = await batch(this.db, batchRows);
        report[what] += deleted;
        if (deleted < batchRows) break;
      }
    }
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
  purgeIntervalSeconds: number;
  purgeBatchRows: number;
}): RetentionSettings {
  return {
    captureDays: config.retentionCaptureDays,
    captureMaxRows: config.captureInboxMaxRows,
    webhookLogDays: config.retentionWebhookLogDays,
    jobsDays: config.retentionJobsDays,
    intervalMs: config.purgeIntervalSeconds * 1000,
    batchRows: config.purgeBatchRows,
  };
}

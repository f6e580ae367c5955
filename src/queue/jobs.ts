/**
 * The generic job runner: background work that is not a delivery (imports, campaign
 * dispatch, scheduled work to come) as rows of `jobs` on the shared lease queue.
 *
 *   enqueueJob(db, { task, payload, key })   in the caller's transaction; a job whose
 *                                             idempotency key exists already is not queued
 *                                             again (the row is kept after the job ends,
 *                                             so the key keeps saying so)
 *   registerTask(name, handler, { onFailed }) what runs a task, and what its owner does
 *                                             when one of its jobs fails for good; a runner
 *                                             runs the tasks of its registry
 *   JobRunner                                claims due jobs (priority, then run_at) on the
 *                                             lease runner (lease-runner.ts: lease renewed
 *                                             while the handler runs, the jobs of dead
 *                                             processes taken back at start), and records
 *                                             the end: done; or failed with `last_error` and
 *                                             retried after backoff.ts's delay, until
 *                                             `max_attempts`, then failed for good
 *   PermanentJobError                        a failure no retry can fix (the work itself is
 *                                             impossible, not the moment): failed for good at
 *                                             once, without the retries
 *
 * A job failed for good is recorded in one transaction with its task's `onFailed`, so the
 * feature that queued it (a campaign, an import) shows `failed` with the reason, and tells
 * whom it tells, exactly when the job ends: never a job ended with its owner still waiting.
 * The queue knows nothing of those owners; each task says what failing means for it.
 *
 * A handler may run more than once for one job (its process died after the work, before
 * the record): at-least-once, like deliveries. Handlers make their effects idempotent.
 * A job of a task this process has no handler for counts as a failed attempt: another
 * version of the program may know it, and the retries leave time for it to run.
 */
import type { Logger } from 'pino';
import type { DbHandle, DbOrTrx } from '../db/database.js';
import { retryDelayMs } from './backoff.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { LeaseQueue, type ClaimedRow } from './lease-queue.js';
import { LeaseRole, LeaseRunner, SlotLoop, type SlotHandler } from './lease-runner.js';
import { WorkSignal } from './work-signal.js';

export interface JobToQueue {
  task: string;
  payload: unknown;
  /** Enqueueing a second job with this key does nothing. */
  key?: string;
  /** Not before (default: now). */
  runAt?: number;
  /** Lower first (default 0). */
  priority?: number;
  /** Attempts before the job is failed for good (default 10). */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** Queues a job in the caller's transaction; false when its key was queued before. */
export async function enqueueJob(db: DbOrTrx, job: JobToQueue, now = systemClock.now()): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values({
      id: newId(now),
      task: job.task,
      payload: JSON.stringify(job.payload ?? null),
      idempotency_key: job.key ?? null,
      run_at: job.runAt ?? now,
      priority: job.priority ?? 0,
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      locked_by: null,
      locked_until: null,
      last_error: null,
      done_at: null,
      failed_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface JobContext {
  jobId: string;
  /** This attempt, from 1. */
  attempt: number;
}

export type TaskHandler = (payload: any, context: JobContext) => Promise<void>;

/**
 * Thrown by a handler when retrying cannot help (the input is impossible: a segment beyond
 * its bounds, a file that is not CSV): the job fails for good at once with this message as
 * its reason. The message is shown to the account (API, dashboard, the owner's mail): say
 * what is wrong and what to change, in words a user can act on.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export interface JobFailure {
  jobId: string;
  /** Attempts made, this one included. */
  attempts: number;
  /** The last error's message. */
  reason: string;
  /** True: a PermanentJobError; false: the attempts ran out. */
  permanent: boolean;
}

/**
 * A task's owner recording that one of its jobs failed for good (its own `failed` state and
 * reason, a notice): runs in the transaction that ends the job, once per job. Throwing
 * rolls both back: the job's lease then runs out and it is tried again.
 */
export type TaskFailureHook = (trx: DbOrTrx, payload: any, failure: JobFailure) => Promise<void>;

export interface TaskOptions {
  onFailed?: TaskFailureHook;
}

interface Task {
  run: TaskHandler;
  onFailed?: TaskFailureHook;
}

export class TaskRegistry {
  private readonly tasks = new Map<string, Task>();

  registerTask(name: string, handler: TaskHandler, options: TaskOptions = {}): void {
    if (this.tasks.has(name)) throw new Error(`task ${name} is registered twice`);
    this.tasks.set(name, { run: handler, ...options });
  }

  handlerOf(name: string): TaskHandler | undefined {
    return this.tasks.get(name)?.run;
  }

  failureHookOf(name: string): TaskFailureHook | undefined {
    return this.tasks.get(name)?.onFailed;
  }
}

interface ClaimedJob extends ClaimedRow {
  task: string;
  payload: string;
  max_attempts: number;
}

export const jobQueue = new LeaseQueue<ClaimedJob>('jobs', ['task', 'payload', 'max_attempts'], {
  due: (q) => q.where('jobs.done_at', 'is', null).where('jobs.failed_at', 'is', null),
  order: (q) => q.orderBy('jobs.priority').orderBy('jobs.run_at'),
});

export interface JobRunnerOptions {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  /** The wait before the first retry; it doubles per attempt (backoff.ts). */
  firstRetryMs: number;
  /** Claims, leases and retry times; default the system clock. */
  clock?: Clock;
}

/** Runs the jobs of a task registry on the lease runner (lease-runner.ts), a slot per job in flight. */
export class JobRunner extends LeaseRole {
  protected readonly runner: LeaseRunner;

  constructor(
    private readonly handle: DbHandle,
    private readonly tasks: TaskRegistry,
    private readonly options: JobRunnerOptions,
    private readonly log: Logger,
  ) {
    super();
    const handler: SlotHandler<ClaimedJob, ClaimedJob> = {
      claim: (holder, limit) => jobQueue.claim(handle.db, handle.dialect, { holder, limit, leaseMs: options.leaseMs, now: this.clock.now() }),
      prepare: async (jobs) => jobs,
      perform: (job) => this.runJob(job),
    };
    this.runner = new LeaseRunner(
      {
        role: 'jobs',
        name: 'job runner',
        queue: jobQueue,
        db: handle.db,
        leaseMs: options.leaseMs,
        pollMs: options.pollMs,
        wakeups: new WorkSignal(),
        clock: options.clock,
      },
      new SlotLoop(handler, options.concurrency),
      log,
    );
  }

  private get clock(): Clock {
    return this.options.clock ?? systemClock;
  }

  /** One attempt and its record; never throws (a failure to record leaves the lease to run out). */
  private async runJob(job: ClaimedJob): Promise<void> {
    let error: string | null = null;
    let permanent = false;
    try {
      const handler = this.tasks.handlerOf(job.task);
      if (!handler) throw new Error(`no handler for task ${job.task} in this process`);
      await handler(JSON.parse(job.payload), { jobId: job.id, attempt: job.attempts });
    } catch (e) {
      error = (e as Error)?.message ?? String(e);
      permanent = e instanceof PermanentJobError;
    }
    const at = this.clock.now();
    try {
      if (error === null) await jobQueue.settle(this.handle.db, job.id, this.runner.id, { done_at: at, last_error: null });
      else if (permanent || job.attempts >= job.max_attempts)
        await this.fail(job, { jobId: job.id, attempts: job.attempts, reason: error.slice(0, 1000), permanent }, at);
      else await jobQueue.reschedule(this.handle.db, job.id, at + retryDelayMs(job.attempts, Math.random, this.options.firstRetryMs), error, this.runner.id);
      if (error !== null)
        this.log.warn({ jobId: job.id, task: job.task, attempt: job.attempts, permanent, error }, permanent ? 'job failed for good' : 'job failed');
    } catch (e) {
      this.log.error({ err: e, jobId: job.id }, "could not record a job's end; it runs again when its lease ends");
    }
  }

  /**
   * Failed for good, with the task's owner told in the same transaction (only while the job is
   * still this runner's). A hook that throws would roll the failure back, and the job would run
   * again at every lease's end for ever: it is then failed without its hook, and logged.
   */
  private async fail(job: ClaimedJob, failure: JobFailure, at: number): Promise<void> {
    const onFailed = this.tasks.failureHookOf(job.task);
    const settle = (db: DbOrTrx) => jobQueue.settle(db, job.id, this.runner.id, { failed_at: at, last_error: failure.reason });
    try {
      await this.handle.db.transaction().execute(async (trx) => {
        if ((await settle(trx)) && onFailed) await onFailed(trx, JSON.parse(job.payload), failure);
      });
    } catch (error) {
      if (!onFailed) throw error;
      this.log.error({ err: error, jobId: job.id, task: job.task }, "the task's failure hook failed; the job is failed without it");
      await settle(this.handle.db);
    }
  }
}

/** Deletes up to `limit` jobs that ended (done or failed for good) before `before` (ms); answers how many went. */
export async function deleteEndedJobsBefore(db: DbOrTrx, before: number, limit: number): Promise<number> {
  const ended = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb('done_at', '<', before), eb('failed_at', '<', before)]))
    .limit(limit);
  const result = await db.deleteFrom('jobs').where('id', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
}

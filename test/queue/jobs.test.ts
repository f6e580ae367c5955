/**
 * The generic job runner (src/queue/jobs.ts) against a real database: tasks run once,
 * failures are retried after backoff with their error kept and end failed after
 * max_attempts, a PermanentJobError ends a job failed at once, the task's failure hook
 * hears of every job failed for good, a dead process's job is taken back at start, and an
 * idempotency key queues a job once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enqueueJob, jobQueue, JobRunner, PermanentJobError, TaskRegistry } from '../../src/queue/jobs.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually } from '../helpers/app.js';
import { claimForDeadProcess, jobsQueueSuite } from '../helpers/jobs-queue.js';

const FIRST_RETRY_MS = 200;

for (const dialect of DIALECTS) {
  describe(`job runner [${dialect}]`, () => {
    const suite = jobsQueueSuite(dialect);
    const { runners, jobOf } = suite;

    const startRunner = (tasks: TaskRegistry) => {
      const runner = new JobRunner(
        suite.handle,
        tasks,
        { concurrency: 2, leaseMs: 30_000, pollMs: 20, firstRetryMs: FIRST_RETRY_MS },
        suite.app.runtime.logger,
      );
      runners.push(runner);
      runner.start();
      return runner;
    };

    it('a task runs once with its payload, and its job is done', async () => {
      const runs: unknown[] = [];
      const tasks = new TaskRegistry();
      tasks.registerTask('greet', async (payload) => {
        runs.push(payload);
      });
      tasks.registerTask('mark', async () => {});
      await enqueueJob(suite.db, { task: 'greet', payload: { name: 'Ann' }, key: 'greet-1' });
      startRunner(tasks);
      await eventually(async () => ((await jobOf('greet-1')).done_at !== null ? true : undefined), 10_000, 'the job done');
      // A later job running shows the runner went on without running the first again.
      await enqueueJob(suite.db, { task: 'mark', payload: null, key: 'mark-1' });
      await eventually(async () => ((await jobOf('mark-1')).done_at !== null ? true : undefined), 10_000, 'the second job done');
      assert.deepEqual(runs, [{ name: 'Ann' }]);
      const row = await jobOf('greet-1');
      assert.equal(row.attempts, 1);
      assert.equal(row.locked_by, null);
      assert.equal(row.failed_at, null);
    });

    it('a failing task is retried after backoff with its error kept, and succeeds later', async () => {
      const attempts: number[] = [];
      const failedAt: number[] = [];
      const tasks = new TaskRegistry();
      tasks.registerTask('flaky', async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) {
          failedAt.push(Date.now());
          throw new Error(`relay busy (attempt ${attempt})`);
        }
      });
      await enqueueJob(suite.db, { task: 'flaky', payload: {}, key: 'flaky-1' });
      startRunner(tasks);
      await eventually(
        async () => ((await jobOf('flaky-1')).attempts === 1 && (await jobOf('flaky-1')).locked_by === null ? true : undefined),
        10_000,
        'the first failure recorded',
      );
      const afterFirst = await jobOf('flaky-1');
      assert.equal(afterFirst.last_error, 'relay busy (attempt 1)');
      assert.ok(afterFirst.run_at >= failedAt[0]! + 0.8 * FIRST_RETRY_MS, 'the retry waits the first backoff delay');
      await eventually(async () => ((await jobOf('flaky-1')).done_at !== null ? true : undefined), 10_000, 'the job done');
      assert.deepEqual(attempts, [1, 2, 3]);
      assert.equal((await jobOf('flaky-1')).attempts, 3);
    });

    it('a task failing max_attempts times ends failed with its last error, and its owner is told once', async () => {
      const told: unknown[] = [];
      const tasks = new TaskRegistry();
      tasks.registerTask(
        'doomed',
        async (_p, { attempt }) => {
          throw new Error(`no (${attempt})`);
        },
        {
          onFailed: async (_trx, payload, failure) => {
            told.push({ payload, ...failure });
          },
        },
      );
      await enqueueJob(suite.db, { task: 'doomed', payload: { importId: 'i1' }, key: 'doomed-1', maxAttempts: 2 });
      startRunner(tasks);
      const row = await eventually(
        async () => {
          const r = await jobOf('doomed-1');
          return r.failed_at !== null ? r : undefined;
        },
        10_000,
        'the job failed',
      );
      assert.equal(row.attempts, 2);
      assert.equal(row.last_error, 'no (2)');
      assert.equal(row.done_at, null);
      assert.equal(row.locked_by, null);
      assert.deepEqual(told, [{ payload: { importId: 'i1' }, jobId: row.id, attempts: 2, reason: 'no (2)', permanent: false }]);
    });

    it('a PermanentJobError fails the job at its first attempt, without retries, and its owner records the failure in the same transaction', async () => {
      const runs: number[] = [];
      const tasks = new TaskRegistry();
      tasks.registerTask(
        'impossible',
        async (_p, { attempt }) => {
          runs.push(attempt);
          throw new PermanentJobError('the segment is beyond its bounds');
        },
        {
          onFailed: async (trx, payload: { key: string }, failure) => {
            // Written through the transaction that fails the job: a job of its own records what it was told.
            await enqueueJob(trx, { task: 'told', payload: failure, key: `${payload.key}-told`, runAt: Number.MAX_SAFE_INTEGER });
          },
        },
      );
      await enqueueJob(suite.db, { task: 'impossible', payload: { key: 'impossible-1' }, key: 'impossible-1', maxAttempts: 5 });
      startRunner(tasks);
      const row = await eventually(
        async () => {
          const r = await jobOf('impossible-1');
          return r.failed_at !== null ? r : undefined;
        },
        10_000,
        'the job failed',
      );
      assert.deepEqual([row.attempts, row.last_error, row.locked_by, row.done_at], [1, 'the segment is beyond its bounds', null, null]);
      assert.deepEqual(JSON.parse((await jobOf('impossible-1-told')).payload), {
        jobId: row.id,
        attempts: 1,
        reason: 'the segment is beyond its bounds',
        permanent: true,
      });
      // Long past the first retry's delay, it has not run again.
      await enqueueJob(suite.db, { task: 'mark', payload: null, key: 'mark-after', runAt: Date.now() + 3 * FIRST_RETRY_MS });
      tasks.registerTask('mark', async () => {});
      await eventually(async () => ((await jobOf('mark-after')).done_at !== null ? true : undefined), 10_000, 'a later job done');
      assert.deepEqual(runs, [1]);
    });

    it('a job whose failure hook throws still ends failed (without the hook), not left to run again when its lease ends', async () => {
      const tasks = new TaskRegistry();
      tasks.registerTask(
        'hook-throws',
        async () => {
          throw new PermanentJobError('cannot be done');
        },
        {
          onFailed: async () => {
            throw new Error('the owner could not be told');
          },
        },
      );
      await enqueueJob(suite.db, { task: 'hook-throws', payload: null, key: 'hook-throws-1' });
      startRunner(tasks);
      const row = await eventually(
        async () => {
          const r = await jobOf('hook-throws-1');
          return r.failed_at !== null ? r : undefined;
        },
        10_000,
        'the job failed',
      );
      assert.deepEqual([row.attempts, row.last_error, row.locked_by, row.done_at], [1, 'cannot be done', null, null]);
    });

    it('a job whose process died is taken back at start, not when its lease ends', async () => {
      await enqueueJob(suite.db, { task: 'resume', payload: { n: 1 }, key: 'resume-1' });
      // Claimed by a process of this host that has exited since, with a long lease.
      assert.ok(await claimForDeadProcess(suite));
      const runs: number[] = [];
      const tasks = new TaskRegistry();
      tasks.registerTask('resume', async (_p, { attempt }) => {
        runs.push(attempt);
      });
      startRunner(tasks);
      await eventually(async () => ((await jobOf('resume-1')).done_at !== null ? true : undefined), 10_000, 'the job done');
      assert.deepEqual(runs, [2], "the dead process's claim counted as the first attempt");
    });

    it('enqueueing a job with a key already queued (or done) does nothing', async () => {
      assert.equal(await enqueueJob(suite.db, { task: 'once', payload: { v: 1 }, key: 'once-1' }), true);
      assert.equal(await enqueueJob(suite.db, { task: 'once', payload: { v: 2 }, key: 'once-1' }), false);
      const rows = await suite.db.selectFrom('jobs').selectAll().where('task', '=', 'once').execute();
      assert.equal(rows.length, 1);
      assert.deepEqual(JSON.parse(rows[0]!.payload), { v: 1 });
      const tasks = new TaskRegistry();
      let runs = 0;
      tasks.registerTask('once', async () => {
        runs++;
      });
      startRunner(tasks);
      await eventually(async () => ((await jobOf('once-1')).done_at !== null ? true : undefined), 10_000, 'the job done');
      assert.equal(await enqueueJob(suite.db, { task: 'once', payload: { v: 3 }, key: 'once-1' }), false, 'a done job keeps its key');
      assert.equal(runs, 1);
      assert.equal((await suite.db.selectFrom('jobs').select('id').where('task', '=', 'once').execute()).length, 1);
    });

    it('a task registered twice is refused', () => {
      const tasks = new TaskRegistry();
      tasks.registerTask('twice', async () => {});
      assert.throws(() => tasks.registerTask('twice', async () => {}), /registered twice/);
    });
  });
}

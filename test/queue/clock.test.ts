/**
 * The clock seam (src/lib/clock.ts) where it decides what runs: a job runner on a clock the
 * test moves (helpers/clock.ts), against a real database. A lease another holder took is
 * honoured until the clock passes its end, then the job is taken over; a failed job waits
 * for its retry time on that clock, not on the wall clock. The windows of the rate limits,
 * the scanner window of tracking and the minimum fill time of forms are moved the same way
 * by their own tests (features/rate-limit, tracking, marketing-forms), and pacing by
 * delivery/pacing.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enqueueJob, jobQueue, JobRunner, TaskRegistry } from '../../src/queue/jobs.js';
import { holderId } from '../../src/queue/holder-id.js';
import { eventually } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';
import { jobsQueueSuite } from '../helpers/jobs-queue.js';

const LEASE_MS = 30_000;
/** Far longer than a test runs: only a moved clock can make a retry due. */
const FIRST_RETRY_MS = 600_000;

/** A holder of another host: alive as far as this one can tell, so its leases are never taken back early. */
function elsewhere(): string {
  const parts = holderId('jobs').split(':');
  parts[0] = 'another-host.example';
  return parts.join(':');
}

for (const dialect of DIALECTS) {
  describe(`the job runner on a test clock [${dialect}]`, () => {
    const suite = jobsQueueSuite(dialect);
    const { runners, jobOf } = suite;

    /** Stopped before the suite's database closes, not only before the next test. */
    const stopRunners = () => Promise.all(runners.splice(0).map((r) => r.stop()));
    const startRunner = (tasks: TaskRegistry, clock: TestClock) => {
      const runner = new JobRunner(
        suite.handle,
        tasks,
        { concurrency: 1, leaseMs: LEASE_MS, pollMs: 20, firstRetryMs: FIRST_RETRY_MS, clock },
        suite.app.runtime.logger,
      );
      runners.push(runner);
      runner.start();
      return runner;
    };

    it("another holder's lease holds until the clock passes its end; then the job is taken over and runs", async () => {
      const clock = new TestClock();
      const runs: number[] = [];
      const tasks = new TaskRegistry();
      tasks.registerTask('leased', async (_payload, { attempt }) => void runs.push(attempt));
      tasks.registerTask('marker', async () => {});
      await enqueueJob(suite.db, { task: 'leased', payload: null, key: 'leased-1' }, clock.now());
      const other = elsewhere();
      const [claimed] = await jobQueue.claim(suite.db, suite.handle.dialect, { holder: other, limit: 1, leaseMs: LEASE_MS, now: clock.now() });
      assert.ok(claimed, 'the other holder has it');
      startRunner(tasks, clock);
      // A job queued after it runs: the runner has looked, and left the leased one alone.
      await enqueueJob(suite.db, { task: 'marker', payload: null, key: 'marker-1' }, clock.now());
      await eventually(async () => ((await jobOf('marker-1')).done_at !== null ? true : undefined), 10_000, 'the later job done');
      assert.deepEqual(runs, [], 'not run while the lease holds');
      assert.equal((await jobOf('leased-1')).locked_by, other);

      clock.advance(LEASE_MS);
      await eventually(async () => ((await jobOf('leased-1')).done_at !== null ? true : undefined), 10_000, 'the job taken over and done');
      assert.deepEqual(runs, [2], 'run once, as its second attempt');
      await stopRunners();
    });

    it('a failed job is due again when the clock reaches its retry time, not before', async () => {
      const clock = new TestClock();
      const attempts: number[] = [];
      let failedAt = 0;
      const tasks = new TaskRegistry();
      tasks.registerTask('flaky', async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempt > 1) return;
        failedAt = clock.now();
        throw new Error('relay busy');
      });
      tasks.registerTask('marker', async () => {});
      await enqueueJob(suite.db, { task: 'flaky', payload: null, key: 'flaky-1' }, clock.now());
      startRunner(tasks, clock);
      await eventually(
        async () => ((await jobOf('flaky-1')).last_error !== null && (await jobOf('flaky-1')).locked_by === null ? true : undefined),
        10_000,
        'the first failure recorded',
      );
      const failed = await jobOf('flaky-1');
      // Backoff: the first delay with ±20 % jitter, from the clock's time.
      assert.ok(failed.run_at >= failedAt + 0.8 * FIRST_RETRY_MS, `retry at ${failed.run_at}, failed at ${failedAt}`);
      await enqueueJob(suite.db, { task: 'marker', payload: null, key: 'marker-2' }, clock.now());
      await eventually(async () => ((await jobOf('marker-2')).done_at !== null ? true : undefined), 10_000, 'the later job done');
      assert.deepEqual(attempts, [1], 'not retried before its time');

      clock.advance(1.2 * FIRST_RETRY_MS);
      await eventually(async () => ((await jobOf('flaky-1')).done_at !== null ? true : undefined), 10_000, 'the retry done');
      assert.deepEqual(attempts, [1, 2]);
      await stopRunners();
    });
  });
}

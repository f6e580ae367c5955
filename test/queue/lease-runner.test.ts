/**
 * The lease runner (src/queue/lease-runner.ts) against a real database, on the `jobs` lease
 * queue with a handler of the test's own: the rows of a dead holder are taken back at
 * start, work signalled while a claim that found nothing was reading runs without waiting for
 * the next poll, the heartbeat keeps a long piece of work's lease past the claim's deadline,
 * and stopping lets started work finish and be recorded while work claimed but not started is
 * released. Gates (promises the test resolves) stand for slow work: nothing sleeps.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enqueueJob, jobQueue } from '../../src/queue/jobs.js';
import type { ClaimedRow } from '../../src/queue/lease-queue.js';
import { LeaseRunner, SlotLoop, type SlotHandler } from '../../src/queue/lease-runner.js';
import { WorkSignal } from '../../src/queue/work-signal.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually } from '../helpers/app.js';
import { claimForDeadProcess, jobsQueueSuite } from '../helpers/jobs-queue.js';

interface Gate {
  promise: Promise<void>;
  open(): void;
}

function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

for (const dialect of DIALECTS) {
  describe(`lease runner [${dialect}]`, () => {
    const suite = jobsQueueSuite(dialect);
    const { runners, jobOf } = suite;

    /** A runner of `jobs` rows: `perform` is the work, then the row is settled done by this runner. */
    const startRunner = (
      options: { leaseMs: number; concurrency: number; wakeups?: WorkSignal; pollMs?: number },
      work: {
        /** Runs after each claim's read, before the claim returns. */
        claimed?: (rows: ClaimedRow[]) => Promise<void>;
        prepare?: (rows: ClaimedRow[]) => Promise<ClaimedRow[]>;
        perform: (row: ClaimedRow) => Promise<void>;
      },
    ) => {
      const handler: SlotHandler<ClaimedRow, ClaimedRow> = {
        claim: async (holder, limit) => {
          const rows = await jobQueue.claim(suite.db, suite.handle.dialect, { holder, limit, leaseMs: options.leaseMs });
          await work.claimed?.(rows);
          return rows;
        },
        prepare: work.prepare ?? (async (rows) => rows),
        perform: async (row) => {
          await work.perform(row);
          await jobQueue.settle(suite.db, row.id, runner.id, { done_at: Date.now(), last_error: null });
        },
      };
      const runner = new LeaseRunner(
        {
          role: 'jobs',
          name: 'test runner',
          queue: jobQueue,
          db: suite.db,
          leaseMs: options.leaseMs,
          pollMs: options.pollMs ?? 20,
          wakeups: options.wakeups ?? new WorkSignal(),
        },
        new SlotLoop(handler, options.concurrency),
        suite.app.runtime.logger,
      );
      runners.push(runner);
      runner.start();
      return runner;
    };
    it("takes back a dead holder's rows at start: the work runs now, not when the lease ends", async () => {
      await enqueueJob(suite.db, { task: 'any', payload: null, key: 'orphan' });
      // Claimed for an hour by a process of this host that has exited since.
      assert.ok(await claimForDeadProcess(suite));

      const attempts: number[] = [];
      startRunner({ leaseMs: 30_000, concurrency: 1 }, { perform: async (row) => void attempts.push(row.attempts) });
      await eventually(async () => ((await jobOf('orphan')).done_at !== null ? true : undefined), 10_000, 'the orphaned row done');
      assert.deepEqual(attempts, [2], "run once, the dead holder's claim counted as the first attempt");
    });

    it('runs work queued while a claim that found nothing was reading at once, not at the next poll', async () => {
      const wakeups = new WorkSignal();
      let queuedDuringClaim = false;
      let queued = false;
      startRunner(
        { leaseMs: 30_000, concurrency: 1, wakeups, pollMs: 3_600_000 },
        {
          // A send commits and signals while the claim is still under way: nobody waits on the
          // signal yet, and the claim's read did not see the row.
          claimed: async (rows) => {
            if (rows.length > 0 || queuedDuringClaim) return;
            queuedDuringClaim = true;
            await enqueueJob(suite.db, { task: 'any', payload: null, key: 'during-claim' });
            queued = true;
            wakeups.notify();
          },
          perform: async () => {},
        },
      );
      // Once the row is in: the flag above is set before its insert, so a look at the row could come first.
      await eventually(async () => queued || undefined, 10_000, 'a claim that found nothing');
      // The next poll is an hour away.
      await eventually(async () => ((await jobOf('during-claim')).done_at !== null ? true : undefined), 10_000, 'the row queued during the claim done');
    });

    it("keeps a long piece of work's lease past the claim's deadline, so no other holder can take the row", async () => {
      await enqueueJob(suite.db, { task: 'any', payload: null, key: 'long' });
      const started = gate();
      const finish = gate();
      startRunner(
        { leaseMs: 600, concurrency: 1 },
        {
          perform: async () => {
            started.open();
            await finish.promise;
          },
        },
      );
      await started.promise;
      const claimedUntil = Number((await jobOf('long')).locked_until);
      // Renewed (every third of the lease) beyond what the claim wrote.
      await eventually(async () => (Number((await jobOf('long')).locked_until) > claimedUntil ? true : undefined), 10_000, 'the lease renewed');
      const thief = await jobQueue.claim(suite.db, suite.handle.dialect, { holder: 'another-holder', limit: 1, leaseMs: 600, now: claimedUntil + 1 });
      assert.deepEqual(thief, [], "after the claim's deadline the row is still the runner's");
      finish.open();
      await eventually(async () => ((await jobOf('long')).done_at !== null ? true : undefined), 10_000, 'the long work recorded');
      assert.equal((await jobOf('long')).attempts, 1, 'claimed once: nobody else took it');
    });

    it('stopping lets started work finish and be recorded, and releases work claimed but not started', async () => {
      const wakeups = new WorkSignal();
      await enqueueJob(suite.db, { task: 'any', payload: null, key: 'started' });
      const startedRuns = gate();
      const finishStarted = gate();
      const secondPrepared = gate();
      const finishPrepare = gate();
      const performed: string[] = [];
      let startedId = '';
      startRunner(
        { leaseMs: 30_000, concurrency: 2, wakeups },
        {
          // The second claim's load is slow: stop is asked while its rows are claimed, not started.
          prepare: async (rows) => {
            if (rows.some((row) => row.id !== startedId && startedId !== '')) {
              secondPrepared.open();
              await finishPrepare.promise;
            }
            return rows;
          },
          perform: async (row) => {
            performed.push(row.id);
            startedId ||= row.id;
            startedRuns.open();
            if (row.id === startedId) await finishStarted.promise;
          },
        },
      );
      await startedRuns.promise;
      await enqueueJob(suite.db, { task: 'any', payload: null, key: 'unstarted' });
      wakeups.notify();
      await secondPrepared.promise;
      const unstartedId = (await jobOf('unstarted')).id;
      assert.equal((await jobOf('unstarted')).attempts, 1, 'claimed');

      const stopped = Promise.all(runners.splice(0).map((r) => r.stop()));
      finishPrepare.open();
      finishStarted.open();
      await stopped;

      assert.deepEqual(performed, [startedId], 'only the started work ran');
      const done = await jobOf('started');
      assert.notEqual(done.done_at, null, 'the started work finished and was recorded before stop returned');
      const released = await jobOf('unstarted');
      assert.equal(released.id, unstartedId);
      assert.equal(released.done_at, null);
      assert.equal(released.locked_by, null, 'released at once, not left to its lease');
      assert.equal(released.locked_until, null);
      assert.equal(released.attempts, 0, 'the claim that never started counts no attempt');
    });
  });
}

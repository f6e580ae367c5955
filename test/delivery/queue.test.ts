/**
 * The delivery queue (src/delivery/queue.ts) driven directly against a real database:
 * jobs come from real sends through the API (no worker running), and the queue
 * functions are called the way workers call them.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Db, Dialect } from '../../src/db/database.js';
import { claimDueJobs, completeJobs, countQueued, releaseJobs, rescheduleJob, type ClaimedJob } from '../../src/delivery/queue.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

const LEASE_MS = 60_000;

for (const dialect of DIALECTS) {
  describe(`delivery queue [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let db: Db;
    let d: Dialect;

    /** Sends one message to `count` recipients; returns the recipient ids (= job ids). */
    const enqueue = async (count: number): Promise<string[]> => {
      const to = Array.from({ length: count }, (_, i) => ({ email: `q${i}@example.net` }));
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { email: account.email }, to, subject: 'Queue', htmlContent: '<p>q</p>' },
      });
      return expectEnvelope(response, 200).resultObject.recipients.map((r: any) => r.id);
    };
    const job = (id: string) => db.selectFrom('delivery_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const allJobs = () => db.selectFrom('delivery_jobs').selectAll().orderBy('id').execute();

    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
      db = app.runtime.services.handle.db;
      d = app.runtime.services.handle.dialect;
      assert.equal(d, dialect);
    });
    after(() => app.close());
    beforeEach(async () => {
      await db.deleteFrom('delivery_jobs').execute();
    });

    it('an accepted send queues one due, unclaimed job per recipient', async () => {
      const ids = await enqueue(3);
      assert.equal(await countQueued(db), 3);
      const rows = await allJobs();
      assert.deepEqual(rows.map((r) => r.recipient_id).sort(), [...ids].sort());
      for (const r of rows) {
        assert.equal(r.attempts, 0);
        assert.equal(r.locked_by, null);
        assert.equal(r.locked_until, null);
        assert.ok(r.run_at <= Date.now());
      }
    });

    it('claimDueJobs takes at most `limit` jobs and leases them to the worker', async () => {
      const ids = await enqueue(5);
      const now = Date.now();
      const claimed = await claimDueJobs(db, d, { holder: 'worker-a', limit: 3, leaseMs: LEASE_MS, now });
      assert.equal(claimed.length, 3);
      for (const c of claimed) {
        assert.ok(ids.includes(c.id));
        assert.equal(c.recipient_id, c.id);
        assert.equal(typeof c.message_id, 'string');
        assert.equal(c.attempts, 1);
        assert.equal(c.locked_until, now + LEASE_MS);
        const row = await job(c.id);
        assert.equal(row.locked_by, 'worker-a');
        assert.equal(row.locked_until, now + LEASE_MS);
        assert.equal(row.attempts, 1);
      }
      const rest = await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS, now });
      assert.equal(rest.length, 2);
      assert.deepEqual([...claimed, ...rest].map((c) => c.id).sort(), [...ids].sort());
      assert.deepEqual(await claimDueJobs(db, d, { holder: 'worker-c', limit: 10, leaseMs: LEASE_MS, now }), []);
    });

    it('two workers claiming at the same time never get the same job', async () => {
      const ids = [...(await enqueue(120)), ...(await enqueue(80))];
      const seen = new Map<string, string>();
      const workers = ['worker-a', 'worker-b', 'worker-c', 'worker-d', 'worker-e', 'worker-f'];
      for (let round = 0; round < 100 && seen.size < ids.length; round++) {
        const results = await Promise.all(workers.map((w) => claimDueJobs(db, d, { holder: w, limit: 7, leaseMs: LEASE_MS })));
        results.forEach((claimed, i) => {
          assert.ok(claimed.length <= 7, `a claim returned ${claimed.length} jobs for limit 7`);
          for (const c of claimed) {
            assert.ok(!seen.has(c.id), `job ${c.id} claimed by ${seen.get(c.id)} and ${workers[i]}`);
            seen.set(c.id, workers[i]!);
          }
        });
      }
      assert.equal(seen.size, ids.length);
      assert.deepEqual([...seen.keys()].sort(), [...ids].sort());
      for (const row of await allJobs()) {
        assert.equal(row.locked_by, seen.get(row.id), 'the row is leased to the worker the claim returned it to');
        assert.equal(row.attempts, 1);
      }
      assert.deepEqual(await claimDueJobs(db, d, { holder: 'worker-z', limit: 10, leaseMs: LEASE_MS }), []);
    });

    it('a leased job is not claimed by another worker until its lease expires; then it is', async () => {
      const [id] = await enqueue(1);
      const [first] = await claimDueJobs(db, d, { holder: 'worker-a', limit: 10, leaseMs: LEASE_MS });
      assert.equal(first!.id, id);
      assert.deepEqual(await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS }), [], 'the lease holds');

      // worker-a "crashed": its lease runs out
      await db
        .updateTable('delivery_jobs')
        .set({ locked_until: Date.now() - 1000 })
        .where('id', '=', id!)
        .execute();
      const reclaimed = await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS });
      assert.equal(reclaimed.length, 1);
      assert.equal(reclaimed[0]!.id, id);
      assert.equal(reclaimed[0]!.attempts, 2, 'the re-claim counts as another attempt');
      const row = await job(id!);
      assert.equal(row.locked_by, 'worker-b');
      assert.ok(row.locked_until! > Date.now());
    });

    it('a lease ends exactly at locked_until (claim clock passed in)', async () => {
      const [id] = await enqueue(1);
      const t0 = Date.now();
      await claimDueJobs(db, d, { holder: 'worker-a', limit: 10, leaseMs: 5_000, now: t0 });
      assert.deepEqual(await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: 5_000, now: t0 + 4_999 }), []);
      const later = await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: 5_000, now: t0 + 5_000 });
      assert.deepEqual(
        later.map((c) => c.id),
        [id],
      );
    });

    it('a job not yet due (run_at in the future) is not claimed until it is', async () => {
      const [due, notDue] = await enqueue(2);
      const future = Date.now() + 60_000;
      await db.updateTable('delivery_jobs').set({ run_at: future }).where('id', '=', notDue!).execute();
      // (a lease longer than the wait, so `due` stays leased at `future`)
      const claimed = await claimDueJobs(db, d, { holder: 'worker-a', limit: 10, leaseMs: 10 * LEASE_MS });
      assert.deepEqual(
        claimed.map((c) => c.id),
        [due],
      );
      assert.deepEqual(await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS }), []);
      const row = await job(notDue!);
      assert.equal(row.locked_by, null);
      assert.equal(row.attempts, 0, 'an unclaimed job keeps its attempt count');
      const atRunAt = await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS, now: future });
      assert.deepEqual(
        atRunAt.map((c) => c.id),
        [notDue],
      );
    });

    it('claims the earliest due jobs first', async () => {
      const ids = await enqueue(4);
      const now = Date.now();
      // Make the last recipient the most overdue, the first the least.
      for (const [i, id] of ids.entries()) {
        await db
          .updateTable('delivery_jobs')
          .set({ run_at: now - 1000 * (i + 1) })
          .where('id', '=', id)
          .execute();
      }
      const claimed = await claimDueJobs(db, d, { holder: 'worker-a', limit: 2, leaseMs: LEASE_MS, now });
      assert.deepEqual(claimed.map((c) => c.id).sort(), [ids[2]!, ids[3]!].sort());
    });

    it('rescheduleJob gives up the lease, keeps the error and defers the job to run_at', async () => {
      const [id] = await enqueue(1);
      const [claimed] = await claimDueJobs(db, d, { holder: 'worker-a', limit: 10, leaseMs: LEASE_MS });
      const runAt = Date.now() + 120_000;
      await rescheduleJob(db, claimed!.id, runAt, '421 try again later');
      const row = await job(id!);
      assert.equal(row.locked_by, null);
      assert.equal(row.locked_until, null);
      assert.equal(row.run_at, runAt);
      assert.equal(row.last_error, '421 try again later');
      assert.equal(row.attempts, 1);
      assert.deepEqual(await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS }), []);
      const retried = await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS, now: runAt });
      assert.equal(retried[0]!.attempts, 2);
    });

    it("releaseJobs gives claimed jobs back untouched, only the releasing worker's", async () => {
      const ids = await enqueue(4);
      const a = await claimDueJobs(db, d, { holder: 'worker-a', limit: 2, leaseMs: LEASE_MS });
      const b = await claimDueJobs(db, d, { holder: 'worker-b', limit: 2, leaseMs: LEASE_MS });
      // worker-b cannot release worker-a's jobs
      await releaseJobs(
        db,
        'worker-b',
        a.map((c) => c.id),
      );
      for (const c of a) assert.equal((await job(c.id)).locked_by, 'worker-a');

      await releaseJobs(
        db,
        'worker-a',
        a.map((c) => c.id),
      );
      for (const c of a) {
        const row = await job(c.id);
        assert.equal(row.locked_by, null);
        assert.equal(row.locked_until, null);
        assert.equal(row.attempts, 0, 'a released job did not count as an attempt');
      }
      for (const c of b) assert.equal((await job(c.id)).locked_by, 'worker-b');
      await releaseJobs(db, 'worker-a', []);

      // released jobs are claimable at once, by anyone
      const c = await claimDueJobs(db, d, { holder: 'worker-c', limit: 10, leaseMs: LEASE_MS });
      assert.deepEqual(c.map((j: ClaimedJob) => j.id).sort(), a.map((j) => j.id).sort());
      assert.equal(c[0]!.attempts, 1);
      assert.equal(await countQueued(db), ids.length);
    });

    it('completeJobs removes the jobs named, and only those', async () => {
      const ids = await enqueue(2);
      const claimed = await claimDueJobs(db, d, { holder: 'worker-a', limit: 1, leaseMs: LEASE_MS });
      await completeJobs(db, []);
      assert.equal(await countQueued(db), 2);
      await completeJobs(db, [claimed[0]!.id]);
      assert.equal(await countQueued(db), 1);
      const left = await allJobs();
      assert.deepEqual(
        left.map((r) => r.id),
        ids.filter((id) => id !== claimed[0]!.id),
      );
      await db.updateTable('delivery_jobs').set({ locked_until: 0 }).execute();
      assert.deepEqual(
        (await claimDueJobs(db, d, { holder: 'worker-b', limit: 10, leaseMs: LEASE_MS })).map((c) => c.id),
        left.map((r) => r.id),
      );
    });
  });
}

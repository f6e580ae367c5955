/**
 * GET /notify/v1/stats/queue: an account's recipients still in the delivery queue, by state.
 * The API process runs no worker, so accepted mail stays queued; leases and retries are made
 * with the queue's own functions (what a worker does), and a worker-only process on the same
 * database then delivers through the capture transport, after which the count is zero.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import { claimDueJobs, rescheduleJob } from '../../src/delivery/queue.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, sendMessage } from '../helpers/delivery-api.js';

const HOUR = 3_600_000;
const EMPTY = { queued: 0, deferred: 0, sending: 0, scheduled: 0, total: 0, oldestTime: null, oldestAgeSeconds: null };

for (const dialect of DIALECTS) {
  describe(`GET /notify/v1/stats/queue [${dialect}]`, () => {
    let app: TestApp;
    let worker: Runtime | undefined;
    let a: TestAccount;
    let b: TestAccount;
    let db: Db;

    const depth = async (account: TestAccount) =>
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/stats/queue', token: account.token }), 200).resultObject;
    const counts = ({ time: _time, oldestTime: _oldest, oldestAgeSeconds: _age, ...rest }: Record<string, unknown>) => rest;

    before(async () => {
      app = await startTestApp(dialect, { worker: false });
      a = await app.signUp();
      b = await app.signUp();
      db = app.runtime.services.handle.db;
    });
    after(async () => {
      await worker?.close();
      await app.close();
    });

    it('is empty for an account with nothing waiting', async () => {
      const result = await depth(a);
      assert.match(result.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.deepEqual({ ...result, time: undefined }, { ...EMPTY, time: undefined });
    });

    it('counts queued, sending, deferred and scheduled recipients, and the oldest waiting one', async () => {
      const before = Date.now();
      await sendMessage(app, a, ['one@example.net', 'two@example.net', 'three@example.net', 'four@example.net']);
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: {
            from: { email: a.email },
            to: [{ email: 'later@example.net' }],
            subject: 'S',
            htmlContent: '<p>x</p>',
            scheduledAt: new Date(Date.now() + HOUR).toISOString(),
          },
        }),
        200,
      );
      assert.deepEqual(counts(await depth(a)), { queued: 4, deferred: 0, sending: 0, scheduled: 1, total: 5 });

      // What a worker does: lease two, then one of them fails for now and waits to be retried.
      const claimed = await claimDueJobs(db, dialect, { holder: 'queue-depth-test', limit: 2, leaseMs: HOUR });
      assert.equal(claimed.length, 2);
      await rescheduleJob(db, claimed[0]!.id, Date.now() + HOUR, '451 4.7.1 try again later');
      const result = await depth(a);
      assert.deepEqual(counts(result), { queued: 2, deferred: 1, sending: 1, scheduled: 1, total: 5 });
      const oldest = Date.parse(result.oldestTime);
      assert.ok(oldest >= before - 1000 && oldest <= Date.now(), `oldestTime ${result.oldestTime} is when the first four were accepted`);
      assert.ok(Number.isInteger(result.oldestAgeSeconds) && result.oldestAgeSeconds >= 0 && result.oldestAgeSeconds <= 60);

      assert.deepEqual({ ...(await depth(b)), time: undefined }, { ...EMPTY, time: undefined }, "another account's queue is not counted");
    });

    it('drops to zero once a worker has delivered the mail', async () => {
      const c = await app.signUp();
      const sent = await sendMessage(app, c, ['x@example.net', 'y@example.net']);
      assert.deepEqual(counts(await depth(c)), { queued: 2, deferred: 0, sending: 0, scheduled: 0, total: 2 });
      const config = loadConfig(
        { LOG_LEVEL: 'silent', WORKER_POLL_MS: '50', PASSWORD_HASH_COST: '4' },
        { dataDir: app.database.dataDir, databaseUrl: app.database.databaseUrl, port: 0 },
      );
      worker = await createRuntime(config, { api: false, worker: true }, createLogger(config));
      worker.worker!.start();
      for (const email of ['x@example.net', 'y@example.net']) assert.equal((await outcomeOf(app, c, sent, email)).state, 'sent');
      assert.deepEqual(await depth(c).then((d) => ({ ...d, time: undefined })), { ...EMPTY, time: undefined });
    });
  });
}

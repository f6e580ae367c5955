// Runs in a process of its own (scripts/run-tests.mjs): the purge finds old messages by their ids, which begin with
// the time they were made for, and a file before it in a shared process whose clock ran ahead leaves the
// process's id sequence ahead of this file's clock (ids never go back within a process).
/**
 * The purge: captured copies past RETENTION_CAPTURE_DAYS or beyond CAPTURE_INBOX_MAX_ROWS,
 * webhook calls that ended more than RETENTION_WEBHOOK_LOG_DAYS ago and jobs that ended more
 * than RETENTION_JOBS_DAYS ago go; everything younger stays. Time is a test clock moved
 * ahead, not waited for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PURGE_TASK, RetentionPurge, type RetentionSettings } from '../../src/features/system/retention/retention.service.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { DAY_MS, purgeSettings } from '../helpers/retention.js';
import { Receiver } from '../helpers/webhook-receiver.js';

const SETTINGS = purgeSettings({ captureMaxRows: 1000 });

for (const dialect of DIALECTS) {
  describe(`retention purge [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let receiver: Receiver;
    let webhookId: string;
    const started = Date.now();

    const inbox = async () =>
      (
        expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox?pageSize=100', token: a.token }), 200).resultObject.items as {
          envelopeTo: string;
        }[]
      ).map((item) => item.envelopeTo);
    const webhookLog = async () =>
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/webhooks/${webhookId}/deliveries?pageSize=100`, token: a.token }), 200).resultObject
        .items as { status: string }[];
    const endedJobs = async () =>
      (
        await app.runtime.services.handle.db
          .selectFrom('jobs')
          .select('id')
          .where((eb) => eb.or([eb('done_at', 'is not', null), eb('failed_at', 'is not', null)]))
          .execute()
      ).length;
    /** A purge whose clock reads `days` after the test began. */
    const purgeAt = (days: number, settings: Partial<RetentionSettings> = {}) =>
      new RetentionPurge(app.runtime.services.handle.db, { ...SETTINGS, ...settings }, { now: () => started + days * DAY_MS });

    before(async () => {
      receiver = await Receiver.start();
      app = await startTestApp(dialect, { worker: true, config: { outboundAllow: ['127.0.0.1'] } });
      a = await app.signUp();
      webhookId = expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/webhooks', token: a.token, body: { url: receiver.url, events: ['sent'] } }),
        201,
      ).resultObject.id;
      for (const to of ['first@example.net', 'second@example.net', 'third@example.net']) {
        const body = { from: { email: a.email }, to: [{ email: to }], subject: `For ${to}`, htmlContent: '<p>Hello</p>' };
        expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, body }), 200);
      }
      // An import: a job of the job runner, which ends done.
      const list = expectEnvelope(await app.request({ method: 'POST', url: '/inbox/v1/contactlists', token: a.token, body: { listName: 'Kept' } }), 201)
        .resultObject.id;
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: `/inbox/v1/contactlists/${list}/import`,
          token: a.token,
          body: [{ email: 'reader@example.net', customFields: [] }],
        }),
        200,
      );
      await eventually(async () => ((await inbox()).length === 3 ? true : undefined), 20_000, 'three captured copies');
      await eventually(
        async () => ((await webhookLog()).filter((d) => d.status === 'delivered').length === 3 ? true : undefined),
        20_000,
        'three webhook calls delivered',
      );
      await eventually(async () => ((await endedJobs()) >= 1 ? true : undefined), 20_000, 'the import job done');
    });
    after(async () => {
      await app.close();
      await receiver.close();
    });

    it('a day on, only the row cap deletes: the oldest captured copies beyond it go, in batches; a second run asked meanwhile joins the first', async () => {
      // The worker delivers in parallel, so the last copy captured need not be the last one sent.
      const newestFirst = await inbox();
      assert.deepEqual([...newestFirst].sort(), ['first@example.net', 'second@example.net', 'third@example.net']);
      const purge = purgeAt(1, { captureMaxRows: 1 });
      // As the job runner would with an interval shorter than a run: two jobs of the purge at once.
      const [report, joined] = await Promise.all([purge.run(), purge.run()]);
      assert.deepEqual(joined, report, 'one run, reported to both');
      assert.deepEqual(
        { captured: report.captured, webhookCalls: report.webhookCalls, jobs: report.jobs, bodies: report.bodies, complete: report.complete },
        { captured: 2, webhookCalls: 0, jobs: 0, bodies: 0, complete: true },
      );
      assert.deepEqual(await inbox(), [newestFirst[0]]);
      assert.equal((await webhookLog()).length, 3);
    });

    it('eight days on, the captured copies are gone; the webhook log and the jobs stay', async () => {
      const report = await purgeAt(8).run();
      assert.equal(report.captured, 1);
      assert.deepEqual(await inbox(), []);
      assert.equal((await webhookLog()).length, 3);
      assert.ok((await endedJobs()) >= 1);
    });

    it('thirty-one days on, the ended webhook calls and jobs are gone too', async () => {
      const report = await purgeAt(31).run();
      assert.equal(report.webhookCalls, 3);
      assert.ok(report.jobs >= 1);
      assert.deepEqual(await webhookLog(), []);
      assert.equal(await endedJobs(), 0);
    });

    it('a signing key fixed for campaign copies stays while a body it signed may, then goes', async () => {
      const db = app.runtime.services.handle.db;
      const today = Math.floor(started / DAY_MS);
      const fixedOn = (day: number) => ({
        content_id: `content-${dialect}-${day}`,
        from_domain: 'example.com',
        day,
        key_domain: 'example.com',
        selector: 'news',
        private_key: '-----BEGIN PRIVATE KEY-----',
        created_at: day * DAY_MS,
      });
      await db
        .insertInto('content_signing_keys')
        .values([fixedOn(today), fixedOn(today - 29), fixedOn(today - 32)])
        .execute();
      const left = async () => (await db.selectFrom('content_signing_keys').select('day').orderBy('day').execute()).map((k) => today - k.day);

      // An account that keeps its bodies 60 days: every key stays.
      const patch = async (bodyRetentionDays: number | null) =>
        expectEnvelope(await app.request({ method: 'PATCH', url: '/account', token: a.token, body: { bodyRetentionDays } }), 200);
      await patch(60);
      assert.equal((await purgeAt(0).run()).signingKeys, 0);
      assert.deepEqual(await left(), [32, 29, 0]);

      // With the server's 30 days only: the key of 32 days ago goes.
      await patch(null);
      assert.equal((await purgeAt(0).run()).signingKeys, 1);
      assert.deepEqual(await left(), [29, 0]);
    });

    // At the test's own time: a job's id is made from the clock, and the process's ids never
    // go back, so an id from a clock days ahead would date every later row of this process.
    it('the next run is queued once per interval, whoever asks', async () => {
      const purge = purgeAt(0);
      assert.equal(await purge.scheduleNext(), true);
      assert.equal(await purge.scheduleNext(), false);
      const queued = await app.runtime.services.handle.db.selectFrom('jobs').select(['run_at']).where('task', '=', PURGE_TASK).execute();
      assert.equal(queued.length, 1);
      assert.ok(queued[0]!.run_at > started && queued[0]!.run_at <= started + SETTINGS.intervalMs && queued[0]!.run_at % SETTINGS.intervalMs === 0);
    });
  });
}

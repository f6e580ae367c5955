// Runs in a process of its own (scripts/run-tests.mjs): the purge finds old messages by their ids, which begin with
// the time they were made for, and a file before it in a shared process whose clock ran ahead leaves the
// process's id sequence ahead of this file's clock (ids never go back within a process).
/**
 * Retention of messages: after the body retention a message's content is cleared (raw and
 * attachments answer 410, the message says when), an account's own setting first; after the
 * metadata retention the message goes, and /stats and the campaign report read the same as
 * before. The purge's clock is a test clock moved ahead, not waited for. Both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RetentionPurge } from '../../src/features/system/retention/retention.service.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';
import { DAY_MS, purgeSettings } from '../helpers/retention.js';

const SETTINGS = purgeSettings();
const today = () => new Date().toISOString().slice(0, 10);

for (const dialect of DIALECTS) {
  describe(`retention of message bodies and metadata [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    const clock = new TestClock({ frozen: true });
    let purge: RetentionPurge;
    const ids: Record<string, string> = {};
    let campaignId: string;

    const call = (account: TestAccount, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      app.request({ method, url, token: account.token, ...(body === undefined ? {} : { body }) });
    const ok = async (account: TestAccount, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, status = 200) =>
      expectEnvelope(await call(account, method, url, body), status).resultObject;
    const send = async (account: TestAccount, extra: Record<string, unknown>) =>
      (
        await ok(account, 'POST', '/notify/v1/send', {
          from: { email: account.email },
          to: [{ email: 'reader@example.net' }],
          subject: 'Hi',
          htmlContent: '<p>Hello</p>',
          ...extra,
        })
      ).id as string;
    const stats = (tag?: string) => ok(a, 'GET', `/notify/v1/stats?from=${today()}&to=${today()}${tag ? `&tag=${tag}` : ''}`);

    before(async () => {
      app = await startTestApp(dialect, { worker: true, config: { metricsToken: 'scrape-token' } });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
      b = await app.signUp();
      purge = new RetentionPurge(app.runtime.services.handle.db, SETTINGS, clock, { dialect });
      ids.tagged = await send(a, { tags: ['welcome'], textContent: 'Hello' });
      ids.attached = await send(a, { attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('attached').toString('base64') }] });
      ids.ofB = await send(b, {});
      const senderId = (await ok(a, 'POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const listId = (await ok(a, 'POST', '/inbox/v1/contactlists', { listName: 'Readers' }, 201)).id;
      for (const email of ['ann@example.net', 'bob@example.net']) await ok(a, 'POST', `/inbox/v1/contactlists/${listId}/add`, { email });
      campaignId = await ok(
        a,
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'News', htmlContent: '<p>Hello #email#</p>', language: 'en', senderAccountId: senderId, listType: 2, lists: [listId] },
        201,
      );
      await eventually(
        async () => {
          const campaign = await ok(a, 'GET', `/inbox/v1/campaigns/${campaignId}`);
          const waiting = await ok(a, 'GET', '/notify/v1/messages?state=queued');
          return campaign.status === 3 && waiting.totalCount === 0 ? true : undefined;
        },
        20_000,
        'every recipient handed to the capture inbox',
      );
    });
    after(async () => {
      await app?.close();
    });

    it('an account chooses its own body retention within bounds; null goes back to the server setting', async () => {
      assert.equal((await ok(b, 'GET', '/account')).bodyRetentionDays, 30);
      for (const wrong of [0, 3651, 2.5, 'seven']) {
        const answer = expectEnvelope(await call(b, 'PATCH', '/account', { bodyRetentionDays: wrong }), 400);
        assert.match(answer.resultMessage, /bodyRetentionDays/);
      }
      await ok(b, 'PATCH', '/account', { bodyRetentionDays: 7 });
      assert.equal((await ok(b, 'GET', '/account')).bodyRetentionDays, 7);
      await ok(b, 'PATCH', '/account', { bodyRetentionDays: null });
      assert.equal((await ok(b, 'GET', '/account')).bodyRetentionDays, 30);
      await ok(b, 'PATCH', '/account', { bodyRetentionDays: 90 });
      assert.equal((await ok(b, 'GET', '/account')).bodyRetentionDays, 90);
    });

    it("storage is visible: the account's share and the whole database in /account/usage, both in the metrics", async () => {
      const usage = await ok(a, 'GET', '/account/usage');
      assert.ok(usage.storage.accountBytes > 0 && usage.storage.totalBytes >= usage.storage.accountBytes, JSON.stringify(usage.storage));
      assert.equal(usage.days.length > 0, true, 'the existing fields stay');
      const ofB = (await ok(b, 'GET', '/account/usage')).storage;
      assert.ok(ofB.accountBytes < usage.storage.accountBytes, 'b sent less than a');
      const metrics = await app.runtime.app!.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token' } });
      assert.equal(metrics.statusCode, 200);
      const total = /^postwire_database_bytes (\d+)$/m.exec(metrics.body);
      assert.ok(total && Number(total[1]) > 0, 'postwire_database_bytes');
      const share = new RegExp(`^postwire_account_storage_bytes\\{account="${a.accountId}"\\} (\\d+)$`, 'm').exec(metrics.body);
      assert.ok(share && Number(share[1]) > 0, 'postwire_account_storage_bytes of a');
    });

    it('within the retention the bodies are there', async () => {
      const report = await purge.run();
      assert.equal(report.bodies, 0);
      assert.equal((await call(a, 'GET', `/notify/v1/messages/${ids.attached}/raw`)).status, 200);
      assert.equal((await call(a, 'GET', `/notify/v1/messages/${ids.attached}/attachments/0`)).status, 200);
      assert.equal((await ok(a, 'GET', `/notify/v1/messages/${ids.tagged}`)).htmlContent, '<p>Hello</p>');
    });

    let statsBefore: unknown;
    let taggedBefore: unknown;
    let reportBefore: unknown;
    let campaignBefore: Record<string, unknown>;

    it('after RETENTION_BODY_DAYS the bodies are cleared: raw and attachments answer 410, the message says when', async () => {
      statsBefore = await stats();
      taggedBefore = await stats('welcome');
      reportBefore = await ok(a, 'GET', `/inbox/v1/campaigns/${campaignId}/report`);
      campaignBefore = await ok(a, 'GET', `/inbox/v1/campaigns/${campaignId}`);
      clock.advance(31 * DAY_MS);
      const report = await purge.run();
      // a's two sends and the campaign's two copies; b keeps its own for 90 days.
      assert.equal(report.bodies, 4);
      assert.equal(report.messages, 0);
      for (const url of [`/notify/v1/messages/${ids.attached}/raw`, `/notify/v1/messages/${ids.attached}/attachments/0`]) {
        const gone = expectEnvelope(await call(a, 'GET', url), 410);
        assert.match(gone.resultMessage, /purged by retention/);
      }
      const message = await ok(a, 'GET', `/notify/v1/messages/${ids.tagged}`);
      assert.equal(message.htmlContent, undefined);
      assert.equal(message.textContent, undefined);
      assert.equal(new Date(message.bodyPurgedTime).getTime(), clock.now());
      assert.equal(message.subject, 'Hi');
      assert.deepEqual(
        message.recipients[0].events.map((e: { type: string }) => e.type),
        ['accepted', 'sent'],
      );
      assert.equal((await call(b, 'GET', `/notify/v1/messages/${ids.ofB}/raw`)).status, 200);
      assert.deepEqual(await stats(), statsBefore);
      assert.deepEqual(await ok(a, 'GET', `/inbox/v1/campaigns/${campaignId}/report`), reportBefore);
      // Nothing of the content is left in the rows either.
      const rows = await app.runtime.services.handle.db
        .selectFrom('messages')
        .select(['html_content', 'text_content', 'attachments', 'mime', 'submitted_mime'])
        .where('account_id', '=', a.accountId)
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.html_content, r.text_content, r.attachments, r.mime, r.submitted_mime]),
        rows.map(() => ['', null, null, null, null]),
      );
      const copies = await app.runtime.services.handle.db
        .selectFrom('message_recipients')
        .select(['content', 'mime'])
        .where('account_id', '=', a.accountId)
        .where((eb) => eb.or([eb('content', 'is not', null), eb('mime', 'is not', null)]))
        .execute();
      assert.deepEqual(copies, []);
    });

    it("the account's own setting: b's body goes after its 90 days", async () => {
      clock.advance(60 * DAY_MS);
      const report = await purge.run();
      assert.equal(report.bodies, 1);
      assert.equal(expectEnvelope(await call(b, 'GET', `/notify/v1/messages/${ids.ofB}/raw`), 410).resultCode, 410);
    });

    it('after RETENTION_METADATA_DAYS the messages go; /stats, the campaign counters and its report read the same', async () => {
      const storageBefore = (await ok(a, 'GET', '/account/usage')).storage;
      clock.advance(310 * DAY_MS);
      const report = await purge.run();
      // Three sends; the campaign's copies stay with the campaign.
      assert.equal(report.messages, 3);
      assert.equal(expectEnvelope(await call(a, 'GET', `/notify/v1/messages/${ids.tagged}`), 404).resultCode, 404);
      const left = await ok(a, 'GET', '/notify/v1/messages');
      assert.equal(left.totalCount, 2);
      assert.deepEqual(await stats(), statsBefore);
      assert.deepEqual(await stats('welcome'), taggedBefore);
      assert.deepEqual(await ok(a, 'GET', `/inbox/v1/campaigns/${campaignId}/report`), reportBefore);
      const campaign = await ok(a, 'GET', `/inbox/v1/campaigns/${campaignId}`);
      assert.deepEqual(
        { sent: campaign.sent, delivered: campaign.delivered, status: campaign.status },
        { sent: campaignBefore.sent, delivered: campaignBefore.delivered, status: campaignBefore.status },
      );
      // Fewer rows: the account's estimated share drops (the table averages are kept for 10 minutes).
      const storageAfter = (await ok(a, 'GET', '/account/usage')).storage;
      assert.ok(storageAfter.accountBytes < storageBefore.accountBytes, `${storageAfter.accountBytes} < ${storageBefore.accountBytes}`);
      // A second run finds nothing more.
      assert.equal((await purge.run()).messages, 0);
      assert.deepEqual(await stats(), statsBefore);
    });
  });
}

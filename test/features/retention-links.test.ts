// Runs in a process of its own (scripts/run-tests.mjs): the purge finds old messages by their ids, which begin with
// the time they were made for, and a file before it in a shared process whose clock ran ahead leaves the
// process's id sequence ahead of this file's clock (ids never go back within a process).
/**
 * The links of tracked mail outlive its body: once retention cleared a message's HTML, a click
 * on a link of the copy people still keep in their mailboxes leads where it did, for a
 * message's shared HTML, a personalised copy's own and a campaign copy. Both dialects; the
 * purge's clock is moved ahead, not waited for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { RetentionPurge } from '../../src/features/system/retention/retention.service.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';
import { DAY_MS, purgeSettings } from '../helpers/retention.js';

const SETTINGS = purgeSettings({ captureDays: 365, batchRows: 50 });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

for (const dialect of DIALECTS) {
  describe(`links of tracked mail after its body is purged [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    const clock = new TestClock({ frozen: true });
    let purge: RetentionPurge;

    const ok = async (method: 'GET' | 'POST', url: string, body?: unknown, status = 200) =>
      expectEnvelope(await app.request({ method, url, token: a.token, ...(body === undefined ? {} : { body }) }), status).resultObject;

    /** The click links of the copy the capture transport was handed for this recipient, in their order. */
    async function clickLinksOf(recipientId: string): Promise<string[]> {
      const row = await eventually(
        () => app.runtime.services.handle.db.selectFrom('captured_emails').select('raw').where('recipient_id', '=', recipientId).executeTakeFirst(),
        20_000,
        'the copy captured',
      );
      const html = String((await simpleParser(row.raw)).html);
      return [...html.matchAll(/"(http:\/\/[^"]+\/t\/c\/[A-Za-z0-9_-]+)"/g)].map((m) => new URL(m[1]!).pathname);
    }

    const follow = async (path: string) => {
      const answer = await app.runtime.app!.inject({ method: 'GET', url: path, headers: { 'user-agent': BROWSER } });
      return { status: answer.statusCode, location: answer.headers.location };
    };

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
      purge = new RetentionPurge(app.runtime.services.handle.db, SETTINGS, clock, { dialect });
    });
    after(async () => {
      await app?.close();
    });

    it('a shared HTML, a personalised copy and a campaign copy: every click still redirects after the purge, and the body is gone', async () => {
      const shared = await ok('POST', '/notify/v1/send', {
        from: { email: a.email },
        to: [{ email: 'ann@example.net' }],
        subject: 'Order',
        htmlContent: '<p><a href="https://shop.example/orders/1">Your order</a> <a href="https://shop.example/help">Help</a></p>',
        trackClicks: true,
      });
      const personal = await ok('POST', '/notify/v1/send', {
        from: { email: a.email },
        to: [{ email: 'bob@example.net', params: { code: 'B42' } }],
        subject: 'Code',
        htmlContent: '<p><a href="https://shop.example/redeem/{{ code }}">Redeem</a></p>',
        trackClicks: true,
      });
      const senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Readers' }, 201)).id;
      await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email: 'cy@example.net' });
      const campaignId = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'News',
          htmlContent: '<p><a href="https://shop.example/news">Read</a></p>',
          language: 'en',
          senderAccountId: senderId,
          listType: 2,
          lists: [listId],
        },
        201,
      );
      await eventually(async () => ((await ok('GET', `/inbox/v1/campaigns/${campaignId}`)).status === 3 ? true : undefined), 20_000, 'the campaign sent');
      const campaignCopy = await eventually(
        () => app.runtime.services.handle.db.selectFrom('campaign_recipients').select('recipient_id').where('campaign_id', '=', campaignId).executeTakeFirst(),
        20_000,
        'the campaign copy',
      );

      const links = {
        shared: await clickLinksOf(shared.recipients[0].id),
        personal: await clickLinksOf(personal.recipients[0].id),
        campaign: await clickLinksOf(campaignCopy.recipient_id),
      };
      const expected = {
        shared: ['https://shop.example/orders/1', 'https://shop.example/help'],
        personal: ['https://shop.example/redeem/B42'],
        campaign: ['https://shop.example/news'],
      };
      const targets = async () =>
        Object.fromEntries(
          await Promise.all(Object.entries(links).map(async ([k, paths]) => [k, await Promise.all(paths.map(async (p) => (await follow(p)).location))])),
        );
      assert.deepEqual(await targets(), expected, 'the links lead there while the body is kept');

      clock.advance(31 * DAY_MS);
      const report = await purge.run();
      assert.equal(report.bodies, 3);
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${shared.id}/raw`, token: a.token }), 410);
      const kept = await app.runtime.services.handle.db.selectFrom('messages').select('html_content').where('id', 'in', [shared.id, personal.id]).execute();
      assert.deepEqual(
        kept.map((m) => m.html_content),
        ['', ''],
      );

      const after = await Promise.all(Object.values(links).flat().map(follow));
      assert.deepEqual(
        after.map((r) => r.status),
        after.map(() => 302),
      );
      assert.deepEqual(await targets(), expected, 'the links still lead there after the purge');
    });
  });
}

/**
 * A campaign's mail end to end, with nothing inserted by hand: delivered through a real
 * SMTP server, then opened, clicked and unsubscribed from through the links in the mail
 * as delivered. The campaign's counters, the contact's status and the campaign report
 * follow; an open by a mail-privacy proxy and a click by a link scanner count in the
 * totals only; the report's per-link clicks follow the same links (and migration 0015
 * counts them from the events alike). Both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import * as linkClicksMigration from '../../migrations/0015_campaign_link_clicks.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

type Method = 'GET' | 'POST';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
/** Apple Mail Privacy Protection fetches images with this agent, whether or not anyone reads the mail. */
const APPLE_PROXY = 'Mozilla/5.0';

for (const dialect of DIALECTS) {
  describe(`a campaign opened, clicked and unsubscribed from through its own links [${dialect}]`, () => {
    let app: TestApp;
    let sink: SmtpSink;
    let a: TestAccount;
    /** Moved past the scanner window after delivery, instead of waiting it out. */
    const clock = new TestClock();

    const ok = async (method: Method, url: string, body?: unknown, status = 200) =>
      expectEnvelope(await app.request({ method, url, token: a.token, body }), status).resultObject;
    const inject = (method: 'GET' | 'POST', url: string, userAgent: string, payload?: string) =>
      app.runtime.app!.inject({
        method,
        url: new URL(url).pathname,
        headers: { 'user-agent': userAgent, ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(payload ? { payload } : {}),
      });

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, { worker: true, clock, config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false } });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
    });
    after(async () => {
      await app?.close();
      await sink?.close();
    });

    it('counters, contact status and report follow the links in the delivered mail', async () => {
      const senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Readers' }, 201)).id;
      const contacts: Record<string, string> = {};
      for (const email of ['ann@example.net', 'bob@example.net', 'cat@example.net']) {
        contacts[email] = await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email });
      }
      const id: string = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'Autumn news',
          htmlContent: '<p>Hello #email#, <a href="https://shop.example.com/autumn?from=news">see what is new</a>.</p>',
          language: 'en',
          senderAccountId: senderId,
          listType: 2,
          lists: [listId],
        },
        201,
      );
      const campaign = () => ok('GET', `/inbox/v1/campaigns/${id}`);
      await eventually(async () => ((await campaign()).delivered === 3 ? true : undefined), 20_000, 'three deliveries');

      const mail = async (email: string) => {
        const [message] = messagesTo(sink, email);
        assert.ok(message, `${email} got the campaign`);
        const parsed = await simpleParser(message.raw);
        const html = String(parsed.html);
        // The header section as sent, folded lines joined.
        const head = message.raw
          .toString('utf8')
          .split('\r\n\r\n')[0]!
          .replace(/\r\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
        return {
          pixel: /src="(http[^"]+\/t\/o\/[^"]+)"/.exec(html)?.[1],
          click: /href="(http[^"]+\/t\/c\/[^"]+)"/.exec(html)?.[1],
          unsubscribe: /<(http[^>]+)>/.exec(header('List-Unsubscribe') ?? '')?.[1],
          oneClick: header('List-Unsubscribe-Post'),
          html,
        };
      };
      const ann = await mail('ann@example.net');
      const bob = await mail('bob@example.net');
      const cat = await mail('cat@example.net');
      assert.match(ann.html, /Hello ann@example\.net/, 'personalised');
      for (const copy of [ann, bob, cat]) {
        assert.ok(copy.pixel && copy.click && copy.unsubscribe, 'every copy has its pixel, its tracked link and its unsubscribe link');
        assert.equal(copy.oneClick, 'List-Unsubscribe=One-Click');
      }
      assert.notEqual(ann.click, bob.click, 'links are per recipient');

      // Clicks within 2 s of delivery are what link scanners do: the people come later.
      clock.advance(2_100);
      // Ann opens twice and clicks; Bob's mail is fetched by Apple's proxy only; Cat unsubscribes in one click.
      assert.equal((await inject('GET', ann.pixel!, BROWSER)).statusCode, 200);
      assert.equal((await inject('GET', ann.pixel!, BROWSER)).statusCode, 200);
      const redirect = await inject('GET', ann.click!, BROWSER);
      assert.equal(redirect.statusCode, 302);
      assert.equal(redirect.headers.location, 'https://shop.example.com/autumn?from=news');
      assert.equal((await inject('GET', bob.pixel!, APPLE_PROXY)).statusCode, 200);
      const leave = await inject('POST', cat.unsubscribe!, BROWSER, 'List-Unsubscribe=One-Click');
      assert.equal(leave.statusCode, 200);

      const counted = await eventually(
        async () => {
          const now = await campaign();
          return now.totalOpens === 3 && now.totalClicks === 1 && now.unsubscribed === 1 ? now : undefined;
        },
        10_000,
        'the engagement counted',
      );
      assert.deepEqual(
        {
          totalRecipients: counted.totalRecipients,
          sent: counted.sent,
          delivered: counted.delivered,
          opened: counted.opened,
          totalOpens: counted.totalOpens,
          clicked: counted.clicked,
          totalClicks: counted.totalClicks,
          unsubscribed: counted.unsubscribed,
          bounceHard: counted.bounceHard,
          bounceSoft: counted.bounceSoft,
          spamReported: counted.spamReported,
        },
        // Opens count people: Ann (twice) is one; the proxy's fetch of Bob's mail is in the total only.
        {
          totalRecipients: 3,
          sent: 3,
          delivered: 3,
          opened: 1,
          totalOpens: 3,
          clicked: 1,
          totalClicks: 1,
          unsubscribed: 1,
          bounceHard: 0,
          bounceSoft: 0,
          spamReported: 0,
        },
      );
      assert.notEqual(counted.lastOpenTime, '0001-01-01T00:00:00.000Z');
      assert.notEqual(counted.lastClickTime, '0001-01-01T00:00:00.000Z');
      assert.equal((await ok('GET', `/inbox/v1/contacts/${contacts['cat@example.net']}`)).status, 3, 'Cat is unsubscribed');
      assert.equal((await ok('GET', `/inbox/v1/contacts/${contacts['ann@example.net']}`)).status, 1);

      // The next campaign to the same list leaves Cat out.
      const next: string = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'Winter news', htmlContent: '<p>Winter</p>', language: 'en', senderAccountId: senderId, listType: 2, lists: [listId] },
        201,
      );
      const winter = await eventually(async () => {
        const now = await ok('GET', `/inbox/v1/campaigns/${next}`);
        return now.delivered === 2 ? now : undefined;
      });
      assert.equal(winter.totalRecipients, 2);
      assert.equal(messagesTo(sink, 'cat@example.net').length, 1, 'Cat got only the campaign she left');
    });

    it('the report counts clicks per link: every click, the people, and the link scanners apart', async () => {
      const senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'Shop', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Shoppers' }, 201)).id;
      for (const email of ['dan@example.net', 'eve@example.net', 'fay@example.net']) await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email });
      // The autumn page is linked twice (one URL, two places); the winter link is personalised; nobody clicks "about".
      const id: string = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'Seasons',
          htmlContent:
            '<p><a href="https://shop.example.com/autumn">Autumn</a> <a href="https://shop.example.com/winter?for=#email#">Winter</a> ' +
            '<a href="https://shop.example.com/autumn">Autumn again</a> <a href="https://example.org/about">About us</a></p>',
          language: 'en',
          senderAccountId: senderId,
          listType: 2,
          lists: [listId],
        },
        201,
      );
      await eventually(async () => ((await ok('GET', `/inbox/v1/campaigns/${id}`)).delivered === 3 ? true : undefined), 20_000, 'three deliveries');
      const links = async (email: string) => {
        const copies = messagesTo(sink, email);
        assert.equal(copies.length, 1, `${email} got the campaign once`);
        return [...String((await simpleParser(copies[0]!.raw)).html).matchAll(/href="(http[^"]+\/t\/c\/[^"]+)"/g)].map((m) => m[1]!);
      };
      const dan = await links('dan@example.net');
      const eve = await links('eve@example.net');
      const fay = await links('fay@example.net');
      assert.deepEqual([dan.length, eve.length, fay.length], [4, 4, 4], 'four tracked links in every copy');

      clock.advance(2_100);
      const click = async (url: string, method: 'GET' | 'HEAD' = 'GET') => {
        const answer = await app.runtime.app!.inject({ method, url: new URL(url).pathname, headers: { 'user-agent': BROWSER } });
        assert.equal(answer.statusCode, 302);
        return answer.headers.location;
      };
      // Dan: the autumn page twice from the first place and once from the second, the winter page once.
      await click(dan[0]!);
      await click(dan[0]!);
      await click(dan[2]!);
      assert.equal(await click(dan[1]!), 'https://shop.example.com/winter?for=dan@example.net', 'his own winter link');
      // Eve: the winter page; a scanner's HEAD on her autumn link.
      await click(eve[1]!);
      await click(eve[0]!, 'HEAD');
      // Fay: only a scanner's HEAD on her winter link.
      await click(fay[1]!, 'HEAD');

      const counted = await eventually(
        async () => {
          const now = await ok('GET', `/inbox/v1/campaigns/${id}`);
          return now.totalClicks === 7 ? now : undefined;
        },
        10_000,
        'the seven clicks counted',
      );
      assert.equal(counted.clicked, 2, 'Dan and Eve clicked; Fay only through a scanner');
      const report = await ok('GET', `/inbox/v1/campaigns/${id}/report`);
      assert.deepEqual(report.links, [
        { url: 'https://shop.example.com/autumn', clicks: 4, uniqueClickers: 1, flaggedClicks: 1 },
        { url: 'https://shop.example.com/winter?for=#email#', clicks: 3, uniqueClickers: 2, flaggedClicks: 1 },
        { url: 'https://example.org/about', clicks: 0, uniqueClickers: 0, flaggedClicks: 0 },
      ]);

      // Migration 0015 counts the clicks recorded before it from their events: the very rows the listener keeps.
      const db = app.runtime.services.handle.db;
      const rows = () => db.selectFrom('campaign_link_clicks').selectAll().orderBy('recipient_id').orderBy('link_index').execute();
      const kept = await rows();
      assert.equal(kept.length, 7, "one row per recipient and link clicked, the first test's included");
      await db.schema.dropTable('campaign_link_clicks').execute();
      // Its events as they were stored then, naming their recipient (a copy's are stored without it since).
      await sql`update events set
          recipient_id = (select r.id from message_recipients r where r.message_id = events.message_id),
          email = (select r.email from message_recipients r where r.message_id = events.message_id)
        where recipient_id is null and type = 'clicked'`.execute(db);
      await linkClicksMigration.up(db);
      assert.deepEqual(await rows(), kept);
    });
  });
}

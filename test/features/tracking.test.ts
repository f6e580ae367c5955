/**
 * Tracking and unsubscribe as a recipient, a client and a webhook receiver see them: a
 * send with trackOpens/trackClicks/listUnsubscribe is delivered (capture transport) as one
 * copy per recipient whose links go through /t/c/…, with a pixel /t/o/… and the RFC 8058
 * headers; the pixel is a no-cache GIF and records `opened`; a click is a 302 to exactly
 * the link's URL and records `clicked` (a HEAD, a privacy proxy flagged); a forged or
 * altered token gets the 404 of an unknown path; unsubscribing by POST suppresses the
 * address of that account only, records `unsubscribed` once and reaches the webhook; the
 * GET page only shows a form, without script.
 */
import { propertyOf } from '../helpers/openapi.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { backfillFirstOpens } from '../../migrations/0023_first_opens.js';
import type { Db } from '../../src/db/database.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { outcomeOf, type Sent } from '../helpers/delivery-api.js';
import { TestClock } from '../helpers/clock.js';
import { Receiver } from '../helpers/webhook-receiver.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const HTML =
  '<html><body><p>Your order is on its way.</p>' +
  '<a href="https://shop.example.com/orders?id=1&amp;ref=mail">See the order</a> ' +
  '<a href="mailto:help@example.com">Write to us</a> ' +
  '<a class="b" href=\'https://example.org/b\'>Other</a></body></html>';
const FIRST_URL = 'https://shop.example.com/orders?id=1&ref=mail';

interface Copy {
  raw: string;
  html: string;
  text: string;
  /** The tracking paths in the HTML, in order: clicks then the pixel. */
  clicks: string[];
  pixel: string | undefined;
  listUnsubscribe: string | undefined;
  listUnsubscribePost: string | undefined;
}

/** The header's value in the raw MIME (unfolded). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

for (const dialect of DIALECTS) {
  describe(`tracking and unsubscribe [${dialect}]`, () => {
    let app: TestApp;
    /** Moved past the scanner window after a delivery, instead of waiting it out. */
    const clock = new TestClock();
    let db: Db;
    let a: TestAccount;
    let b: TestAccount;
    let receiver: Receiver;

    const path = (url: string) => new URL(url).pathname;
    const inject = (method: 'GET' | 'HEAD' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
      app.runtime.app!.inject({ method, url, headers: { 'user-agent': BROWSER, ...headers }, ...(payload !== undefined ? { payload } : {}) });

    async function send(account: TestAccount, to: string[], options: Record<string, unknown>): Promise<Sent> {
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { email: account.email }, to: to.map((email) => ({ email })), subject: 'Shipped', htmlContent: HTML, tags: ['orders'], ...options },
      });
      const sent: Sent = expectEnvelope(response, 200).resultObject;
      for (const email of to) assert.equal((await outcomeOf(app, account, sent, email)).state, 'sent');
      return sent;
    }

    /** The copy the transport was handed for one recipient. */
    async function copyOf(sent: Sent, email: string): Promise<Copy> {
      const recipient = sent.recipients.find((r) => r.email === email)!;
      const row = await db.selectFrom('captured_emails').select('raw').where('recipient_id', '=', recipient.id).executeTakeFirstOrThrow();
      const parsed = await simpleParser(row.raw);
      const html = String(parsed.html);
      const paths = [...html.matchAll(/"(http:\/\/[^"]+\/t\/[oc]\/[A-Za-z0-9_-]+)"/g)].map((m) => m[1]!);
      return {
        raw: row.raw,
        html,
        text: parsed.text ?? '',
        clicks: paths.filter((p) => p.includes('/t/c/')),
        pixel: paths.find((p) => p.includes('/t/o/')),
        listUnsubscribe: headerOf(row.raw, 'List-Unsubscribe'),
        listUnsubscribePost: headerOf(row.raw, 'List-Unsubscribe-Post'),
      };
    }

    async function eventsOf(account: TestAccount, messageId: string, type: string): Promise<any[]> {
      const response = await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${messageId}&type=${type}`, token: account.token });
      return expectEnvelope(response, 200).resultObject.items;
    }

    const waitForEvents = (account: TestAccount, messageId: string, type: string, count: number) =>
      eventually(
        async () => {
          const events = await eventsOf(account, messageId, type);
          return events.length >= count ? events : undefined;
        },
        10_000,
        `${count} ${type} event(s) of ${messageId}`,
      );

    /** Clicks within 2 s of delivery are a scanner's: a person's click comes later. */
    async function afterScannerWindow(account: TestAccount, sent: Sent): Promise<void> {
      const recipient = await outcomeOf(app, account, sent, sent.recipients[0]!.email);
      assert.ok(recipient.sentTime, 'delivered');
      clock.advance(2_100);
    }

    before(async () => {
      receiver = await Receiver.start();
      app = await startTestApp(dialect, { worker: true, clock, config: { outboundAllow: ['127.0.0.1'], webhookRetryFirstDelayMs: 50 } });
      db = app.runtime.services.handle.db;
      a = await app.signUp();
      b = await app.signUp();
      const hook = await app.request({ method: 'POST', url: '/notify/v1/webhooks', token: a.token, body: { url: receiver.url } });
      expectEnvelope(hook, 201);
    });
    after(async () => {
      await app.close();
      await receiver.close();
    });

    it('refuses a tracking option that is not a boolean, naming the field', async () => {
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: a.token,
        body: { from: { email: a.email }, to: [{ email: 'x@example.net' }], subject: 's', htmlContent: '<p>x</p>', trackOpens: 'sometimes' },
      });
      const body = expectEnvelope(response, 400);
      assert.ok(
        body.resultObject.errors.some((e: { field: string }) => e.field === 'trackOpens'),
        response.text,
      );
    });

    it('an untracked send carries no tracking: links as written, no pixel, no List-Unsubscribe', async () => {
      const sent = await send(a, ['plain@example.net'], {});
      const copy = await copyOf(sent, 'plain@example.net');
      assert.deepEqual(copy.clicks, []);
      assert.equal(copy.pixel, undefined);
      assert.equal(copy.listUnsubscribe, undefined);
      assert.ok(copy.html.includes('href="https://shop.example.com/orders?id=1&amp;ref=mail"'));
    });

    it('a tracked send gives each recipient its own copy: rewritten links, a pixel, the RFC 8058 headers', async () => {
      const sent = await send(a, ['ann@example.net', 'bob@example.net'], { trackOpens: true, trackClicks: true, listUnsubscribe: true });
      const ann = await copyOf(sent, 'ann@example.net');
      const bob = await copyOf(sent, 'bob@example.net');
      for (const copy of [ann, bob]) {
        assert.equal(copy.clicks.length, 2, 'the two http(s) links are tracked');
        assert.ok(copy.html.includes('href="mailto:help@example.com"'), 'a mailto: link stays as written');
        assert.ok(copy.pixel, 'the pixel is in the HTML');
        assert.ok(copy.text.includes(FIRST_URL), 'the text part keeps the original links');
        assert.match(copy.listUnsubscribe ?? '', /^<http:\/\/127\.0\.0\.1:\d+\/u\/[A-Za-z0-9_-]+>$/);
        assert.equal(copy.listUnsubscribePost, 'List-Unsubscribe=One-Click');
      }
      assert.notEqual(ann.pixel, bob.pixel, 'each recipient has tokens of its own');
      assert.notDeepEqual(ann.clicks, bob.clicks);
      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token }), 200).resultObject;
      assert.equal(detail.trackOpens, true);
      assert.equal(detail.trackClicks, true);
      assert.equal(detail.listUnsubscribe, true);
      // /raw of a recipient is the copy that was sent.
      const raw = await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}/raw?recipientId=${sent.recipients[1]!.id}`, token: a.token });
      assert.equal(raw.text, bob.raw);
    });

    it('the pixel is a GIF that is never cached, and records an opened event (a privacy proxy flagged)', async () => {
      const sent = await send(a, ['reader@example.net'], { trackOpens: true });
      const copy = await copyOf(sent, 'reader@example.net');
      assert.equal(copy.clicks.length, 0, 'clicks are not tracked unless asked');
      const pixel = await inject('GET', path(copy.pixel!));
      assert.equal(pixel.statusCode, 200);
      assert.equal(pixel.headers['content-type'], 'image/gif');
      assert.match(String(pixel.headers['cache-control']), /no-store/);
      assert.equal(pixel.rawPayload.subarray(0, 6).toString('latin1'), 'GIF89a');
      const proxied = await inject('GET', path(copy.pixel!), { 'user-agent': 'Mozilla/5.0' });
      assert.equal(proxied.statusCode, 200);
      const google = await inject('GET', path(copy.pixel!), {
        'user-agent': 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      });
      assert.equal(google.statusCode, 200);

      const opens = await waitForEvents(a, sent.id, 'opened', 3);
      const byReason = opens.map((e) => `${e.details.flagged}:${e.details.reason ?? '-'}:${e.details.userAgentClass}`).sort();
      assert.deepEqual(byReason, ['false:-:desktop', 'true:apple_privacy_proxy:privacy_proxy', 'true:google_image_proxy:privacy_proxy']);
      for (const e of opens) {
        assert.equal(e.recipientId, sent.recipients[0]!.id);
        assert.equal(e.email, 'reader@example.net');
        assert.deepEqual(e.details.tags, ['orders'], 'the send tags travel with the event');
      }
    });

    it("a copy's first open is also unique_opened, once, and reaches a webhook registered for the original's id 6 only", async () => {
      const account = await app.signUp();
      const uniques = await Receiver.start();
      const everyOpen = await Receiver.start();
      try {
        const hook = async (url: string, events: unknown[]) =>
          expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/webhooks', token: account.token, body: { url, events } }), 201).resultObject;
        const unique = await hook(uniques.url, [6]);
        assert.deepEqual(unique.events, ['unique_opened'], 'the id is answered by its name');
        await hook(everyOpen.url, [5]);
        const sent = await send(account, ['ann@example.net', 'bob@example.net'], { trackOpens: true });
        const ann = path((await copyOf(sent, 'ann@example.net')).pixel!);
        const bob = path((await copyOf(sent, 'bob@example.net')).pixel!);
        // Ann's client fetches the pixel three times at once (one commit), Bob's once.
        await Promise.all([inject('GET', ann), inject('GET', ann), inject('GET', ann), inject('GET', bob)]);
        await waitForEvents(account, sent.id, 'opened', 4);
        // Ann opens it again later, in a commit of its own.
        await inject('GET', ann);
        await waitForEvents(account, sent.id, 'opened', 5);

        const firsts = await eventsOf(account, sent.id, 'unique_opened');
        assert.deepEqual(firsts.map((e) => e.email).sort(), ['ann@example.net', 'bob@example.net'], 'one unique open per copy');
        const opens = await eventsOf(account, sent.id, 'opened');
        const firstOpenOf = (email: string) => opens.filter((e) => e.email === email).sort((x, y) => x.createTime.localeCompare(y.createTime))[0];
        for (const e of firsts) assert.equal(e.createTime, firstOpenOf(e.email).createTime, `${e.email}: the first open`);

        await eventually(async () => (everyOpen.payloads.length >= 5 ? true : undefined), 15_000, 'five opened calls');
        await eventually(async () => (uniques.payloads.length >= 2 ? true : undefined), 15_000, 'two unique_opened calls');
        // Deliveries are written with their events: by now every one that exists is listed.
        const listed = expectEnvelope(
          await app.request({ method: 'GET', url: `/notify/v1/webhooks/${unique.id}/deliveries`, token: account.token }),
          200,
        ).resultObject;
        assert.equal(listed.totalCount, 2);
        assert.deepEqual(uniques.payloads.map((p) => [p.type, p.email]).sort(), [
          ['unique_opened', 'ann@example.net'],
          ['unique_opened', 'bob@example.net'],
        ]);
        assert.ok(everyOpen.payloads.every((p) => p.type === 'opened'));
      } finally {
        await uniques.close();
        await everyOpen.close();
      }
    });

    it('a copy opened before first opens were recorded (migration 0023) gets its first open from its events: no second unique_opened', async () => {
      const sent = await send(a, ['early@example.net'], { trackOpens: true });
      const pixel = path((await copyOf(sent, 'early@example.net')).pixel!);
      await inject('GET', pixel);
      const [opened] = await waitForEvents(a, sent.id, 'opened', 1);
      const recipientId = sent.recipients[0]!.id;
      // As the rows were before the migration: opened, and no first open recorded; its events
      // named it then (a one-recipient message's events are stored without it since).
      await db.updateTable('message_recipients').set({ first_opened_at: null }).where('id', '=', recipientId).execute();
      await db.updateTable('events').set({ recipient_id: recipientId, email: 'early@example.net' }).where('message_id', '=', sent.id).execute();
      await backfillFirstOpens(db);
      const row = await db.selectFrom('message_recipients').select('first_opened_at').where('id', '=', recipientId).executeTakeFirstOrThrow();
      assert.equal(Number(row.first_opened_at), Date.parse(opened.createTime));
      await inject('GET', pixel);
      await waitForEvents(a, sent.id, 'opened', 2);
      assert.equal((await eventsOf(a, sent.id, 'unique_opened')).length, 1, 'the first open only');
    });

    it('a click is a 302 to exactly the link it was; HEAD is recorded flagged; the events reach the webhook', async () => {
      const sent = await send(a, ['clicker@example.net'], { trackClicks: true });
      const copy = await copyOf(sent, 'clicker@example.net');
      assert.equal(copy.pixel, undefined, 'no pixel unless asked');
      await afterScannerWindow(a, sent);
      const first = await inject('GET', path(copy.clicks[0]!));
      assert.equal(first.statusCode, 302);
      assert.equal(first.headers.location, FIRST_URL);
      const second = await inject('GET', path(copy.clicks[1]!));
      assert.equal(second.statusCode, 302);
      assert.equal(second.headers.location, 'https://example.org/b');
      const head = await inject('HEAD', path(copy.clicks[0]!));
      assert.equal(head.statusCode, 302);
      assert.equal(head.headers.location, FIRST_URL);

      const clicks = await waitForEvents(a, sent.id, 'clicked', 3);
      const seen = clicks.map((e) => `${e.details.linkIndex}:${e.details.url}:${e.details.flagged}:${e.details.reason ?? '-'}`).sort();
      assert.deepEqual(seen, [`0:${FIRST_URL}:false:-`, `0:${FIRST_URL}:true:head_request`, '1:https://example.org/b:false:-']);
      const hooks = await eventually(
        async () => {
          const found = receiver.payloads.filter((p) => p.messageId === sent.id && p.type === 'clicked');
          return found.length >= 3 ? found : undefined;
        },
        15_000,
        'clicked webhooks',
      );
      assert.ok(hooks.every((p) => p.recipientId === sent.recipients[0]!.id && p.email === 'clicker@example.net'));
      assert.ok(hooks.some((p) => p.details.url === FIRST_URL && p.details.flagged === false));
    });

    it("a personalised send's click leads to that recipient's own link; a link beyond ASCII is percent-encoded", async () => {
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: a.token,
        body: {
          from: { email: a.email },
          to: [
            { email: 'p1@example.net', params: { id: 'ann' } },
            { email: 'p2@example.net', params: { id: 'bob' } },
          ],
          subject: 'Yours',
          htmlContent: '<p><a href="https://shop.example.com/u/{{ id }}">Yours</a> <a href="https://example.org/café/€">Café</a></p>',
          trackClicks: true,
        },
      });
      const sent: Sent = expectEnvelope(response, 200).resultObject;
      for (const email of ['p1@example.net', 'p2@example.net']) assert.equal((await outcomeOf(app, a, sent, email)).state, 'sent');
      await afterScannerWindow(a, sent);
      const bob = await copyOf(sent, 'p2@example.net');
      assert.equal((await inject('GET', path(bob.clicks[0]!))).headers.location, 'https://shop.example.com/u/bob');
      const ann = await copyOf(sent, 'p1@example.net');
      assert.equal((await inject('GET', path(ann.clicks[0]!))).headers.location, 'https://shop.example.com/u/ann');
      const unicode = await inject('GET', path(ann.clicks[1]!));
      assert.equal(unicode.statusCode, 302);
      assert.equal(unicode.headers.location, 'https://example.org/caf%C3%A9/%E2%82%AC');
      const clicks = await waitForEvents(a, sent.id, 'clicked', 3);
      assert.ok(clicks.some((e) => e.details.url === 'https://example.org/café/€' && e.email === 'p1@example.net'));
    });

    it('a forged, altered or misused token gets the 404 of a path that does not exist', async () => {
      const sent = await send(a, ['probe@example.net'], { trackOpens: true, trackClicks: true, listUnsubscribe: true });
      const copy = await copyOf(sent, 'probe@example.net');
      const token = path(copy.pixel!).split('/').pop()!;
      const altered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
      const clickToken = path(copy.clicks[0]!).split('/').pop()!;
      const cases: ['GET' | 'POST', string][] = [
        ['GET', `/t/o/${altered}`],
        ['GET', '/t/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
        // Longer than the router's 100-character parameters is a 400 for every route alike, whatever it holds.
        ['GET', `/t/o/${'x'.repeat(90)}`],
        ['GET', `/t/c/${token}`],
        ['GET', `/t/o/${clickToken}`],
        ['GET', `/u/${token}`],
        ['POST', `/u/${clickToken}`],
      ];
      for (const [method, url] of cases) {
        const response = await inject(method, url);
        assert.equal(response.statusCode, 404, `${method} ${url}`);
        const unknown = await inject(method, `/no-such-endpoint${url}`);
        assert.deepEqual(
          JSON.parse(response.body),
          { ...JSON.parse(unknown.body), resultMessage: `No endpoint matches ${method} ${url}.` },
          'the same envelope as an unknown path',
        );
      }
      // The genuine token still works.
      assert.equal((await inject('GET', `/t/o/${token}`)).statusCode, 200);
    });

    it('GET /u/… shows a form that posts back, without script, and changes nothing', async () => {
      const sent = await send(a, ['looker@example.net'], { listUnsubscribe: true });
      const copy = await copyOf(sent, 'looker@example.net');
      const page = await inject('GET', path(copy.listUnsubscribe!.slice(1, -1)));
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /<form method="post">/);
      assert.match(page.body, /name="List-Unsubscribe" value="One-Click"/);
      assert.doesNotMatch(page.body, /<script/i);
      assert.doesNotMatch(page.body, /looker@example\.net/, 'the page does not show the address');
      assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
      assert.doesNotMatch(String(page.headers['content-security-policy']), /script-src/);
      const suppression = await app.request({ method: 'GET', url: '/notify/v1/suppressions/looker@example.net', token: a.token });
      expectEnvelope(suppression, 404);
    });

    it('POST /u/… unsubscribes at once: suppression (unsubscribe), one event, the webhook, that account only', async () => {
      // The address is also a marketing contact of the account: its status follows the suppression list.
      const list = expectEnvelope(await app.request({ method: 'POST', url: '/inbox/v1/contactlists', token: a.token, body: { listName: 'News' } }), 201)
        .resultObject.id;
      const contactId = expectEnvelope(
        await app.request({ method: 'POST', url: `/inbox/v1/contactlists/${list}/add`, token: a.token, body: { email: 'leaver@example.net' } }),
        200,
      ).resultObject;
      const contactStatus = async () =>
        expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/contacts/${contactId}`, token: a.token }), 200).resultObject.status;
      assert.equal(await contactStatus(), 1);

      const sent = await send(a, ['leaver@example.net'], { listUnsubscribe: true, trackOpens: true });
      const copy = await copyOf(sent, 'leaver@example.net');
      const url = path(copy.listUnsubscribe!.slice(1, -1));
      const done = await inject('POST', url, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click');
      assert.equal(done.statusCode, 200);
      assert.match(done.body, /unsubscribed/i);

      // Committed before the answer: readable at once.
      const suppression = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/suppressions/leaver@example.net', token: a.token }), 200);
      assert.equal(suppression.resultObject.reason, 'unsubscribe');
      assert.equal(suppression.resultObject.details.messageId, sent.id);
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/suppressions/leaver@example.net', token: b.token }), 404);
      assert.equal(await contactStatus(), 3, 'the contact shows unsubscribed');
      const events = await eventsOf(a, sent.id, 'unsubscribed');
      assert.equal(events.length, 1);
      assert.equal(events[0].details.via, 'one_click');
      assert.equal(events[0].email, 'leaver@example.net');

      // Again (the page's form this time): still 200, nothing recorded twice.
      const again = await inject('POST', url, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click&via=page');
      assert.equal(again.statusCode, 200);
      assert.equal((await eventsOf(a, sent.id, 'unsubscribed')).length, 1);

      const hook = await eventually(
        async () => receiver.payloads.find((p) => p.messageId === sent.id && p.type === 'unsubscribed'),
        15_000,
        'the unsubscribed webhook',
      );
      assert.equal(hook.recipientId, sent.recipients[0]!.id);
      assert.equal(hook.email, 'leaver@example.net');
      assert.equal(hook.details.via, 'one_click');

      // The next send of this account to the address is not attempted; another account's is.
      const next = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email }, to: [{ email: 'leaver@example.net' }], subject: 'Again', htmlContent: '<p>x</p>' },
        }),
        200,
      ).resultObject;
      assert.equal((await outcomeOf(app, a, next, 'leaver@example.net')).state, 'suppressed');
      const other = await send(b, ['leaver@example.net'], {});
      assert.equal(other.recipients.length, 1);
    });

    it('the tracking endpoints are in the OpenAPI document, without security', async () => {
      const doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
      for (const [p, methods] of [
        ['/t/o/{token}', ['get']],
        ['/t/c/{token}', ['get', 'head']],
        ['/u/{token}', ['get', 'post']],
      ] as const) {
        for (const m of methods) assert.deepEqual(doc.paths[p]?.[m]?.security, [], `${m} ${p}`);
      }
      assert.ok(propertyOf(doc, doc.paths['/notify/v1/send'].post.requestBody.content['application/json'].schema, 'trackClicks'));
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`tracking links: base URL and per-IP limit [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;

    before(async () => {
      app = await startTestApp(dialect, { worker: true, config: { trackingBaseUrl: 'https://links.example.test', rateLimitPerIpPerMinute: 3 } });
      account = await app.signUp();
    });
    after(() => app.close());

    it('links use TRACKING_BASE_URL, and the public endpoints are rate-limited per IP address', async () => {
      const sent: Sent = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: account.token,
          body: {
            from: { email: account.email },
            to: [{ email: 'ann@example.net' }],
            subject: 'Hi',
            htmlContent: '<p>Hi</p>',
            trackOpens: true,
            listUnsubscribe: true,
          },
        }),
        200,
      ).resultObject;
      assert.equal((await outcomeOf(app, account, sent, 'ann@example.net')).state, 'sent');
      const raw = await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}/raw`, token: account.token });
      const unfolded = raw.text.replace(/\r\n[ \t]+/g, ' ');
      const unsubscribe = unfolded.match(/^List-Unsubscribe: <(https:\/\/links\.example\.test\/u\/[A-Za-z0-9_-]+)>/m)?.[1];
      assert.ok(unsubscribe, 'List-Unsubscribe names the tracking base URL');
      const page = new URL(unsubscribe).pathname;
      const from = { remoteAddress: '198.51.100.7' };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await app.runtime.app!.inject({ method: 'GET', url: page, ...from })).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      // Another address is counted on its own.
      assert.equal((await app.runtime.app!.inject({ method: 'GET', url: page, remoteAddress: '198.51.100.8' })).statusCode, 200);
    });
  });
}

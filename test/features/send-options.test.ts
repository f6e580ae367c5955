/**
 * The optional send fields as a recipient's mail server sees them: messages relayed to a
 * real SMTP server (test/helpers/smtp-sink.ts) and parsed with mailparser. cc and bcc are
 * recipients of their own; Bcc is named in no header; the text part, Reply-To and custom
 * headers arrive as given; tags and metadata are on the message and in its events. Bad
 * options are 400s that name the field.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, rawOf } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';
import { messagesTo, type SmtpSink } from '../helpers/smtp-sink.js';

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field]).flatMap((a) => a.value.map((v) => v.address ?? ''));
}

for (const dialect of DIALECTS) {
  describe(`send options [${dialect}]`, () => {
    let relay: RelayedTestApp;
    let sink: SmtpSink;
    let app: TestApp;
    let a: TestAccount;

    before(async () => {
      relay = await startRelayedTestApp(dialect);
      ({ app, sink } = relay);
      a = await app.signUp();
    });
    after(() => relay?.close());

    const send = (body: Record<string, unknown>, account = a) =>
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { name: 'Shop', email: account.email }, subject: 'Your order', htmlContent: '<p>Hello <b>there</b></p>', ...body },
      });

    async function delivered(email: string): Promise<ParsedMail> {
      const received = await eventually(async () => messagesTo(sink, email)[0], 20_000, `a message to ${email}`);
      return simpleParser(received.raw);
    }

    it('cc and bcc are recipients with their own state; Bcc appears in no header', async () => {
      const body = expectEnvelope(
        await send({
          to: [{ email: 'to1@example.net', name: 'To One' }],
          cc: [{ email: 'cc1@example.net', name: 'Cc One' }, { email: 'TO1@example.net' }],
          bcc: [{ email: 'bcc1@example.net' }],
        }),
        200,
      );
      const result = body.resultObject;
      assert.deepEqual(result.accepted, ['to1@example.net', 'cc1@example.net', 'bcc1@example.net'], 'an address named twice gets one copy');
      assert.deepEqual(
        result.recipients.map((r: any) => r.type),
        [undefined, 'cc', 'bcc'],
      );

      for (const email of result.accepted) assert.equal((await outcomeOf(app, a, result, email)).state, 'delivered');
      for (const email of result.accepted) {
        const parsed = await delivered(email);
        assert.deepEqual(addresses(parsed.to), ['to1@example.net']);
        assert.deepEqual(addresses(parsed.cc), ['cc1@example.net']);
        assert.equal(parsed.bcc, undefined);
        assert.ok(!/bcc1@example\.net/i.test(messagesTo(sink, email)[0]!.raw.toString('utf8')), `the bytes sent to ${email} never name the Bcc recipient`);
      }
      const [toCopy] = messagesTo(sink, 'bcc1@example.net');
      assert.deepEqual(toCopy!.rcptTo, ['bcc1@example.net'], 'the Bcc recipient gets its own envelope');

      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(
        detail.recipients.map((r: any) => [r.email, r.type ?? 'to', r.state]),
        [
          ['to1@example.net', 'to', 'delivered'],
          ['cc1@example.net', 'cc', 'delivered'],
          ['bcc1@example.net', 'bcc', 'delivered'],
        ],
      );
    });

    it('replyTo, textContent and custom headers arrive as given', async () => {
      const result = expectEnvelope(
        await send({
          to: [{ email: 'opts@example.net' }],
          replyTo: { email: 'support@example.com', name: 'Support Desk' },
          textContent: 'Plain words, written by hand.',
          headers: { 'X-Campaign': 'spring-2026', 'List-Unsubscribe': '<https://example.com/u/1>' },
        }),
        200,
      ).resultObject;
      assert.equal((await outcomeOf(app, a, result, 'opts@example.net')).state, 'delivered');
      const parsed = await delivered('opts@example.net');
      assert.deepEqual(addresses(parsed.replyTo), ['support@example.com']);
      assert.equal(parsed.replyTo!.value[0]!.name, 'Support Desk');
      assert.equal(parsed.text!.trim(), 'Plain words, written by hand.');
      assert.match(parsed.html as string, /Hello <b>there<\/b>/);
      assert.equal(parsed.headers.get('x-campaign'), 'spring-2026');
      assert.deepEqual(
        parsed.headerLines.filter((h) => h.key === 'list-unsubscribe').map((h) => h.line),
        ['List-Unsubscribe: <https://example.com/u/1>'],
      );
      assert.equal(parsed.messageId, result.messageId, 'the Message-ID stays ours');

      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(detail.replyTo, { email: 'support@example.com', name: 'Support Desk' });
      assert.equal(detail.textContent, 'Plain words, written by hand.');
      assert.deepEqual(detail.headers, { 'X-Campaign': 'spring-2026', 'List-Unsubscribe': '<https://example.com/u/1>' });
    });

    it('a replyTo that is the From itself arrives and is shown as given, and GET raw is the copy delivered', async () => {
      for (const [email, name] of [
        ['same@example.net', 'Shop'],
        ['other-name@example.net', 'Shop desk'],
      ] as const) {
        const result = expectEnvelope(await send({ to: [{ email }], replyTo: { email: a.email, name } }), 200).resultObject;
        assert.equal((await outcomeOf(app, a, result, email)).state, 'delivered');
        const parsed = await delivered(email);
        assert.deepEqual(
          parsed.replyTo!.value.map((v) => [v.address, v.name]),
          [[a.email, name]],
        );
        assert.equal(parsed.messageId, result.messageId);
        const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
        assert.deepEqual([detail.replyTo, detail.messageId], [{ email: a.email, name }, result.messageId]);
        assert.equal(await rawOf(app, a, result.id), messagesTo(sink, email)[0]!.raw.toString('utf8'));
      }
    });

    it('without textContent the text part is derived from the HTML', async () => {
      const result = expectEnvelope(await send({ to: [{ email: 'derived@example.net' }] }), 200).resultObject;
      assert.equal((await outcomeOf(app, a, result, 'derived@example.net')).state, 'delivered');
      assert.equal((await delivered('derived@example.net')).text!.trim(), 'Hello there');
    });

    it('tags and metadata are stored on the message and carried in every event', async () => {
      const result = expectEnvelope(
        await send({
          to: [{ email: 'tagged@example.net' }],
          tags: ['welcome', 'onboarding'],
          metadata: { orderId: 'A-1001', attempt: 2, vip: true },
        }),
        200,
      ).resultObject;
      assert.equal((await outcomeOf(app, a, result, 'tagged@example.net')).state, 'delivered');
      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(detail.tags, ['welcome', 'onboarding']);
      assert.deepEqual(detail.metadata, { orderId: 'A-1001', attempt: 2, vip: true });
      const events = detail.recipients[0].events;
      assert.deepEqual(
        events.map((e: any) => e.type),
        ['accepted', 'delivered'],
      );
      for (const e of events) {
        assert.deepEqual(e.details.tags, ['welcome', 'onboarding'], `${e.type} carries the tags`);
        assert.deepEqual(e.details.metadata, { orderId: 'A-1001', attempt: 2, vip: true }, `${e.type} carries the metadata`);
      }
      const list = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${result.id}`, token: a.token }), 200).resultObject;
      assert.ok(list.items.every((e: any) => e.details.metadata?.orderId === 'A-1001'));
    });

    it('the raw MIME is what the recipient received', async () => {
      const result = expectEnvelope(await send({ to: [{ email: 'raw@example.net' }], cc: [{ email: 'rawcc@example.net' }] }), 200).resultObject;
      assert.equal((await outcomeOf(app, a, result, 'raw@example.net')).state, 'delivered');
      const [received] = messagesTo(sink, 'raw@example.net');
      assert.equal(received!.raw.toString('utf8'), await rawOf(app, a, result.id));
    });

    it('suppressed addresses are reported in the answer, recorded as suppressed, and not sent to', async () => {
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: a.token, body: { email: 'Blocked@example.net' } }), 201);
      const result = expectEnvelope(
        await send({
          to: [{ email: 'blocked@example.net' }, { email: 'fine@example.net' }],
          bcc: [{ email: 'BLOCKED+no@example.net' }],
          metadata: { k: 'v' },
        }),
        200,
      ).resultObject;
      assert.deepEqual(result.suppressed, ['blocked@example.net']);
      assert.deepEqual(result.accepted, ['fine@example.net', 'BLOCKED+no@example.net']);
      assert.deepEqual(
        result.recipients.map((r: any) => r.state),
        ['suppressed', 'queued', 'queued'],
      );
      assert.match(result.recipients[0].lastResponse, /suppression list \(manual\)/);

      assert.equal((await outcomeOf(app, a, result, 'fine@example.net')).state, 'delivered');
      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      const blocked = detail.recipients[0];
      assert.equal(blocked.state, 'suppressed');
      assert.deepEqual(
        blocked.events.map((e: any) => [e.type, e.details.reason, e.details.metadata?.k]),
        [
          ['accepted', undefined, 'v'],
          ['suppressed', 'manual', 'v'],
        ],
      );
      assert.equal(messagesTo(sink, 'blocked@example.net').length, 0);
      // A send with no suppressed address has no `suppressed` field (the specified answer is unchanged).
      assert.equal(expectEnvelope(await send({ to: [{ email: 'fine@example.net' }] }), 200).resultObject.suppressed, undefined);
    });

    describe('bad options: a 400 naming the field, and nothing is stored', () => {
      const count = async () => expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject.totalCount;
      const rejects = async (body: Record<string, unknown>, fields: string[], message?: RegExp) => {
        const before = await count();
        const response = expectEnvelope(await send({ to: [{ email: 'x@example.net' }], ...body }), 400);
        assert.deepEqual(errorFields(response).sort(), [...fields].sort(), JSON.stringify(response.resultObject));
        if (message) assert.match(response.resultObject.errors[0].message, message);
        assert.equal(await count(), before);
      };

      it('headers Postwire sets itself cannot be given', async () => {
        for (const name of [
          'From',
          'to',
          'Cc',
          'BCC',
          'Subject',
          'Message-ID',
          'Date',
          'Return-Path',
          'DKIM-Signature',
          'Content-Type',
          'content-transfer-encoding',
          'MIME-Version',
          'Sender',
        ]) {
          await rejects({ headers: { [name]: 'x' } }, [`headers.${name}`], /set by Postwire/);
        }
        await rejects({ headers: { 'Reply-To': 'x@example.com' } }, ['headers.Reply-To'], /replyTo/);
      });

      it('only X-… headers and an allow-list of list, threading and handling headers may be given', async () => {
        for (const name of [
          'Resent-From',
          'Authentication-Results',
          'ARC-Seal',
          'Disposition-Notification-To',
          'Errors-To',
          'Return-Receipt-To',
          'Delivered-To',
        ]) {
          await rejects({ headers: { [name]: 'x' } }, [`headers.${name}`], /is not a header a send may set; allowed are X-… headers, List-\*/);
        }
        const allowed = {
          'X-Anything': '1',
          'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
          'In-Reply-To': '<a@example.com>',
          References: '<a@example.com>',
          Precedence: 'bulk',
          'Feedback-ID': 'a:b:c',
        };
        expectEnvelope(await send({ to: [{ email: 'ann@example.net' }], headers: allowed }), 200);
      });

      it('header names must be tokens, values one line', async () => {
        await rejects({ headers: { 'X Bad': 'x' } }, ['headers.X Bad'], /header name/);
        await rejects({ headers: { 'X-Colon:': 'x' } }, ['headers.X-Colon:'], /header name/);
        await rejects({ headers: { 'X-Inject': 'a\r\nBcc: victim@example.org' } }, ['headers.X-Inject'], /line breaks/);
        await rejects({ headers: { 'X-Inject': 'a\nb' } }, ['headers.X-Inject'], /line breaks/);
        await rejects({ headers: { 'X-Number': 5 } }, ['headers.X-Number']);
      });

      it('cc, bcc and replyTo addresses are checked like to', async () => {
        await rejects({ cc: [{ email: 'not an address' }] }, ['cc[0].email']);
        await rejects({ bcc: [{ email: 'ok@example.net' }, { email: 'x@' }] }, ['bcc[1].email']);
        await rejects({ replyTo: { email: 'nope' } }, ['replyTo.email']);
        await rejects({ replyTo: { email: 'a@example.com', name: 'Evil\r\nBcc: x@example.org' } }, ['replyTo.name']);
        await rejects({ cc: Array.from({ length: 101 }, (_, i) => ({ email: `c${i}@example.net` })) }, ['cc']);
      });

      it('tags: short strings, at most 10', async () => {
        await rejects({ tags: 'welcome' }, ['tags']);
        await rejects({ tags: [''] }, ['tags[0]']);
        await rejects({ tags: ['x'.repeat(65)] }, ['tags[0]']);
        await rejects({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, ['tags']);
        await rejects({ tags: ['a\nb'] }, ['tags[0]']);
      });

      it('metadata: a small flat object', async () => {
        await rejects({ metadata: { nested: { no: true } } }, ['metadata.nested']);
        await rejects({ metadata: { list: [1] } }, ['metadata.list']);
        await rejects({ metadata: ['x'] }, ['metadata']);
        await rejects({ metadata: { long: 'x'.repeat(501) } }, ['metadata.long']);
        await rejects({ metadata: { ['k'.repeat(65)]: 1 } }, [`metadata.${'k'.repeat(65)}`]);
        await rejects({ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }, ['metadata']);
        await rejects({ metadata: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(400)])) }, ['metadata'], /bytes/);
      });

      it('textContent must be a non-empty string', async () => {
        await rejects({ textContent: '' }, ['textContent']);
        await rejects({ textContent: 42 }, ['textContent']);
      });
    });
  });
}

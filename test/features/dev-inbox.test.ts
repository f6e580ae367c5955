/**
 * The capture inbox (/notify/v1/inbox): the capture transport's copies read back as a
 * mail client shows them, their attachments downloaded byte for byte, a simulated bounce or
 * complaint recorded as real feedback is (recipient state, event, suppression), a simulated
 * open or click as the tracking endpoints record one (event, statistics, webhook), one
 * account never seeing another's mail, and the routes absent when mail really leaves the machine.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { Receiver } from '../helpers/webhook-receiver.js';

// Every byte value, then random ones: a download must not pass through any text decoding.
const BINARY = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(5000)]);
const BINARY_NAME = 'Grüße "Q4" (final).bin';
const LINKS = ['https://shop.example.com/orders/1001', 'https://shop.example.com/help'];

for (const dialect of DIALECTS) {
  describe(`capture inbox [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let receiver: Receiver;
    let capturedId: string;

    /** The id of the copy captured for `to`, once the worker has recorded it as sent. */
    const capturedFor = (to: string) =>
      eventually(
        async () => {
          // The copy is stored a moment before the worker records the recipient as sent.
          const list = await app.request({ method: 'GET', url: `/notify/v1/inbox?to=${encodeURIComponent(to)}`, token: a.token });
          const first = expectEnvelope(list, 200).resultObject.items[0];
          return first?.recipientState === 'sent' ? (first.id as string) : undefined;
        },
        20_000,
        `the captured copy for ${to}`,
      );
    const simulate = (id: string, body: Record<string, unknown>, token = a.token) =>
      app.request({ method: 'POST', url: `/notify/v1/inbox/${id}/simulate`, token, body });

    before(async () => {
      receiver = await Receiver.start();
      app = await startTestApp(dialect, { worker: true, config: { outboundAllow: ['127.0.0.1'], webhookRetryFirstDelayMs: 50 } });
      a = await app.signUp();
      b = await app.signUp();
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/webhooks', token: a.token, body: { url: receiver.url } }), 201);
      const sent = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: a.token,
        body: {
          from: { email: a.email, name: 'Shop' },
          to: [{ email: 'Reader@Example.com' }],
          subject: 'Grüße — your order',
          htmlContent: `<p>Hello <b>reader</b></p><p><a href="${LINKS[0]}">Your order</a> · <a href="${LINKS[1]}">Help</a></p>`,
          trackOpens: true,
          trackClicks: true,
          attachments: [
            { filename: 'note.txt', content: Buffer.from('a note').toString('base64'), contentType: 'text/plain' },
            { filename: BINARY_NAME, content: BINARY.toString('base64'), contentType: 'application/octet-stream' },
          ],
        },
      });
      expectEnvelope(sent, 200);
      capturedId = await capturedFor('reader@example.com');
    });
    after(async () => {
      await app.close();
      await receiver?.close();
    });

    it('lists captured mail newest first, with its subject and recipient, narrowed by recipient', async () => {
      const list = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox?to=reader@example.com', token: a.token }), 200).resultObject;
      assert.equal(list.totalCount, 1);
      assert.equal(list.items[0].subject, 'Grüße — your order');
      assert.equal(list.items[0].envelopeTo.toLowerCase(), 'reader@example.com');
      assert.equal(list.items[0].recipientState, 'sent');
      const none = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox?to=other@example.com', token: a.token }), 200).resultObject;
      assert.equal(none.totalCount, 0);
    });

    it('shows one captured message decoded: headers, HTML, text, attachments and the raw source', async () => {
      const mail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}`, token: a.token }), 200).resultObject;
      assert.match(mail.html, /Hello <b>reader<\/b>/);
      assert.match(mail.text, /Hello reader/);
      assert.deepEqual(
        mail.attachments.map((x: any) => x.filename),
        ['note.txt', BINARY_NAME],
      );
      assert.equal(mail.headers.find((h: any) => h.name.toLowerCase() === 'subject').value.includes('=?'), true, 'the raw header is encoded');
      assert.match(mail.raw, /^[\s\S]*Subject: /);
    });

    it("never shows one account's mail to another", async () => {
      assert.equal(expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox', token: b.token }), 200).resultObject.totalCount, 0);
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}`, token: b.token }), 404);
      expectEnvelope(await app.request({ method: 'POST', url: `/notify/v1/inbox/${capturedId}/simulate`, token: b.token, body: { outcome: 'bounce' } }), 404);
      expectEnvelope(await simulate(capturedId, { outcome: 'open' }, b.token), 404);
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}/attachments/0`, token: b.token }), 404);
    });

    it('downloads an attachment byte for byte, under its type and its name, whatever the name holds', async () => {
      const file = await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}/attachments/1`, token: a.token });
      assert.equal(file.status, 200);
      assert.ok(file.bytes!.equals(BINARY), 'the bytes are the ones sent');
      assert.equal(file.headers['content-type'], 'application/octet-stream');
      assert.equal(file.headers['x-content-type-options'], 'nosniff');
      const disposition = String(file.headers['content-disposition']);
      assert.match(disposition, /^attachment; filename="Gr__e _Q4_ \(final\)\.bin"; filename\*=UTF-8''/);
      assert.equal(decodeURIComponent(disposition.split("UTF-8''")[1]!), BINARY_NAME);
      const note = await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}/attachments/0`, token: a.token });
      assert.equal(note.text, 'a note');
      assert.match(String(note.headers['content-type']), /^text\/plain/);
    });

    it('answers 404 for an attachment the message does not have, and names the index when it is not a number', async () => {
      const missing = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}/attachments/2`, token: a.token }), 404);
      assert.match(missing.resultMessage, /attachment/);
      const bad = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}/attachments/first`, token: a.token }), 400);
      assert.equal(bad.resultObject.errors[0].field, 'index');
    });

    it('records a simulated open and click as the pixel and the redirect do: events not flagged, statistics, webhooks', async () => {
      const opened = expectEnvelope(await simulate(capturedId, { outcome: 'open' }), 200).resultObject;
      assert.deepEqual([opened.recorded, opened.suppressed, opened.email.toLowerCase()], [true, false, 'reader@example.com']);
      // No url: the first link; a url names another of the message's links.
      const first = expectEnvelope(await simulate(capturedId, { outcome: 'click' }), 200).resultObject;
      assert.equal(first.url, LINKS[0]);
      const second = expectEnvelope(await simulate(capturedId, { outcome: 'click', url: LINKS[1] }), 200).resultObject;
      assert.equal(second.url, LINKS[1]);

      // Answered once recorded: the events are there at once.
      const mail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}`, token: a.token }), 200).resultObject;
      const events = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${mail.messageId}`, token: a.token }), 200)
        .resultObject.items;
      const opens = events.filter((e: any) => e.type === 'opened');
      const clicks = events.filter((e: any) => e.type === 'clicked');
      assert.equal(opens.length, 1);
      assert.deepEqual(opens[0].details, { simulated: true, flagged: false, userAgentClass: 'unknown' });
      assert.deepEqual(clicks.map((e: any) => `${e.details.linkIndex} ${e.details.url} flagged:${e.details.flagged} simulated:${e.details.simulated}`).sort(), [
        `0 ${LINKS[0]} flagged:false simulated:true`,
        `1 ${LINKS[1]} flagged:false simulated:true`,
      ]);
      const totals = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/stats', token: a.token }), 200).resultObject.totals;
      assert.deepEqual([totals.opened, totals.clicked], [1, 2]);
      const hooks = await eventually(
        async () => {
          const found = receiver.payloads.filter((p) => p.messageId === mail.messageId && (p.type === 'opened' || p.type === 'clicked'));
          return found.length >= 3 ? found : undefined;
        },
        15_000,
        'opened and clicked webhooks',
      );
      assert.ok(hooks.every((p) => p.details.simulated === true && p.details.flagged === false));
    });

    it('refuses a click on a URL that is not a link of the message, or not a web URL, naming the field', async () => {
      const elsewhere = expectEnvelope(await simulate(capturedId, { outcome: 'click', url: 'https://evil.example.net/' }), 400);
      assert.equal(elsewhere.resultObject.errors[0].field, 'url');
      assert.match(elsewhere.resultObject.errors[0].message, /not a link of this message.*orders\/1001/);
      const script = expectEnvelope(await simulate(capturedId, { outcome: 'click', url: 'javascript:alert(1)' }), 400);
      assert.equal(script.resultObject.errors[0].field, 'url');
      const onOpen = expectEnvelope(await simulate(capturedId, { outcome: 'open', url: LINKS[0] }), 400);
      assert.equal(onOpen.resultObject.errors[0].field, 'url');
    });

    it('refuses an open or a click for a message sent without that tracking, as real mail could not record one', async () => {
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email }, to: [{ email: 'plain@example.com' }], subject: 'Untracked', htmlContent: `<a href="${LINKS[0]}">Order</a>` },
        }),
        200,
      );
      const plain = await capturedFor('plain@example.com');
      const open = expectEnvelope(await simulate(plain, { outcome: 'open' }), 409);
      assert.match(open.resultMessage, /trackOpens/);
      const click = expectEnvelope(await simulate(plain, { outcome: 'click' }), 409);
      assert.match(click.resultMessage, /trackClicks/);
    });

    it('names the field when the outcome is not one it knows', async () => {
      const reply = expectEnvelope(
        await app.request({ method: 'POST', url: `/notify/v1/inbox/${capturedId}/simulate`, token: a.token, body: { outcome: 'explode' } }),
        400,
      );
      assert.equal(reply.resultObject.errors[0].field, 'outcome');
    });

    it('records a simulated bounce as real feedback: the recipient bounces, the event is logged, the address is suppressed', async () => {
      const first = expectEnvelope(
        await app.request({ method: 'POST', url: `/notify/v1/inbox/${capturedId}/simulate`, token: a.token, body: { outcome: 'bounce' } }),
        200,
      ).resultObject;
      assert.equal(first.recorded, true);
      assert.equal(first.suppressed, true);
      const again = expectEnvelope(
        await app.request({ method: 'POST', url: `/notify/v1/inbox/${capturedId}/simulate`, token: a.token, body: { outcome: 'bounce' } }),
        200,
      ).resultObject;
      assert.equal(again.recorded, false, 'a repeated bounce changes nothing');

      const suppression = expectEnvelope(
        await app.request({ method: 'GET', url: '/notify/v1/suppressions/reader%40example.com', token: a.token }),
        200,
      ).resultObject;
      assert.equal(suppression.reason, 'hard_bounce');
      const mail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}`, token: a.token }), 200).resultObject;
      assert.equal(mail.recipientState, 'bounced');
      const message = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${mail.messageId}`, token: a.token }), 200).resultObject;
      const bounced = message.recipients[0].events.find((e: any) => e.type === 'bounced');
      assert.equal(bounced.details.simulated, true);
    });

    it('searches by subject, recipient or sender (any case, % and _ literal), deletes one copy and clears the inbox; the messages stay', async () => {
      const send = (to: string, subject: string, name: string) =>
        app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email, name }, to: [{ email: to }], subject, htmlContent: '<p>x</p>' },
        });
      const invoice = expectEnvelope(await send('zed@example.org', 'Your Invoice 100%', 'Billing'), 200).resultObject;
      expectEnvelope(await send('amy@example.org', 'Weekly news', 'Newsroom'), 200);
      const zed = await capturedFor('zed@example.org');
      await capturedFor('amy@example.org');
      const search = async (q: string, token = a.token) =>
        expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox?q=${encodeURIComponent(q)}`, token }), 200).resultObject.items.map(
          (m: any) => m.subject,
        );
      assert.deepEqual(await search('invoice'), ['Your Invoice 100%'], 'subject, any case');
      assert.deepEqual(await search('ZED@EXAMPLE'), ['Your Invoice 100%'], 'recipient');
      assert.deepEqual(await search('newsroom'), ['Weekly news'], 'sender name');
      assert.deepEqual(await search('100%'), ['Your Invoice 100%'], '% matches itself');
      assert.deepEqual(await search('1_0'), [], '_ matches itself');
      assert.deepEqual(await search('invoice', b.token), [], "another account's search finds none of it");
      const tooLong = await app.request({ method: 'GET', url: `/notify/v1/inbox?q=${'x'.repeat(201)}`, token: a.token });
      expectEnvelope(tooLong, 400);

      // One copy: another account cannot delete it; its owner can, once.
      expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/inbox/${zed}`, token: b.token }), 404);
      assert.equal(expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/inbox/${zed}`, token: a.token }), 200).resultObject, true);
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${zed}`, token: a.token }), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/inbox/${zed}`, token: a.token }), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: '/notify/v1/inbox/not-an-id', token: a.token }), 404);
      assert.deepEqual(await search('invoice'), []);
      // The message itself stays: the inbox only showed its copy.
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${invoice.id}`, token: a.token }), 200);

      const before = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox', token: a.token }), 200).resultObject.totalCount;
      assert.ok(before >= 2);
      assert.deepEqual(expectEnvelope(await app.request({ method: 'DELETE', url: '/notify/v1/inbox', token: a.token }), 200).resultObject, { deleted: before });
      assert.equal(expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox', token: a.token }), 200).resultObject.totalCount, 0);
    });
  });

  describe(`capture inbox without the capture transport [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    before(async () => {
      app = await startTestApp(dialect, { config: { transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:9' } });
      a = await app.signUp();
    });
    after(() => app.close());

    it('answers 404 and says why, so no tenant can fabricate feedback on a server that really delivers', async () => {
      const reply = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox', token: a.token }), 404);
      assert.match(reply.resultMessage, /TRANSPORT=capture/);
      const id = '0123456789abcdef01234567';
      expectEnvelope(await app.request({ method: 'POST', url: `/notify/v1/inbox/${id}/simulate`, token: a.token, body: { outcome: 'open' } }), 404);
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${id}/attachments/0`, token: a.token }), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/inbox/${id}`, token: a.token }), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: '/notify/v1/inbox', token: a.token }), 404);
    });
  });
}

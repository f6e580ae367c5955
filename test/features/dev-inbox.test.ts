/**
 * The development inbox (/notify/v1/inbox): the capture transport's copies read back as a
 * mail client shows them, a simulated bounce or complaint recorded as real feedback is
 * (recipient state, event, suppression), one account never seeing another's mail, and
 * the routes absent when mail really leaves the machine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  describe(`development inbox [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let capturedId: string;

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      a = await app.signUp();
      b = await app.signUp();
      const sent = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: a.token,
        body: {
          from: { email: a.email, name: 'Shop' },
          to: [{ email: 'Reader@Example.com' }],
          subject: 'Grüße — your order',
          htmlContent: '<p>Hello <b>reader</b></p>',
          attachments: [{ filename: 'note.txt', content: Buffer.from('a note').toString('base64'), contentType: 'text/plain' }],
        },
      });
      expectEnvelope(sent, 200);
      capturedId = await eventually(
        async () => {
          // The copy is stored a moment before the worker records the recipient as sent.
          const list = await app.request({ method: 'GET', url: '/notify/v1/inbox', token: a.token });
          const first = expectEnvelope(list, 200).resultObject.items[0];
          return first?.recipientState === 'sent' ? first.id : undefined;
        },
        20_000,
        'the captured copy',
      );
    });
    after(() => app.close());

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
        ['note.txt'],
      );
      assert.equal(mail.headers.find((h: any) => h.name.toLowerCase() === 'subject').value.includes('=?'), true, 'the raw header is encoded');
      assert.match(mail.raw, /^[\s\S]*Subject: /);
    });

    it("never shows one account's mail to another", async () => {
      assert.equal(expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox', token: b.token }), 200).resultObject.totalCount, 0);
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/inbox/${capturedId}`, token: b.token }), 404);
      expectEnvelope(await app.request({ method: 'POST', url: `/notify/v1/inbox/${capturedId}/simulate`, token: b.token, body: { outcome: 'bounce' } }), 404);
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
  });

  describe(`development inbox without the capture transport [${dialect}]`, () => {
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
    });
  });
}

/**
 * The text of a message as recipients get it, through a real SMTP relay: `textContent`
 * alone sends a text-only message; the text part derived from HTML decodes every entity.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually, expectEnvelope, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';
import { messagesTo, type SmtpSink } from '../helpers/smtp-sink.js';

for (const dialect of DIALECTS) {
  describe(`the text of a message [${dialect}]`, () => {
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

    const send = (body: Record<string, unknown>) =>
      app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, body: { from: { email: a.email }, subject: 'Text', ...body } });

    async function deliveredTo(result: any, email: string): Promise<{ raw: string; parsed: ParsedMail }> {
      assert.equal((await outcomeOf(app, a, result, email)).state, 'delivered');
      const received = await eventually(async () => messagesTo(sink, email)[0], 10_000, `a message to ${email}`);
      return { raw: received.raw.toString('utf8'), parsed: await simpleParser(received.raw) };
    }

    it('textContent without htmlContent sends a text-only message', async () => {
      const text = 'Your code is 1234.\nIt expires in ten minutes.';
      const result = expectEnvelope(await send({ to: [{ email: 'plain@example.net' }], textContent: text }), 200).resultObject;
      const { raw, parsed } = await deliveredTo(result, 'plain@example.net');
      assert.match(raw, /^Content-Type: text\/plain/im);
      assert.doesNotMatch(raw, /text\/html|multipart\/alternative/i);
      assert.equal(parsed.html, false);
      assert.equal(parsed.text?.trim(), text);

      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      assert.equal(detail.textContent, text);
      assert.equal('htmlContent' in detail, false, 'no HTML to show');
    });

    it('still needs htmlContent or textContent (or a template), naming htmlContent', async () => {
      const body = expectEnvelope(await send({ to: [{ email: 'x@example.net' }] }), 400);
      assert.deepEqual(errorFields(body), ['htmlContent']);
    });

    it('the text part derived from HTML decodes every entity', async () => {
      const result = expectEnvelope(
        await send({
          to: [{ email: 'entities@example.net' }],
          htmlContent: '<p>It&rsquo;s 5&euro; &mdash; or less&hellip;</p><p>&copy;&nbsp;Shop</p>',
        }),
        200,
      ).resultObject;
      const { parsed } = await deliveredTo(result, 'entities@example.net');
      assert.equal(parsed.text?.trim(), 'It\u2019s 5\u20ac \u2014 or less\u2026\n\n\u00a9 Shop');
      assert.match(String(parsed.html), /It&rsquo;s 5&euro;/, 'the HTML part is sent as given');
    });
  });
}

/**
 * Internationalised addresses through a real SMTP relay: a domain in Unicode is accepted
 * and delivered to its ASCII (punycode) form. A non-ASCII local part: smtputf8.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';
import { messagesTo, type SmtpSink } from '../helpers/smtp-sink.js';

for (const dialect of DIALECTS) {
  describe(`internationalised addresses [${dialect}]`, () => {
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
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: a.token,
        body: { from: { email: a.email }, subject: 'Grüße', htmlContent: '<p>Hallo</p>', ...body },
      });

    it('delivers to an internationalised domain in its ASCII form, and shows that form', async () => {
      const result = expectEnvelope(
        await send({ to: [{ email: 'anna@bücher.example', name: 'Anna' }], cc: [{ email: 'ANNA@xn--bcher-kva.example' }] }),
        200,
      ).resultObject;
      assert.deepEqual(
        result.recipients.map((r: { email: string }) => r.email),
        ['anna@xn--bcher-kva.example'],
        'one person, one copy, in ASCII',
      );
      assert.equal((await outcomeOf(app, a, result, 'anna@xn--bcher-kva.example')).state, 'delivered');
      // smtp-server hands recipients over with the domain in Unicode, whatever was sent.
      const received = await eventually(
        async () => messagesTo(sink, 'anna@bücher.example')[0],
        10_000,
        `the message in ${JSON.stringify(sink.messages.map((m) => m.rcptTo))}`,
      );
      assert.deepEqual(received.rcptTo, ['anna@bücher.example']);
      assert.match(received.raw.toString('utf8'), /^To: Anna <anna@xn--bcher-kva\.example>\r?$/m, 'the header in ASCII');
    });

    it('refuses a non-ASCII local part in from, naming the field and SMTPUTF8 (recipients: smtputf8.test.ts)', async () => {
      const body = expectEnvelope(await send({ from: { email: 'jürgen@example.net' }, to: [{ email: 'ann@example.net' }] }), 400);
      assert.deepEqual(errorFields(body), ['from.email']);
      assert.match(body.resultObject.errors[0].message, /non-ASCII characters, which every relay on the way would have to carry \(SMTPUTF8\)/);
    });

    it('refuses a domain that is not a valid internationalised host name', async () => {
      const body = expectEnvelope(await send({ to: [{ email: 'anna@bü cher.example' }] }), 400);
      assert.deepEqual(errorFields(body), ['to[0].email']);
    });
  });
}

/**
 * Recipients with a non-ASCII part before @ (RFC 6531): accepted by the API, handed over
 * with SMTPUTF8 to a relay that announces it, and never handed to one that does not: there
 * the recipient bounces with that reason (and is not suppressed: the address is fine).
 * Senders cannot have such an address (it would put UTF-8 in every copy's From header).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, expectEnvelope, eventually, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

for (const dialect of DIALECTS) {
  for (const announces of [true, false]) {
    describe(`a non-ASCII local part, relay ${announces ? 'announcing' : 'not announcing'} SMTPUTF8 [${dialect}]`, () => {
      let sink: SmtpSink;
      let app: TestApp;
      let a: TestAccount;

      before(async () => {
        sink = await startSmtpSink({ noSmtpUtf8: !announces });
        app = await startTestApp(dialect, { worker: true, config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false } });
        a = await app.signUp();
      });
      after(async () => {
        await app?.close();
        await sink?.close();
      });

      const send = (body: Record<string, unknown>) =>
        app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email }, subject: 'Grüße', htmlContent: '<p>Hallo</p>', ...body },
        });

      it(
        announces
          ? 'delivers to jürgen@example.net with SMTPUTF8, the address unchanged in envelope and header'
          : 'bounces jürgen@example.net naming SMTPUTF8, hands it nothing, and still delivers the ASCII recipient',
        async () => {
          const result = expectEnvelope(await send({ to: [{ email: 'jürgen@example.net', name: 'Jürgen' }, { email: 'ann@example.net' }] }), 200).resultObject;
          assert.deepEqual(result.accepted, ['jürgen@example.net', 'ann@example.net']);
          const jurgen = await outcomeOf(app, a, result, 'jürgen@example.net');
          assert.equal((await outcomeOf(app, a, result, 'ann@example.net')).state, 'delivered');
          if (announces) {
            assert.equal(jurgen.state, 'delivered', JSON.stringify(jurgen));
            const received = await eventually(async () => messagesTo(sink, 'jürgen@example.net')[0], 10_000, 'the message at the relay');
            assert.equal(received.smtpUtf8, true, 'MAIL FROM carried SMTPUTF8');
            assert.match(received.raw.toString('utf8'), /^To: .*jürgen@example\.net/m, 'the header keeps the address in UTF-8 (RFC 6532)');
          } else {
            assert.equal(jurgen.state, 'bounced', JSON.stringify(jurgen));
            assert.match(jurgen.lastResponse ?? '', /does not announce SMTPUTF8, which jürgen@example\.net needs/);
            assert.deepEqual(messagesTo(sink, 'jürgen@example.net'), [], 'nothing was handed to the relay for him');
            assert.ok(
              sink.messages.every((m) => !m.rcptTo.some((r) => r.startsWith('j'))),
              'no transaction named him',
            );
            // The address is fine, the relay is not: no suppression, a later send can still reach him.
            const suppressed = await app.request({ method: 'GET', url: `/notify/v1/suppressions/${encodeURIComponent('jürgen@example.net')}`, token: a.token });
            assert.equal(suppressed.status, 404, suppressed.text);
          }
        },
      );

      it('treats jürgen@example.net typed with a combining diaeresis as the same recipient', async () => {
        const result = expectEnvelope(await send({ to: [{ email: 'jürgen@example.net' }], cc: [{ email: 'ju\u0308rgen@example.net' }] }), 200).resultObject;
        assert.equal(result.recipients.length, 1);
      });

      it('refuses a non-ASCII local part as a sender or Reply-To address, naming the field and SMTPUTF8', async () => {
        const reply = expectEnvelope(await send({ to: [{ email: 'ann@example.net' }], replyTo: { email: 'jürgen@example.net' } }), 400);
        assert.deepEqual(errorFields(reply), ['replyTo.email']);
        assert.match(reply.resultObject.errors[0].message, /SMTPUTF8\); only recipient addresses may have them/);
        const sender = expectEnvelope(
          await app.request({ method: 'POST', url: '/notify/v1/senders', token: a.token, body: { email: 'jürgen@example.net', displayName: 'Jürgen' } }),
          400,
        );
        assert.deepEqual(errorFields(sender), ['email']);
      });
    });
  }
}

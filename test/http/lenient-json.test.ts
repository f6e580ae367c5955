/**
 * Clients of the original service build JSON by string concatenation, and its .NET reader
 * took it: single-quoted strings and keys, unquoted keys, trailing commas, comments, a
 * byte-order mark. Those bodies are accepted (and mean what they say); a body that is
 * broken in any reading is still a 400 that names `body` and says where it broke.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';

const JSON_TYPE = { 'content-type': 'application/json' };

for (const dialect of DIALECTS) {
  describe(`lenient JSON, as the original service read it [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    const send = (payload: string | Buffer) => app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, payload, headers: JSON_TYPE });

    /** Sends `payload`, expects 200, and reads the stored message back. */
    async function accepted(payload: string | Buffer) {
      const answer = expectEnvelope(await send(payload), 200);
      const message = expectEnvelope(
        await app.request({ method: 'GET', url: `/notify/v1/messages/${answer.resultObject.id}`, token: account.token }),
        200,
      ).resultObject;
      return message;
    }

    it('accepts single-quoted strings and keys, as a body built by concatenation has them', async () => {
      const message = await accepted(
        `{'from': {'email': '${account.email}', 'name': 'Shop'}, 'to': [{'email': 'ann@example.net'}], 'subject': 'It\\'s here', 'htmlContent': '<p>"Hi"</p>'}`,
      );
      assert.equal(message.subject, "It's here");
      assert.equal(message.htmlContent, '<p>"Hi"</p>');
    });

    it('accepts trailing commas in objects and arrays', async () => {
      const message = await accepted(
        `{"from": {"email": "${account.email}",}, "to": [{"email": "ann@example.net"}, {"email": "bob@example.net"},], "subject": "Commas", "htmlContent": "<p>x</p>",}`,
      );
      assert.equal(message.subject, 'Commas');
      assert.deepEqual(message.recipients.map((r: { email: string }) => r.email).sort(), ['ann@example.net', 'bob@example.net']);
    });

    it('accepts // and /* */ comments and unquoted keys', async () => {
      const message = await accepted(
        [
          '/* order confirmation */',
          '{',
          `  from: { email: "${account.email}" }, // the shop`,
          '  to: [ { email: "ann@example.net" } ],',
          '  subject: "Comments", /* inline */ htmlContent: "<p>x</p>"',
          '}',
        ].join('\n'),
      );
      assert.equal(message.subject, 'Comments');
    });

    it('accepts a byte-order mark before strict and before lenient JSON', async () => {
      const strict = await accepted(
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(JSON.stringify({ from: { email: account.email }, to: [{ email: 'ann@example.net' }], subject: 'BOM', htmlContent: '<p>x</p>' })),
        ]),
      );
      assert.equal(strict.subject, 'BOM');
      const lenient = await accepted(
        `\ufeff{'from': {'email': '${account.email}'}, 'to': [{'email': 'ann@example.net'}], 'subject': 'BOM too', 'htmlContent': '<p>x</p>',}`,
      );
      assert.equal(lenient.subject, 'BOM too');
    });

    it('accepts the token request of the original clients with single quotes', async () => {
      const response = await app.request({
        method: 'POST',
        url: '/token',
        payload: `{'EmailAddress': '${account.email}', 'Password': '${account.password}',}`,
        headers: JSON_TYPE,
      });
      assert.equal(expectEnvelope(response, 200).resultObject.token_type, 'Bearer');
    });

    it('still validates what it read: a lenient body missing a field is a 400 naming the field', async () => {
      const body = expectEnvelope(await send(`{'from': {'email': '${account.email}'}, 'to': [{'email': 'ann@example.net'}], 'subject': 'x',}`), 400);
      assert.deepEqual(errorFields(body), ['htmlContent']);
    });

    for (const [what, payload] of [
      ['a body cut short', `{'from': {'email': 'a@example.com'}`],
      ['a missing value', '{"subject": , "htmlContent": "x"}'],
      ['two commas', '{"subject": "x",,}'],
      ['an unclosed comment', '{"subject": "x" /* no end'],
      ['an unterminated string', "{'subject': 'x}"],
      ['plain text', 'subject=hello'],
    ] as const) {
      it(`answers ${what} with 400 naming body and where it broke`, async () => {
        const body = expectEnvelope(await send(payload), 400);
        assert.deepEqual(errorFields(body), ['body']);
        assert.match(body.resultObject.errors[0].message, /^is not valid JSON \(.+\)$/);
        assert.match(body.resultMessage, /body: is not valid JSON/);
      });
    }

    it('refuses NaN and Infinity, which JSON cannot carry, with 400 naming body', async () => {
      for (const payload of [`{metadata: {a: NaN}}`, `{'metadata': {'a': Infinity},}`]) {
        const body = expectEnvelope(await send(payload), 400);
        assert.deepEqual(errorFields(body), ['body']);
        assert.match(body.resultObject.errors[0].message, /NaN and Infinity/);
      }
    });

    it('refuses __proto__ and constructor.prototype keys in lenient JSON too', async () => {
      for (const payload of ["{'__proto__': {'polluted': true},}", '{constructor: {prototype: {polluted: true}}, // x\n}']) {
        const body = expectEnvelope(await send(payload), 400);
        assert.deepEqual(errorFields(body), ['body']);
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  });
}

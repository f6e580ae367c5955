/**
 * The HTTP layer as a client sees it: the envelope on every response, unknown routes,
 * content types (JSON, form-urlencoded, multipart; others refused), body size limit,
 * malformed bodies, nested form fields, trailing slashes, and header injection.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { errorFields, formBody, multipartBody } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const SEND = '/notify/v1/send';
const SENDERS = '/notify/v1/senders';

/** A 400 whose errors name exactly `fields` and whose message names the first one. */
function expectInvalid(response: TestResponse, fields: string[]): any {
  const body = expectEnvelope(response, 400);
  assert.deepEqual(errorFields(body).sort(), [...fields].sort());
  for (const error of body.resultObject.errors) {
    assert.equal(typeof error.message, 'string');
    assert.ok(error.message.length > 0);
  }
  if (fields.length === 1) assert.ok(body.resultMessage.includes(fields[0]!), `resultMessage names ${fields[0]}: ${body.resultMessage}`);
  return body;
}

for (const dialect of DIALECTS) {
  describe(`the envelope and routing [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    it('wraps successes in the envelope with version 1.0.0 and a JSON content type', async () => {
      for (const response of [
        await app.request({ method: 'GET', url: '/healthz' }),
        await app.request({ method: 'GET', url: SENDERS, token: account.token }),
        await app.request({ method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: account.password } }),
      ]) {
        const body = expectEnvelope(response, 200);
        assert.equal(body.version, '1.0.0');
        assert.equal(body.resultStatus, true);
        assert.match(String(response.headers['content-type']), /^application\/json/);
      }
    });

    it('lists the senders as the specification shows them', async () => {
      const list = expectEnvelope(await app.request({ method: 'GET', url: SENDERS, token: account.token }), 200).resultObject;
      assert.deepEqual(Object.keys(list).sort(), ['displayCount', 'items', 'totalCount']);
      assert.equal(list.displayCount, list.items.length);
      const sender = list.items.find((s: { email: string }) => s.email === account.email);
      assert.ok(sender, "the account's own address is a sender");
      assert.match(sender.id, /^[0-9a-f]{24}$/);
      assert.equal(sender.customerId, account.accountId);
      assert.equal(sender.notifyDedicatedIps, null);
      assert.match(sender.createTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('wraps failures in the envelope with resultStatus false and a JSON content type', async () => {
      const responses: [TestResponse, number][] = [
        [await app.request({ method: 'GET', url: SENDERS }), 401],
        [await app.request({ method: 'GET', url: '/no/such/route' }), 404],
        [await app.request({ method: 'POST', url: '/token', body: {} }), 400],
        [await app.request({ method: 'POST', url: '/token', payload: 'x', headers: { 'content-type': 'text/plain' } }), 415],
      ];
      for (const [response, status] of responses) {
        const body = expectEnvelope(response, status);
        assert.equal(body.version, '1.0.0');
        assert.equal(body.resultStatus, false);
        assert.match(String(response.headers['content-type']), /^application\/json/);
      }
    });

    for (const [method, url] of [
      ['GET', '/no/such/route'],
      ['POST', '/nothing'],
      ['GET', '/notify/v1/nothing'],
      ['GET', '/notify/v2/senders'],
    ] as const) {
      it(`answers ${method} ${url} with a 404 envelope naming the path`, async () => {
        const body = expectEnvelope(await app.request({ method, url, token: account.token }), 404);
        assert.equal(body.resultObject, null);
        assert.ok(body.resultMessage.includes(url), body.resultMessage);
      });
    }

    it('answers a URL that cannot be decoded with a 400 envelope', async () => {
      const body = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders/%zz', token: account.token }), 400);
      assert.match(body.resultMessage, /URL is malformed/);
    });

    it('does not echo the query string of an unknown route', async () => {
      const body = expectEnvelope(await app.request({ method: 'GET', url: '/nothing?secret=abc' }), 404);
      assert.ok(!body.resultMessage.includes('secret'));
    });

    it('answers 404 for a message id of nobody', async () => {
      const body = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages/0123456789abcdef01234567', token: account.token }), 404);
      assert.equal(body.resultObject, null);
    });

    it('accepts a trailing slash on GET /notify/v1/senders/', async () => {
      const body = expectEnvelope(await app.request({ method: 'GET', url: `${SENDERS}/`, token: account.token }), 200);
      assert.ok(body.resultObject.items.some((s: { email: string }) => s.email === account.email));
    });

    it('accepts a trailing slash on POST /notify/v1/send/', async () => {
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: `${SEND}/`,
          token: account.token,
          body: { from: { email: account.email }, to: [{ email: 'slash@example.net' }], subject: 'Hi', htmlContent: '<p>x</p>' },
        }),
        200,
      );
    });

    it('still requires the token on a trailing-slash path', async () => {
      const response = await app.request({ method: 'GET', url: `${SENDERS}/` });
      expectEnvelope(response, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
    });
  });

  describe(`request bodies [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    const send = (options: { payload?: string | Buffer; body?: unknown; headers?: Record<string, string> }) =>
      app.request({ method: 'POST', url: SEND, token: account.token, ...options });
    const message = (extra: Record<string, unknown> = {}) => ({
      from: { email: account.email, name: 'Shop' },
      to: [{ email: 'c@example.net', name: 'Customer' }],
      subject: 'Hello',
      htmlContent: '<p>Hi</p>',
      ...extra,
    });
    /** The stored message of a successful send. */
    async function stored(response: TestResponse) {
      const id = expectEnvelope(response, 200).resultObject.id;
      return expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token }), 200).resultObject;
    }

    for (const type of ['text/plain', 'application/xml', 'text/xml', 'application/octet-stream', 'text/html']) {
      it(`refuses ${type} with a 415 envelope`, async () => {
        for (const url of ['/token', SEND]) {
          const body = expectEnvelope(
            await app.request({
              method: 'POST',
              url,
              token: account.token,
              payload: '<x>hello</x>',
              headers: { 'content-type': type },
            }),
            415,
          );
          assert.equal(body.resultObject, null);
          assert.match(body.resultMessage, /application\/json/);
        }
      });
    }

    it('answers a body without a Content-Type with a 415 envelope', async () => {
      expectEnvelope(await send({ payload: '{"subject":"x"}' }), 415);
    });

    for (const [what, type, payload] of [
      ['without a boundary', 'multipart/form-data', '--b\r\nContent-Disposition: form-data; name="subject"\r\n\r\nhi\r\n--b--\r\n'],
      ['cut short', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="subject"\r\n\r\nhi'],
      ['that is not multipart at all', 'multipart/form-data; boundary=b', 'hello world'],
    ] as const) {
      it(`answers a multipart body ${what} with a 400 envelope, not a 500`, async () => {
        for (const url of ['/token', SEND]) {
          const body = expectEnvelope(await app.request({ method: 'POST', url, token: account.token, payload, headers: { 'content-type': type } }), 400);
          assert.match(body.resultMessage, /multipart/i);
        }
      });
    }

    for (const name of ['__proto__', 'constructor']) {
      it(`answers a multipart field named ${name} with a 400 envelope`, async () => {
        const multipart = multipartBody([
          [name, 'x'],
          ['from[email]', account.email],
          ['to[0][email]', 'c@example.net'],
          ['subject', 'x'],
          ['htmlContent', '<p>x</p>'],
        ]);
        expectEnvelope(await send(multipart), 400);
      });
    }

    it('answers an empty form body with 400 naming every required field', async () => {
      expectInvalid(await send({ payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), ['from', 'to', 'subject', 'htmlContent']);
    });

    it('takes to as a plain form value (one recipient, "Name <address>" or the address), and names it when it is neither', async () => {
      const one = (to: string) =>
        formBody([
          ['from[email]', account.email],
          ['to', to],
          ['subject', 'x'],
          ['htmlContent', '<p>x</p>'],
        ]);
      assert.deepEqual(expectEnvelope(await send(one('Cy <c@example.net>')), 200).resultObject.accepted, ['c@example.net']);
      expectInvalid(await send(one('not an address')), ['to']);
    });

    it('refuses JSON with __proto__ or constructor.prototype keys (400 naming body)', async () => {
      for (const payload of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
        expectInvalid(await send({ payload, headers: { 'content-type': 'application/json' } }), ['body']);
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    it('answers invalid JSON with 400 naming body', async () => {
      // Single quotes and trailing commas are accepted (lenient-json.test.ts); these are broken in any reading.
      for (const payload of ['{"from":', '{not json}', "{'a': 1", '{"a":1,,}']) {
        const body = expectInvalid(await send({ payload, headers: { 'content-type': 'application/json' } }), ['body']);
        assert.match(body.resultObject.errors[0].message, /JSON/);
      }
      expectInvalid(await app.request({ method: 'POST', url: '/token', payload: '{', headers: { 'content-type': 'application/json' } }), ['body']);
    });

    it('answers an empty JSON body with 400 naming body', async () => {
      expectInvalid(await send({ payload: '', headers: { 'content-type': 'application/json' } }), ['body']);
      expectInvalid(await app.request({ method: 'POST', url: '/token', payload: '', headers: { 'content-type': 'application/json' } }), ['body']);
    });

    it('answers a POST without any body or content type with 400 naming body', async () => {
      expectInvalid(await app.request({ method: 'POST', url: '/token' }), ['body']);
      expectInvalid(await app.request({ method: 'POST', url: SEND, token: account.token }), ['body']);
    });

    it('answers an empty JSON object with 400 naming every required field', async () => {
      expectInvalid(await send({ body: {} }), ['from', 'to', 'subject', 'htmlContent']);
    });

    for (const [what, payload] of [
      ['an array', '[]'],
      ['an array of a message', null],
      ['null', 'null'],
      ['a string', '"hello"'],
      ['a number', '42'],
      ['true', 'true'],
    ] as const) {
      it(`answers a JSON body that is ${what} with 400 naming body`, async () => {
        const text = payload ?? JSON.stringify([message()]);
        const body = expectInvalid(await send({ payload: text, headers: { 'content-type': 'application/json' } }), ['body']);
        assert.match(body.resultObject.errors[0].message, /JSON object/);
        expectInvalid(await app.request({ method: 'POST', url: '/token', payload: text, headers: { 'content-type': 'application/json' } }), ['body']);
      });
    }

    for (const type of ['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON; charset=utf-8']) {
      it(`accepts Content-Type: ${type}`, async () => {
        const subject = 'Grüße ✓ — 日本';
        const got = await stored(await send({ payload: JSON.stringify(message({ subject })), headers: { 'content-type': type } }));
        assert.equal(got.subject, subject);
        expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/token',
            headers: { 'content-type': type },
            payload: JSON.stringify({ EmailAddress: account.email, Password: account.password }),
          }),
          200,
        );
      });
    }

    it('accepts a charset on form-urlencoded and decodes UTF-8', async () => {
      const subject = 'Grüße ✓';
      const form = formBody([
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['subject', subject],
        ['htmlContent', '<p>x</p>'],
      ]);
      const got = await stored(await send({ payload: form.payload, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } }));
      assert.equal(got.subject, subject);
    });

    it('accepts a charset on multipart/form-data', async () => {
      const multipart = multipartBody([
        ['from.email', account.email],
        ['to[0].email', 'c@example.net'],
        ['subject', 'Hi'],
        ['htmlContent', '<p>x</p>'],
      ]);
      const type = `${multipart.headers['content-type']}; charset=utf-8`;
      expectEnvelope(await send({ payload: multipart.payload, headers: { 'content-type': type } }), 200);
    });

    const nestings: [string, (i: number, field: string) => string, (field: string) => string][] = [
      ['from[email] / to[0][email]', (i, f) => `to[${i}][${f}]`, (f) => `from[${f}]`],
      ['from.email / to[0].email', (i, f) => `to[${i}].${f}`, (f) => `from.${f}`],
      ['mixed from[email] / to[0].email', (i, f) => `to[${i}].${f}`, (f) => `from[${f}]`],
      ['mixed from.email / to[0][email]', (i, f) => `to[${i}][${f}]`, (f) => `from.${f}`],
    ];
    for (const [what, toKey, fromKey] of nestings) {
      for (const kind of ['form', 'multipart'] as const) {
        it(`unflattens ${what} in a ${kind} body on POST /notify/v1/send`, async () => {
          const pairs: [string, string][] = [
            [fromKey('email'), account.email],
            [fromKey('name'), 'Form Shop'],
            [toKey(0, 'email'), 'first@example.net'],
            [toKey(0, 'name'), 'First'],
            [toKey(1, 'email'), 'second@example.net'],
            ['subject', `Nested ${kind}`],
            ['htmlContent', '<p>Hello</p>'],
          ];
          const encoded = kind === 'form' ? formBody(pairs) : multipartBody(pairs);
          const response = await send(encoded);
          assert.deepEqual(expectEnvelope(response, 200).resultObject.accepted, ['first@example.net', 'second@example.net']);
          const got = await stored(response);
          assert.deepEqual(got.from, { email: account.email, name: 'Form Shop' });
          assert.equal(got.subject, `Nested ${kind}`);
          assert.deepEqual(
            got.recipients.map((r: { email: string; name: string }) => [r.email, r.name]),
            [
              ['first@example.net', 'First'],
              ['second@example.net', ''],
            ],
          );
          assert.equal(got.htmlContent, '<p>Hello</p>');
        });
      }
    }

    it('matches nested form field names case-insensitively', async () => {
      const form = formBody([
        ['From[Email]', account.email],
        ['TO[0].EMAIL', 'c@example.net'],
        ['Subject', 'Case'],
        ['HTMLCONTENT', '<p>x</p>'],
      ]);
      const got = await stored(await send(form));
      assert.equal(got.from.email, account.email);
      assert.equal(got.subject, 'Case');
    });

    it('names the nested field a form body is missing', async () => {
      const form = formBody([
        ['from[name]', 'Shop'],
        ['to[0][email]', 'c@example.net'],
        ['subject', 'x'],
        ['htmlContent', '<p>x</p>'],
      ]);
      expectInvalid(await send(form), ['from.email']);
      const multipart = multipartBody([
        ['from.email', account.email],
        ['to[0].name', 'Someone'],
        ['subject', 'x'],
        ['htmlContent', '<p>x</p>'],
      ]);
      expectInvalid(await send(multipart), ['to[0].email']);
    });

    it('does not let a form field reach the prototype', async () => {
      const form = formBody([
        ['__proto__[polluted]', 'yes'],
        ['constructor[prototype][polluted]', 'yes'],
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['subject', 'x'],
        ['htmlContent', '<p>x</p>'],
      ]);
      expectEnvelope(await send(form), 200);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    it('names a field of the wrong type strictly (no coercion of a number into a string)', async () => {
      expectInvalid(await send({ body: message({ subject: 42 }) }), ['subject']);
      expectInvalid(await send({ body: message({ to: { email: 'c@example.net' } }) }), ['to']);
      expectInvalid(await send({ body: message({ to: [] }) }), ['to']);
    });
  });

  describe(`header injection and addresses [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    const base = () => ({
      from: { email: account.email, name: 'Shop' },
      to: [{ email: 'c@example.net', name: 'Customer' }, { email: 'd@example.net' }],
      subject: 'Hello',
      htmlContent: '<p>Hi</p>',
    });
    const send = (body: unknown) => app.request({ method: 'POST', url: SEND, token: account.token, body });

    for (const [what, breaker] of [
      ['CRLF', '\r\n'],
      ['LF', '\n'],
      ['CR', '\r'],
    ] as const) {
      it(`refuses ${what} in subject, from.name, to[0].name (400 naming the field)`, async () => {
        const injected = `Hello${breaker}Bcc: victim@example.org`;
        const subject = expectInvalid(await send({ ...base(), subject: injected }), ['subject']);
        assert.match(subject.resultObject.errors[0].message, /line break/);

        const fromName = base();
        fromName.from.name = injected;
        expectInvalid(await send(fromName), ['from.name']);

        const toName = base();
        toName.to[0]!.name = injected;
        expectInvalid(await send(toName), ['to[0].name']);

        const toEmail = base();
        toEmail.to[1]!.email = `d@example.net${breaker}Bcc: victim@example.org`;
        expectInvalid(await send(toEmail), ['to[1].email']);

        const fromEmail = base();
        fromEmail.from.email = `${account.email}${breaker}Bcc: victim@example.org`;
        expectInvalid(await send(fromEmail), ['from.email']);
      });
    }

    it('refuses NUL and other control characters in header fields (tab is fine)', async () => {
      for (const bad of ['Hello\u0000World', 'Hello\u001bWorld', 'Hello\u007fWorld']) {
        const body = expectInvalid(await send({ ...base(), subject: bad }), ['subject']);
        assert.match(body.resultObject.errors[0].message, /control characters/);
        const fromName = base();
        fromName.from.name = bad;
        expectInvalid(await send(fromName), ['from.name']);
      }
      expectEnvelope(await send({ ...base(), subject: 'Tab\there' }), 200);
    });

    it('names every injected field at once', async () => {
      const body = base();
      body.subject = 'a\r\nb';
      body.from.name = 'a\r\nb';
      body.to[0]!.name = 'a\r\nb';
      const response = expectInvalid(await send(body), ['subject', 'from.name', 'to[0].name']);
      assert.match(response.resultMessage, /3 fields/);
    });

    it('refuses CR/LF sent through form and multipart bodies too', async () => {
      const pairs: [string, string][] = [
        ['from[email]', account.email],
        ['from[name]', 'Shop\r\nBcc: victim@example.org'],
        ['to[0][email]', 'c@example.net'],
        ['to[0][name]', 'C\nX-Evil: 1'],
        ['subject', 'Hi\r\nX-Evil: 1'],
        ['htmlContent', '<p>x</p>'],
      ];
      for (const encoded of [formBody(pairs), multipartBody(pairs)]) {
        expectInvalid(await app.request({ method: 'POST', url: SEND, token: account.token, ...encoded }), ['from.name', 'to[0].name', 'subject']);
      }
    });

    it('keeps line breaks in htmlContent (a body, not a header)', async () => {
      expectEnvelope(await send({ ...base(), htmlContent: '<p>line one</p>\r\n<p>line two</p>\n' }), 200);
    });

    for (const bad of [
      'not-an-address',
      'a@b',
      '@example.net',
      'a@',
      'a b@example.net',
      '"quoted"@example.net',
      'a@[127.0.0.1]',
      'a@example.123',
      `${'x'.repeat(65)}@example.net`,
      'a@-bad-.example.net',
      '',
    ]) {
      it(`names to[1].email for ${JSON.stringify(bad)}`, async () => {
        const body = base();
        body.to[1]!.email = bad;
        const response = expectInvalid(await send(body), ['to[1].email']);
        assert.match(response.resultMessage, /to\[1\]\.email/);
      });
    }

    it('names to[1].email for a malformed address sent as a form', async () => {
      const form = formBody([
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['to[1][email]', 'nope'],
        ['subject', 'x'],
        ['htmlContent', '<p>x</p>'],
      ]);
      expectInvalid(await app.request({ method: 'POST', url: SEND, token: account.token, ...form }), ['to[1].email']);
    });

    it("refuses a from address that is not one of the account's senders (without a 5xx)", async () => {
      const body = base();
      body.from.email = 'stranger@example.org';
      const response = await send(body);
      assert.ok(response.status >= 400 && response.status < 500, `status ${response.status}`);
      expectEnvelope(response, response.status);
    });
  });

  describe(`body size limit [${dialect}]`, () => {
    const LIMIT = 2048;
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect, { config: { bodyLimitBytes: LIMIT } });
      account = await app.signUp();
    });
    after(() => app.close());

    const message = (html: string) => ({ from: { email: account.email }, to: [{ email: 'c@example.net' }], subject: 'Big', htmlContent: html });

    it('accepts a body just under the limit', async () => {
      const body = message('');
      const room = LIMIT - JSON.stringify(body).length - 10;
      expectEnvelope(await app.request({ method: 'POST', url: SEND, token: account.token, body: message('x'.repeat(room)) }), 200);
    });

    it('answers a JSON body over the limit with a 413 envelope', async () => {
      const response = await app.request({ method: 'POST', url: SEND, token: account.token, body: message('x'.repeat(LIMIT * 2)) });
      const body = expectEnvelope(response, 413);
      assert.equal(body.resultObject, null);
      assert.match(body.resultMessage, new RegExp(String(LIMIT)));
      expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: 'x'.repeat(LIMIT) } }), 413);
    });

    it('answers a form-urlencoded body over the limit with 413', async () => {
      const form = formBody([
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['subject', 'Big'],
        ['htmlContent', 'x'.repeat(LIMIT * 2)],
      ]);
      expectEnvelope(await app.request({ method: 'POST', url: SEND, token: account.token, ...form }), 413);
    });

    it('answers a multipart field over the limit with 413', async () => {
      const multipart = multipartBody([
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['subject', 'Big'],
        ['htmlContent', 'x'.repeat(LIMIT * 2)],
      ]);
      expectEnvelope(await app.request({ method: 'POST', url: SEND, token: account.token, ...multipart }), 413);
    });

    it('answers a multipart body over the limit in many small fields with 413', async () => {
      const pairs: [string, string][] = [
        ['from[email]', account.email],
        ['subject', 'Big'],
        ['htmlContent', '<p>x</p>'],
      ];
      for (let i = 0; i < 40; i++) pairs.push([`to[${i}][email]`, `recipient${i}.with.a.long.local.part@example.net`]);
      const multipart = multipartBody(pairs);
      assert.ok(multipart.payload.length > LIMIT * 2, 'the body really is over the limit');
      expectEnvelope(await app.request({ method: 'POST', url: SEND, token: account.token, ...multipart }), 413);
    });

    /** Sends a multipart body as a stream, so no Content-Length announces its size (chunked). */
    async function sendChunked(multipart: { payload: Buffer; headers: Record<string, string> }) {
      const chunks = [];
      for (let i = 0; i < multipart.payload.length; i += 512) chunks.push(multipart.payload.subarray(i, i + 512));
      const response = await app.runtime.app!.inject({
        method: 'POST',
        url: SEND,
        payload: Readable.from(chunks),
        headers: { ...multipart.headers, authorization: `Bearer ${account.token}` },
      });
      return { status: response.statusCode, headers: response.headers, json: JSON.parse(response.body), text: response.body };
    }

    it('accepts a chunked multipart body under the limit', async () => {
      const multipart = multipartBody([
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['subject', 'Chunked'],
        ['htmlContent', 'x'.repeat(1000)],
      ]);
      expectEnvelope(await sendChunked(multipart), 200);
    });

    it('answers a chunked multipart body with one field over the limit with 413, not a cut-off value', async () => {
      const multipart = multipartBody([
        ['from[email]', account.email],
        ['to[0][email]', 'c@example.net'],
        ['subject', 'Big'],
        ['htmlContent', 'x'.repeat(LIMIT * 2)],
      ]);
      expectEnvelope(await sendChunked(multipart), 413);
    });

    it('answers a chunked multipart body over the limit in many small fields with 413', async () => {
      const pairs: [string, string][] = [
        ['from[email]', account.email],
        ['subject', 'Big'],
        ['htmlContent', '<p>x</p>'],
      ];
      for (let i = 0; i < 40; i++) pairs.push([`to[${i}][email]`, `recipient${i}.with.a.long.local.part@example.net`]);
      expectEnvelope(await sendChunked(multipartBody(pairs)), 413);
    });

    it('answers a chunked multipart file over the limit with 413', async () => {
      const boundary = `----postwire${randomBytes(8).toString('hex')}`;
      const text =
        `--${boundary}\r\nContent-Disposition: form-data; name="from[email]"\r\n\r\n${account.email}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'y'.repeat(LIMIT * 2)}\r\n` +
        `--${boundary}--\r\n`;
      expectEnvelope(await sendChunked({ payload: Buffer.from(text), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }), 413);
    });

    it('still serves normal requests after refusing large ones', async () => {
      expectEnvelope(await app.request({ method: 'POST', url: SEND, token: account.token, body: message('<p>small</p>') }), 200);
    });
  });
}

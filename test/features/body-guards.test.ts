/**
 * Request-body guards on every endpoint that takes a body, in every area: a body over
 * BODY_LIMIT_BYTES is a 413 envelope whatever its content type (JSON, form,
 * multipart with or without a declared length), and a content type or content coding
 * the API does not read is a 415 envelope. The endpoints come from the OpenAPI
 * document, so one added later is covered without touching this file. The bodies the
 * API does read still work right up to the limit.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { formBody, multipartBody } from '../helpers/bodies.js';

const LIMIT = 4096;
const ADMIN_TOKEN = 'operator-secret-0123456789abcdef';
const SOME_ID = '0123456789abcdef01234567';

interface Operation {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** The OpenAPI security: null for the public routes. */
  security: unknown[] | null;
}

for (const dialect of DIALECTS) {
  describe(`request body guards [${dialect}]`, () => {
    let app: TestApp;
    let owner: TestAccount;
    let operations: Operation[];

    before(async () => {
      app = await startTestApp(dialect, { config: { bodyLimitBytes: LIMIT, signupEnabled: true, adminToken: ADMIN_TOKEN } });
      owner = await app.signUp();
      const doc = expectEnvelopeFree(await app.request({ method: 'GET', url: '/docs/json' }));
      operations = Object.entries<Record<string, { requestBody?: unknown; security?: unknown[] }>>(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.requestBody)
          .map(([method, op]) => ({ method: method.toUpperCase() as Operation['method'], path, security: op.security ?? null })),
      );
    });
    after(() => app.close());

    /** Calls an operation with the credential it needs (none, the operator's, or the owner's) and the given body. */
    const call = (op: Operation, payload: string | Buffer | Readable, headers: Record<string, string>): Promise<TestResponse> => {
      const url = op.path.replace(/\{email\}/g, 'someone%40example.net').replace(/\{[^}]+\}/g, SOME_ID);
      const token = op.path.startsWith('/admin/') ? ADMIN_TOKEN : op.security ? owner.token : undefined;
      return app.request({ method: op.method, url, payload, headers, ...(token ? { token } : {}) });
    };

    /** Runs `check` on every operation with a body and reports all that fail at once. */
    const everyOperation = async (check: (op: Operation) => Promise<void>) => {
      assert.ok(operations.length >= 20, `only ${operations.length} operations with a body in the OpenAPI document`);
      const failures: string[] = [];
      for (const op of operations) {
        try {
          await check(op);
        } catch (error) {
          failures.push(`${op.method} ${op.path}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      assert.deepEqual(failures, []);
    };

    const tooLarge = (response: TestResponse) => {
      const body = expectEnvelope(response, 413);
      assert.match(body.resultMessage, new RegExp(`limit of ${LIMIT} bytes`));
    };
    const unsupported = (response: TestResponse, what: RegExp) => {
      const body = expectEnvelope(response, 415);
      assert.match(body.resultMessage, what);
    };

    it('covers the body-taking endpoints of every area', () => {
      const areas = new Set(operations.map((op) => op.path.split('/')[1]));
      for (const area of ['token', 'account', 'accounts', 'admin', 'notify']) assert.ok(areas.has(area), `no operation under /${area}`);
    });

    it('a JSON body over the limit is a 413 envelope on every endpoint', async () => {
      const body = JSON.stringify({ padding: 'x'.repeat(LIMIT) });
      await everyOperation(async (op) => tooLarge(await call(op, body, { 'content-type': 'application/json' })));
    });

    it('a form-urlencoded body over the limit is a 413 envelope on every endpoint', async () => {
      const form = formBody({ padding: 'x'.repeat(LIMIT) });
      await everyOperation(async (op) => tooLarge(await call(op, form.payload, form.headers)));
    });

    it('a multipart body over the limit is a 413 envelope on every endpoint, with a declared length or streamed without one', async () => {
      const form = multipartBody({ padding: 'x'.repeat(LIMIT) });
      await everyOperation(async (op) => {
        tooLarge(await call(op, form.payload, form.headers));
        tooLarge(await call(op, Readable.from([form.payload]), form.headers));
      });
    });

    it('a content type the API does not read is a 415 envelope on every endpoint (text, XML, none at all)', async () => {
      await everyOperation(async (op) => {
        unsupported(await call(op, 'hello', { 'content-type': 'text/plain' }), /Content-Type is not supported/);
        unsupported(await call(op, '<a/>', { 'content-type': 'application/xml' }), /Content-Type is not supported/);
        unsupported(await call(op, '{}', {}), /Content-Type is not supported/);
      });
    });

    it('a compressed body is a 415 envelope on every endpoint', async () => {
      const gzipped = gzipSync(Buffer.from('{"email":"a@example.net"}'));
      await everyOperation(async (op) =>
        unsupported(await call(op, gzipped, { 'content-type': 'application/json', 'content-encoding': 'gzip' }), /Content-Encoding gzip is not supported/),
      );
    });

    it('bodies the API reads still work: JSON with a charset, form and multipart, and JSON just under the limit', async () => {
      const create = (payload: string | Buffer, headers: Record<string, string>) =>
        app.request({ method: 'POST', url: '/notify/v1/senders', token: owner.token, payload, headers });
      expectEnvelope(await create(JSON.stringify({ email: 'json@example.net' }), { 'content-type': 'application/json; charset=utf-8' }), 201);
      const form = formBody({ email: 'form@example.net' });
      expectEnvelope(await create(form.payload, form.headers), 201);
      const multipart = multipartBody({ email: 'multipart@example.net' });
      expectEnvelope(await create(multipart.payload, multipart.headers), 201);
      // A send of exactly LIMIT bytes is accepted; one byte more is not.
      const send = { from: { email: owner.email }, to: [{ email: 'big@example.net' }], subject: 'Big', htmlContent: '<p></p>' };
      send.htmlContent = `<p>${'x'.repeat(LIMIT - JSON.stringify(send).length)}</p>`;
      const payload = JSON.stringify(send);
      assert.equal(payload.length, LIMIT);
      expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/send', token: owner.token, payload, headers: { 'content-type': 'application/json' } }),
        200,
      );
      tooLarge(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: owner.token,
          payload: payload.replace('<p>', '<p>x'),
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
  });
}

/** The OpenAPI document is plain JSON, not an envelope. */
function expectEnvelopeFree(response: TestResponse): any {
  assert.equal(response.status, 200, response.text.slice(0, 200));
  return response.json;
}

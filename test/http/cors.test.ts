/**
 * CORS as a browser exercises it: the preflight it sends before a cross-origin call with
 * an Authorization header or a JSON body, and the headers on the call itself. Any origin
 * by default, without credentials; CORS_ORIGINS narrows it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type RequestOptions, type TestAccount, type TestApp } from '../helpers/app.js';

const APP_ORIGIN = 'https://app.example.com';

/** The OPTIONS request a browser sends before `method` with these headers. */
function preflight(url: string, method: string, origin = APP_ORIGIN): RequestOptions {
  return {
    method: 'OPTIONS' as RequestOptions['method'],
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type,idempotency-key,x-api-key' },
  };
}

for (const dialect of DIALECTS) {
  describe(`CORS, any origin [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    for (const [url, method, allowed] of [
      ['/notify/v1/send', 'POST', 'POST'],
      ['/token', 'POST', 'POST'],
      ['/notify/v1/messages/0123456789abcdef01234567', 'GET', 'GET, HEAD'],
      ['/notify/v1/templates/0123456789abcdef01234567', 'PATCH', 'DELETE, GET, HEAD, PATCH, PUT'],
    ] as const) {
      it(`answers the preflight of ${method} ${url} without a credential`, async () => {
        const response = await app.request(preflight(url, method));
        assert.equal(response.status, 204, response.text);
        assert.equal(response.headers['access-control-allow-origin'], '*');
        assert.equal(response.headers['access-control-allow-methods'], allowed);
        const headers = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
        for (const header of ['authorization', 'x-api-key', 'content-type', 'idempotency-key']) assert.ok(headers.includes(header), `${header} in ${headers}`);
        assert.equal(response.headers['access-control-allow-credentials'], undefined, 'no credentials: they are headers, not cookies');
      });
    }

    it('gives the call itself, and its errors, the allowing header', async () => {
      const ok = await app.request({ method: 'GET', url: '/notify/v1/senders', token: account.token, headers: { origin: APP_ORIGIN } });
      expectEnvelope(ok, 200);
      assert.equal(ok.headers['access-control-allow-origin'], '*');
      const refused = await app.request({ method: 'GET', url: '/notify/v1/senders', headers: { origin: APP_ORIGIN } });
      expectEnvelope(refused, 401);
      assert.equal(refused.headers['access-control-allow-origin'], '*', 'the page can read why it failed');
    });

    it('adds nothing to a request without an Origin (not a browser)', async () => {
      const response = await app.request({ method: 'GET', url: '/healthz' });
      assert.equal(response.headers['access-control-allow-origin'], undefined);
    });
  });

  describe(`CORS_ORIGINS narrows it [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect, { config: { corsOrigins: [APP_ORIGIN, 'http://localhost:5173'] } });
    });
    after(() => app.close());

    it('allows a listed origin by name, with Vary: Origin', async () => {
      const response = await app.request(preflight('/notify/v1/send', 'POST', 'http://localhost:5173'));
      assert.equal(response.status, 204);
      assert.equal(response.headers['access-control-allow-origin'], 'http://localhost:5173');
      assert.match(String(response.headers.vary), /Origin/);
    });

    it('gives another origin no CORS headers', async () => {
      const response = await app.request(preflight('/notify/v1/send', 'POST', 'https://evil.example'));
      assert.equal(response.headers['access-control-allow-origin'], undefined);
      assert.equal(response.headers['access-control-allow-methods'], undefined);
      assert.notEqual(response.status, 204);
    });
  });
}

/**
 * Input a review sent to break things, answered alike on both dialects: numeric query
 * parameters past their bounds and NUL characters in any field are a 400 naming the
 * field, never a 500 (PostgreSQL cannot store NUL; a huge page made an offset no database
 * takes).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_PAGE } from '../../src/http/pagination.js';
import { errorFields, formBody, multipartBody } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type RequestOptions, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const SOME_ID = '0193a5b2c4d1e2f3a4b5c6d7';

function expectFieldRefused(response: TestResponse, field: string, message: RegExp, what: string): void {
  assert.equal(response.status, 400, `${what}: ${response.status} ${response.text.slice(0, 300)}`);
  const body = expectEnvelope(response, 400);
  assert.deepEqual(errorFields(body), [field], `${what}: ${response.text}`);
  assert.match(body.resultObject.errors[0].message, message, what);
}

for (const dialect of DIALECTS) {
  describe(`hostile input [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    it('every list endpoint refuses a page or pageSize out of bounds with a 400 naming it, and serves the last allowed page', async () => {
      const doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
      const lists = Object.entries(doc.paths as Record<string, Record<string, any>>)
        // The API's lists take page and pageSize (the public archive's HTML pages take a page only, 20 to a page).
        .filter(([, methods]) => ['page', 'pageSize'].every((name) => methods.get?.parameters?.some((p: any) => p.in === 'query' && p.name === name)))
        .map(([path]) => path.replace(/\{[^}]+\}/g, SOME_ID));
      assert.ok(lists.length >= 11, `list endpoints found: ${lists.join(', ')}`);
      for (const path of lists) {
        const get = (query: string) => app.request({ method: 'GET', url: `${path}?${query}`, token: account.token });
        for (const page of ['184467440737095516', '9007199254740993', '1e300', String(MAX_PAGE + 1)]) {
          expectFieldRefused(await get(`page=${page}`), 'page', /must be at most|whole number/, `${path}?page=${page}`);
        }
        expectFieldRefused(await get('page=0'), 'page', /at least 1/, `${path}?page=0`);
        expectFieldRefused(await get('pageSize=501'), 'pageSize', /at most 500/, `${path}?pageSize=501`);
        const last = await get(`page=${MAX_PAGE}&pageSize=500`);
        // A list under an id that is not the account's answers 404; every other list answers an empty page.
        if (path.includes(SOME_ID)) expectEnvelope(last, 404);
        else assert.deepEqual(expectEnvelope(last, 200).resultObject.items, [], path);
      }
    });

    it('a NUL character in any field, key or parameter is a 400 naming it, on every route and content type', async () => {
      const probes: (RequestOptions & { field: string })[] = [
        { method: 'POST', url: '/token', body: { EmailAddress: 'owner\u0000@example.com', Password: 'x' }, field: 'EmailAddress' },
        { method: 'POST', url: '/token/refresh', body: { refresh_token: 'abc\u0000' }, field: 'refresh_token' },
        { method: 'POST', url: '/notify/v1/templates', body: { name: 'welcome\u0000' }, field: 'name' },
        {
          method: 'POST',
          url: '/notify/v1/send',
          body: { from: { email: account.email }, to: [{ email: 'a@example.net' }], subject: 'Hi\u0000', htmlContent: '<p>x</p>' },
          field: 'subject',
        },
        { method: 'POST', url: '/notify/v1/send', body: { to: [{ email: 'a@example.net', name: 'A\u0000' }] }, field: 'to[0].name' },
        { method: 'POST', url: '/notify/v1/send/batch', body: { messages: [{ subject: 'x' }, { htmlContent: '\u0000' }] }, field: 'messages[1].htmlContent' },
        { method: 'POST', url: '/notify/v1/webhooks', body: { url: 'https://hooks.example.com/\u0000' }, field: 'url' },
        { method: 'POST', url: '/notify/v1/senders', body: { email: 'x@example.com', name: '\u0000' }, field: 'name' },
        { method: 'POST', url: '/notify/v1/domains', body: { domain: 'example\u0000.com' }, field: 'domain' },
        { method: 'POST', url: '/notify/v1/suppressions', body: { email: 'x\u0000@example.com' }, field: 'email' },
        { method: 'POST', url: '/notify/v1/templates', body: { 'na\u0000me': 'x' }, field: 'na\\u0000me' },
        { method: 'PATCH', url: '/account', body: { name: 'Shop\u0000' }, field: 'name' },
        { method: 'GET', url: '/notify/v1/suppressions/x%00%40example.com', field: 'email' },
        { method: 'DELETE', url: '/notify/v1/suppressions/x%00%40example.com', field: 'email' },
        { method: 'GET', url: `/notify/v1/messages/${SOME_ID}/raw?recipientId=%00`, field: 'recipientId' },
        { method: 'GET', url: '/notify/v1/events?email=a%00b', field: 'email' },
        { method: 'GET', url: '/notify/v1/stats?tag=a%00', field: 'tag' },
        { method: 'GET', url: '/notify/v1/senders/confirm?token=%00', field: 'token' },
      ];
      const form = formBody({ name: 'x\u0000' });
      probes.push({ method: 'POST', url: '/notify/v1/templates', payload: form.payload, headers: form.headers, field: 'name' });
      const multipart = multipartBody({ subject: 'x\u0000' });
      probes.push({ method: 'POST', url: '/notify/v1/send', payload: multipart.payload, headers: multipart.headers, field: 'subject' });
      for (const { field, ...request } of probes) {
        const authenticated = !['/token', '/token/refresh'].includes(request.url) && !request.url.startsWith('/notify/v1/senders/confirm');
        const response = await app.request({ ...request, ...(authenticated ? { token: account.token } : {}) });
        expectFieldRefused(
          response,
          field,
          /must not contain NUL control characters/,
          `${request.method} ${request.url} ${String(request.payload ?? JSON.stringify(request.body)).slice(0, 120)}`,
        );
      }
      // Nothing half-done was stored: the account still works and lists nothing it was sent.
      assert.equal(expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/templates', token: account.token }), 200).resultObject.totalCount, 0);
    });
  });
}

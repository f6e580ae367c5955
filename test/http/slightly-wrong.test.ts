/**
 * Requests people get slightly wrong, answered so they can fix them: a wrong method on a
 * path that exists (405 with Allow), a misspelt body field (400 suggesting the right
 * name, while unknown extras stay ignored), JSON sent as a form (a Content-Type hint).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createApiKey } from '../helpers/accounts.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

const SEND = '/notify/v1/send';

for (const dialect of DIALECTS) {
  describe(`requests slightly wrong [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let send: Record<string, unknown>;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
      send = { from: { email: account.email }, to: [{ email: 'ann@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' };
    });
    after(() => app.close());

    for (const [method, url, allow] of [
      ['GET', SEND, 'POST'],
      ['PUT', `${SEND}/`, 'POST'],
      ['DELETE', '/token', 'POST'],
      ['GET', '/token', 'POST'],
      ['POST', '/notify/v1/messages/0123456789abcdef01234567', 'GET, HEAD'],
    ] as const) {
      it(`answers ${method} ${url} with 405, Allow: ${allow} and the envelope`, async () => {
        const response = await app.request({ method, url, token: account.token });
        const body = expectEnvelope(response, 405);
        assert.equal(response.headers.allow, allow);
        assert.equal(body.resultStatus, false);
        assert.equal(body.resultObject, null);
        assert.ok(body.resultMessage.includes(`${method} is not allowed on ${url}`), body.resultMessage);
        assert.ok(body.resultMessage.includes(allow), body.resultMessage);
      });
    }

    it('still answers 404 for a path that does not exist at all', async () => {
      const response = await app.request({ method: 'GET', url: '/notify/v1/sendd', token: account.token });
      expectEnvelope(response, 404);
      assert.equal(response.headers.allow, undefined);
    });

    for (const [misspelt, value, meant] of [
      ['bbc', [{ email: 'boss@example.net' }], 'bcc'],
      ['attachment', [{ filename: 'a.txt', content: 'aGk=' }], 'attachments'],
      ['scheduleAt', '2030-01-01T00:00:00Z', 'scheduledAt'],
    ] as const) {
      it(`refuses ${misspelt} with 400 naming it and suggesting ${meant}`, async () => {
        const body = expectEnvelope(await app.request({ method: 'POST', url: SEND, token: account.token, body: { ...send, [misspelt]: value } }), 400);
        assert.deepEqual(errorFields(body), [misspelt]);
        assert.equal(body.resultObject.errors[0].message, `is not a known field; did you mean ${meant}?`);
        assert.ok(body.resultMessage.includes(misspelt) && body.resultMessage.includes(meant), body.resultMessage);
      });
    }

    for (const [theirs, ours] of [
      ['html', 'htmlContent'],
      ['HtmlBody', 'htmlContent'],
      ['text', 'textContent'],
      ['TextBody', 'textContent'],
    ] as const) {
      it(`refuses ${theirs}, another provider's name, with 400 suggesting ${ours}`, async () => {
        const { htmlContent: _, ...withoutContent } = send;
        const body = expectEnvelope(
          await app.request({ method: 'POST', url: SEND, token: account.token, body: { ...withoutContent, [theirs]: 'Hello' } }),
          400,
        );
        assert.deepEqual(errorFields(body), [theirs]);
        assert.equal(body.resultObject.errors[0].message, `is not a known field; did you mean ${ours}?`);
      });
    }

    it('names a misspelt field inside a recipient by its path', async () => {
      const body = expectEnvelope(
        await app.request({
          method: 'POST',
          url: SEND,
          token: account.token,
          body: { ...send, to: [{ email: 'ann@example.net', nmae: 'Ann' }] },
        }),
        400,
      );
      assert.deepEqual(errorFields(body), ['to[0].nmae']);
      assert.match(body.resultObject.errors[0].message, /did you mean name\?/);
    });

    it('still ignores unknown fields that resemble no known one, and any key in params and metadata', async () => {
      const response = await app.request({
        method: 'POST',
        url: SEND,
        token: account.token,
        body: { ...send, campaignName: 'spring', clientReference: 42, params: { bbc: 1 }, metadata: { scheduleAt: 'x' } },
      });
      expectEnvelope(response, 200);
    });

    it('answers JSON sent as a form (curl -d without a Content-Type) with a hint about Content-Type', async () => {
      const body = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/token',
          payload: JSON.stringify({ EmailAddress: account.email, Password: account.password }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        400,
      );
      assert.deepEqual(errorFields(body), ['body']);
      assert.match(body.resultMessage, /looks like JSON.*Content-Type: application\/json/);
    });

    it('reads a path id written with one leading colon (a client templating URLs as /:id) without it; ":" alone and "::id" stay unknown', async () => {
      const ok = async (method: 'GET' | 'POST', url: string, body?: unknown, status = 200) =>
        expectEnvelope(await app.request({ method, url, token: account.token, body }), status).resultObject;
      const list = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Templated' }, 201)).id as string;
      const contact = (await ok('POST', `/inbox/v1/contactlists/:${list}/add`, { email: 'colon@example.net' })) as string;
      const imported = (await ok('POST', `/inbox/v1/contactlists/:${list}/import`, [{ email: 'imported@example.net' }])) as string;
      const message = (await ok('POST', SEND, send)).id as string;

      assert.equal((await ok('GET', `/inbox/v1/contactlists/:${list}/import/:${imported}`)).id, imported);
      assert.equal((await ok('GET', `/notify/v1/messages/:${message}`)).id, message);
      assert.equal((await ok('GET', `/inbox/v1/contacts/:${contact}`)).email, 'colon@example.net');
      for (const url of [
        `/inbox/v1/contacts/:`,
        `/inbox/v1/contacts/::${contact}`,
        `/notify/v1/messages/::${message}`,
        `/inbox/v1/contactlists/${list}/import/::${imported}`,
      ]) {
        const response = await app.request({ method: 'GET', url, token: account.token });
        assert.ok(response.status >= 400 && response.status < 500, `${url}: ${response.status}`);
        expectEnvelope(response, response.status);
      }
    });

    it('treats Content-Type: application/json with an empty body as a request without a body (DELETE, GET, POST)', async () => {
      const json = { 'content-type': 'application/json' };
      const list = async () =>
        expectEnvelope(await app.request({ method: 'POST', url: '/inbox/v1/contactlists', token: account.token, body: { listName: 'Labelled' } }), 201)
          .resultObject.id as string;
      const [first, second] = [await list(), await list()];
      const deleted = await app.request({ method: 'DELETE', url: `/inbox/v1/contactlists/${first}`, token: account.token, payload: '', headers: json });
      assert.equal(expectEnvelope(deleted, 200).resultObject, true);
      expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/contactlists/${first}`, token: account.token }), 404);
      // A key's revocation, from a client that labels every call.
      const key = await createApiKey(app, account.token, ['read']);
      expectEnvelope(await app.request({ method: 'DELETE', url: `/account/apikeys/${key.id}`, token: account.token, payload: '', headers: json }), 200);
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders', headers: { 'x-api-key': key.key } }), 401);

      const read = await app.request({ method: 'GET', url: `/inbox/v1/contactlists/${second}`, token: account.token, payload: '', headers: json });
      assert.equal(expectEnvelope(read, 200).resultObject.id, second);
      // A route that needs a body answers exactly as it does for a request without the header.
      for (const url of [SEND, '/token']) {
        const labelled = await app.request({ method: 'POST', url, token: account.token, payload: '', headers: json });
        const bare = await app.request({ method: 'POST', url, token: account.token });
        assert.deepEqual(expectEnvelope(labelled, 400), expectEnvelope(bare, 400));
      }
    });
  });
}

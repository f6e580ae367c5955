/**
 * Requests people get slightly wrong, answered so they can fix them: a wrong method on a
 * path that exists (405 with Allow), a misspelt body field (400 suggesting the right
 * name, while unknown extras stay ignored), JSON sent as a form (a Content-Type hint).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
  });
}

/**
 * The refresh cookie for browser applications (POST /token with RefreshCookie: true): the
 * refresh token goes into an httpOnly, SameSite=Strict cookie on /token and out of the body;
 * /token/refresh works from the cookie and rotates it; /token/revoke ends the session and
 * clears it. Clients that do not ask see no change.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

function cookieOf(headers: Record<string, unknown>): { value: string; attributes: string } {
  const raw = String(headers['set-cookie'] ?? '');
  const match = /^postwire_refresh=([^;]*);(.*)$/.exec(raw);
  assert.ok(match, `a postwire_refresh cookie is set, got: ${raw}`);
  return { value: decodeURIComponent(match[1]!), attributes: match[2]! };
}

for (const dialect of DIALECTS) {
  describe(`refresh cookie [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
    });
    after(() => app.close());

    it('sets the refresh token as an httpOnly SameSite=Strict cookie on /token and leaves it out of the body', async () => {
      const login = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password, RefreshCookie: true } });
      const token = expectEnvelope(login, 200).resultObject;
      assert.equal(token.refresh_token, undefined);
      assert.equal(typeof token.access_token, 'string');
      const cookie = cookieOf(login.headers);
      assert.match(cookie.attributes, /Path=\/token(;|$)/);
      assert.match(cookie.attributes, /HttpOnly/);
      assert.match(cookie.attributes, /SameSite=Strict/);
      assert.match(cookie.attributes, /Max-Age=\d+/);
    });

    it('refreshes from the cookie and rotates it; the old cookie value then fails and ends the session', async () => {
      const login = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password, RefreshCookie: true } });
      const first = cookieOf(login.headers).value;
      const refreshed = await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { cookie: `other=1; postwire_refresh=${first}` } });
      const pair = expectEnvelope(refreshed, 200).resultObject;
      assert.equal(pair.refresh_token, undefined);
      const second = cookieOf(refreshed.headers).value;
      assert.notEqual(second, first);
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: pair.access_token }), 200);
      // Reusing the rotated one is a replay: the whole session ends.
      expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { cookie: `postwire_refresh=${first}` } }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { cookie: `postwire_refresh=${second}` } }), 401);
    });

    it('revokes the session of the cookie and clears the cookie', async () => {
      const login = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password, RefreshCookie: true } });
      const access = expectEnvelope(login, 200).resultObject.access_token;
      const value = cookieOf(login.headers).value;
      const revoked = await app.request({ method: 'POST', url: '/token/revoke', body: {}, headers: { cookie: `postwire_refresh=${value}` } });
      expectEnvelope(revoked, 200);
      const cleared = cookieOf(revoked.headers);
      assert.equal(cleared.value, '');
      assert.match(cleared.attributes, /Max-Age=0/);
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: access }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { cookie: `postwire_refresh=${value}` } }), 401);
    });

    it('names RefreshToken when neither the body nor a cookie carries one', async () => {
      const reply = expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: {} }), 400);
      assert.equal(reply.resultObject.errors[0].field, 'RefreshToken');
    });

    it('changes nothing for clients that do not ask: the body carries the refresh token, no cookie is set', async () => {
      const login = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password } });
      assert.equal(typeof expectEnvelope(login, 200).resultObject.refresh_token, 'string');
      assert.equal(login.headers['set-cookie'], undefined);
    });
  });
}

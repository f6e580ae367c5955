/**
 * The refresh cookie for browser applications (POST /token with RefreshCookie: true): the
 * refresh token goes into an httpOnly, SameSite=Strict cookie on /token and out of the body;
 * /token/refresh works from the cookie and rotates it; /token/revoke ends the session and
 * clears it. Clients that do not ask see no change. A request that relies on the cookie is
 * honoured only as JSON from a page of this origin (or BASE_URL's): a forged cross-site form
 * post is refused before it touches the session, and clients that send the token in the body
 * work from anywhere, in any of the three content types.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { formBody, multipartBody } from '../helpers/bodies.js';
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
      // BASE_URL names the public address behind a proxy that does not pass the Host on.
      app = await startTestApp(dialect, { config: { baseUrl: 'https://mail.example.com' } });
      a = await app.signUp();
    });

    /** A browser session: the cookie value and the access token of a fresh login. */
    async function browserLogin(): Promise<{ cookie: string; access: string }> {
      const login = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password, RefreshCookie: true } });
      return { access: expectEnvelope(login, 200).resultObject.access_token, cookie: cookieOf(login.headers).value };
    }
    const JSON_TYPE = { 'content-type': 'application/json' };
    const OWN_PAGE = { host: 'app.example.org', origin: 'https://app.example.org', 'sec-fetch-site': 'same-origin' };
    const CROSS_SITE = { host: 'app.example.org', origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' };
    after(() => app.close());

    it('GET /token/cookie says whether the request carries the refresh cookie, so a first visit need not fail a refresh', async () => {
      const none = await app.request({ method: 'GET', url: '/token/cookie' });
      assert.deepEqual(expectEnvelope(none, 200).resultObject, { present: false });
      assert.equal(none.headers['cache-control'], 'no-store');
      const other = await app.request({ method: 'GET', url: '/token/cookie', headers: { cookie: 'other=1' } });
      assert.deepEqual(expectEnvelope(other, 200).resultObject, { present: false });
      const some = await app.request({ method: 'GET', url: '/token/cookie', headers: { cookie: 'other=1; postwire_refresh=anything' } });
      assert.deepEqual(expectEnvelope(some, 200).resultObject, { present: true });
    });

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

    it('refuses a cross-site form post that carries the cookie (403 saying why) and leaves the session as it was', async () => {
      const { cookie, access } = await browserLogin();
      // What another site's page can post without asking: a form, here with no fields at all.
      const form = formBody([]);
      for (const url of ['/token/refresh', '/token/revoke']) {
        const forged = await app.request({
          method: 'POST',
          url,
          payload: form.payload,
          headers: { ...form.headers, ...CROSS_SITE, cookie: `postwire_refresh=${cookie}` },
        });
        const body = expectEnvelope(forged, 403);
        assert.match(body.resultMessage, /only from this site's own pages.*Sec-Fetch-Site: cross-site/);
        assert.equal(forged.headers['set-cookie'], undefined, 'the cookie is neither rotated nor cleared');
      }
      // Neither rotated (the cookie would now be a replay, ending the session) nor revoked.
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: access }), 200);
      const own = await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { ...OWN_PAGE, cookie: `postwire_refresh=${cookie}` } });
      expectEnvelope(own, 200);
      assert.notEqual(cookieOf(own.headers).value, cookie);
    });

    it('refuses the cookie from another origin, an opaque origin or another page of the site, and as a form or multipart post', async () => {
      const { cookie, access } = await browserLogin();
      const withCookie = { cookie: `postwire_refresh=${cookie}` };
      const multipart = multipartBody([['RefreshCookie', 'true']]);
      const refused: [Record<string, string>, { payload?: string | Buffer; body?: unknown }, number, RegExp][] = [
        [{ ...JSON_TYPE, host: 'app.example.org', origin: 'https://evil.example.net' }, { body: {} }, 403, /came from https:\/\/evil\.example\.net \(Origin\)/],
        [{ ...JSON_TYPE, origin: 'null' }, { body: {} }, 403, /came from null \(Origin\)/],
        [{ ...JSON_TYPE, 'sec-fetch-site': 'same-site' }, { body: {} }, 403, /Sec-Fetch-Site: same-site/],
        // No Origin at all (an older browser): the content type alone tells a forged form.
        [formBody([]).headers, { payload: '' }, 415, /application\/json.*sent application\/x-www-form-urlencoded/],
        [multipart.headers, { payload: multipart.payload }, 415, /sent multipart\/form-data/],
      ];
      for (const url of ['/token/refresh', '/token/revoke']) {
        for (const [headers, content, status, message] of refused) {
          const reply = await app.request({ method: 'POST', url, ...content, headers: { ...headers, ...withCookie } });
          assert.match(expectEnvelope(reply, status).resultMessage, message, `${url} ${JSON.stringify(headers)}`);
        }
      }
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: access }), 200);
      expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { ...OWN_PAGE, ...withCookie } }), 200);
    });

    it("accepts the cookie as JSON from the dashboard's own origin, from BASE_URL's, and from clients that send no Origin", async () => {
      const first = await browserLogin();
      // Behind a proxy that passes its own Host on, the page's origin is BASE_URL's.
      const proxied = { host: '127.0.0.1:3000', origin: 'https://mail.example.com', 'sec-fetch-site': 'same-origin' };
      const refreshed = await app.request({
        method: 'POST',
        url: '/token/refresh',
        body: { RefreshCookie: true },
        headers: { ...proxied, cookie: `postwire_refresh=${first.cookie}` },
      });
      const second = cookieOf(expectEnvelope(refreshed, 200) && refreshed.headers).value;
      // curl with a cookie jar sends neither Origin nor Sec-Fetch-Site.
      const curl = await app.request({ method: 'POST', url: '/token/refresh', body: {}, headers: { cookie: `postwire_refresh=${second}` } });
      const third = cookieOf(expectEnvelope(curl, 200) && curl.headers).value;
      const revoked = await app.request({ method: 'POST', url: '/token/revoke', body: {}, headers: { ...OWN_PAGE, cookie: `postwire_refresh=${third}` } });
      expectEnvelope(revoked, 200);
      assert.equal(cookieOf(revoked.headers).value, '');
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: first.access }), 401);
    });

    it('clients that send the refresh token in the body work from any origin, as JSON, a form or multipart', async () => {
      const bodyLogin = async () =>
        expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password } }), 200).resultObject;
      let pair = await bodyLogin();
      const bodies = [
        (token: string) => ({ body: { RefreshToken: token }, headers: CROSS_SITE }),
        (token: string) => formBody([['RefreshToken', token]]),
        (token: string) => multipartBody([['refreshToken', token]]),
      ];
      for (const content of bodies) {
        const refreshed = await app.request({ method: 'POST', url: '/token/refresh', ...content(pair.refresh_token) });
        pair = expectEnvelope(refreshed, 200).resultObject;
        assert.equal(typeof pair.refresh_token, 'string');
        assert.equal(refreshed.headers['set-cookie'], undefined);
      }
      for (const content of bodies) {
        const session = await bodyLogin();
        expectEnvelope(await app.request({ method: 'POST', url: '/token/revoke', ...content(session.refresh_token) }), 200);
        expectEnvelope(await app.request({ method: 'GET', url: '/account', token: session.access_token }), 401);
      }
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

/**
 * Authentication as a client sees it: POST /token with every accepted body type,
 * the token object, login failures that do not reveal which emails exist, the Bearer
 * check on a protected endpoint (GET /notify/v1/senders) against forged, expired and
 * malformed credentials, and refresh-token rotation with family revocation on reuse.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { errorFields, formBody, multipartBody } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { forgeToken, jwtSecretOf, type ForgeOptions } from '../helpers/jwt.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const SENDERS = '/notify/v1/senders';

/** Asserts a well-formed token object and returns it. */
function expectTokenObject(response: TestResponse): { access_token: string; expires_in: number; token_type: string; refresh_token: string } {
  const token = expectEnvelope(response, 200).resultObject;
  assert.deepEqual(Object.keys(token).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
  assert.equal(typeof token.access_token, 'string');
  const parts = token.access_token.split('.');
  assert.equal(parts.length, 3, 'access_token is a JWT with three parts');
  assert.ok(
    parts.every((p: string) => p.length > 0),
    'no JWT part is empty (not an unsigned token)',
  );
  assert.equal(decodeProtectedHeader(token.access_token).alg, 'HS256');
  assert.equal(token.expires_in, 3600);
  assert.equal(token.token_type, 'Bearer');
  assert.equal(typeof token.refresh_token, 'string');
  assert.ok(token.refresh_token.length >= 20, 'refresh_token is a long random value');
  assert.notEqual(token.refresh_token, token.access_token);
  return token;
}

/** Asserts the 401 a client gets for a missing, malformed or refused credential. */
function expectUnauthorized(response: TestResponse): any {
  const body = expectEnvelope(response, 401);
  assert.equal(response.headers['www-authenticate'], 'Bearer');
  assert.equal(body.resultObject, null);
  return body;
}

for (const dialect of DIALECTS) {
  describe(`POST /token [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
    });
    after(() => app.close());

    const login = (url: string, fields: Record<string, string>, kind: 'json' | 'form' | 'multipart' = 'json') => {
      if (kind === 'json') return app.request({ method: 'POST', url, body: fields });
      const { payload, headers } = kind === 'form' ? formBody(fields) : multipartBody(fields);
      return app.request({ method: 'POST', url, payload, headers });
    };

    for (const url of ['/token', '/token/']) {
      for (const kind of ['json', 'form', 'multipart'] as const) {
        it(`issues a token at ${url} for a ${kind} body`, async () => {
          const response = await login(url, { EmailAddress: account.email, Password: account.password }, kind);
          const token = expectTokenObject(response);
          assert.equal(response.headers['cache-control'], 'no-store');
          const senders = await app.request({ method: 'GET', url: SENDERS, token: token.access_token });
          expectEnvelope(senders, 200);
        });
      }
    }

    for (const [emailKey, passwordKey] of [
      ['emailAddress', 'password'],
      ['EMAILADDRESS', 'PASSWORD'],
      ['emailaddress', 'PassWord'],
    ] as const) {
      for (const kind of ['json', 'form', 'multipart'] as const) {
        it(`matches field names case-insensitively (${emailKey}/${passwordKey}, ${kind})`, async () => {
          const response = await login('/token', { [emailKey]: account.email, [passwordKey]: account.password }, kind);
          expectTokenObject(response);
        });
      }
    }

    it('accepts the email address in another letter case', async () => {
      expectTokenObject(await login('/token', { EmailAddress: account.email.toUpperCase(), Password: account.password }));
    });

    it('puts the account, user and session in the access token', async () => {
      const token = expectTokenObject(await login('/token', { EmailAddress: account.email, Password: account.password }));
      const claims = decodeJwt(token.access_token);
      assert.equal(claims.sub, account.userId);
      assert.equal(claims.acc, account.accountId);
      assert.equal(typeof claims.sid, 'string');
      assert.equal(claims.iss, 'postwire');
      assert.equal(claims.aud, 'postwire-api');
      assert.equal((claims.exp as number) - (claims.iat as number), 3600);
    });

    it('gives every login its own tokens', async () => {
      const a = expectTokenObject(await login('/token', { EmailAddress: account.email, Password: account.password }));
      const b = expectTokenObject(await login('/token', { EmailAddress: account.email, Password: account.password }));
      assert.notEqual(a.refresh_token, b.refresh_token);
      assert.notEqual(decodeJwt(a.access_token).sid, decodeJwt(b.access_token).sid);
    });

    it('answers a wrong password and an unknown email alike (401, same message)', async () => {
      const wrongPassword = await login('/token', { EmailAddress: account.email, Password: 'not the password' });
      const unknownEmail = await login('/token', { EmailAddress: `nobody.${Date.now()}@example.com`, Password: account.password });
      const a = expectEnvelope(wrongPassword, 401);
      const b = expectEnvelope(unknownEmail, 401);
      assert.equal(a.resultMessage, b.resultMessage);
      assert.deepEqual(a, b, 'the whole envelope is the same');
      assert.equal(a.resultObject, null);
      assert.doesNotMatch(a.resultMessage, /not found|unknown|no such|does not exist/i);
      for (const kind of ['form', 'multipart'] as const) {
        const viaForm = await login('/token', { EmailAddress: account.email, Password: 'not the password' }, kind);
        assert.equal(expectEnvelope(viaForm, 401).resultMessage, a.resultMessage);
      }
    });

    it('stores no password, only a salted scrypt hash of it: two users with one password get different hashes', async () => {
      const other = await app.signUp(undefined, account.password);
      const db = app.runtime.services.handle.db;
      const rows = await db.selectFrom('users').select(['email', 'password_hash']).where('email', 'in', [account.email, other.email]).execute();
      assert.equal(rows.length, 2);
      for (const row of rows) {
        // N is 2^PASSWORD_HASH_COST: the suite's cheap cost here (the default is checked in lib/passwords.test.ts).
        assert.match(
          row.password_hash,
          new RegExp(`^scrypt\\$${2 ** app.runtime.config.passwordHashCost}\\$8\\$1\\$[A-Za-z0-9+/]{22}==\\$[A-Za-z0-9+/]{43}=$`),
        );
        assert.ok(!row.password_hash.includes(account.password), 'the password itself is not in the stored form');
      }
      assert.notEqual(rows[0]!.password_hash, rows[1]!.password_hash, 'each hash has its own salt');
      expectEnvelope(await login('/token', { EmailAddress: other.email, Password: account.password }), 200);
    });

    it('refuses the password in another letter case', async () => {
      expectEnvelope(await login('/token', { EmailAddress: account.email, Password: account.password.toUpperCase() }), 401);
    });

    for (const kind of ['json', 'form', 'multipart'] as const) {
      it(`names a missing Password (${kind})`, async () => {
        const body = expectEnvelope(await login('/token', { EmailAddress: account.email }, kind), 400);
        assert.deepEqual(errorFields(body), ['Password']);
        assert.match(body.resultMessage, /Password/);
      });

      it(`names a missing EmailAddress (${kind})`, async () => {
        const body = expectEnvelope(await login('/token', { Password: account.password }, kind), 400);
        assert.deepEqual(errorFields(body), ['EmailAddress']);
        assert.match(body.resultMessage, /EmailAddress/);
      });
    }

    it('names both fields when the body is an empty object', async () => {
      const body = expectEnvelope(await app.request({ method: 'POST', url: '/token', body: {} }), 400);
      assert.deepEqual(errorFields(body).sort(), ['EmailAddress', 'Password']);
    });

    it('names an empty Password and a Password that is not a string', async () => {
      const empty = expectEnvelope(await login('/token', { EmailAddress: account.email, Password: '' }), 400);
      assert.deepEqual(errorFields(empty), ['Password']);
      const number = expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: 12345678 } }), 400);
      assert.deepEqual(errorFields(number), ['Password']);
    });

    it('names the field with the canonical spelling when the client used another case', async () => {
      const body = expectEnvelope(await login('/token', { emailaddress: account.email }), 400);
      assert.deepEqual(errorFields(body), ['Password']);
    });
  });

  describe(`Bearer credentials on a protected endpoint [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let secret: string;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
      secret = jwtSecretOf(app);
    });
    after(() => app.close());

    const get = (authorization?: string) => app.request({ method: 'GET', url: SENDERS, headers: authorization === undefined ? {} : { authorization } });

    /** A token like jwt.ts signs, with the claims of the signed-up account's login unless overridden. */
    const forge = (options: ForgeOptions = {}) => forgeToken(account.token, secret, options);

    it('accepts the token from POST /token', async () => {
      const body = expectEnvelope(await get(`Bearer ${account.token}`), 200);
      assert.equal(body.resultStatus, true);
      assert.ok(body.resultObject.items.some((s: { email: string }) => s.email === account.email));
    });

    it('accepts the scheme name in any letter case', async () => {
      expectEnvelope(await get(`bearer ${account.token}`), 200);
      expectEnvelope(await get(`BEARER ${account.token}`), 200);
    });

    it('accepts a token forged with the real secret and claims (proves the forging below is faithful)', async () => {
      expectEnvelope(await get(`Bearer ${await forge()}`), 200);
    });

    it('refuses a request without an Authorization header', async () => {
      const body = expectUnauthorized(await get());
      assert.match(body.resultMessage, /Authorization/);
    });

    it('refuses a request without an Authorization header on POST /notify/v1/send too', async () => {
      expectUnauthorized(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          body: { from: { email: account.email }, to: [{ email: 'a@example.net' }], subject: 's', htmlContent: '<p>x</p>' },
        }),
      );
    });

    const malformed: [string, () => string][] = [
      ['Basic credentials', () => 'Basic x'],
      ['the real token under the Basic scheme', () => `Basic ${account.token}`],
      ['the scheme alone', () => 'Bearer'],
      ['the scheme and spaces', () => 'Bearer    '],
      ['an empty header', () => ''],
      ['garbage after Bearer', () => 'Bearer garbage'],
      ['a JWT-shaped garbage token', () => 'Bearer aaa.bbb.ccc'],
      ['two tokens', () => `Bearer ${account.token} ${account.token}`],
      ['the token without the scheme', () => account.token],
    ];
    for (const [what, header] of malformed) {
      it(`refuses ${what}`, async () => {
        expectUnauthorized(await get(header()));
      });
    }

    it('refuses a token signed with another secret', async () => {
      const body = expectUnauthorized(await get(`Bearer ${await forge({ key: randomBytes(48).toString('base64url') })}`));
      assert.match(body.resultMessage, /not valid/);
    });

    it('refuses an alg: none token carrying valid claims', async () => {
      const real = decodeJwt(account.token);
      const unsigned = new UnsecuredJWT({ acc: real.acc, sid: real.sid })
        .setSubject(real.sub!)
        .setIssuer('postwire')
        .setAudience('postwire-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode();
      assert.equal(decodeProtectedHeader(unsigned).alg, 'none');
      expectUnauthorized(await get(`Bearer ${unsigned}`));
      // The same with a signature part stuck on from a real token.
      const withSignature = `${unsigned.slice(0, -1)}.${account.token.split('.')[2]}`;
      expectUnauthorized(await get(`Bearer ${withSignature}`));
    });

    it('refuses a token whose header says alg: none but whose payload is the real one', async () => {
      const [, payload, signature] = account.token.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expectUnauthorized(await get(`Bearer ${header}.${payload}.`));
      expectUnauthorized(await get(`Bearer ${header}.${payload}.${signature}`));
    });

    it('refuses a token signed with the real secret but another HMAC algorithm', async () => {
      const real = decodeJwt(account.token);
      const hs512 = await new SignJWT({ acc: real.acc, sid: real.sid })
        .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
        .setSubject(real.sub!)
        .setIssuer('postwire')
        .setAudience('postwire-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(secret));
      expectUnauthorized(await get(`Bearer ${hs512}`));
    });

    it('refuses an expired token signed with the real secret', async () => {
      const expired = await forge({ iatOffset: -7200, expOffset: -3600 });
      const body = expectUnauthorized(await get(`Bearer ${expired}`));
      assert.match(body.resultMessage, /expired/);
    });

    it('refuses a tampered payload', async () => {
      const [header, payload, signature] = account.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
      claims.acc = '0'.repeat(24);
      const tampered = Buffer.from(JSON.stringify(claims)).toString('base64url');
      expectUnauthorized(await get(`Bearer ${header}.${tampered}.${signature}`));
    });

    it('refuses a token with the wrong issuer or audience', async () => {
      expectUnauthorized(await get(`Bearer ${await forge({ issuer: 'someone-else' })}`));
      expectUnauthorized(await get(`Bearer ${await forge({ audience: 'another-api' })}`));
    });

    it('refuses a token without the session claim', async () => {
      expectUnauthorized(await get(`Bearer ${await forge({ claims: { sid: undefined } })}`));
    });

    it('refuses a well-signed token naming a session that does not exist', async () => {
      const body = expectUnauthorized(await get(`Bearer ${await forge({ claims: { sid: 'f'.repeat(24) } })}`));
      assert.match(body.resultMessage, /revoked/);
    });

    it('refuses a well-signed token whose account does not match its session', async () => {
      expectUnauthorized(await get(`Bearer ${await forge({ claims: { acc: 'e'.repeat(24) } })}`));
    });
  });

  describe(`refresh tokens and revoked sessions [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    const refresh = (refreshToken: string, url = '/token/refresh') => app.request({ method: 'POST', url, body: { RefreshToken: refreshToken } });
    const senders = (token: string) => app.request({ method: 'GET', url: SENDERS, token });

    it('rotates the pair; the new pair works and differs from the old one', async () => {
      const account = await app.signUp();
      const next = expectTokenObject(await refresh(account.refreshToken));
      assert.notEqual(next.refresh_token, account.refreshToken);
      assert.equal(decodeJwt(next.access_token).sid, decodeJwt(account.token).sid, 'same session (family)');
      expectEnvelope(await senders(next.access_token), 200);
      const third = expectTokenObject(await refresh(next.refresh_token));
      expectEnvelope(await senders(third.access_token), 200);
    });

    it('accepts /token/refresh/, form and multipart bodies and any letter case of RefreshToken', async () => {
      const account = await app.signUp();
      let current = account.refreshToken;
      current = expectTokenObject(await refresh(current, '/token/refresh/')).refresh_token;
      current = expectTokenObject(await app.request({ method: 'POST', url: '/token/refresh', body: { refreshToken: current } })).refresh_token;
      const form = formBody({ REFRESHTOKEN: current });
      current = expectTokenObject(await app.request({ method: 'POST', url: '/token/refresh', ...form })).refresh_token;
      const multipart = multipartBody({ refresh_token_ignored: 'x', RefreshToken: current });
      const last = expectTokenObject(await app.request({ method: 'POST', url: '/token/refresh', ...multipart }));
      expectEnvelope(await senders(last.access_token), 200);
    });

    it('names a missing RefreshToken (400)', async () => {
      const body = expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: {} }), 400);
      assert.deepEqual(errorFields(body), ['RefreshToken']);
      assert.match(body.resultMessage, /RefreshToken/);
    });

    it('refuses an unknown refresh token and an access token used as a refresh token (401)', async () => {
      const account = await app.signUp();
      expectUnauthorized(await refresh('not-a-refresh-token'));
      expectUnauthorized(await refresh(`${decodeJwt(account.token).sid}.${randomBytes(32).toString('base64url')}`));
      expectUnauthorized(await refresh(account.token));
    });

    it('on reuse of a rotated refresh token answers 401 and revokes the whole family', async () => {
      const account = await app.signUp();
      const second = expectTokenObject(await refresh(account.refreshToken));
      const third = expectTokenObject(await refresh(second.refresh_token));
      // The newest access token works (and is now remembered by the credential cache).
      expectEnvelope(await senders(third.access_token), 200);
      expectEnvelope(await senders(account.token), 200);

      // The first refresh token, presented again: a leak. Refused…
      const reuse = expectUnauthorized(await refresh(account.refreshToken));
      assert.match(reuse.resultMessage, /refresh token/i);
      // …and every token of the family dies at once.
      expectUnauthorized(await senders(third.access_token));
      expectUnauthorized(await senders(second.access_token));
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await refresh(third.refresh_token));
      expectUnauthorized(await refresh(second.refresh_token));
    });

    it("revokes only the reused family, not the user's other sessions", async () => {
      const account = await app.signUp();
      const other = expectTokenObject(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: account.password } }));
      expectTokenObject(await refresh(account.refreshToken));
      expectUnauthorized(await refresh(account.refreshToken));
      expectUnauthorized(await senders(account.token));
      expectEnvelope(await senders(other.access_token), 200);
      expectTokenObject(await refresh(other.refresh_token));
    });

    it('lets exactly one of two simultaneous refreshes with the same token win, then revokes the family', async () => {
      const account = await app.signUp();
      const results = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)]);
      const statuses = results.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 401]);
      const winner = results.find((r) => r.status === 200)!;
      const loser = results.find((r) => r.status === 401)!;
      expectTokenObject(winner);
      expectUnauthorized(loser);
      // The second presentation is indistinguishable from a replay, so the family is gone.
      expectUnauthorized(await refresh(winner.json.resultObject.refresh_token));
    });

    it('refuses an expired refresh token', async () => {
      const account = await app.signUp();
      await app.runtime.services.handle.db
        .updateTable('refresh_tokens')
        .set({ expires_at: Date.now() - 1000 })
        .where('session_id', '=', decodeJwt(account.token).sid as string)
        .execute();
      expectUnauthorized(await refresh(account.refreshToken));
    });

    it('refuses the access token of an expired session', async () => {
      const account = await app.signUp();
      await app.runtime.services.handle.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1000 })
        .where('id', '=', decodeJwt(account.token).sid as string)
        .execute();
      expectUnauthorized(await senders(account.token));
    });

    it('refuses the tokens of a session revoked in the database', async () => {
      const account = await app.signUp();
      const sid = decodeJwt(account.token).sid as string;
      // The access token has not been used yet, so no cached verification can mask the revocation.
      await app.runtime.services.handle.db.updateTable('sessions').set({ revoked_at: Date.now(), revoked_reason: 'test' }).where('id', '=', sid).execute();
      const body = expectUnauthorized(await senders(account.token));
      assert.match(body.resultMessage, /revoked/);
      expectUnauthorized(await refresh(account.refreshToken));
    });

    it('refuses the tokens of a session revoked through the service, even once cached', async () => {
      const account = await app.signUp();
      expectEnvelope(await senders(account.token), 200);
      await app.runtime.services.auth.revokeSession(decodeJwt(account.token).sid as string, 'signed out');
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await refresh(account.refreshToken));
    });

    it('refuses the tokens of a deleted session', async () => {
      const account = await app.signUp();
      const sid = decodeJwt(account.token).sid as string;
      const db = app.runtime.services.handle.db;
      await db.deleteFrom('refresh_tokens').where('session_id', '=', sid).execute();
      await db.deleteFrom('sessions').where('id', '=', sid).execute();
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await refresh(account.refreshToken));
    });

    it('refuses the tokens of a deleted account', async () => {
      const account = await app.signUp();
      await app.runtime.services.handle.db.updateTable('accounts').set({ deleted_at: Date.now() }).where('id', '=', account.accountId).execute();
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await refresh(account.refreshToken));
    });

    it('refuses the tokens of a deleted user', async () => {
      const account = await app.signUp();
      await app.runtime.services.handle.db.updateTable('users').set({ deleted_at: Date.now() }).where('id', '=', account.userId).execute();
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await refresh(account.refreshToken));
      const login = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: account.password } });
      expectEnvelope(login, 401);
    });
  });
}

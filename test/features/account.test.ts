/**
 * The account area as a client sees it: GET/PATCH /account (profile, plan, limits and
 * this month's usage), PUT /account/password, sign-up with POST /accounts (closed by
 * default), POST /token/revoke, and forged, expired, unsigned and foreign JWTs refused
 * on the account endpoints.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { UnsecuredJWT, decodeJwt } from 'jose';
import { errorFields, formBody } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { forgeToken, jwtSecretOf } from '../helpers/jwt.js';
import { addUser, createApiKey, login } from '../helpers/accounts.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ACCOUNT_KEYS = [
  'createTime',
  'createUserId',
  'email',
  'id',
  'isDeleted',
  'limits',
  'name',
  'plan',
  'postalAddress',
  'updateTime',
  'updateUserId',
  'usage',
];

function expectForbidden(response: TestResponse): any {
  const body = expectEnvelope(response, 403);
  assert.equal(body.resultObject, null);
  return body;
}

function expectUnauthorized(response: TestResponse): any {
  const body = expectEnvelope(response, 401);
  assert.equal(response.headers['www-authenticate'], 'Bearer');
  return body;
}

/** The fields of this area; other areas (billing) add their own beside them. */
function expectAccountKeys(account: Record<string, unknown>): void {
  for (const key of ACCOUNT_KEYS) assert.ok(key in account, `the account has ${key}`);
}

function monthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

for (const dialect of DIALECTS) {
  describe(`GET and PATCH /account [${dialect}]`, () => {
    let app: TestApp;
    let owner: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      owner = await app.signUp();
    });
    after(() => app.close());

    const getAccount = (token: string) => app.request({ method: 'GET', url: '/account', token });
    const patch = (token: string, body: unknown) => app.request({ method: 'PATCH', url: '/account', token, body });
    const send = (account: TestAccount, to: string[]) =>
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { email: account.email }, to: to.map((email) => ({ email })), subject: 'Hello', htmlContent: '<p>Hi</p>' },
      });

    it('shows the account: profile, plan, limits and usage this month', async () => {
      const account = expectEnvelope(await getAccount(owner.token), 200).resultObject;
      expectAccountKeys(account);
      assert.equal(account.id, owner.accountId);
      assert.match(account.id, ID);
      assert.equal(account.email, owner.email);
      assert.equal(account.name, owner.email.split('@')[0]);
      assert.equal(account.plan, 'self-hosted');
      assert.match(account.createTime, ISO_MS);
      assert.match(account.updateTime, ISO_MS);
      assert.equal(account.isDeleted, false);
      assert.deepEqual(account.limits, { recipientsPerMessage: 1000, requestBodyBytes: app.runtime.config.bodyLimitBytes });
      assert.deepEqual(account.usage, { periodStart: monthStart(), recipientsAccepted: 0 });
    });

    it("counts the recipients accepted since the start of the month (UTC), and only the account's own", async () => {
      const account = await app.signUp();
      const other = await app.signUp();
      expectEnvelope(await send(account, ['a@example.net', 'b@example.net']), 200);
      expectEnvelope(await send(account, ['c@example.net']), 200);
      expectEnvelope(await send(other, ['d@example.net']), 200);
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.usage.recipientsAccepted, 3);
      assert.equal(expectEnvelope(await getAccount(other.token), 200).resultObject.usage.recipientsAccepted, 1);

      // A message accepted last month no longer counts.
      const db = app.runtime.services.handle.db;
      const lastMonth = Date.parse(monthStart()) - 1;
      const first = await db
        .selectFrom('message_recipients')
        .select('message_id')
        .where('account_id', '=', account.accountId)
        .where('email', '=', 'c@example.net')
        .executeTakeFirstOrThrow();
      await db.updateTable('message_recipients').set({ created_at: lastMonth }).where('message_id', '=', first.message_id).execute();
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.usage.recipientsAccepted, 2);
    });

    it('answers every credential of the account: a member and a key with any scope', async () => {
      const account = await app.signUp();
      const member = await addUser(app, account.token, 'member');
      assert.equal(expectEnvelope(await getAccount(member.token), 200).resultObject.id, account.accountId);
      const key = await createApiKey(app, account.token, ['send']);
      const viaKey = await app.request({ method: 'GET', url: '/account', headers: { 'x-api-key': key.key } });
      assert.equal(expectEnvelope(viaKey, 200).resultObject.id, account.accountId);
    });

    it('requires a credential', async () => {
      expectUnauthorized(await app.request({ method: 'GET', url: '/account' }));
      expectUnauthorized(await app.request({ method: 'PATCH', url: '/account', body: { name: 'x' } }));
    });

    it('PATCH changes the name and contact address and records who did it', async () => {
      const account = await app.signUp();
      const before = expectEnvelope(await getAccount(account.token), 200).resultObject;
      const admin = await addUser(app, account.token, 'admin');
      const response = await patch(admin.token, { name: 'Example Ltd', email: 'billing@example.org' });
      assert.equal(expectEnvelope(response, 200).resultObject, true);
      const after = expectEnvelope(await getAccount(account.token), 200).resultObject;
      assert.equal(after.name, 'Example Ltd');
      assert.equal(after.email, 'billing@example.org');
      assert.equal(after.updateUserId, admin.id);
      assert.equal(after.createUserId, before.createUserId);
      assert.ok(after.updateTime >= before.updateTime);
      // The owner's login is not the contact address: it still works.
      await login(app, account.email, account.password);
    });

    it('PATCH sets the postal address campaign mail carries, line breaks kept; empty removes it', async () => {
      const account = await app.signUp();
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.postalAddress, '');
      expectEnvelope(await patch(account.token, { postalAddress: '  Example Ltd\n1 Market Street\nSpringfield 12345  ' }), 200);
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.postalAddress, 'Example Ltd\n1 Market Street\nSpringfield 12345');
      const tooLong = expectEnvelope(await patch(account.token, { postalAddress: 'x'.repeat(501) }), 400);
      assert.deepEqual(errorFields(tooLong), ['postalAddress']);
      expectEnvelope(await patch(account.token, { postalAddress: '' }), 200);
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.postalAddress, '');
    });

    it('PATCH accepts form bodies and field names in any case', async () => {
      const account = await app.signUp();
      expectEnvelope(await app.request({ method: 'PATCH', url: '/account', token: account.token, ...formBody({ Name: 'Form Co' }) }), 200);
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.name, 'Form Co');
    });

    it('PATCH names each invalid field (400) and changes nothing', async () => {
      const account = await app.signUp();
      const cases: [unknown, string][] = [
        [{ name: '' }, 'name'],
        [{ name: 'Evil\r\nBcc: x@example.net' }, 'name'],
        [{ name: 42 }, 'name'],
        [{ email: 'not an address' }, 'email'],
        [{ name: 'x'.repeat(201) }, 'name'],
      ];
      for (const [body, field] of cases) {
        const failed = expectEnvelope(await patch(account.token, body), 400);
        assert.deepEqual(errorFields(failed), [field], JSON.stringify(body));
      }
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.name, account.email.split('@')[0]);
    });

    it('PATCH is refused to a member and to a key without the account scope (403), allowed to a key with it', async () => {
      const account = await app.signUp();
      const member = await addUser(app, account.token, 'member');
      const body = expectForbidden(await patch(member.token, { name: 'Nope' }));
      assert.match(body.resultMessage, /member/);
      const sendKey = await createApiKey(app, account.token, ['send', 'read', 'marketing']);
      assert.match(expectForbidden(await patch(sendKey.key, { name: 'Nope' })).resultMessage, /account/);
      const accountKey = await createApiKey(app, account.token, ['account']);
      expectEnvelope(await patch(accountKey.key, { name: 'Via key' }), 200);
      assert.equal(expectEnvelope(await getAccount(account.token), 200).resultObject.name, 'Via key');
    });
  });

  describe(`PUT /account/password [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    const change = (token: string, body: unknown) => app.request({ method: 'PUT', url: '/account/password', token, body });
    const senders = (token: string) => app.request({ method: 'GET', url: '/notify/v1/senders', token });
    const refresh = (refreshToken: string) => app.request({ method: 'POST', url: '/token/refresh', body: { RefreshToken: refreshToken } });

    it("changes the password; the old one stops working; other sessions end, the caller's goes on", async () => {
      const account = await app.signUp();
      const elsewhere = await login(app, account.email, account.password);
      expectEnvelope(await senders(elsewhere.token), 200);
      const response = await change(account.token, { currentPassword: account.password, newPassword: 'a brand new password' });
      assert.equal(expectEnvelope(response, 200).resultObject, true);

      expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: account.password } }), 401);
      await login(app, account.email, 'a brand new password');

      expectUnauthorized(await senders(elsewhere.token));
      expectUnauthorized(await refresh(elsewhere.refreshToken));
      expectEnvelope(await senders(account.token), 200);
      expectEnvelope(await refresh(account.refreshToken), 200);
    });

    it("changes only the caller's password, for any role", async () => {
      const account = await app.signUp();
      const member = await addUser(app, account.token, 'member');
      expectEnvelope(await change(member.token, { currentPassword: member.password, newPassword: 'member password 2' }), 200);
      await login(app, member.email, 'member password 2');
      await login(app, account.email, account.password);
    });

    it('refuses a wrong current password (400 naming currentPassword) and keeps the old one', async () => {
      const account = await app.signUp();
      const body = expectEnvelope(await change(account.token, { currentPassword: 'not it at all', newPassword: 'a brand new password' }), 400);
      assert.deepEqual(errorFields(body), ['currentPassword']);
      await login(app, account.email, account.password);
      expectEnvelope(await senders(account.token), 200);
    });

    it('names a missing or too short password', async () => {
      const account = await app.signUp();
      assert.deepEqual(errorFields(expectEnvelope(await change(account.token, { currentPassword: account.password, newPassword: 'short' }), 400)), [
        'newPassword',
      ]);
      assert.deepEqual(errorFields(expectEnvelope(await change(account.token, {}), 400)).sort(), ['currentPassword', 'newPassword']);
    });

    it('is refused to an API key, even with the account scope (403)', async () => {
      const account = await app.signUp();
      const key = await createApiKey(app, account.token, ['account']);
      expectForbidden(await change(key.key, { currentPassword: account.password, newPassword: 'a brand new password' }));
      await login(app, account.email, account.password);
    });
  });

  describe(`POST /token/revoke [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    const revoke = (body: unknown, token?: string) => app.request({ method: 'POST', url: '/token/revoke', body, ...(token ? { token } : {}) });
    const senders = (token: string) => app.request({ method: 'GET', url: '/notify/v1/senders', token });
    const refresh = (refreshToken: string) => app.request({ method: 'POST', url: '/token/refresh', body: { RefreshToken: refreshToken } });

    it("with a refresh token ends that session (its access token too), not the user's others", async () => {
      const account = await app.signUp();
      const other = await login(app, account.email, account.password);
      expectEnvelope(await senders(account.token), 200);
      assert.equal(expectEnvelope(await revoke({ RefreshToken: account.refreshToken }), 200).resultObject, true);
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await refresh(account.refreshToken));
      expectEnvelope(await senders(other.token), 200);
      expectEnvelope(await refresh(other.refreshToken), 200);
    });

    it('accepts /token/revoke/ and a form body with the field name in any case', async () => {
      const account = await app.signUp();
      expectEnvelope(await app.request({ method: 'POST', url: '/token/revoke/', ...formBody({ refreshtoken: account.refreshToken }) }), 200);
      expectUnauthorized(await refresh(account.refreshToken));
    });

    it('answers an unknown or already revoked refresh token like a good one (nothing to learn from it)', async () => {
      const account = await app.signUp();
      assert.equal(expectEnvelope(await revoke({ RefreshToken: 'no-such-token' }), 200).resultObject, true);
      expectEnvelope(await revoke({ RefreshToken: account.refreshToken }), 200);
      expectEnvelope(await revoke({ RefreshToken: account.refreshToken }), 200);
    });

    it("with all: true ends every session of the caller, and no one else's", async () => {
      const account = await app.signUp();
      const second = await login(app, account.email, account.password);
      const colleague = await addUser(app, account.token, 'admin');
      const stranger = await app.signUp();
      expectEnvelope(await senders(second.token), 200);
      expectEnvelope(await revoke({ all: true }, account.token), 200);
      expectUnauthorized(await senders(account.token));
      expectUnauthorized(await senders(second.token));
      expectUnauthorized(await refresh(second.refreshToken));
      expectUnauthorized(await refresh(account.refreshToken));
      expectEnvelope(await senders(colleague.token), 200);
      expectEnvelope(await senders(stranger.token), 200);
      // Logging in again works.
      expectEnvelope(await senders((await login(app, account.email, account.password)).token), 200);
    });

    it('with all: true needs a valid access token (401) of a person, not an API key (403)', async () => {
      const account = await app.signUp();
      expectUnauthorized(await revoke({ all: true }));
      expectUnauthorized(await revoke({ all: true }, 'garbage'));
      const key = await createApiKey(app, account.token, ['send', 'read', 'marketing', 'account']);
      expectForbidden(await revoke({ all: true }, key.key));
      expectEnvelope(await senders(account.token), 200);
    });

    it('names RefreshToken when neither it nor all: true is given (400)', async () => {
      assert.deepEqual(errorFields(expectEnvelope(await revoke({}), 400)), ['RefreshToken']);
      assert.deepEqual(errorFields(expectEnvelope(await revoke({ all: false }), 400)), ['RefreshToken']);
      assert.deepEqual(errorFields(expectEnvelope(await revoke({ all: 'yes' }), 400)), ['all']);
    });
  });

  describe(`sign-up [${dialect}]`, () => {
    it('is closed by default: 403 with the envelope, whatever the body, and nothing is created', async () => {
      const app = await startTestApp(dialect);
      try {
        const email = `closed.${Date.now()}@example.com`;
        const body = expectForbidden(await app.request({ method: 'POST', url: '/accounts', body: { email, password: 'long enough password' } }));
        assert.match(body.resultMessage, /sign-up/i);
        expectForbidden(await app.request({ method: 'POST', url: '/accounts', body: {} }));
        expectForbidden(await app.request({ method: 'POST', url: '/accounts', payload: 'not json', headers: { 'content-type': 'application/json' } }));
        expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: email, Password: 'long enough password' } }), 401);
      } finally {
        await app.close();
      }
    });

    describe('with SIGNUP_ENABLED=true', () => {
      let app: TestApp;
      before(async () => {
        app = await startTestApp(dialect, { config: { signupEnabled: true } });
      });
      after(() => app.close());

      it('creates the account, its owner and a sender; the owner logs in and can send', async () => {
        const email = `new.${Date.now()}@example.com`;
        const created = expectEnvelope(
          await app.request({ method: 'POST', url: '/accounts', body: { email, password: 'long enough password', name: 'New Co' } }),
          201,
        ).resultObject;
        expectAccountKeys(created);
        assert.match(created.id, ID);
        assert.equal(created.name, 'New Co');
        assert.equal(created.email, email);
        assert.equal(created.usage.recipientsAccepted, 0);

        const session = await login(app, email, 'long enough password');
        assert.equal(decodeJwt(session.token).acc, created.id);
        assert.deepEqual(expectEnvelope(await app.request({ method: 'GET', url: '/account', token: session.token }), 200).resultObject, created);
        const users = expectEnvelope(await app.request({ method: 'GET', url: '/account/users', token: session.token }), 200).resultObject;
        assert.deepEqual(
          users.items.map((u: any) => [u.email, u.role]),
          [[email, 'owner']],
        );
        const senders = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders', token: session.token }), 200).resultObject;
        assert.deepEqual(
          senders.items.map((s: any) => s.email),
          [email],
        );
      });

      it('refuses an email that is already a login (409) and names invalid fields (400)', async () => {
        const existing = await app.signUp();
        expectEnvelope(
          await app.request({ method: 'POST', url: '/accounts', body: { email: existing.email.toUpperCase(), password: 'long enough password' } }),
          409,
        );
        assert.deepEqual(
          errorFields(expectEnvelope(await app.request({ method: 'POST', url: '/accounts', body: { email: 'nope', password: 'long enough password' } }), 400)),
          ['email'],
        );
        assert.deepEqual(
          errorFields(expectEnvelope(await app.request({ method: 'POST', url: '/accounts', body: { email: 'ok@example.com', password: 'short' } }), 400)),
          ['password'],
        );
        assert.deepEqual(errorFields(expectEnvelope(await app.request({ method: 'POST', url: '/accounts', body: {} }), 400)).sort(), ['email', 'password']);
      });
    });
  });

  describe(`JWTs refused on the account area [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let secret: string;
    before(async () => {
      app = await startTestApp(dialect);
      account = await app.signUp();
      secret = jwtSecretOf(app);
    });
    after(() => app.close());

    const forge = (key: string, expOffset = 3600) => forgeToken(account.token, secret, { key, iatOffset: -7200, expOffset });

    const endpoints: ['GET' | 'POST' | 'PATCH' | 'PUT', string, unknown][] = [
      ['GET', '/account', undefined],
      ['PATCH', '/account', { name: 'x' }],
      ['PUT', '/account/password', { currentPassword: 'x', newPassword: 'yyyyyyyy' }],
      ['GET', '/account/users', undefined],
      ['POST', '/account/apikeys', { name: 'k', scopes: ['send'] }],
      ['GET', '/inbox/auth-check', undefined],
    ];

    it('accepts a token forged with the real secret (so the refusals below are about the forgery)', async () => {
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: await forge(secret) }), 200);
    });

    for (const [method, url, body] of endpoints) {
      it(`refuses other-secret, expired, alg: none and tampered tokens on ${method} ${url}`, async () => {
        const real = decodeJwt(account.token);
        const unsigned = new UnsecuredJWT({ acc: real.acc, sid: real.sid })
          .setSubject(real.sub!)
          .setIssuer('postwire')
          .setAudience('postwire-api')
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode();
        const [header, , signature] = account.token.split('.');
        const tampered = `${header}.${Buffer.from(JSON.stringify({ ...real, acc: 'a'.repeat(24) })).toString('base64url')}.${signature}`;
        for (const token of [await forge(randomBytes(32).toString('base64url')), await forge(secret, -60), unsigned, tampered]) {
          expectUnauthorized(await app.request({ method, url, token, ...(body === undefined ? {} : { body }) }));
        }
      });
    }
  });
}

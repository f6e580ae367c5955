/**
 * API keys as a client sees them: POST/GET/DELETE /account/apikeys, the key shown once
 * and stored only as a hash, the key accepted as `Authorization: Bearer` and as
 * `x-api-key`, GET /inbox/auth-check, scopes (403 outside them), revoked and expired
 * keys (401), who may manage keys, and another account's key ids (404). Also the one
 * map from routes to scopes (src/http/scopes.ts), checked on its own.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { requiredAccess } from '../../src/http/scopes.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { addUser, createApiKey } from '../helpers/accounts.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

/** Letters and digits only (WordPress plugins of the original refuse anything else), behind a fixed prefix for secret scanners. */
const KEY = /^pwLIVE[0-9A-Za-z]{40}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const API_KEY_KEYS = [
  'createTime',
  'createUserId',
  'expiresTime',
  'id',
  'isDeleted',
  'lastUsedTime',
  'name',
  'preview',
  'scopes',
  'updateTime',
  'updateUserId',
];

function expectUnauthorized(response: TestResponse): any {
  const body = expectEnvelope(response, 401);
  assert.equal(response.headers['www-authenticate'], 'Bearer');
  assert.equal(body.resultObject, null);
  return body;
}

describe('the route → scope map', () => {
  const cases: [string, string, unknown][] = [
    ['POST', '/notify/v1/send', { scope: 'send' }],
    ['POST', '/notify/v1/send/batch', { scope: 'send' }],
    ['GET', '/notify/v1/senders', { scope: 'read' }],
    ['HEAD', '/notify/v1/messages/:id', { scope: 'read' }],
    ['DELETE', '/notify/v1/webhooks/:id', { scope: 'send' }],
    ['PATCH', '/notify/v1/domains/:id', { scope: 'send' }],
    ['POST', '/notify/v1/templates/render', { scope: 'read' }],
    ['POST', '/notify/v1/templates', { scope: 'send' }],
    ['GET', '/inbox/auth-check', { only: 'any' }],
    ['GET', '/inbox/auth-check/', { only: 'any' }],
    ['GET', '/inbox/v1/contactlists', { scope: 'marketing' }],
    ['POST', '/inbox/v1/contactlists/:id/add', { scope: 'marketing' }],
    ['GET', '/marketing/campaigns', { scope: 'marketing' }],
    ['GET', '/contacts/:id', { scope: 'marketing' }],
    ['GET', '/account', { only: 'any' }],
    ['GET', '/account/', { only: 'any' }],
    ['PATCH', '/account', { scope: 'account' }],
    ['PUT', '/account/password', { only: 'session' }],
    ['GET', '/account/me', { only: 'any' }],
    ['GET', '/account/users', { scope: 'account' }],
    ['POST', '/account/users', { only: 'session' }],
    ['DELETE', '/account/users/:id', { only: 'session' }],
    ['GET', '/account/apikeys', { scope: 'account' }],
    ['POST', '/account/apikeys', { only: 'session' }],
    ['GET', '/account/payments', { scope: 'account' }],
    ['GET', '/account/payments/:id', { scope: 'account' }],
    ['GET', '/accountsomething', { only: 'session' }],
    ['POST', '/unmapped/thing', { only: 'session' }],
  ];
  for (const [method, path, expected] of cases) {
    it(`${method} ${path} needs ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(requiredAccess(method, path), expected);
    });
  }
});

for (const dialect of DIALECTS) {
  describe(`API keys [${dialect}]`, () => {
    let app: TestApp;
    let owner: TestAccount;
    before(async () => {
      app = await startTestApp(dialect);
      owner = await app.signUp();
    });
    after(() => app.close());

    const url = (id = '') => `/account/apikeys${id ? `/${id}` : ''}`;
    const list = (token: string) => app.request({ method: 'GET', url: url(), token });
    const revoke = (token: string, id: string) => app.request({ method: 'DELETE', url: url(id), token });
    const senders = (headers: Record<string, string>) => app.request({ method: 'GET', url: '/notify/v1/senders', headers });
    const authCheck = (headers: Record<string, string>) => app.request({ method: 'GET', url: '/inbox/auth-check', headers });
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    const xApiKey = (key: string) => ({ 'x-api-key': key });

    it('creates a key (201) shown once; only its hash and a preview are kept', async () => {
      const response = await app.request({ method: 'POST', url: url(), token: owner.token, body: { name: 'Web server', scopes: ['read', 'send'] } });
      assert.equal(response.headers['cache-control'], 'no-store');
      const created = expectEnvelope(response, 201).resultObject;
      assert.deepEqual(Object.keys(created).sort(), [...API_KEY_KEYS, 'key'].sort());
      assert.match(created.key, KEY);
      assert.equal(created.name, 'Web server');
      assert.deepEqual(created.scopes, ['send', 'read']);
      assert.match(created.key, /^[0-9A-Za-z]+$/, 'only letters and digits');
      assert.equal(created.preview, `pwLIVE…${created.key.slice(-4)}`);
      assert.equal(created.expiresTime, null);
      assert.equal(created.lastUsedTime, null);
      assert.equal(created.createUserId, owner.userId);
      assert.match(created.createTime, ISO_MS);

      const listed = expectEnvelope(await list(owner.token), 200).resultObject;
      const { key, ...shown } = created;
      assert.deepEqual(
        listed.items.find((k: any) => k.id === created.id),
        shown,
      );
      assert.ok(!JSON.stringify(listed).includes(key), 'the list never shows the key');

      const row = await app.runtime.services.handle.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      assert.equal(row.key_hash, createHash('sha256').update(key).digest('hex'));
      assert.ok(!Object.values(row).some((value) => typeof value === 'string' && value.includes(key.slice(8, 30))), 'no column holds the key');
    });

    it('works as Authorization: Bearer and as x-api-key; writes are attributed to the user who made the key', async () => {
      const admin = await addUser(app, owner.token, 'admin');
      const key = (await createApiKey(app, admin.token, ['send', 'read'])).key;
      expectEnvelope(await senders(bearer(key)), 200);
      expectEnvelope(await senders(xApiKey(key)), 200);
      const sent = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        headers: xApiKey(key),
        body: { from: { email: owner.email }, to: [{ email: 'a@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' },
      });
      const message = expectEnvelope(sent, 200).resultObject;
      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${message.id}`, headers: bearer(key) }), 200).resultObject;
      assert.equal(detail.createUserId, admin.id);
      const listed = expectEnvelope(await list(owner.token), 200).resultObject.items;
      assert.match(listed.find((k: any) => k.createUserId === admin.id).lastUsedTime, ISO_MS);
    });

    it('a key issued in the earlier pw_live_ format still works, with both headers', async () => {
      // As POST /account/apikeys wrote keys before they became letters and digits only.
      const legacy = `pw_live_${'3vQ8ZkT1mW0bYc7Rr2LxA9dHgPu5NsEfKj6Tx7Qa'}`;
      const now = Date.now();
      const id = '0193a5b2c4d1e2f3a4b5c6d7';
      await app.runtime.services.handle.db
        .insertInto('api_keys')
        .values({
          id,
          account_id: owner.accountId,
          name: 'Issued before',
          key_hash: createHash('sha256').update(legacy).digest('hex'),
          preview: 'pw_live_…x7Qa',
          scopes: 'send read marketing',
          expires_at: null,
          last_used_at: null,
          created_at: now,
          updated_at: now,
          create_user_id: owner.userId,
          update_user_id: owner.userId,
          deleted_at: null,
        })
        .execute();
      expectEnvelope(await senders(bearer(legacy)), 200);
      assert.equal(expectEnvelope(await authCheck(xApiKey(legacy)), 200).resultObject.apiKeyId, id);
      const listed = expectEnvelope(await list(owner.token), 200).resultObject.items;
      assert.equal(listed.find((k: any) => k.id === id).preview, 'pw_live_…x7Qa');
      expectUnauthorized(await authCheck(xApiKey(`pw_live_${'A'.repeat(40)}`)));
    });

    it("GET /inbox/auth-check answers 200 with the key's account and scopes, 401 otherwise", async () => {
      const created = await createApiKey(app, owner.token, ['marketing']);
      const info = expectEnvelope(await authCheck(xApiKey(created.key)), 200).resultObject;
      assert.deepEqual(info, {
        accountId: owner.accountId,
        credential: 'apiKey',
        apiKeyId: created.id,
        userId: owner.userId,
        role: null,
        scopes: ['marketing'],
      });
      assert.deepEqual(expectEnvelope(await authCheck(bearer(created.key)), 200).resultObject, info);
      const session = expectEnvelope(await authCheck(bearer(owner.token)), 200).resultObject;
      assert.equal(session.credential, 'session');
      assert.equal(session.role, 'owner');
      expectUnauthorized(await authCheck({}));
      expectUnauthorized(await authCheck(xApiKey('pw_live_' + 'A'.repeat(40))));
      expectUnauthorized(await authCheck(xApiKey('0123456789abcdef'.repeat(4))));
      expectUnauthorized(await authCheck(xApiKey(created.key.slice(0, -1))));
      expectUnauthorized(await authCheck(bearer('pw_live_short')));
    });

    it('refuses a key outside its scopes with 403 and the envelope', async () => {
      const readOnly = (await createApiKey(app, owner.token, ['read'])).key;
      const sendOnly = (await createApiKey(app, owner.token, ['send'])).key;
      const marketingOnly = (await createApiKey(app, owner.token, ['marketing'])).key;
      const forbidden = async (response: TestResponse, scope: string) => {
        const body = expectEnvelope(response, 403);
        assert.equal(body.resultObject, null);
        assert.match(body.resultMessage, new RegExp(`"${scope}" scope`));
      };
      await forbidden(await app.request({ method: 'POST', url: '/notify/v1/senders', headers: bearer(readOnly), body: { email: 'new@example.com' } }), 'send');
      await forbidden(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          headers: xApiKey(readOnly),
          body: { from: { email: owner.email }, to: [{ email: 'a@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' },
        }),
        'send',
      );
      await forbidden(await senders(bearer(sendOnly)), 'read');
      await forbidden(await senders(xApiKey(marketingOnly)), 'read');
      await forbidden(await list(readOnly), 'account');
      await forbidden(await app.request({ method: 'PATCH', url: '/account', headers: bearer(sendOnly), body: { name: 'x' } }), 'account');
      // The scope check comes before the body is read: an invalid body still gets 403.
      await forbidden(await app.request({ method: 'POST', url: '/notify/v1/senders', headers: bearer(readOnly), body: { nonsense: true } }), 'send');
      expectEnvelope(await senders(bearer(readOnly)), 200);
    });

    it('a key with the account scope lists keys but never creates or revokes them (403)', async () => {
      const accountKey = await createApiKey(app, owner.token, ['account']);
      expectEnvelope(await list(accountKey.key), 200);
      expectEnvelope(await app.request({ method: 'POST', url: url(), headers: bearer(accountKey.key), body: { name: 'minted', scopes: ['send'] } }), 403);
      expectEnvelope(await revoke(accountKey.key, accountKey.id), 403);
      expectEnvelope(await list(accountKey.key), 200);
    });

    it('a revoked key stops working at once, even after it was cached', async () => {
      const created = await createApiKey(app, owner.token, ['read']);
      expectEnvelope(await senders(bearer(created.key)), 200);
      assert.equal(expectEnvelope(await revoke(owner.token, created.id), 200).resultObject, true);
      expectUnauthorized(await senders(bearer(created.key)));
      expectUnauthorized(await senders(xApiKey(created.key)));
      expectUnauthorized(await authCheck(xApiKey(created.key)));
      assert.ok(!expectEnvelope(await list(owner.token), 200).resultObject.items.some((k: any) => k.id === created.id));
      expectEnvelope(await revoke(owner.token, created.id), 404);
    });

    it('an expired key is refused (401); an expiry in the past is refused at creation (400)', async () => {
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const created = await createApiKey(app, owner.token, ['read'], { expiresAt: soon });
      assert.equal(created.expiresTime, new Date(Date.parse(soon)).toISOString());
      // Not used yet, so nothing cached: move the expiry into the past.
      await app.runtime.services.handle.db
        .updateTable('api_keys')
        .set({ expires_at: Date.now() - 1000 })
        .where('id', '=', created.id)
        .execute();
      const body = expectUnauthorized(await senders(bearer(created.key)));
      assert.match(body.resultMessage, /expired/);
      expectUnauthorized(await authCheck(xApiKey(created.key)));

      const past = await app.request({
        method: 'POST',
        url: url(),
        token: owner.token,
        body: { name: 'old', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' },
      });
      assert.deepEqual(errorFields(expectEnvelope(past, 400)), ['expiresAt']);
    });

    it('names each invalid field (400)', async () => {
      const cases: [unknown, string[]][] = [
        [{}, ['name', 'scopes']],
        [{ name: 'k', scopes: [] }, ['scopes']],
        [{ name: 'k', scopes: ['send', 'send'] }, ['scopes']],
        [{ name: 'k', scopes: ['admin'] }, ['scopes[0]']],
        [{ name: 'k', scopes: 'send' }, ['scopes']],
        [{ name: '', scopes: ['send'] }, ['name']],
        [{ name: 'k', scopes: ['send'], expiresAt: 'tomorrow' }, ['expiresAt']],
      ];
      for (const [body, fields] of cases) {
        const response = await app.request({ method: 'POST', url: url(), token: owner.token, body });
        assert.deepEqual(errorFields(expectEnvelope(response, 400)).sort(), fields, JSON.stringify(body));
      }
    });

    it('members neither create, list nor revoke keys (403); admins do', async () => {
      const member = await addUser(app, owner.token, 'member');
      const admin = await addUser(app, owner.token, 'admin');
      const created = await createApiKey(app, admin.token, ['send']);
      expectEnvelope(await app.request({ method: 'POST', url: url(), token: member.token, body: { name: 'k', scopes: ['send'] } }), 403);
      expectEnvelope(await list(member.token), 403);
      expectEnvelope(await revoke(member.token, created.id), 403);
      expectEnvelope(await revoke(admin.token, created.id), 200);
    });

    it('keys belong to the account: they outlive the user who made them', async () => {
      const admin = await addUser(app, owner.token, 'admin');
      const created = await createApiKey(app, admin.token, ['read']);
      expectEnvelope(await app.request({ method: 'DELETE', url: `/account/users/${admin.id}`, token: owner.token }), 200);
      expectUnauthorized(await senders(bearer(admin.token)));
      expectEnvelope(await senders(bearer(created.key)), 200);
    });

    it("keeps accounts apart: another account's key ids are 404 and its keys are not listed", async () => {
      const a = await app.signUp();
      const b = await app.signUp();
      const bKey = await createApiKey(app, b.token, ['read', 'account']);
      expectEnvelope(await revoke(a.token, bKey.id), 404);
      expectEnvelope(await revoke(a.token, 'not-an-id'), 404);
      assert.deepEqual(expectEnvelope(await list(a.token), 200).resultObject, { displayCount: 0, totalCount: 0, items: [] });
      // B's key sees B's data, not A's.
      const bAccount = expectEnvelope(await app.request({ method: 'GET', url: '/account', headers: xApiKey(bKey.key) }), 200).resultObject;
      assert.equal(bAccount.id, b.accountId);
      const bSenders = expectEnvelope(await senders(bearer(bKey.key)), 200).resultObject;
      assert.deepEqual(
        bSenders.items.map((s: any) => s.email),
        [b.email],
      );
      expectEnvelope(await senders(bearer(bKey.key)), 200);
    });

    it('refuses the keys of a deleted account', async () => {
      const account = await app.signUp();
      const created = await createApiKey(app, account.token, ['read']);
      await app.runtime.services.handle.db.updateTable('accounts').set({ deleted_at: Date.now() }).where('id', '=', account.accountId).execute();
      expectUnauthorized(await senders(bearer(created.key)));
    });
  });
}

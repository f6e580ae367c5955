/**
 * Users of an account as a client sees them: GET/POST/PATCH/DELETE /account/users.
 * Each user logs in with their own email and password and is the createUserId of what
 * they write; roles owner, admin and member with their rights (403 when not allowed);
 * the last owner stays; a deleted user's tokens stop working at once; another
 * account's user ids are 404. GET /account/me tells any credential who it is and what it
 * may do.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { addUser, createApiKey, login } from '../helpers/accounts.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const USER_KEYS = ['createTime', 'createUserId', 'email', 'id', 'isDeleted', 'name', 'role', 'updateTime', 'updateUserId'];

for (const dialect of DIALECTS) {
  describe(`users of an account [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    const url = (id = '') => `/account/users${id ? `/${id}` : ''}`;
    const create = (token: string, body: unknown) => app.request({ method: 'POST', url: url(), token, body });
    const get = (token: string, id: string) => app.request({ method: 'GET', url: url(id), token });
    const list = (token: string) => app.request({ method: 'GET', url: url(), token });
    const patch = (token: string, id: string, body: unknown) => app.request({ method: 'PATCH', url: url(id), token, body });
    const remove = (token: string, id: string) => app.request({ method: 'DELETE', url: url(id), token });
    const senders = (token: string) => app.request({ method: 'GET', url: '/notify/v1/senders', token });

    it('an owner adds a user with a password; the user is listed, can be read back and logs in', async () => {
      const owner = await app.signUp();
      const email = `Ada.${Date.now()}@Example.com`;
      const created = expectEnvelope(await create(owner.token, { email, name: 'Ada', role: 'admin', password: 'analytical engine' }), 201).resultObject;
      assert.deepEqual(Object.keys(created).sort(), [...USER_KEYS, 'password'].sort());
      assert.equal(created.password, null, 'a chosen password is not echoed');
      assert.match(created.id, ID);
      assert.match(created.createTime, ISO_MS);
      assert.equal(created.email, email);
      assert.equal(created.name, 'Ada');
      assert.equal(created.role, 'admin');
      assert.equal(created.createUserId, owner.userId);
      assert.equal(created.updateUserId, owner.userId);
      assert.equal(created.isDeleted, false);

      const { password: _password, ...user } = created;
      assert.deepEqual(expectEnvelope(await get(owner.token, created.id), 200).resultObject, user);
      const listed = expectEnvelope(await list(owner.token), 200).resultObject;
      assert.equal(listed.totalCount, 2);
      assert.deepEqual(
        listed.items.map((u: any) => u.id),
        [created.id, owner.userId],
        'newest first',
      );
      assert.ok(listed.items.every((u: any) => !('password' in u) && !('passwordHash' in u)));

      const session = await login(app, email.toLowerCase(), 'analytical engine');
      expectEnvelope(await senders(session.token), 200);
    });

    it('generates a password when none is given and shows it once', async () => {
      const owner = await app.signUp();
      const email = `gen.${Date.now()}@example.com`;
      const created = expectEnvelope(await create(owner.token, { email }), 201).resultObject;
      assert.equal(created.role, 'member', 'member by default');
      assert.equal(created.name, email.split('@')[0]);
      assert.equal(typeof created.password, 'string');
      assert.ok(created.password.length >= 12);
      await login(app, email, created.password);
      assert.equal('password' in expectEnvelope(await get(owner.token, created.id), 200).resultObject, false);
    });

    it('makes each user the createUserId and updateUserId of what they write', async () => {
      const owner = await app.signUp();
      const member = await addUser(app, owner.token, 'member');
      const suppression = expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: member.token, body: { email: 'x@example.net' } }),
        201,
      ).resultObject;
      assert.equal(suppression.createUserId, member.id);
      assert.equal(suppression.updateUserId, member.id);
      const sender = expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/senders', token: member.token, body: { email: `s.${Date.now()}@example.com` } }),
        201,
      ).resultObject;
      assert.equal(sender.createUserId, member.id);
      // Users of one account share its data.
      const listed = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/suppressions', token: owner.token }), 200).resultObject;
      assert.deepEqual(
        listed.items.map((s: any) => s.id),
        [suppression.id],
      );
    });

    it('refuses an email that is already a login, in this or another account (409)', async () => {
      const owner = await app.signUp();
      const stranger = await app.signUp();
      expectEnvelope(await create(owner.token, { email: stranger.email }), 409);
      expectEnvelope(await create(owner.token, { email: owner.email.toUpperCase() }), 409);
    });

    it('names each invalid field (400)', async () => {
      const owner = await app.signUp();
      const cases: [unknown, string[]][] = [
        [{}, ['email']],
        [{ email: 'not an address' }, ['email']],
        [{ email: 'ok@example.com', role: 'superuser' }, ['role']],
        [{ email: 'ok@example.com', password: 'short' }, ['password']],
        [{ email: 'ok@example.com', name: 'Bad\nName' }, ['name']],
      ];
      for (const [body, fields] of cases) {
        assert.deepEqual(errorFields(expectEnvelope(await create(owner.token, body), 400)), fields, JSON.stringify(body));
      }
      const member = await addUser(app, owner.token, 'member');
      assert.deepEqual(errorFields(expectEnvelope(await patch(owner.token, member.id, { role: 'root' }), 400)), ['role']);
      assert.deepEqual(errorFields(expectEnvelope(await patch(owner.token, member.id, { name: '' }), 400)), ['name']);
    });

    it('PATCH renames a user and changes their role; the new role applies to their next request', async () => {
      const owner = await app.signUp();
      const member = await addUser(app, owner.token, 'member');
      expectEnvelope(await create(member.token, { email: `x.${Date.now()}@example.com` }), 403);
      assert.equal(expectEnvelope(await patch(owner.token, member.id, { role: 'admin', name: 'Promoted' }), 200).resultObject, true);
      const user = expectEnvelope(await get(owner.token, member.id), 200).resultObject;
      assert.equal(user.role, 'admin');
      assert.equal(user.name, 'Promoted');
      assert.equal(user.updateUserId, owner.userId);
      // The same access token now carries admin rights…
      expectEnvelope(await create(member.token, { email: `y.${Date.now()}@example.com` }), 201);
      // …and loses them again on demotion.
      expectEnvelope(await patch(owner.token, member.id, { role: 'member' }), 200);
      expectEnvelope(await create(member.token, { email: `z.${Date.now()}@example.com` }), 403);
    });

    it('a member manages no users, reads no user list and changes no account (403)', async () => {
      const owner = await app.signUp();
      const member = await addUser(app, owner.token, 'member');
      const refused = [
        await create(member.token, { email: `m.${Date.now()}@example.com` }),
        await list(member.token),
        await get(member.token, owner.userId),
        await patch(member.token, member.id, { role: 'owner' }),
        await patch(member.token, owner.userId, { name: 'x' }),
        await remove(member.token, owner.userId),
        await app.request({ method: 'PATCH', url: '/account', token: member.token, body: { name: 'x' } }),
      ];
      for (const response of refused) assert.equal(expectEnvelope(response, 403).resultObject, null);
      assert.equal(expectEnvelope(await get(owner.token, member.id), 200).resultObject.role, 'member');
      // What a member may do: send and read.
      expectEnvelope(await senders(member.token), 200);
    });

    it('an admin manages admins and members but not owners (403)', async () => {
      const owner = await app.signUp();
      const admin = await addUser(app, owner.token, 'admin');
      expectEnvelope(await create(admin.token, { email: `o.${Date.now()}@example.com`, role: 'owner' }), 403);
      const member = expectEnvelope(await create(admin.token, { email: `m.${Date.now()}@example.com`, role: 'member' }), 201).resultObject;
      const otherAdmin = expectEnvelope(await create(admin.token, { email: `a.${Date.now()}@example.com`, role: 'admin' }), 201).resultObject;
      expectEnvelope(await patch(admin.token, member.id, { role: 'owner' }), 403);
      expectEnvelope(await patch(admin.token, owner.userId, { name: 'Renamed' }), 403);
      expectEnvelope(await patch(admin.token, owner.userId, { role: 'member' }), 403);
      expectEnvelope(await remove(admin.token, owner.userId), 403);
      expectEnvelope(await patch(admin.token, otherAdmin.id, { role: 'member' }), 200);
      expectEnvelope(await remove(admin.token, member.id), 200);
      expectEnvelope(await get(owner.token, owner.userId), 200);
      assert.equal(expectEnvelope(await get(owner.token, owner.userId), 200).resultObject.role, 'owner');
      // An admin may also add API keys and change the account.
      await createApiKey(app, admin.token, ['send']);
      expectEnvelope(await app.request({ method: 'PATCH', url: '/account', token: admin.token, body: { name: 'By admin' } }), 200);
    });

    it('keeps the last owner: it can be neither deleted nor demoted (409) until another owner exists', async () => {
      const owner = await app.signUp();
      const body = expectEnvelope(await patch(owner.token, owner.userId, { role: 'admin' }), 409);
      assert.match(body.resultMessage, /last owner/);
      const second = await addUser(app, owner.token, 'owner');
      expectEnvelope(await patch(owner.token, owner.userId, { role: 'admin' }), 200);
      expectEnvelope(await patch(second.token, owner.userId, { role: 'owner' }), 200);
      expectEnvelope(await remove(second.token, owner.userId), 200);
      expectEnvelope(await remove(second.token, second.id), 409);
    });

    it('nobody deletes their own user (409), an owner beside another owner included; another manager can', async () => {
      const owner = await app.signUp();
      const second = await addUser(app, owner.token, 'owner');
      const admin = await addUser(app, owner.token, 'admin');
      for (const [token, id] of [
        [owner.token, owner.userId],
        [second.token, second.id],
        [admin.token, admin.id],
      ] as const) {
        const refused = expectEnvelope(await remove(token, id), 409);
        assert.equal(refused.resultMessage, 'You cannot delete your own user; another owner or admin of the account can.');
      }
      assert.equal(expectEnvelope(await list(owner.token), 200).resultObject.totalCount, 3, 'all three are still users');
      expectEnvelope(await remove(owner.token, admin.id), 200);
      expectEnvelope(await remove(second.token, owner.userId), 200);
    });

    it('lets only one of two owners deleting each other at once succeed', async () => {
      const owner = await app.signUp();
      const second = await addUser(app, owner.token, 'owner');
      const results = await Promise.all([remove(owner.token, second.id), remove(second.token, owner.userId)]);
      const statuses = results.map((r) => r.status).sort();
      // The winner's delete revokes the loser's session, so the loser gets 409 or 401.
      assert.equal(statuses[0], 200);
      assert.ok(statuses[1] === 409 || statuses[1] === 401, `second status ${statuses[1]}`);
      const survivor = results[0]!.status === 200 ? owner.token : second.token;
      const owners = expectEnvelope(await list(survivor), 200).resultObject.items.filter((u: any) => u.role === 'owner');
      assert.equal(owners.length, 1);
    });

    it('deleting a user ends their sessions at once (even cached ones) and their login', async () => {
      const owner = await app.signUp();
      const member = await addUser(app, owner.token, 'member');
      const second = await login(app, member.email, member.password);
      expectEnvelope(await senders(member.token), 200);
      expectEnvelope(await senders(second.token), 200);
      assert.equal(expectEnvelope(await remove(owner.token, member.id), 200).resultObject, true);
      expectEnvelope(await senders(member.token), 401);
      expectEnvelope(await senders(second.token), 401);
      expectEnvelope(await app.request({ method: 'POST', url: '/token/refresh', body: { RefreshToken: member.refreshToken } }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: member.email, Password: member.password } }), 401);
      expectEnvelope(await get(owner.token, member.id), 404);
      expectEnvelope(await remove(owner.token, member.id), 404);
      assert.deepEqual(
        expectEnvelope(await list(owner.token), 200).resultObject.items.map((u: any) => u.id),
        [owner.userId],
      );
      // The address is free again.
      expectEnvelope(await create(owner.token, { email: member.email }), 201);
    });

    it("answers another account's user ids and malformed ids with 404", async () => {
      const a: TestAccount = await app.signUp();
      const b: TestAccount = await app.signUp();
      const bMember = await addUser(app, b.token, 'member');
      for (const id of [b.userId, bMember.id, 'not-an-id', '0'.repeat(24)]) {
        expectEnvelope(await get(a.token, id), 404);
        expectEnvelope(await patch(a.token, id, { name: 'x' }), 404);
        expectEnvelope(await remove(a.token, id), 404);
      }
      assert.equal(expectEnvelope(await get(b.token, bMember.id), 200).resultObject.name, bMember.email.split('@')[0]);
      expectEnvelope(await senders(bMember.token), 200);
      assert.deepEqual(
        expectEnvelope(await list(a.token), 200).resultObject.items.map((u: any) => u.id),
        [a.userId],
      );
    });

    it('GET /account/me answers any credential with its role, scopes and person, as the rights apply them', async () => {
      const owner = await app.signUp();
      const member = await addUser(app, owner.token, 'member');
      const key = await createApiKey(app, owner.token, ['read']);
      const me = async (token: string) => expectEnvelope(await app.request({ method: 'GET', url: '/account/me', token }), 200).resultObject;

      const asOwner = await me(owner.token);
      assert.deepEqual(
        { ...asOwner, email: undefined, name: undefined },
        {
          credential: 'session',
          role: 'owner',
          scopes: ['send', 'read', 'marketing', 'account'],
          managesUsers: true,
          userId: owner.userId,
          email: undefined,
          name: undefined,
        },
      );
      assert.match(asOwner.email, /@/);
      assert.deepEqual(await me(member.token), {
        credential: 'session',
        role: 'member',
        scopes: ['send', 'read', 'marketing'],
        managesUsers: false,
        userId: member.id,
        email: member.email,
        name: member.email.split('@')[0],
      });
      // What it says matches what the member is then allowed: no user list, no API keys.
      expectEnvelope(await list(member.token), 403);
      assert.deepEqual(await me(key.key), { credential: 'apiKey', role: null, scopes: ['read'], managesUsers: false, userId: null, email: null, name: null });
      expectEnvelope(await app.request({ method: 'GET', url: '/account/me' }), 401);
    });

    it('API keys list users with the account scope but never manage them (403)', async () => {
      const owner = await app.signUp();
      const key = await createApiKey(app, owner.token, ['send', 'read', 'marketing', 'account']);
      const readKey = await createApiKey(app, owner.token, ['read']);
      expectEnvelope(await list(key.key), 200);
      expectEnvelope(await list(readKey.key), 403);
      expectEnvelope(await create(key.key, { email: `k.${Date.now()}@example.com`, role: 'owner' }), 403);
      expectEnvelope(await patch(key.key, owner.userId, { name: 'x' }), 403);
      expectEnvelope(await remove(key.key, owner.userId), 403);
    });
  });
}

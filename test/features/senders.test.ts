/**
 * Senders, as a client sees them: GET /notify/v1/senders exactly as the specification
 * shows it, and the create/read/update/delete operations around it, scoped per account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SENDER_KEYS = [
  'createTime',
  'createUserId',
  'customerId',
  'displayName',
  'email',
  'id',
  'isDeleted',
  'notifyDedicatedIps',
  'updateTime',
  'updateUserId',
  'verified',
  'verifiedBy',
];

function expectFieldError(response: TestResponse, status: number, field: string): void {
  const body = expectEnvelope(response, status);
  const errors = body.resultObject?.errors as { field: string; message: string }[] | undefined;
  assert.ok(Array.isArray(errors), `expected resultObject.errors, got ${response.text}`);
  assert.ok(
    errors.some((e) => e.field === field && typeof e.message === 'string' && e.message.length > 0),
    `expected an error on ${field}, got ${JSON.stringify(errors)}`,
  );
}

function expectSenderShape(sender: any, account: TestAccount): void {
  assert.deepEqual(Object.keys(sender).sort(), SENDER_KEYS);
  assert.match(sender.id, ID);
  assert.match(sender.createTime, ISO_MS);
  assert.match(sender.updateTime, ISO_MS);
  assert.equal(sender.customerId, account.accountId);
  assert.equal(typeof sender.displayName, 'string');
  assert.equal(typeof sender.email, 'string');
  assert.equal(sender.notifyDedicatedIps, null);
  assert.equal(sender.createUserId, account.userId);
  assert.equal(sender.updateUserId, account.userId);
  assert.equal(sender.isDeleted, false);
}

for (const dialect of DIALECTS) {
  describe(`senders [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    const list = (account: TestAccount, query = '') => app.request({ method: 'GET', url: `/notify/v1/senders${query}`, token: account.token });
    const create = (account: TestAccount, body: unknown) => app.request({ method: 'POST', url: '/notify/v1/senders', token: account.token, body });
    const get = (account: TestAccount, id: string) => app.request({ method: 'GET', url: `/notify/v1/senders/${id}`, token: account.token });

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    it('requires a Bearer token', async () => {
      const response = await app.request({ method: 'GET', url: '/notify/v1/senders' });
      expectEnvelope(response, 401);
      assert.equal(response.json.resultObject, null);
    });

    it("GET /senders lists the account's sender in the specified shape", async () => {
      const account = await app.signUp();
      const response = await list(account);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      const body = expectEnvelope(response, 200);
      assert.deepEqual(Object.keys(body.resultObject).sort(), ['displayCount', 'items', 'totalCount']);
      assert.equal(body.resultObject.displayCount, 1);
      assert.equal(body.resultObject.totalCount, 1);
      assert.equal(body.resultObject.items.length, 1);
      const sender = body.resultObject.items[0];
      expectSenderShape(sender, account);
      assert.equal(sender.id, account.senderId);
      assert.equal(sender.email, account.email);
      assert.equal(sender.displayName, account.email.split('@')[0]);
    });

    it('POST /senders creates a sender (201) and returns it; it appears in the list, newest first', async () => {
      const account = await app.signUp();
      const created = await create(account, { email: 'news@shop.example', displayName: 'Shop News' });
      const body = expectEnvelope(created, 201);
      const sender = body.resultObject;
      expectSenderShape(sender, account);
      assert.equal(sender.email, 'news@shop.example');
      assert.equal(sender.displayName, 'Shop News');
      assert.equal(sender.createTime, sender.updateTime);

      const second = expectEnvelope(await create(account, { email: 'billing@shop.example' }), 201).resultObject;
      assert.equal(second.displayName, 'billing', 'displayName defaults to the part before @');

      const listed = expectEnvelope(await list(account), 200).resultObject;
      assert.equal(listed.totalCount, 3);
      assert.equal(listed.displayCount, 3);
      assert.deepEqual(
        listed.items.map((s: any) => s.id),
        [second.id, sender.id, account.senderId],
      );
      assert.deepEqual(listed.items[1], sender, 'the listed sender equals the created one');
    });

    it('accepts form-urlencoded bodies and field names in any case', async () => {
      const account = await app.signUp();
      const created = await app.request({
        method: 'POST',
        url: '/notify/v1/senders',
        token: account.token,
        payload: 'EMAIL=form%40shop.example&DisplayName=Form+Sender',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const sender = expectEnvelope(created, 201).resultObject;
      assert.equal(sender.email, 'form@shop.example');
      assert.equal(sender.displayName, 'Form Sender');
    });

    it('rejects an invalid email with 400 on field `email`', async () => {
      for (const email of ['not-an-address', 'a@b', 'Name <x@shop.example>', 'x@shop.example\r\nBcc: y@evil.example', '']) {
        expectFieldError(await create(a, { email }), 400, 'email');
      }
      expectFieldError(await create(a, { displayName: 'No address' }), 400, 'email');
      expectFieldError(await create(a, { email: 42 }), 400, 'email');
      expectFieldError(await create(a, { email: 'ok@shop.example', displayName: 'Two\nLines' }), 400, 'displayName');
    });

    it('rejects a duplicate address, compared without case, with 409', async () => {
      const account = await app.signUp();
      expectEnvelope(await create(account, { email: 'dup@shop.example' }), 201);
      const again = await create(account, { email: 'DUP@Shop.Example' });
      expectEnvelope(again, 409);
      assert.equal(again.json.resultObject, null);
      // the account's own (sign-up) sender too
      expectEnvelope(await create(account, { email: account.email.toUpperCase() }), 409);
      const listed = expectEnvelope(await list(account), 200).resultObject;
      assert.equal(listed.totalCount, 2);
    });

    it('concurrent creations of one address give one 201 and 409s, never a 500', async () => {
      const account = await app.signUp();
      const responses = await Promise.all(
        ['race@shop.example', 'RACE@shop.example', 'Race@Shop.example', 'race@SHOP.EXAMPLE', 'rAce@shop.example', 'racE@shop.example'].map((email) =>
          create(account, { email }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409], responses.map((r) => r.text).join('\n'));
      for (const r of responses) expectEnvelope(r, r.status);
      const listed = expectEnvelope(await list(account), 200).resultObject;
      assert.equal(listed.items.filter((s: any) => s.email.toLowerCase() === 'race@shop.example').length, 1);
    });

    it('different accounts may use the same address', async () => {
      const c = await app.signUp();
      const d = await app.signUp();
      expectEnvelope(await create(c, { email: 'shared@shop.example' }), 201);
      expectEnvelope(await create(d, { email: 'shared@shop.example' }), 201);
    });

    it('GET /senders/{id} returns the sender', async () => {
      const created = expectEnvelope(await create(a, { email: 'get@shop.example', displayName: 'Getter' }), 201).resultObject;
      const got = expectEnvelope(await get(a, created.id), 200).resultObject;
      assert.deepEqual(got, created);
    });

    it('PUT replaces both fields (resultObject true) and requires both', async () => {
      const created = expectEnvelope(await create(a, { email: 'put@shop.example', displayName: 'Before' }), 201).resultObject;
      const url = `/notify/v1/senders/${created.id}`;
      expectFieldError(await app.request({ method: 'PUT', url, token: a.token, body: { email: 'put2@shop.example' } }), 400, 'displayName');
      expectFieldError(await app.request({ method: 'PUT', url, token: a.token, body: { displayName: 'Only name' } }), 400, 'email');
      expectFieldError(await app.request({ method: 'PUT', url, token: a.token, body: { email: 'bad', displayName: 'x' } }), 400, 'email');

      const put = expectEnvelope(await app.request({ method: 'PUT', url, token: a.token, body: { email: 'put2@shop.example', displayName: 'After' } }), 200);
      assert.equal(put.resultObject, true);
      const got = expectEnvelope(await get(a, created.id), 200).resultObject;
      assert.equal(got.email, 'put2@shop.example');
      assert.equal(got.displayName, 'After');
      assert.equal(got.createTime, created.createTime);
      assert.ok(Date.parse(got.updateTime) >= Date.parse(created.updateTime));
      const listed = expectEnvelope(await list(a, '?pageSize=500'), 200).resultObject;
      assert.equal(listed.items.find((s: any) => s.id === created.id).email, 'put2@shop.example');
    });

    it('PATCH changes only the given fields (resultObject true)', async () => {
      const created = expectEnvelope(await create(a, { email: 'patch@shop.example', displayName: 'Patchy' }), 201).resultObject;
      const url = `/notify/v1/senders/${created.id}`;
      const renamed = expectEnvelope(await app.request({ method: 'PATCH', url, token: a.token, body: { displayName: 'Renamed' } }), 200);
      assert.equal(renamed.resultObject, true);
      let got = expectEnvelope(await get(a, created.id), 200).resultObject;
      assert.equal(got.displayName, 'Renamed');
      assert.equal(got.email, 'patch@shop.example');

      expectEnvelope(await app.request({ method: 'PATCH', url, token: a.token, body: { email: 'patched@shop.example' } }), 200);
      got = expectEnvelope(await get(a, created.id), 200).resultObject;
      assert.equal(got.email, 'patched@shop.example');
      assert.equal(got.displayName, 'Renamed');

      // A change of case only is still a change the client sees.
      expectEnvelope(await app.request({ method: 'PATCH', url, token: a.token, body: { email: 'Patched@Shop.example' } }), 200);
      got = expectEnvelope(await get(a, created.id), 200).resultObject;
      assert.equal(got.email, 'Patched@Shop.example');

      expectFieldError(await app.request({ method: 'PATCH', url, token: a.token, body: { email: 'nope' } }), 400, 'email');
    });

    it('PUT/PATCH to an address another live sender of the account has is 409', async () => {
      const one = expectEnvelope(await create(a, { email: 'one@shop.example' }), 201).resultObject;
      const two = expectEnvelope(await create(a, { email: 'two@shop.example' }), 201).resultObject;
      expectEnvelope(await app.request({ method: 'PATCH', url: `/notify/v1/senders/${two.id}`, token: a.token, body: { email: 'ONE@shop.example' } }), 409);
      expectEnvelope(
        await app.request({ method: 'PUT', url: `/notify/v1/senders/${two.id}`, token: a.token, body: { email: 'one@shop.example', displayName: 'x' } }),
        409,
      );
      assert.equal(expectEnvelope(await get(a, two.id), 200).resultObject.email, 'two@shop.example');
      assert.equal(expectEnvelope(await get(a, one.id), 200).resultObject.email, 'one@shop.example');
    });

    it('concurrent changes of two senders to one address give one 200 and 409s, never a 500', async () => {
      const account = await app.signUp();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push(expectEnvelope(await create(account, { email: `move${i}@shop.example` }), 201).resultObject.id);
      const responses = await Promise.all(
        ids.map((id, i) =>
          app.request({
            method: i % 2 ? 'PATCH' : 'PUT',
            url: `/notify/v1/senders/${id}`,
            token: account.token,
            body: { email: i % 2 ? 'TARGET@shop.example' : 'target@shop.example', displayName: `Mover ${i}` },
          }),
        ),
      );
      assert.deepEqual(responses.map((r) => r.status).sort(), [200, 409, 409, 409], responses.map((r) => r.text).join('\n'));
      const listed = expectEnvelope(await list(account), 200).resultObject;
      assert.equal(listed.items.filter((s: any) => s.email.toLowerCase() === 'target@shop.example').length, 1);
    });

    it('DELETE removes a sender: true, then 404 and gone from the list; the address can be created again', async () => {
      const created = expectEnvelope(await create(a, { email: 'gone@shop.example' }), 201).resultObject;
      const url = `/notify/v1/senders/${created.id}`;
      const deleted = expectEnvelope(await app.request({ method: 'DELETE', url, token: a.token }), 200);
      assert.equal(deleted.resultObject, true);

      expectEnvelope(await get(a, created.id), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url, token: a.token }), 404);
      expectEnvelope(await app.request({ method: 'PATCH', url, token: a.token, body: { displayName: 'x' } }), 404);
      expectEnvelope(await app.request({ method: 'PUT', url, token: a.token, body: { email: 'gone@shop.example', displayName: 'x' } }), 404);
      const listed = expectEnvelope(await list(a, '?pageSize=500'), 200).resultObject;
      assert.ok(!listed.items.some((s: any) => s.id === created.id));
      assert.ok(!listed.items.some((s: any) => s.email === 'gone@shop.example'));

      const again = expectEnvelope(await create(a, { email: 'Gone@shop.example' }), 201).resultObject;
      assert.notEqual(again.id, created.id);
      assert.equal(expectEnvelope(await get(a, again.id), 200).resultObject.email, 'Gone@shop.example');
    });

    it('a malformed or unknown id is 404 on every operation', async () => {
      for (const id of [
        'nope',
        '123',
        'ABCDEF0123456789ABCDEF01',
        '0123456789abcdef0123456',
        '0123456789abcdef0123456789',
        "x' or '1'='1",
        '000000000000000000000000',
      ]) {
        const url = `/notify/v1/senders/${encodeURIComponent(id)}`;
        expectEnvelope(await app.request({ method: 'GET', url, token: a.token }), 404);
        expectEnvelope(await app.request({ method: 'PUT', url, token: a.token, body: { email: 'x@shop.example', displayName: 'x' } }), 404);
        expectEnvelope(await app.request({ method: 'PATCH', url, token: a.token, body: { displayName: 'x' } }), 404);
        expectEnvelope(await app.request({ method: 'DELETE', url, token: a.token }), 404);
      }
    });

    it("another account's sender is 404 on GET/PUT/PATCH/DELETE, untouched, and never in the list", async () => {
      const theirs = expectEnvelope(await create(b, { email: 'private@b.example', displayName: 'B only' }), 201).resultObject;
      const url = `/notify/v1/senders/${theirs.id}`;
      expectEnvelope(await get(a, theirs.id), 404);
      expectEnvelope(await app.request({ method: 'PUT', url, token: a.token, body: { email: 'stolen@a.example', displayName: 'A' } }), 404);
      expectEnvelope(await app.request({ method: 'PATCH', url, token: a.token, body: { displayName: 'A' } }), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url, token: a.token }), 404);
      // the sign-up sender of b as well
      expectEnvelope(await get(a, b.senderId), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/senders/${b.senderId}`, token: a.token }), 404);

      const still = expectEnvelope(await get(b, theirs.id), 200).resultObject;
      assert.deepEqual(still, theirs);
      const listed = expectEnvelope(await list(a, '?pageSize=500'), 200).resultObject;
      assert.ok(listed.items.every((s: any) => s.customerId === a.accountId));
      assert.ok(!listed.items.some((s: any) => s.id === theirs.id || s.id === b.senderId));
      assert.equal(listed.totalCount, listed.items.length);
    });

    it('pages with page/pageSize, newest first, and rejects out-of-range paging with 400', async () => {
      const account = await app.signUp();
      const ids = [account.senderId];
      for (let i = 0; i < 6; i++) {
        ids.push(expectEnvelope(await create(account, { email: `p${i}@shop.example` }), 201).resultObject.id);
      }
      const newestFirst = [...ids].reverse();

      const all = expectEnvelope(await list(account), 200).resultObject;
      assert.deepEqual(
        all.items.map((s: any) => s.id),
        newestFirst,
      );
      assert.equal(all.totalCount, 7);

      const page1 = expectEnvelope(await list(account, '?page=1&pageSize=3'), 200).resultObject;
      const page2 = expectEnvelope(await list(account, '?page=2&pageSize=3'), 200).resultObject;
      const page3 = expectEnvelope(await list(account, '?page=3&pageSize=3'), 200).resultObject;
      const page4 = expectEnvelope(await list(account, '?page=4&pageSize=3'), 200).resultObject;
      assert.deepEqual([page1.displayCount, page2.displayCount, page3.displayCount, page4.displayCount], [3, 3, 1, 0]);
      for (const p of [page1, page2, page3, page4]) assert.equal(p.totalCount, 7);
      assert.deepEqual(
        [...page1.items, ...page2.items, ...page3.items].map((s: any) => s.id),
        newestFirst,
      );
      assert.deepEqual(page4.items, []);

      const max = expectEnvelope(await list(account, '?pageSize=500'), 200).resultObject;
      assert.equal(max.displayCount, 7);

      for (const query of ['?pageSize=501', '?pageSize=0', '?page=0', '?page=-1', '?pageSize=abc', '?page=1.5']) {
        const response = await list(account, query);
        expectEnvelope(response, 400);
        const fields = (response.json.resultObject?.errors ?? []).map((e: any) => e.field);
        assert.ok(
          fields.some((f: string) => /page/i.test(f)),
          `${query}: ${response.text}`,
        );
      }
    });
  });
}

/**
 * The suppression list as a client sees it: GET/POST/DELETE /notify/v1/suppressions
 * (and GET of one address), scoped per account, and what it does to delivery: a
 * suppressed address in `to` ends `suppressed` and is never handed to the transport
 * (no captured copy), while the other recipients of the message are sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SUPPRESSION_KEYS = ['createTime', 'createUserId', 'details', 'email', 'id', 'isDeleted', 'reason', 'updateTime', 'updateUserId'];
const FINAL = new Set(['sent', 'suppressed']);

function expectFieldError(response: TestResponse, field: string): void {
  const body = expectEnvelope(response, 400);
  const errors = body.resultObject?.errors as { field: string; message: string }[] | undefined;
  assert.ok(Array.isArray(errors), `expected resultObject.errors, got ${response.text}`);
  assert.ok(
    errors.some((e) => e.field === field && e.message.length > 0),
    `expected an error on ${field}, got ${JSON.stringify(errors)}`,
  );
}

for (const dialect of DIALECTS) {
  describe(`suppressions [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let db: Db;

    const url = (email = '') => `/notify/v1/suppressions${email ? `/${encodeURIComponent(email)}` : ''}`;
    const create = (account: TestAccount, body: unknown) => app.request({ method: 'POST', url: url(), token: account.token, body });
    const get = (account: TestAccount, email: string) => app.request({ method: 'GET', url: url(email), token: account.token });
    const remove = (account: TestAccount, email: string) => app.request({ method: 'DELETE', url: url(email), token: account.token });
    const list = async (account: TestAccount, query = '') =>
      expectEnvelope(await app.request({ method: 'GET', url: `${url()}${query}`, token: account.token }), 200).resultObject;

    before(async () => {
      // The worker runs: the delivery tests below need it, the CRUD tests do not care.
      app = await startTestApp(dialect, { worker: true });
      a = await app.signUp();
      b = await app.signUp();
      db = app.runtime.services.handle.db;
    });
    after(() => app.close());

    it('requires a Bearer token on every operation', async () => {
      expectEnvelope(await app.request({ method: 'GET', url: url() }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: url(), body: { email: 'x@example.net' } }), 401);
      expectEnvelope(await app.request({ method: 'GET', url: url('x@example.net') }), 401);
      expectEnvelope(await app.request({ method: 'DELETE', url: url('x@example.net') }), 401);
    });

    it('POST suppresses an address (201, reason manual by default); it is listed and can be read back', async () => {
      const account = await app.signUp();
      assert.deepEqual(await list(account), { displayCount: 0, totalCount: 0, items: [] });
      const created = expectEnvelope(await create(account, { email: 'Stop.Me@Example.net' }), 201).resultObject;
      assert.deepEqual(Object.keys(created).sort(), SUPPRESSION_KEYS);
      assert.match(created.id, ID);
      assert.match(created.createTime, ISO_MS);
      assert.equal(created.updateTime, created.createTime);
      assert.equal(created.createUserId, account.userId);
      assert.equal(created.updateUserId, account.userId);
      assert.equal(created.isDeleted, false);
      assert.equal(created.email, 'Stop.Me@Example.net');
      assert.equal(created.reason, 'manual');
      assert.deepEqual(created.details, { source: 'api' });

      const listed = await list(account);
      assert.equal(listed.totalCount, 1);
      assert.deepEqual(listed.items, [created]);
      assert.deepEqual(expectEnvelope(await get(account, 'stop.me@example.net'), 200).resultObject, created, 'looked up without case');

      const imported = expectEnvelope(await create(account, { email: 'spam.reporter@example.org', reason: 'complaint' }), 201).resultObject;
      assert.equal(imported.reason, 'complaint');
      assert.deepEqual(
        (await list(account)).items.map((s: any) => s.id),
        [imported.id, created.id],
        'newest first',
      );
    });

    it('accepts form-urlencoded bodies and field names in any case', async () => {
      const account = await app.signUp();
      const created = await app.request({
        method: 'POST',
        url: url(),
        token: account.token,
        payload: 'EMAIL=form%40example.net&Reason=hard_bounce',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const body = expectEnvelope(created, 201).resultObject;
      assert.equal(body.email, 'form@example.net');
      assert.equal(body.reason, 'hard_bounce');
    });

    it('an address already suppressed (in any case) is 409; concurrent requests give one 201', async () => {
      const account = await app.signUp();
      expectEnvelope(await create(account, { email: 'twice@example.net' }), 201);
      const again = await create(account, { email: 'TWICE@example.net', reason: 'complaint' });
      expectEnvelope(again, 409);
      assert.equal(again.json.resultObject, null);
      assert.equal(expectEnvelope(await get(account, 'twice@example.net'), 200).resultObject.reason, 'manual', 'the first stays as it was');

      const responses = await Promise.all(
        ['race@example.net', 'Race@example.net', 'RACE@example.net', 'race@EXAMPLE.net'].map((email) => create(account, { email })),
      );
      assert.deepEqual(responses.map((r) => r.status).sort(), [201, 409, 409, 409], responses.map((r) => r.text).join('\n'));
      for (const r of responses) expectEnvelope(r, r.status);
      assert.equal((await list(account, '?email=race%40example.net')).totalCount, 1);
    });

    it('rejects a bad address or reason with 400 naming the field', async () => {
      for (const email of ['not-an-address', 'a@b', 'x@example.net\r\nBcc: y@example.org', '', 42]) {
        expectFieldError(await create(a, { email }), 'email');
      }
      expectFieldError(await create(a, {}), 'email');
      expectFieldError(await create(a, { email: 'ok@example.net', reason: 'because' }), 'reason');
      expectFieldError(await app.request({ method: 'GET', url: `${url()}?pageSize=501`, token: a.token }), 'pageSize');
    });

    it('filters the list by email and pages it newest first', async () => {
      const account = await app.signUp();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(expectEnvelope(await create(account, { email: `p${i}@example.net` }), 201).resultObject.id);
      const newestFirst = [...ids].reverse();
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await list(account, `?page=${page}&pageSize=2`));
      assert.deepEqual(
        pages.map((p) => p.displayCount),
        [2, 2, 1],
      );
      for (const p of pages) assert.equal(p.totalCount, 5);
      assert.deepEqual(
        pages.flatMap((p) => p.items).map((s: any) => s.id),
        newestFirst,
      );
      const one = await list(account, '?email=P3%40Example.net');
      assert.equal(one.totalCount, 1);
      assert.equal(one.items[0].id, ids[3]);
      assert.equal((await list(account, '?email=nobody%40example.net')).totalCount, 0);
    });

    it('DELETE removes an address (true); then 404, gone from the list, and it can be suppressed again', async () => {
      const account = await app.signUp();
      const created = expectEnvelope(await create(account, { email: 'gone@example.net' }), 201).resultObject;
      const deleted = expectEnvelope(await remove(account, 'GONE@example.net'), 200);
      assert.equal(deleted.resultObject, true);
      expectEnvelope(await get(account, 'gone@example.net'), 404);
      expectEnvelope(await remove(account, 'gone@example.net'), 404);
      assert.equal((await list(account)).totalCount, 0);
      const again = expectEnvelope(await create(account, { email: 'gone@example.net' }), 201).resultObject;
      assert.notEqual(again.id, created.id);
      assert.equal((await list(account)).totalCount, 1);
    });

    it('an unknown or malformed address is 404 on GET and DELETE', async () => {
      for (const email of ['never@example.net', 'not an address', "x' or '1'='1", '%']) {
        expectEnvelope(await get(a, email), 404);
        expectEnvelope(await remove(a, email), 404);
      }
    });

    it("another account's suppression is 404, untouched, never listed; each account has its own list", async () => {
      const theirs = expectEnvelope(await create(b, { email: 'private@example.net' }), 201).resultObject;
      expectEnvelope(await get(a, 'private@example.net'), 404);
      expectEnvelope(await remove(a, 'private@example.net'), 404);
      const mine = await list(a, '?pageSize=500');
      assert.ok(!mine.items.some((s: any) => s.id === theirs.id));
      assert.equal((await list(a, '?email=private%40example.net')).totalCount, 0);
      assert.deepEqual(expectEnvelope(await get(b, 'private@example.net'), 200).resultObject, theirs, 'still there for its owner');
      // The same address on a's own list is a separate entry, not a conflict.
      const own = expectEnvelope(await create(a, { email: 'private@example.net' }), 201).resultObject;
      assert.notEqual(own.id, theirs.id);
    });

    describe('delivery', () => {
      const send = async (account: TestAccount, to: string[], subject: string) =>
        expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/send',
            token: account.token,
            body: { from: { email: account.email }, to: to.map((email) => ({ email })), subject, htmlContent: `<p>${subject}</p>` },
          }),
          200,
        ).resultObject as { id: string; recipients: { id: string; email: string }[] };
      const settled = (account: TestAccount, id: string) =>
        eventually(
          async () => {
            const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token }), 200).resultObject;
            return got.recipients.every((r: any) => FINAL.has(r.state)) ? got : undefined;
          },
          20_000,
          `every recipient of ${id} settled`,
        );
      const captured = (messageId: string) =>
        db.selectFrom('captured_emails').select(['recipient_id', 'envelope_to']).where('message_id', '=', messageId).execute();

      it('a suppressed address ends `suppressed` with no copy handed over; the other recipients are sent', async () => {
        const account = await app.signUp();
        expectEnvelope(await create(account, { email: 'blocked@example.net' }), 201);
        const sent = await send(account, ['ann@example.net', 'Blocked@Example.net', 'bob@example.org'], 'Mixed');
        const got = await settled(account, sent.id);
        const byEmail = new Map(got.recipients.map((r: any) => [r.email, r]));
        const blocked: any = byEmail.get('Blocked@Example.net');
        assert.equal(blocked.state, 'suppressed');
        assert.equal(blocked.attempts, 0, 'not attempted');
        assert.equal(blocked.sentTime, null);
        assert.match(blocked.lastResponse, /suppression list \(manual\)/);
        assert.deepEqual(
          blocked.events.map((e: any) => e.type),
          ['accepted', 'suppressed'],
        );
        assert.equal(blocked.events[1].details.reason, 'manual');
        for (const email of ['ann@example.net', 'bob@example.org']) {
          const r: any = byEmail.get(email);
          assert.equal(r.state, 'sent');
          assert.deepEqual(
            r.events.map((e: any) => e.type),
            ['accepted', 'sent'],
          );
        }
        const copies = await captured(sent.id);
        assert.deepEqual(copies.map((c) => c.envelope_to).sort(), ['ann@example.net', 'bob@example.org']);
        assert.ok(!copies.some((c) => c.recipient_id === blocked.id), 'no captured copy for the suppressed recipient');
        assert.deepEqual(await db.selectFrom('delivery_jobs').select('id').where('message_id', '=', sent.id).execute(), [], 'no job left');

        const events = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/events?type=suppressed', token: account.token }), 200).resultObject;
        assert.equal(events.totalCount, 1);
        assert.equal(events.items[0].recipientId, blocked.id);
      });

      it('only the account that suppressed an address stops sending to it', async () => {
        const owner = await app.signUp();
        const other = await app.signUp();
        expectEnvelope(await create(owner, { email: 'only-mine@example.net' }), 201);
        const fromOther = await send(other, ['only-mine@example.net'], 'Other account');
        const got = await settled(other, fromOther.id);
        assert.equal(got.recipients[0].state, 'sent');
        assert.equal((await captured(fromOther.id)).length, 1);
      });

      it('after DELETE the address is sent to again', async () => {
        const account = await app.signUp();
        expectEnvelope(await create(account, { email: 'back@example.net' }), 201);
        const before = await settled(account, (await send(account, ['back@example.net'], 'While suppressed')).id);
        assert.equal(before.recipients[0].state, 'suppressed');
        expectEnvelope(await remove(account, 'back@example.net'), 200);
        const sent = await send(account, ['back@example.net'], 'After removal');
        const after = await settled(account, sent.id);
        assert.equal(after.recipients[0].state, 'sent');
        assert.equal((await captured(sent.id)).length, 1);
      });
    });
  });
}

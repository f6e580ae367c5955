/**
 * Idempotency-Key on POST /notify/v1/send: the first answer is stored and replayed for
 * the same key and body, the same key with another body is a 409, and duplicates sent
 * at the same time (to one process, or to two with their own connections to the same
 * database) make exactly one message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  describe(`Idempotency-Key [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let keyCounter = 0;
    const newKey = () => `key-${process.pid}-${++keyCounter}`;

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    const body = (account: TestAccount, subject = 'Receipt') => ({
      from: { email: account.email },
      to: [{ email: 'ann@example.net' }],
      subject,
      htmlContent: '<p>Thanks</p>',
    });
    const send = (key: string | undefined, payload: unknown, account = a) =>
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: payload,
        headers: key === undefined ? {} : { 'idempotency-key': key },
      });
    const messageCount = async (account = a) =>
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject.totalCount as number;

    it('the same key and body: the first answer replayed, one message', async () => {
      const key = newKey();
      const before = await messageCount();
      const first = await send(key, body(a));
      const firstBody = expectEnvelope(first, 200);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const again = await send(key, body(a));
      assert.deepEqual(expectEnvelope(again, 200), firstBody);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(await messageCount(), before + 1);
    });

    it('the same body in another key order or field-name case is the same request', async () => {
      const key = newKey();
      const first = expectEnvelope(
        await send(key, { subject: 'Order', htmlContent: '<p>x</p>', to: [{ email: 'o@example.net' }], from: { email: a.email } }),
        200,
      );
      const again = await send(key, { from: { email: a.email }, To: [{ email: 'o@example.net' }], htmlContent: '<p>x</p>', subject: 'Order' });
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(expectEnvelope(again, 200).resultObject.id, first.resultObject.id);
    });

    it('the same key with another body is a 409, and sends nothing', async () => {
      const key = newKey();
      expectEnvelope(await send(key, body(a, 'One')), 200);
      const before = await messageCount();
      const conflict = expectEnvelope(await send(key, body(a, 'Two')), 409);
      assert.match(conflict.resultMessage, /Idempotency-Key was already used with a different request body/);
      assert.equal(await messageCount(), before);
    });

    it('keys are per account', async () => {
      const key = newKey();
      const mine = expectEnvelope(await send(key, body(a)), 200).resultObject;
      const theirs = await send(key, body(b), b);
      assert.equal(theirs.headers['idempotent-replayed'], undefined);
      assert.notEqual(expectEnvelope(theirs, 200).resultObject.id, mine.id);
    });

    it('a failed request is not stored: the key can be used again', async () => {
      const key = newKey();
      expectEnvelope(await send(key, { ...body(a), to: [{ email: 'bad' }] }), 400);
      const ok = await send(key, body(a));
      expectEnvelope(ok, 200);
      assert.equal(ok.headers['idempotent-replayed'], undefined);
    });

    it('after 24 hours the key is forgotten', async () => {
      const key = newKey();
      const first = expectEnvelope(await send(key, body(a, 'Old')), 200).resultObject;
      const db: Db = app.runtime.services.handle.db;
      await db
        .updateTable('idempotency_keys')
        .set({ expires_at: Date.now() - 1 })
        .where('key', '=', key)
        .execute();
      const fresh = await send(key, body(a, 'New'));
      assert.equal(fresh.headers['idempotent-replayed'], undefined);
      assert.notEqual(expectEnvelope(fresh, 200).resultObject.id, first.id);
      const replay = await send(key, body(a, 'New'));
      assert.equal(replay.headers['idempotent-replayed'], 'true');
    });

    it('a malformed key is a 400 naming the header', async () => {
      for (const key of ['x'.repeat(256), 'has space', 'ünicode']) {
        const response = expectEnvelope(await send(key, body(a)), 400);
        assert.deepEqual(errorFields(response), ['idempotency-key'], key);
      }
    });

    it('concurrent duplicates in one process: one message, every answer the same', async () => {
      const key = newKey();
      const before = await messageCount();
      const responses = await Promise.all(Array.from({ length: 10 }, () => send(key, body(a, 'Concurrent'))));
      const ids = new Set(responses.map((r) => expectEnvelope(r, 200).resultObject.id));
      assert.equal(ids.size, 1);
      assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1);
      assert.equal(await messageCount(), before + 1);
    });

    describe('two API processes on one database', () => {
      let second: Runtime;

      before(async () => {
        const config = loadConfig(
          { LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '4' },
          { dataDir: app.database.dataDir, databaseUrl: app.database.databaseUrl, port: 0 },
        );
        second = await createRuntime(config, { api: true, worker: false }, createLogger(config));
        await second.app!.ready();
      });
      after(() => second?.close());

      const sendTo = async (runtime: Runtime, key: string): Promise<TestResponse> => {
        const response = await runtime.app!.inject({
          method: 'POST',
          url: '/notify/v1/send',
          payload: body(a, 'Across'),
          headers: { authorization: `Bearer ${a.token}`, 'idempotency-key': key },
        });
        return { status: response.statusCode, headers: response.headers, json: JSON.parse(response.body), text: response.body };
      };

      it('concurrent duplicates to both: exactly one message', async () => {
        for (let round = 0; round < 3; round++) {
          const key = newKey();
          const before = await messageCount();
          const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => sendTo(i % 2 ? second : app.runtime, key)));
          const ids = new Set(responses.map((r) => expectEnvelope(r, 200).resultObject.id));
          assert.equal(ids.size, 1, `round ${round}: one message id in every answer`);
          assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1);
          assert.equal(await messageCount(), before + 1);
        }
      });
    });
  });
}

/**
 * Long reads (database.ts `longReads`) do not wait for the writer: on SQLite the message
 * log and the event log are read on a read-only connection of their own, so a list is
 * answered while a write transaction holds the writer's connection (through that
 * connection, the list would wait for the transaction, and here the transaction waits for
 * the list: it could never be answered). PostgreSQL reads on a pooled connection anyway.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

describe('long reads on SQLite do not wait for an open write transaction', () => {
  let app: TestApp;
  let a: TestAccount;

  before(async () => {
    app = await startTestApp('sqlite');
    a = await app.signUp();
    const sent = await app.request({
      method: 'POST',
      url: '/notify/v1/send',
      token: a.token,
      body: { from: { email: a.email }, to: [{ email: 'ann@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' },
    });
    expectEnvelope(sent, 200);
  });
  after(() => app.close());

  for (const url of ['/notify/v1/messages', '/notify/v1/events']) {
    it(`answers GET ${url} while the writer is inside a transaction`, async () => {
      const answered = await app.runtime.services.handle.db.transaction().execute(async (trx) => {
        await sql`update accounts set updated_at = updated_at where id = ${a.accountId}`.execute(trx);
        const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5000).unref());
        return Promise.race([app.request({ method: 'GET', url, token: a.token }), stuck]);
      });
      assert.notEqual(answered, 'stuck', `GET ${url} waited for the writer's transaction`);
      const list = expectEnvelope(answered as Exclude<typeof answered, 'stuck'>, 200).resultObject;
      assert.ok(list.totalCount >= 1);
    });
  }
});

// A fault on our side (here: the database is gone) must answer with the envelope, no
// internals, and a request id that the log line carries too, so an operator can find it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createAccount } from '../../src/features/account/accounts/accounts.service.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { expectEnvelope, startTestApp, type TestApp } from '../helpers/app.js';
import { DIALECTS, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { loggerKeepingLines, type LogLine } from '../helpers/log-lines.js';

for (const dialect of DIALECTS) {
  describe(`5xx answers [${dialect}]`, () => {
    let database: TestDatabase;
    let runtime: Runtime;
    let logLines: LogLine[];
    let token: string;

    before(async () => {
      database = await createTestDatabase(dialect);
      const config = loadConfig({ LOG_LEVEL: 'info', PASSWORD_HASH_COST: '4' }, { dataDir: database.dataDir, databaseUrl: database.databaseUrl, port: 0 });
      const kept = loggerKeepingLines();
      logLines = kept.lines;
      runtime = await createRuntime(config, { api: true, worker: false }, kept.logger);
      await runtime.app!.ready();
      await createAccount(runtime.services.handle, { email: 'fault@example.com', password: 'correct horse battery' });
      const login = await runtime.app!.inject({
        method: 'POST',
        url: '/token',
        payload: { EmailAddress: 'fault@example.com', Password: 'correct horse battery' },
      });
      token = JSON.parse(login.body).resultObject.access_token;
      // Warm the credential cache, then take the database away under the running app.
      assert.equal((await runtime.app!.inject({ method: 'GET', url: '/notify/v1/senders', headers: { authorization: `Bearer ${token}` } })).statusCode, 200);
      await runtime.services.handle.close();
    });
    after(async () => {
      await runtime.app!.close();
      await database.drop();
    });

    it('answers 500 with the envelope, no internals, and a request id the log carries', async () => {
      const response = await runtime.app!.inject({ method: 'GET', url: '/notify/v1/senders', headers: { authorization: `Bearer ${token}` } });
      const body = expectEnvelope({ status: response.statusCode, headers: response.headers, json: JSON.parse(response.body), text: response.body }, 500);
      assert.equal(body.resultObject, null);
      const requestId = response.headers['x-request-id'];
      assert.ok(requestId, 'x-request-id header');
      assert.ok(body.resultMessage.includes(String(requestId)), body.resultMessage);
      assert.doesNotMatch(response.body, /sqlite|postgres|pool|kysely|at .*\.(ts|js)/i);
      const logged = logLines.find((line) => line.reqId === requestId && line.level >= 50);
      assert.ok(logged, 'an error log line with the request id');
      assert.ok(logged.err, 'the log line carries the error');
    });

    it('answers /readyz with 503 while the database is unreachable', async () => {
      const response = await runtime.app!.inject({ method: 'GET', url: '/readyz' });
      const body = JSON.parse(response.body);
      assert.equal(response.statusCode, 503);
      assert.equal(body.resultStatus, false);
      assert.match(body.resultMessage, /database is not reachable/);
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`/readyz and the schema [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    it('answers 503 while a migration is still to run (a newer release against an old schema), and 200 once it has', async () => {
      const db = app.runtime.services.handle.db;
      expectEnvelope(await app.request({ method: 'GET', url: '/readyz' }), 200);
      const last = (await db
        .selectFrom('postwire_migrations' as never)
        .select('name' as never)
        .orderBy('name' as never, 'desc')
        .executeTakeFirstOrThrow()) as { name: string };
      await db
        .deleteFrom('postwire_migrations' as never)
        .where('name' as never, '=', last.name as never)
        .execute();
      try {
        const body = expectEnvelope(await app.request({ method: 'GET', url: '/readyz' }), 503);
        assert.match(body.resultMessage, /migrations still to run \(postwire migrate\)/);
      } finally {
        await db
          .insertInto('postwire_migrations' as never)
          .values({ name: last.name, timestamp: new Date().toISOString() } as never)
          .execute();
      }
      expectEnvelope(await app.request({ method: 'GET', url: '/readyz' }), 200);
    });
  });
}

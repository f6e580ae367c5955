/**
 * Black box: the opt-in access log (LOG_REQUESTS). The real program's stdout, one JSON
 * line per request, with what identifies it and never a credential or a body.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, logIn, startPostwire, stopAll, stopPostwire, type PostwireProcess } from '../helpers/process.js';

/** The access-log lines in a process's stdout so far. */
function requestLines(stdout: string): any[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.msg === 'request');
}

async function until<T>(what: string, check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

after(async () => {
  const results = await stopAll();
  for (const result of results) assert.deepEqual(result, { code: 0, signal: null }, 'graceful shutdown exits with code 0');
});

for (const dialect of DIALECTS) {
  describe(`LOG_REQUESTS [${dialect}]`, () => {
    let database: TestDatabase;
    let server: PostwireProcess;

    before(async () => {
      database = await createTestDatabase(dialect);
      server = await startPostwire('api', { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'info', LOG_REQUESTS: 'true' });
    });
    after(() => database.drop());

    it('logs one line per request: request id, method, route, status, time and account id; no credentials, no body', async () => {
      const credentials = server.credentials!;
      const token = await logIn(server, credentials);
      const sender = (await callApi(server.url, '/notify/v1/senders', { token })).json.resultObject.items[0];
      const missing = await callApi(server.url, '/notify/v1/messages/0123456789abcdef01234567?secret=query', {
        token,
        headers: { 'x-request-id': 'newcomer-42' },
      });
      assert.equal(missing.status, 404);
      const anonymous = await callApi(server.url, '/notify/v1/senders');
      assert.equal(anonymous.status, 401);

      const lines = await until('four access-log lines', () => {
        const found = requestLines(server.stdout);
        return found.length >= 4 ? found : undefined;
      });
      assert.equal(lines.length, 4, JSON.stringify(lines));
      const [login, list, notFound, refused] = lines;
      assert.deepEqual(
        { method: login.method, route: login.route, status: login.status, accountId: login.accountId },
        { method: 'POST', route: '/token', status: 200, accountId: null },
      );
      assert.deepEqual(
        { route: list.route, status: list.status, accountId: list.accountId },
        { route: '/notify/v1/senders', status: 200, accountId: sender.customerId },
      );
      assert.deepEqual(
        { reqId: notFound.reqId, method: notFound.method, route: notFound.route, status: notFound.status, accountId: notFound.accountId },
        { reqId: 'newcomer-42', method: 'GET', route: '/notify/v1/messages/:id', status: 404, accountId: sender.customerId },
      );
      assert.deepEqual(
        { route: refused.route, status: refused.status, accountId: refused.accountId },
        { route: '/notify/v1/senders', status: 401, accountId: null },
      );
      for (const line of lines) {
        assert.equal(typeof line.reqId, 'string');
        assert.ok(line.reqId.length > 0);
        assert.equal(typeof line.ms, 'number');
        assert.ok(line.ms >= 0);
      }
      // The banner printed the password; the log lines hold none of these.
      const logged = JSON.stringify(requestLines(server.stdout));
      for (const secret of [credentials.password, credentials.email, token, 'secret=query'])
        assert.ok(!logged.includes(secret), `the access log holds ${secret}`);
    });

    it('is off by default', async () => {
      await stopPostwire(server);
      const quiet = await startPostwire('api', { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'info' });
      assert.equal((await callApi(quiet.url, '/healthz')).status, 200);
      assert.equal((await callApi(quiet.url, '/notify/v1/senders')).status, 401);
      await stopPostwire(quiet);
      assert.deepEqual(requestLines(quiet.stdout), []);
    });
  });
}

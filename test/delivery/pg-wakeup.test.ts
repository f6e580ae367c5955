/**
 * PostgreSQL: a worker in another process is woken by LISTEN/NOTIFY when a send commits
 * (src/delivery/enqueue.ts notifies in the send's transaction, src/queue/notifications.ts
 * listens), not by its poll. Two runtimes on one database, as `postwire api` and
 * `postwire worker` would be: the worker's poll is a minute, so a delivery within ten
 * seconds can only come from the notification. (A bound on a functional property, not a
 * measure of speed.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { DELIVERY_CHANNEL } from '../../src/delivery/enqueue.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { eventually, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, sendMessage } from '../helpers/delivery-api.js';

const POLL_MS = 60_000;
const WAKE_BOUND_MS = 10_000;

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`a worker of another process woken by NOTIFY [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let worker: Runtime;

    before(async () => {
      app = await startTestApp(dialect, { worker: false });
      account = await app.signUp();
      const config = loadConfig(
        { LOG_LEVEL: 'silent', WORKER_POLL_MS: String(POLL_MS) },
        {
          dataDir: app.database.dataDir,
          databaseUrl: app.database.databaseUrl,
          port: 0,
        },
      );
      worker = await createRuntime(config, { api: false, worker: true }, createLogger(config));
      worker.worker!.start();
      // Listening before the send: a notification sent to nobody is not kept.
      const db = app.runtime.services.handle.db;
      await eventually(
        async () => {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN "${DELIVERY_CHANNEL}"`}`.execute(db);
          return rows[0]!.n > 0 ? true : undefined;
        },
        10_000,
        'the worker listening',
      );
    });
    after(async () => {
      await worker?.close();
      await app?.close();
    });

    it(`delivers a send within ${WAKE_BOUND_MS / 1000} s while the worker polls every ${POLL_MS / 1000} s`, async () => {
      // The worker's first claims (at start, and when its listener connected) found nothing: it sleeps.
      const sent = await sendMessage(app, account, ['woken@example.net']);
      const outcome = await outcomeOf(app, account, sent, 'woken@example.net', WAKE_BOUND_MS);
      assert.equal(outcome.state, 'sent');
    });
  });
}

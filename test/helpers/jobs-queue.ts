/**
 * Suites on the `jobs` lease queue (test/queue/): a test app per dialect, the runners a test
 * started stopped and the queue emptied before the next test, and a job left claimed by a
 * process of this host that has exited since.
 */
import { spawn } from 'node:child_process';
import { after, before, beforeEach } from 'node:test';
import type { Dialect } from '../../src/db/database.js';
import { holderId } from '../../src/queue/holder-id.js';
import { jobQueue } from '../../src/queue/jobs.js';
import { startTestApp, type TestApp } from './app.js';

export function jobsQueueSuite(dialect: Dialect) {
  let app: TestApp | undefined;
  const started = () => {
    if (!app) throw new Error('the suite has not started');
    return app;
  };
  const suite = {
    get app() {
      return started();
    },
    get handle() {
      return started().runtime.services.handle;
    },
    get db() {
      return started().runtime.services.handle.db;
    },
    /** The runners a test starts; stopped before the next test. */
    runners: [] as { stop(): Promise<void> }[],
    /** The job queued with idempotency key `key`. */
    jobOf: (key: string) => suite.db.selectFrom('jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow(),
  };
  before(async () => {
    app = await startTestApp(dialect);
  });
  after(() => app?.close());
  beforeEach(async () => {
    await Promise.all(suite.runners.splice(0).map((r) => r.stop()));
    await suite.db.deleteFrom('jobs').execute();
  });
  return suite;
}

export type JobsQueueSuite = ReturnType<typeof jobsQueueSuite>;

/** Claims the due job for a process of this host that has exited since, with an hour's lease; returns the claimed row. */
export async function claimForDeadProcess(suite: JobsQueueSuite) {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  const parts = holderId('jobs').split(':');
  parts[1] = String(child.pid);
  const [claimed] = await jobQueue.claim(suite.db, suite.handle.dialect, { holder: parts.join(':'), limit: 1, leaseMs: 3_600_000 });
  return claimed;
}

// Runs in a process of its own (scripts/run-tests.mjs): it reads the nice value of every thread
// of the process, and another file's threads must not be among them.
// Composing gives way to the API only in a process that serves both (COMPOSE_NICE, runtime.ts):
// under `postwire start` the compose thread runs at the configured nice value, while a
// worker-only process keeps normal priority (it has no API to give way to). The nice value is
// a per-thread attribute of Linux (field 19 of /proc/self/task/<tid>/stat), which is what a
// scheduler sees. SQLite only: the dialect plays no part in which priority the thread gets.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { outcomeOf, sendMessage } from '../helpers/delivery-api.js';
import { threadNiceValues } from '../helpers/threads.js';

/** The nice values of this process's threads other than the main one. */
function otherThreadsNice(): number[] {
  return [...threadNiceValues()].filter(([tid]) => tid !== String(process.pid)).map(([, nice]) => nice);
}

describe('compose thread priority', () => {
  const apps: TestApp[] = [];
  const runtimes: Runtime[] = [];
  after(async () => {
    for (const runtime of runtimes) await runtime.close();
    for (const app of apps) await app.close();
  });

  it('API and worker in one process: the compose thread runs at COMPOSE_NICE (default 10)', async () => {
    const app = await startTestApp('sqlite', { worker: true });
    apps.push(app);
    const account = await app.signUp();
    const sent = await sendMessage(app, account, ['ann@example.net']);
    assert.equal((await outcomeOf(app, account, sent, 'ann@example.net')).state, 'sent');
    assert.ok(otherThreadsNice().includes(10), `a thread at nice 10 among ${otherThreadsNice().join(', ')}`);
    await app.close();
    apps.pop();
    assert.ok(!otherThreadsNice().includes(10), 'the compose thread ended with its runtime');
  });

  it('a worker-only process keeps its compose thread at normal priority', async () => {
    // The API (no worker) accepts the message; a worker-only runtime on the same file delivers it.
    const app = await startTestApp('sqlite', { worker: false });
    apps.push(app);
    const account = await app.signUp();
    const sent = await sendMessage(app, account, ['bob@example.net']);
    const config = loadConfig(
      { LOG_LEVEL: 'silent', WORKER_POLL_MS: '50', PASSWORD_HASH_COST: '4' },
      { dataDir: app.database.dataDir, databaseUrl: app.database.databaseUrl, port: 0 },
    );
    assert.equal(config.composeNice, 10, 'COMPOSE_NICE is set: the worker-only process ignores it');
    const worker = await createRuntime(config, { api: false, worker: true }, createLogger(config));
    runtimes.push(worker);
    worker.worker!.start();
    assert.equal((await outcomeOf(app, account, sent, 'bob@example.net')).state, 'sent');
    assert.deepEqual(
      otherThreadsNice().filter((nice) => nice !== 0),
      [],
      'every thread at normal priority',
    );
  });
});

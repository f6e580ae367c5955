/**
 * Black box: a start that cannot take its port. The process exits non-zero with one line
 * naming the setting to change, creates no first account it could not print, and a retry
 * on a free port prints the login.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { runPostwire, startPostwire, stopAll, stopPostwire } from '../helpers/process.js';

/** A port some other program holds for as long as the suite runs. */
async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.address() as net.AddressInfo).port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

after(async () => {
  const results = await stopAll();
  for (const result of results) assert.deepEqual(result, { code: 0, signal: null }, 'graceful shutdown exits with code 0');
});

/** The one line a failed start writes to stderr. */
function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${stderr}`);
  return lines[0]!;
}

for (const dialect of DIALECTS) {
  describe(`first start on a port in use [${dialect}]`, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;
    let taken: Awaited<ReturnType<typeof takenPort>>;

    before(async () => {
      database = await createTestDatabase(dialect);
      env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, HOST: '127.0.0.1' };
      taken = await takenPort();
    });
    after(async () => {
      await taken.release();
      await database.drop();
    });

    it('start exits 1 with one line naming PORT, and prints no banner', async () => {
      const out = await runPostwire(['start'], { ...env, PORT: String(taken.port), INBOUND_SMTP_PORT: '0' });
      assert.equal(out.code, 1, out.stderr);
      const line = oneLine(out.stderr);
      assert.match(
        line,
        new RegExp(`^postwire start: cannot listen on 127\\.0\\.0\\.1:${taken.port} \\(PORT\\): the port is in use; set PORT to a free port$`),
      );
      assert.equal(out.stdout, '');
    });

    it('a retry on a free port creates the first account and prints its login', async () => {
      const server = await startPostwire('start', { ...env, INBOUND_SMTP_PORT: '0' });
      assert.ok(server.credentials, `no login printed:\n${server.stdout}`);
      assert.equal(server.credentials.email, 'admin@postwire.local');
      const login = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ EmailAddress: server.credentials.email, Password: server.credentials.password }),
      });
      assert.equal(login.status, 200);
      assert.deepEqual(await stopPostwire(server), { code: 0, signal: null });
    });

    it('inbound and worker exit 1 naming INBOUND_SMTP_PORT or METRICS_PORT when theirs is taken', async () => {
      const [inbound, worker] = await Promise.all([
        runPostwire(['inbound'], { ...env, INBOUND_SMTP_PORT: String(taken.port) }),
        runPostwire(['worker'], { ...env, METRICS_PORT: String(taken.port) }),
      ]);
      assert.equal(inbound!.code, 1, inbound!.stderr);
      assert.match(
        oneLine(inbound!.stderr),
        /^postwire inbound: cannot listen on 127\.0\.0\.1:\d+ \(INBOUND_SMTP_PORT\): the port is in use; set INBOUND_SMTP_PORT to a free port$/,
      );
      assert.equal(worker!.code, 1, worker!.stderr);
      assert.match(
        oneLine(worker!.stderr),
        /^postwire worker: cannot listen on 127\.0\.0\.1:\d+ \(METRICS_PORT\): the port is in use; set METRICS_PORT to a free port$/,
      );
    });
  });
}

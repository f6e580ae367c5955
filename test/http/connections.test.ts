/**
 * What a hostile or broken client does at the TCP level, over real sockets: junk after
 * a request, headers over the limit, malformed framing, a body that never finishes, and
 * a SIGTERM while such a client hangs. Every reply carries the envelope, a client's fault
 * never reaches the error log, and no client holds a connection, or a shutdown, for ever.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { type Config, loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { loggerKeepingLines, type LogLine } from '../helpers/log-lines.js';
import { startPostwire, stopAll } from '../helpers/process.js';

/** How long a test waits for the server to cut a stalled client before calling it a failure (not a timing claim). */
const GIVE_UP_MS = 20_000;

interface RawReply {
  status: number;
  headers: Record<string, string>;
  json: any;
}

/** Writes `data` on a fresh connection and collects everything until the server closes it. */
function exchange(port: number, data: string): { closed: Promise<string>; socket: net.Socket } {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  const closed = new Promise<string>((resolve, reject) => {
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${GIVE_UP_MS} ms after: ${JSON.stringify(data.slice(0, 80))}`));
    }, GIVE_UP_MS);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
  socket.write(data);
  return { closed, socket };
}

/** The first HTTP reply in `raw`, which must be the five-key envelope with `status`. */
function envelopeReply(raw: string, status: number): RawReply {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const reply = { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(rest.join('\r\n\r\n') || 'null') };
  assert.equal(reply.status, status, raw.slice(0, 400));
  assert.deepEqual(Object.keys(reply.json ?? {}).sort(), ['resultCode', 'resultMessage', 'resultObject', 'resultStatus', 'version'], raw.slice(0, 400));
  assert.equal(reply.json.resultCode, status);
  assert.equal(reply.json.resultStatus, false);
  assert.match(headers['content-type'] ?? '', /^application\/json/);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  return reply;
}

/** The API alone on a free port of 127.0.0.1, with `overrides` on the test defaults. */
async function startApi(database: TestDatabase, overrides: Partial<Config>, logger: pino.Logger): Promise<{ runtime: Runtime; port: number }> {
  const config = loadConfig({ LOG_LEVEL: 'info' }, { dataDir: database.dataDir, databaseUrl: database.databaseUrl, port: 0, host: '127.0.0.1', ...overrides });
  const runtime = await createRuntime(config, { api: true, worker: false }, logger);
  await runtime.listen();
  return { runtime, port: (runtime.app!.server.address() as net.AddressInfo).port };
}

for (const dialect of DIALECTS) {
  describe(`hostile connections [${dialect}]`, () => {
    let database: TestDatabase;
    let runtime: Runtime;
    let port: number;
    let logLines: LogLine[];

    before(async () => {
      database = await createTestDatabase(dialect);
      const kept = loggerKeepingLines();
      logLines = kept.lines;
      // No address exempt from the per-IP limit, so its hook meets every request.
      ({ runtime, port } = await startApi(database, { rateLimitExemptIps: [], httpHeadersTimeoutMs: 500, httpRequestTimeoutMs: 1000 }, kept.logger));
    });
    after(async () => {
      await runtime.close();
      await database.drop();
    });

    it('junk after a request in the same write is refused with the envelope and never logged as a server error', async () => {
      // What the start logged is not the junk's (on a PostgreSQL server without autovacuum, a warning).
      const before = logLines.length;
      for (const junk of ['\u0000\u0001junk', 'GARBAGE\r\n\r\n', 'x'.repeat(70_000)]) {
        const raw = await exchange(port, `GET /notify/v1/senders HTTP/1.1\r\nHost: x\r\n\r\n${junk}`).closed;
        envelopeReply(raw, 400);
      }
      // The request itself is still handled (to no one); give it a moment to reach every hook.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const serious = logLines.slice(before).filter((line) => line.level >= 40);
      assert.deepEqual(serious, [], 'nothing at warn or above');
    });

    it('headers over the limit get 431 and malformed framing 400, both with the envelope', async () => {
      envelopeReply(await exchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`).closed, 431);
      envelopeReply(await exchange(port, 'GET /healthz HTTP/1.1\r\nHost x\r\n\r\n').closed, 400);
      envelopeReply(await exchange(port, 'POST /token HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n').closed, 400);
    });

    it('a body that never finishes, or headers that never end, get 408 and the connection is closed', async () => {
      const body = exchange(port, 'POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"EmailAdd');
      envelopeReply(await body.closed, 408);
      const headers = exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      envelopeReply(await headers.closed, 408);
      // The server still answers everyone else.
      assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
    });

    it('replies carry nosniff, failures included; the docs page has a Content-Security-Policy', async () => {
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      assert.equal(health.headers.get('x-content-type-options'), 'nosniff');
      const token = await fetch(`http://127.0.0.1:${port}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ EmailAddress: 'nobody@example.com', Password: 'x' }),
      });
      assert.equal(token.status, 401);
      assert.equal(token.headers.get('x-content-type-options'), 'nosniff');
      const docs = await fetch(`http://127.0.0.1:${port}/docs/`);
      assert.equal(docs.status, 200);
      assert.match(docs.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    });
  });

  describe(`a body that stops arriving, with the idle timeout first [${dialect}]`, () => {
    let database: TestDatabase;
    let runtime: Runtime;
    let port: number;
    before(async () => {
      database = await createTestDatabase(dialect);
      // The request timeout is far away: the idle timeout is what ends a stalled body here.
      ({ runtime, port } = await startApi(
        database,
        { httpIdleTimeoutMs: 300, httpKeepAliveTimeoutMs: 300, httpRequestTimeoutMs: 600_000, httpHeadersTimeoutMs: 600_000 },
        pino({ level: 'silent' }),
      ));
    });
    after(async () => {
      await runtime.close();
      await database.drop();
    });

    it('gets 408 with the envelope before the connection is closed', async () => {
      for (const [request, part] of [
        ['POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000', '{"EmailAdd'],
        ['POST /token/refresh HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked', '5\r\n{"Ref'],
      ]) {
        const reply = envelopeReply(await exchange(port, `${request}\r\n\r\n${part}`).closed, 408);
        assert.equal(reply.headers.connection, 'close');
      }
    });

    it('a request answered before its body arrived (401) gets no second answer when the body stops', async () => {
      const raw = await exchange(
        port,
        'POST /notify/v1/send HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"fro',
      ).closed;
      assert.equal(raw.match(/^HTTP\/1\.1 /gm)?.length, 1, raw);
      envelopeReply(raw, 401);
    });

    it('a kept-alive connection idle between requests is still closed without a word', async () => {
      const raw = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n').closed;
      assert.equal(raw.match(/^HTTP\/1\.1 /gm)?.length, 1, raw);
      assert.match(raw, /^HTTP\/1\.1 200 /);
    });
  });

  describe(`shutdown with a stalled client [${dialect}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabase(dialect);
    });
    after(async () => {
      await stopAll();
      await database.drop();
    });

    it('SIGTERM exits with code 0 after SHUTDOWN_TIMEOUT_MS while a client hangs in the middle of a body', async () => {
      const server = await startPostwire('api', {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        SEED_ACCOUNT: 'false',
        // The request timeout is far away: only the shutdown deadline can end the stalled request.
        HTTP_REQUEST_TIMEOUT_MS: '600000',
        HTTP_IDLE_TIMEOUT_MS: '600000',
        SHUTDOWN_TIMEOUT_MS: '500',
      });
      const { port } = new URL(server.url);
      const stalled = exchange(Number(port), 'POST /token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"Email');
      // The request has reached the server (its connection is open and counted) before the signal.
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      const exit = await Promise.race([server.exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), GIVE_UP_MS).unref())]);
      assert.deepEqual(exit, { code: 0, signal: null }, `exit after SIGTERM; stderr: ${server.stderr.slice(-500)}`);
      await stalled.closed;
    });
  });
}

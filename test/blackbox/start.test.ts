/**
 * Black box: the real program, started as `npm start` starts it (`node bin/postwire.mjs
 * start`), talked to over HTTP with fetch. Only what an operator and a client see:
 * stdout, the exit code, and the API.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { CONFIG_SCHEMA } from '../../src/config.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  stdout: string;
  /** First-run credentials, when this start printed them. */
  credentials: { email: string; password: string } | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment of the child: ours without any Postwire setting, plus `env`. */
function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(CONFIG_SCHEMA)) delete base[key];
  delete base.NODE_OPTIONS;
  return { ...base, ...env };
}

/** Starts `node bin/postwire.mjs start` and waits for the banner (API address, maybe credentials). */
async function startServer(env: Record<string, string | undefined>): Promise<Server> {
  const child = spawn(process.execPath, ['bin/postwire.mjs', 'start'], {
    cwd: ROOT, env: childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => { stderr += chunk; });
  const banner = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string) => {
      stdout += chunk;
      // The banner is one block that ends with a blank line after the Docs line.
      const docs = stdout.indexOf('  Docs: ');
      if (docs !== -1 && stdout.indexOf('\n\n', docs) !== -1) {
        child.stdout!.off('data', onData);
        resolve(stdout);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => reject(new Error(`postwire exited (code ${code}, signal ${signal}) before it was ready.\nstdout:\n${stdout}\nstderr:\n${stderr}`)));
  });
  // Keep draining stdout so the child never blocks on a full pipe.
  child.stdout!.on('data', (chunk: string) => { server.stdout += chunk; });
  const api = /^ {2}API: +(http:\/\/\S+)$/m.exec(banner);
  assert.ok(api, `no API line in:\n${banner}`);
  const email = /^ +EmailAddress: +(\S+)$/m.exec(banner)?.[1];
  const password = /^ +Password: +(\S+)$/m.exec(banner)?.[1];
  const server: Server = { child, url: api[1]!, stdout: banner, credentials: email && password ? { email, password } : undefined, exited };
  running.add(server);
  return server;
}

const running = new Set<Server>();

/** SIGTERM, then the exit: graceful shutdown ends with code 0. */
async function stopServer(server: Server): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  running.delete(server);
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  const result = await server.exited;
  clearTimeout(killer);
  return result;
}

async function stopAll(): Promise<void> {
  const results = await Promise.all([...running].map(stopServer));
  for (const result of results) assert.deepEqual(result, { code: 0, signal: null }, 'graceful shutdown exits with code 0');
}

interface Reply {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

async function call(base: string, path: string, init: { method?: string; token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(base + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The five-key envelope with the given status; returns resultObject. */
function envelope(reply: Reply, status: number): any {
  assert.equal(reply.status, status, `expected HTTP ${status}: ${reply.text.slice(0, 500)}`);
  assert.match(reply.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(Object.keys(reply.json).sort(), ['resultCode', 'resultMessage', 'resultObject', 'resultStatus', 'version']);
  assert.equal(reply.json.version, '1.0.0');
  assert.equal(reply.json.resultCode, status);
  assert.equal(reply.json.resultStatus, status < 400);
  assert.equal(typeof reply.json.resultMessage, 'string');
  assert.ok(reply.json.resultMessage.length > 0);
  return reply.json.resultObject;
}

async function login(base: string, email: string, password: string): Promise<string> {
  const token = envelope(await call(base, '/token', { json: { EmailAddress: email, Password: password } }), 200);
  return token.access_token;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const HEX24 = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

for (const dialect of DIALECTS) {
  describe(`npm start, black box [${dialect}]`, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;
    let server: Server;
    let credentials: { email: string; password: string };
    let token: string;
    let messageId: string;

    before(async () => {
      database = await createTestDatabase(dialect);
      env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl };
      server = await startServer(env);
    });

    after(async () => {
      try {
        await stopAll();
      } finally {
        await database.drop();
      }
    });

    it('prints the API address with its port and the first-run credentials', () => {
      const url = new URL(server.url);
      assert.equal(url.protocol, 'http:');
      assert.equal(url.hostname, '127.0.0.1');
      assert.ok(Number(url.port) > 0, 'PORT=0 picks a real port and prints it');
      assert.match(server.stdout, /Docs: +http:\/\/127\.0\.0\.1:\d+\/docs/);
      assert.ok(server.credentials, `no credentials in:\n${server.stdout}`);
      credentials = server.credentials;
      assert.equal(credentials.email, 'admin@postwire.local');
      assert.ok(credentials.password.length >= 12, 'a generated password');
    });

    it('answers /healthz and /readyz', async () => {
      assert.deepEqual(envelope(await call(server.url, '/healthz'), 200), { status: 'ok' });
      assert.deepEqual(envelope(await call(server.url, '/readyz'), 200), { status: 'ready' });
    });

    it('serves an OpenAPI document at /docs/json that lists /notify/v1/send', async () => {
      const reply = await call(server.url, '/docs/json');
      assert.equal(reply.status, 200);
      assert.match(reply.json.openapi, /^3\./);
      assert.ok(reply.json.paths['/notify/v1/send']?.post, 'POST /notify/v1/send is documented');
      assert.ok(reply.json.paths['/notify/v1/senders']?.get, 'GET /notify/v1/senders is documented');
      assert.ok(reply.json.paths['/token']?.post, 'POST /token is documented');
      // Without BASE_URL no server is named (the UI uses the address it was loaded from);
      // never the port-0 placeholder of a server that had not started listening yet.
      assert.ok(!JSON.stringify(reply.json.servers ?? []).includes(':0'), JSON.stringify(reply.json.servers));
    });

    it('issues a token for a JSON body on POST /token/ (trailing slash)', async () => {
      const reply = await call(server.url, '/token/', {
        json: { EmailAddress: credentials.email, Password: credentials.password }, headers: { 'cache-control': 'no-cache' },
      });
      const result = envelope(reply, 200);
      assert.equal(result.token_type, 'Bearer');
      assert.equal(result.expires_in, 3600);
      assert.equal(typeof result.access_token, 'string');
      assert.match(result.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'JWT-shaped');
      token = result.access_token;
    });

    it('issues a token for a form-urlencoded body on POST /token', async () => {
      const reply = await call(server.url, '/token', { form: { EmailAddress: credentials.email, Password: credentials.password } });
      const result = envelope(reply, 200);
      assert.equal(result.token_type, 'Bearer');
      assert.equal(result.expires_in, 3600);
      assert.match(result.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('refuses a wrong password and a request without a token with 401', async () => {
      const wrong = await call(server.url, '/token', { json: { EmailAddress: credentials.email, Password: `${credentials.password}x` } });
      envelope(wrong, 401);
      const anonymous = await call(server.url, '/notify/v1/senders');
      envelope(anonymous, 401);
      assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Bearer/);
    });

    it('lists the seeded sender on GET /notify/v1/senders', async () => {
      const list = envelope(await call(server.url, '/notify/v1/senders', { token }), 200);
      assert.equal(typeof list.displayCount, 'number');
      assert.equal(typeof list.totalCount, 'number');
      assert.equal(list.displayCount, list.items.length);
      const sender = list.items.find((s: any) => s.email === credentials.email);
      assert.ok(sender, `no sender ${credentials.email} in ${JSON.stringify(list.items)}`);
      assert.match(sender.id, HEX24);
      assert.match(sender.customerId, HEX24);
      assert.match(sender.createTime, ISO_MS);
      assert.match(sender.updateTime, ISO_MS);
      assert.equal(typeof sender.displayName, 'string');
      assert.equal(sender.notifyDedicatedIps, null);
    });

    it('sends from that sender, the worker delivers it, and the raw message is available', async () => {
      const sent = envelope(await call(server.url, '/notify/v1/send', {
        token,
        json: { from: { name: 'Black Box', email: credentials.email }, to: [{ email: 'customer@example.net' }], subject: 'Black-box hello', htmlContent: '<p>Hello from <b>npm start</b></p>' },
      }), 200);
      assert.match(sent.id, HEX24);
      messageId = sent.id;

      const message = await until('the recipient to be sent', async () => {
        const detail = envelope(await call(server.url, `/notify/v1/messages/${messageId}`, { token }), 200);
        return detail.recipients[0].state === 'sent' ? detail : undefined;
      });
      assert.equal(message.id, messageId);
      assert.equal(message.recipients.length, 1);
      assert.equal(message.recipients[0].email, 'customer@example.net');

      const raw = await call(server.url, `/notify/v1/messages/${messageId}/raw`, { token });
      assert.equal(raw.status, 200);
      assert.match(raw.headers.get('content-type') ?? '', /^message\/rfc822/);
      assert.match(raw.text, /^Subject: Black-box hello\r?$/m);
      assert.match(raw.text, /^To: customer@example\.net\r?$/m);
      assert.match(raw.text, /^From: Black Box <admin@postwire\.local>\r?$/m);
      assert.match(raw.text, /^Message-ID: <[^>]+>\r?$/mi);
      assert.match(raw.text, /Hello from/);
    });

    it('shuts down gracefully on SIGTERM with exit code 0', async () => {
      assert.deepEqual(await stopServer(server), { code: 0, signal: null });
    });

    it('a second start on the same data prints no new credentials and the old ones still work', async () => {
      const again = await startServer(env);
      assert.equal(again.credentials, undefined, `credentials printed again:\n${again.stdout}`);
      assert.doesNotMatch(again.stdout, /First account created/);
      assert.doesNotMatch(again.stdout, /Password:/);

      assert.ok(await login(again.url, credentials.email, credentials.password), 'the first password still works');
      // The token of the first run is still valid: the signing secret persisted too.
      const message = envelope(await call(again.url, `/notify/v1/messages/${messageId}`, { token }), 200);
      assert.equal(message.recipients[0].state, 'sent', 'the delivered message persisted');
      assert.deepEqual(await stopServer(again), { code: 0, signal: null });
    });
  });
}

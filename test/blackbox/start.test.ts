/**
 * Black box: the real program, started as `npm start` starts it (`node bin/postwire.mjs
 * start`), talked to over HTTP with fetch. Only what an operator and a client see:
 * stdout, the exit code, and the API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, startPostwire, stopAll as stopAllPostwire, stopPostwire, type ApiReply, type PostwireProcess } from '../helpers/process.js';

async function stopAll(): Promise<void> {
  const results = await stopAllPostwire();
  for (const result of results) assert.deepEqual(result, { code: 0, signal: null }, 'graceful shutdown exits with code 0');
}

/** The five-key envelope with the given status; returns resultObject. */
function envelope(reply: ApiReply, status: number): any {
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
  const token = envelope(await callApi(base, '/token', { json: { EmailAddress: email, Password: password } }), 200);
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
    let server: PostwireProcess;
    let credentials: { email: string; password: string };
    let token: string;
    let messageId: string;

    before(async () => {
      database = await createTestDatabase(dialect);
      env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl };
      server = await startPostwire('start', env);
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
      assert.deepEqual(envelope(await callApi(server.url, '/healthz'), 200), { status: 'ok' });
      assert.deepEqual(envelope(await callApi(server.url, '/readyz'), 200), { status: 'ready' });
    });

    it('serves the documentation UI at /docs, an HTML page a browser can open', async () => {
      const reply = await fetch(new URL('/docs', server.url), { redirect: 'follow' });
      assert.equal(reply.status, 200);
      assert.match(reply.headers.get('content-type') ?? '', /^text\/html/);
      const page = await reply.text();
      assert.match(page, /<html/i);
      assert.match(page, /swagger-ui/i);
    });

    it('serves an OpenAPI document at /docs/json that lists /notify/v1/send', async () => {
      const reply = await callApi(server.url, '/docs/json');
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
      const reply = await callApi(server.url, '/token/', {
        json: { EmailAddress: credentials.email, Password: credentials.password },
        headers: { 'cache-control': 'no-cache' },
      });
      const result = envelope(reply, 200);
      assert.equal(result.token_type, 'Bearer');
      assert.equal(result.expires_in, 3600);
      assert.equal(typeof result.access_token, 'string');
      assert.match(result.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'JWT-shaped');
      token = result.access_token;
    });

    it('issues a token for a form-urlencoded body on POST /token', async () => {
      const reply = await callApi(server.url, '/token', { form: { EmailAddress: credentials.email, Password: credentials.password } });
      const result = envelope(reply, 200);
      assert.equal(result.token_type, 'Bearer');
      assert.equal(result.expires_in, 3600);
      assert.match(result.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('refuses a wrong password and a request without a token with 401', async () => {
      const wrong = await callApi(server.url, '/token', { json: { EmailAddress: credentials.email, Password: `${credentials.password}x` } });
      envelope(wrong, 401);
      const anonymous = await callApi(server.url, '/notify/v1/senders');
      envelope(anonymous, 401);
      assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Bearer/);
    });

    it('lists the seeded sender on GET /notify/v1/senders', async () => {
      const list = envelope(await callApi(server.url, '/notify/v1/senders', { token }), 200);
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
      const sent = envelope(
        await callApi(server.url, '/notify/v1/send', {
          token,
          json: {
            from: { name: 'Black Box', email: credentials.email },
            to: [{ email: 'customer@example.net' }],
            subject: 'Black-box hello',
            htmlContent: '<p>Hello from <b>npm start</b></p>',
          },
        }),
        200,
      );
      assert.match(sent.id, HEX24);
      messageId = sent.id;

      const message = await until('the recipient to be sent', async () => {
        const detail = envelope(await callApi(server.url, `/notify/v1/messages/${messageId}`, { token }), 200);
        return detail.recipients[0].state === 'sent' ? detail : undefined;
      });
      assert.equal(message.id, messageId);
      assert.equal(message.recipients.length, 1);
      assert.equal(message.recipients[0].email, 'customer@example.net');

      const raw = await callApi(server.url, `/notify/v1/messages/${messageId}/raw`, { token });
      assert.equal(raw.status, 200);
      assert.match(raw.headers.get('content-type') ?? '', /^message\/rfc822/);
      assert.match(raw.text, /^Subject: Black-box hello\r?$/m);
      assert.match(raw.text, /^To: customer@example\.net\r?$/m);
      assert.match(raw.text, /^From: Black Box <admin@postwire\.local>\r?$/m);
      assert.match(raw.text, /^Message-ID: <[^>]+>\r?$/im);
      assert.match(raw.text, /Hello from/);
    });

    it('shuts down gracefully on SIGTERM with exit code 0', async () => {
      assert.deepEqual(await stopPostwire(server), { code: 0, signal: null });
    });

    it('a second start on the same data prints no new credentials and the old ones still work', async () => {
      const again = await startPostwire('start', env);
      assert.equal(again.credentials, undefined, `credentials printed again:\n${again.stdout}`);
      assert.doesNotMatch(again.stdout, /First account created/);
      assert.doesNotMatch(again.stdout, /Password:/);

      assert.ok(await login(again.url, credentials.email, credentials.password), 'the first password still works');
      // The token of the first run is still valid: the signing secret persisted too.
      const message = envelope(await callApi(again.url, `/notify/v1/messages/${messageId}`, { token }), 200);
      assert.equal(message.recipients[0].state, 'sent', 'the delivered message persisted');
      assert.deepEqual(await stopPostwire(again), { code: 0, signal: null });
    });
  });
}

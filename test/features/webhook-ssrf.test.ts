/**
 * Webhooks cannot be aimed at this server's own network (server-side request forgery):
 * internal addresses are refused when a webhook is registered, in every spelling; a name
 * is resolved once at the call (by a real DNS server on 127.0.0.1 here) and refused when
 * any of its addresses is internal; the connection goes to the address checked; redirects
 * are not followed; and a receiver's answer body is never shown. OUTBOUND_ALLOW lets an
 * operator allow named internal receivers.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { sendMessage } from '../helpers/delivery-api.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';

/** A receiver on a loopback address: counts calls and answers with `answer`. */
async function startReceiver(host: string, answer: (response: http.ServerResponse) => void = (r) => r.end('ok')) {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    calls.push(request.url ?? '');
    request.resume();
    request.on('end', () => answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    calls,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function expectUrlError(response: TestResponse, pattern?: RegExp): void {
  const body = expectEnvelope(response, 400);
  const error = (body.resultObject?.errors as { field: string; message: string }[] | undefined)?.find((e) => e.field === 'url');
  assert.ok(error, `expected an error on url, got ${response.text}`);
  if (pattern) assert.match(error.message, pattern);
}

/** Internal targets in the spellings a tenant could try, as URLs. */
const INTERNAL_URLS = [
  'http://127.0.0.1:8080/',
  'http://localhost/',
  'http://LOCALHOST./x',
  'http://app.localhost/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://0x7f.1/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::1]/',
  'http://[::]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://0.0.0.0/',
  'http://0/',
  'http://169.254.169.254/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'https://user:pw@10.1.2.3:8443/hook',
  'http://intranet/',
];

for (const dialect of DIALECTS) {
  describe(`webhooks reach only public addresses unless allowed [${dialect}]`, () => {
    let strict: TestApp;
    let allowing: TestApp;
    let dns: TestDnsServer;
    const closers: (() => Promise<unknown>)[] = [];

    const create = (app: TestApp, account: TestAccount, url: string) =>
      app.request({ method: 'POST', url: '/notify/v1/webhooks', token: account.token, body: { url, events: ['accepted'] } });

    before(async () => {
      dns = await startDnsServer();
      strict = await startTestApp(dialect);
      // 127.0.0.1 is allowed (where the receivers listen); 127.0.0.2 is not.
      allowing = await startTestApp(dialect, {
        worker: true,
        config: { outboundAllow: ['127.0.0.1'], dnsResolver: dns.address, webhookMaxAttempts: 1, webhookTimeoutMs: 3000 },
      });
    });
    after(async () => {
      await strict.close();
      await allowing.close();
      for (const close of closers) await close();
      await dns.close();
    });

    /** Registers a webhook, sends one message and waits for the first attempt's outcome. */
    async function attempt(url: string): Promise<{ lastStatus: number | null; lastError: string | null; status: string }> {
      const account = await allowing.signUp();
      const webhook = expectEnvelope(await create(allowing, account, url), 201).resultObject;
      await sendMessage(allowing, account, ['reader@example.net']);
      return eventually(
        async () => {
          const page = expectEnvelope(
            await allowing.request({ method: 'GET', url: `/notify/v1/webhooks/${webhook.id}/deliveries`, token: account.token }),
            200,
          ).resultObject;
          const [d] = page.items;
          return d && d.status !== 'pending' ? d : undefined;
        },
        15_000,
        `the delivery to ${url} to be attempted`,
      );
    }

    it('refuses an internal address or name at registration, in every spelling, with a 400 naming url (POST and PATCH)', async () => {
      const account = await strict.signUp();
      for (const url of INTERNAL_URLS) expectUrlError(await create(strict, account, url), /must be a public address/);
      const ok = expectEnvelope(await create(strict, account, 'https://hooks.example.com/postwire'), 201).resultObject;
      expectUrlError(
        await strict.request({ method: 'PATCH', url: `/notify/v1/webhooks/${ok.id}`, token: account.token, body: { url: 'http://[::ffff:7f00:1]/' } }),
        /loopback/,
      );
      expectEnvelope(await create(strict, account, 'http://93.184.216.34/hook'), 201);
      expectEnvelope(await create(strict, account, 'http://[2606:4700::1111]/hook'), 201);
    });

    it('OUTBOUND_ALLOW opens the addresses it names, not their neighbours', async () => {
      const account = await allowing.signUp();
      expectEnvelope(await create(allowing, account, 'http://127.0.0.1:9/hook'), 201);
      expectEnvelope(await create(allowing, account, 'http://127.1:9/hook'), 201);
      expectUrlError(await create(allowing, account, 'http://127.0.0.2:9/hook'), /loopback/);
      expectUrlError(await create(allowing, account, 'http://localhost:9/hook'), /internal host name/);
    });

    it('resolves a name at the call and refuses it when it resolves to an internal address; the host there gets no call', async () => {
      const inside = await startReceiver('127.0.0.2');
      closers.push(inside.close);
      dns.set('inside.hooks.test', { a: ['127.0.0.2'] });
      const refused = await attempt(`http://inside.hooks.test:${inside.port}/hook`);
      assert.equal(refused.status, 'failed');
      assert.equal(refused.lastStatus, null);
      assert.match(refused.lastError!, /refused: inside\.hooks\.test resolves to 127\.0\.0\.2 is loopback/);
      assert.equal(inside.calls.length, 0);
    });

    it('refuses a name when any one of its addresses is internal', async () => {
      const allowed = await startReceiver('127.0.0.1');
      closers.push(allowed.close);
      dns.set('mixed.hooks.test', { a: ['127.0.0.1', '169.254.169.254'] });
      const refused = await attempt(`http://mixed.hooks.test:${allowed.port}/hook`);
      assert.match(refused.lastError!, /169\.254\.169\.254 is link-local/);
      assert.equal(allowed.calls.length, 0);
      dns.set('mapped.hooks.test', { aaaa: ['::ffff:a00:1'] });
      assert.match((await attempt(`http://mapped.hooks.test:${allowed.port}/hook`)).lastError!, /carries 10\.0\.0\.1 is private/);
    });

    it('connects to the address it checked: a name only the configured DNS server knows is delivered without a second look-up', async () => {
      // The system resolver does not know this name: had the connection resolved it again, it would fail.
      const receiver = await startReceiver('127.0.0.1');
      closers.push(receiver.close);
      dns.set('pinned.hooks.test', { a: ['127.0.0.1'] });
      const done = await attempt(`http://pinned.hooks.test:${receiver.port}/pinned`);
      assert.equal(done.status, 'delivered', JSON.stringify(done));
      assert.deepEqual(receiver.calls, ['/pinned']);
    });

    it('never shows what a receiver answered, only its status; does not follow a redirect', async () => {
      const elsewhere = await startReceiver('127.0.0.1');
      closers.push(elsewhere.close);
      const leaky = await startReceiver('127.0.0.1', (r) =>
        r.writeHead(500, 'Internal secrets: root=hunter2', { 'content-type': 'text/plain' }).end('db password hunter2'),
      );
      closers.push(leaky.close);
      const failed = await attempt(`http://127.0.0.1:${leaky.port}/hook`);
      assert.equal(failed.lastStatus, 500);
      assert.equal(failed.lastError, 'HTTP 500 Internal Server Error');

      const redirecting = await startReceiver('127.0.0.1', (r) => r.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/stolen` }).end());
      closers.push(redirecting.close);
      const redirected = await attempt(`http://127.0.0.1:${redirecting.port}/hook`);
      assert.equal(redirected.lastStatus, 302);
      assert.equal(redirected.lastError, 'HTTP 302 Found');
      assert.equal(elsewhere.calls.length, 0, 'the redirect was not followed');
      assert.equal(redirecting.calls.length, 1);
    });
  });
}

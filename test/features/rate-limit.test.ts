/**
 * Rate limits as a client sees them: a 429 envelope with Retry-After once a credential
 * or an IP address has used up its requests, health and docs never limited, exempt
 * addresses skipping the per-IP limits, and POST /token's guard against password
 * guessing (failures per address, per IP and from everywhere; successes never count,
 * so a guesser on another address cannot lock the owner out). Every case runs with the
 * counters in memory and in a real Redis (127.0.0.1:6379, a fresh key prefix per app);
 * with Redis, two API processes share their counters.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { Config } from '../../src/config.js';
import { createLogger, createRuntime } from '../../src/runtime.js';
import { loadConfig } from '../../src/config.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type RequestOptions, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const STORES = ['memory', 'redis'] as const;

/** Limits so high that only the one a test lowers can be reached. */
const QUIET: Partial<Config> = {
  rateLimitPerMinute: 100_000,
  rateLimitPerIpPerMinute: 100_000,
  rateLimitExemptIps: [],
  loginAttemptsPerIp: 100_000,
  loginFailuresPerEmailAndIp: 100_000,
  loginFailuresPerEmail: 100_000,
  formSubmissionsPerIpPerMinute: 100_000,
};

function expectRateLimited(response: TestResponse, what: RegExp): number {
  const body = expectEnvelope(response, 429);
  assert.match(body.resultMessage, what);
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After is ${response.headers['retry-after']}`);
  assert.match(body.resultMessage, new RegExp(`Retry in ${retryAfter} second`));
  return retryAfter;
}

before(async () => {
  // Say plainly what is missing instead of failing every Redis case with a connection error.
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `these tests need Redis on 127.0.0.1:6379 and cannot reach it (${(error as Error).message}); start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`,
    );
  } finally {
    redis.disconnect();
  }
});

const prefixes: string[] = [];
after(async () => {
  // Leave nothing behind in the shared Redis.
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

for (const dialect of DIALECTS) {
  for (const store of STORES) {
    describe(`rate limits, ${store} store [${dialect}]`, () => {
      const apps: TestApp[] = [];
      /**
       * The memory store's windows are timed by the app's clock, which a test moves past a
       * window's end; Redis times its counters itself, so there a test waits for the end.
       */
      const clock = new TestClock();
      const pastWindow = async (ms: number) => {
        if (store === 'memory') clock.advance(ms);
        else await new Promise((resolve) => setTimeout(resolve, ms));
      };
      const start = async (config: Partial<Config>) => {
        const prefix = `postwire-test:${randomBytes(6).toString('hex')}:`;
        prefixes.push(prefix);
        const app = await startTestApp(dialect, {
          clock,
          config: { ...QUIET, ...(store === 'redis' ? { redisUrl: REDIS_URL, redisKeyPrefix: prefix } : {}), ...config },
        });
        apps.push(app);
        return app;
      };
      after(() => Promise.all(apps.map((a) => a.close())));

      /** A request from a given client address. */
      const from = (app: TestApp, ip: string, o: Omit<RequestOptions, 'remoteAddress'>) => app.request({ ...o, remoteAddress: ip });
      const login = (app: TestApp, ip: string, account: TestAccount, password = account.password) =>
        from(app, ip, { method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: password } });

      it('a credential that used up its requests per minute gets 429 with Retry-After; other credentials do not', async () => {
        const app = await start({ rateLimitPerMinute: 4 });
        const a = await app.signUp();
        const b = await app.signUp();
        const get = (token: string) => app.request({ method: 'GET', url: '/notify/v1/senders', token });
        for (let i = 0; i < 4; i++) expectEnvelope(await get(a.token), 200);
        const retryAfter = expectRateLimited(await get(a.token), /requests with this credential \(limit 4 per minute\)/);
        assert.ok(retryAfter <= 60);
        // The same user logging in again is the same credential (the user the token was issued to).
        const again = expectEnvelope(
          await app.request({ method: 'POST', url: '/token', body: { EmailAddress: a.email, Password: a.password } }),
          200,
        ).resultObject;
        expectRateLimited(await get(again.access_token), /credential/);
        // Another user, and an API key of the limited user's account, count on their own.
        expectEnvelope(await get(b.token), 200);
        const key = expectEnvelope(await app.request({ method: 'POST', url: '/account/apikeys', token: b.token, body: { name: 'ci', scopes: ['read'] } }), 201)
          .resultObject.key;
        for (let i = 0; i < 4; i++) expectEnvelope(await get(key), 200);
        expectRateLimited(await get(key), /credential/);
        expectEnvelope(await get(b.token), 200);
        if (store === 'memory') {
          // A new minute: the credential's window starts again.
          clock.advance(60_000);
          expectEnvelope(await get(a.token), 200);
        }
      });

      it('an IP address that used up its requests per minute gets 429 on every area, authenticated or not; health and docs stay open', async () => {
        const app = await start({ rateLimitPerIpPerMinute: 5 });
        const account = await app.signUp();
        const ip = '203.0.113.7';
        expectEnvelope(await from(app, ip, { method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
        expectEnvelope(await from(app, ip, { method: 'GET', url: '/notify/v1/messages' }), 401);
        expectEnvelope(await from(app, ip, { method: 'GET', url: '/account', token: account.token }), 200);
        expectEnvelope(await from(app, ip, { method: 'GET', url: '/no/such/route' }), 404);
        expectEnvelope(await from(app, ip, { method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: account.password } }), 200);
        expectRateLimited(
          await from(app, ip, { method: 'GET', url: '/notify/v1/senders', token: account.token }),
          /requests from this IP address \(limit 5 per minute\)/,
        );
        expectRateLimited(await from(app, ip, { method: 'GET', url: '/account/payments', token: account.token }), /IP address/);
        expectRateLimited(
          await from(app, ip, { method: 'POST', url: '/token', body: { EmailAddress: account.email, Password: account.password } }),
          /IP address/,
        );
        for (const url of ['/healthz', '/readyz', '/docs/json']) {
          const response = await from(app, ip, { method: 'GET', url });
          assert.equal(response.status, 200, `${url}: ${response.text.slice(0, 200)}`);
        }
        // Another address, and an IPv4-mapped IPv6 form of it, are counted apart from the first.
        expectEnvelope(await from(app, '198.51.100.1', { method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
        expectEnvelope(await from(app, '::ffff:198.51.100.2', { method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
      });

      it("a sign-up form's POST has a per-IP limit of its own, far below the API's: a 429 page with Retry-After; other IPs, the page and the API go on", async () => {
        const app = await start({ formSubmissionsPerIpPerMinute: 3 });
        const account = await app.signUp();
        const api = async (url: string, body: unknown) =>
          expectEnvelope(await app.request({ method: 'POST', url, token: account.token, body }), 201).resultObject;
        const list = (await api('/inbox/v1/contactlists', { listName: 'Limited' })).id;
        const paths = [];
        for (const title of ['One', 'Two']) paths.push(new URL((await api('/inbox/v1/forms', { title, listIds: [list] })).formUrl).pathname);
        const post = (ip: string, path: string) =>
          from(app, ip, {
            method: 'POST',
            url: path,
            payload: new URLSearchParams({ email: 'reader@example.net', website: '', token: 'x' }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
        const ip = '203.0.113.40';
        for (let i = 0; i < 3; i++) assert.equal((await post(ip, paths[i % 2]!)).status, 200);
        // Every form together: the next POST from that address, to either form, is refused.
        for (const path of paths) {
          const limited = await post(ip, path);
          assert.equal(limited.status, 429, limited.text);
          assert.match(String(limited.headers['content-type']), /^text\/html/, 'a page for the visitor, like the rest of the form');
          const retryAfter = Number(limited.headers['retry-after']);
          assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After is ${limited.headers['retry-after']}`);
          assert.match(limited.text, new RegExp(`Try again in ${retryAfter} second`));
          assert.match(String(limited.headers['content-security-policy']), /default-src 'none'/);
        }
        assert.equal((await post('198.51.100.40', paths[0]!)).status, 200, 'another address is counted apart');
        assert.equal((await from(app, ip, { method: 'GET', url: paths[0]! })).status, 200, 'the page itself is not limited by it');
        expectEnvelope(await from(app, ip, { method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
      });

      it('addresses in RATE_LIMIT_EXEMPT_IPS skip the per-IP limit (loopback by default), not the per-credential one', async () => {
        const app = await start({ rateLimitPerIpPerMinute: 2, rateLimitPerMinute: 6, rateLimitExemptIps: loadConfig({}).rateLimitExemptIps });
        assert.deepEqual(app.runtime.config.rateLimitExemptIps, ['127.0.0.1', '::1']);
        const account = await app.signUp();
        for (let i = 0; i < 6; i++) expectEnvelope(await from(app, '127.0.0.1', { method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
        expectRateLimited(await from(app, '127.0.0.1', { method: 'GET', url: '/notify/v1/senders', token: account.token }), /credential/);
        for (let i = 0; i < 2; i++) expectEnvelope(await from(app, '192.0.2.9', { method: 'GET', url: '/healthz' }), 200);
        for (let i = 0; i < 2; i++) expectEnvelope(await from(app, '192.0.2.9', { method: 'GET', url: '/notify/v1/senders' }), 401);
        expectRateLimited(await from(app, '192.0.2.9', { method: 'GET', url: '/notify/v1/senders' }), /IP address/);
      });

      it('behind a proxy named in TRUST_PROXY, each client is counted by its X-Forwarded-For address; an unnamed proxy cannot choose one', async () => {
        const app = await start({ rateLimitPerIpPerMinute: 2, rateLimitExemptIps: ['127.0.0.1'], trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
        const via = (proxy: string, client: string) =>
          app.request({ method: 'GET', url: '/notify/v1/senders', remoteAddress: proxy, headers: { 'x-forwarded-for': client } });
        // Through the exempt local proxy, clients are limited one by one, not exempt as the proxy is.
        for (let i = 0; i < 2; i++) expectEnvelope(await via('127.0.0.1', '203.0.113.7'), 401);
        expectRateLimited(await via('127.0.0.1', '203.0.113.7'), /IP address/);
        expectRateLimited(await via('10.1.2.3', '203.0.113.7'), /IP address/);
        expectEnvelope(await via('127.0.0.1', '203.0.113.8'), 401);
        // A connection from an address not named is its own client, whatever it claims.
        for (let i = 0; i < 2; i++) expectEnvelope(await via('198.51.100.20', '127.0.0.1'), 401);
        expectRateLimited(await via('198.51.100.20', '127.0.0.1'), /IP address/);
      });

      it('POST /token: failed logins for an address lock out only the IP that failed; the owner elsewhere still logs in; successes never count', async () => {
        const app = await start({ loginFailuresPerEmailAndIp: 3, loginFailuresPerEmail: 100 });
        const owner = await app.signUp();
        const guesser = '203.0.113.66';
        for (let i = 0; i < 3; i++) expectEnvelope(await login(app, guesser, owner, `guess-${i}`), 401);
        // The guesser's next try is refused before the password is looked at, right or wrong.
        expectRateLimited(await login(app, guesser, owner, 'guess-4'), /failed logins for this email address \(limit 3 per 300 seconds\)/);
        expectRateLimited(await login(app, guesser, owner), /failed logins/);
        // The owner, on another address, is not locked out.
        expectEnvelope(await login(app, '198.51.100.20', owner), 200);
        // Another address from the guesser's IP is not affected.
        const neighbour = await app.signUp();
        expectEnvelope(await login(app, guesser, neighbour), 200);
        // Correct logins do not count: ten in a row from one IP all work.
        for (let i = 0; i < 10; i++) expectEnvelope(await login(app, '198.51.100.21', neighbour), 200);
        // The address is compared without case.
        expectRateLimited(
          await from(app, guesser, { method: 'POST', url: '/token', body: { EmailAddress: owner.email.toUpperCase(), Password: 'x' } }),
          /failed logins/,
        );
      });

      it('POST /token: failures for an address from many IPs together lock it everywhere, until the window ends', async () => {
        const app = await start({ loginFailuresPerEmailAndIp: 100, loginFailuresPerEmail: 4, loginRateWindowSeconds: 2 });
        const owner = await app.signUp();
        for (let i = 0; i < 4; i++) expectEnvelope(await login(app, `203.0.113.${10 + i}`, owner, 'wrong'), 401);
        const retryAfter = expectRateLimited(await login(app, '198.51.100.30', owner), /failed logins for this email address \(limit 4 per 2 seconds\)/);
        assert.ok(retryAfter <= 2);
        // The lock ends with the window (fixed windows: it started with the first failure).
        await pastWindow(2_100);
        expectEnvelope(await login(app, '198.51.100.30', owner), 200);
      });

      it('POST /token: the lock from many IPs does not keep the owner out where they logged in before; guessing there is still limited', async () => {
        const app = await start({ loginFailuresPerEmailAndIp: 3, loginFailuresPerEmail: 4 });
        const owner = await app.signUp();
        expectEnvelope(await login(app, '198.51.100.40', owner), 200);
        for (let i = 0; i < 4; i++) expectEnvelope(await login(app, `203.0.113.${30 + i}`, owner, 'wrong'), 401);
        // Locked for a new address, open at the owner's own one.
        expectRateLimited(await login(app, '198.51.100.41', owner), /failed logins for this email address/);
        expectEnvelope(await login(app, '198.51.100.40', owner), 200);
        // From the owner's address, a guesser still meets the per-(email, IP) limit.
        for (let i = 0; i < 3; i++) expectEnvelope(await login(app, '198.51.100.40', owner, 'wrong'), 401);
        expectRateLimited(await login(app, '198.51.100.40', owner), /failed logins for this email address/);
      });

      it('POST /token: guesses sent all at once meet the failure limit as if sent one by one; the right password after them is refused', async () => {
        const app = await start({ loginFailuresPerEmailAndIp: 10, loginFailuresPerEmail: 25 });
        const owner = await app.signUp();
        const statuses = async (answers: Promise<TestResponse>[]) => {
          const counts: Record<number, number> = {};
          for (const answer of await Promise.all(answers)) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          return counts;
        };
        // From one IP: the per-(email, IP) limit lets 10 be checked, however many arrive together.
        assert.deepEqual(await statuses(Array.from({ length: 60 }, (_, i) => login(app, '203.0.113.77', owner, `guess-${i}`))), { 401: 10, 429: 50 });
        expectRateLimited(await login(app, '203.0.113.77', owner), /failed logins for this email address \(limit 10 per 300 seconds\)/);
        // From many IPs at once: the all-IPs limit lets 25 be checked in all (10 above, 15 now).
        assert.deepEqual(await statuses(Array.from({ length: 60 }, (_, i) => login(app, `198.51.100.${100 + i}`, owner, `guess-${i}`))), { 401: 15, 429: 45 });
        expectRateLimited(await login(app, '192.0.2.55', owner), /failed logins for this email address \(limit 25 per 300 seconds\)/);
      });

      it('POST /token: one IP address may try only so many logins per window, right or wrong', async () => {
        const app = await start({ loginAttemptsPerIp: 3 });
        const account = await app.signUp();
        const ip = '203.0.113.99';
        expectEnvelope(await login(app, ip, account), 200);
        expectEnvelope(await login(app, ip, account, 'wrong'), 401);
        expectEnvelope(await login(app, ip, account), 200);
        expectRateLimited(await login(app, ip, account), /login attempts from this IP address \(limit 3 per 300 seconds\)/);
        expectEnvelope(await login(app, '203.0.113.100', account), 200);
      });

      if (store === 'redis') {
        it('two API processes with one Redis share their counters', async () => {
          const prefix = `postwire-test:${randomBytes(6).toString('hex')}:`;
          prefixes.push(prefix);
          const app = await start({ rateLimitPerMinute: 4, redisKeyPrefix: prefix });
          const config = loadConfig({ LOG_LEVEL: 'silent' }, { ...app.runtime.config, redisKeyPrefix: prefix });
          const second = await createRuntime(config, { api: true, worker: false }, createLogger(config));
          try {
            await second.app!.ready();
            const account = await app.signUp();
            const viaSecond = () => second.app!.inject({ method: 'GET', url: '/notify/v1/senders', headers: { authorization: `Bearer ${account.token}` } });
            for (let i = 0; i < 2; i++) expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
            for (let i = 0; i < 2; i++) assert.equal((await viaSecond()).statusCode, 200);
            const refused = await viaSecond();
            assert.equal(refused.statusCode, 429);
            expectRateLimited(await app.request({ method: 'GET', url: '/notify/v1/senders', token: account.token }), /credential/);
          } finally {
            await second.close();
          }
        });

        it('with Redis unreachable, requests are let through (limits never cause an outage)', async () => {
          const app = await start({ rateLimitPerMinute: 1, rateLimitPerIpPerMinute: 1, redisUrl: 'redis://127.0.0.1:1' });
          const account = await app.signUp();
          for (let i = 0; i < 3; i++) expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders', token: account.token }), 200);
        });
      }
    });
  }
}

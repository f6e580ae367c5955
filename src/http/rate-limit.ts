/**
 * Rate limits (@fastify/rate-limit; counters in Redis when REDIS_URL is set, so every
 * API process shares them, otherwise in this process's memory). Four kinds:
 *
 *   per IP           every request except health, /metrics and /docs, before anything
 *                    else is done for it (RATE_LIMIT_PER_IP_PER_MINUTE); and, far
 *                    stricter, a route's own (`perIp`): the POST of a sign-up form
 *                    (FORM_SUBMISSIONS_PER_IP_PER_MINUTE)
 *   per credential   every authenticated request, keyed by the API key or the user the
 *                    token was issued to, after authentication (RATE_LIMIT_PER_MINUTE)
 *   POST /token      attempts per IP (LOGIN_ATTEMPTS_PER_IP), and failed logins per
 *                    address: from one IP (LOGIN_FAILURES_PER_EMAIL_AND_IP) and from all
 *                    IPs together (LOGIN_FAILURES_PER_EMAIL), per LOGIN_RATE_WINDOW_SECONDS
 *
 * Password guessing against one address is slowed by the failure counters, which
 * count only failures: the owner, logging in correctly, never adds to them. An
 * attacker who shares no IP address with the owner fills only the strict per-IP
 * counter and so cannot lock the owner out; the all-IPs counter, much higher, stops a
 * guesser spread over many addresses, and its lock ends one window after the last
 * failure. Windows are fixed: a counter starts with its first hit and expires whole.
 * A login takes its place in the failure counters before its password is checked and
 * gives it back when it was not a failure (login-failures.ts), so guesses sent all at
 * once cannot all be checked before the first of them is counted.
 *
 * Addresses in RATE_LIMIT_EXEMPT_IPS (loopback by default: the benchmark, a reverse
 * proxy on the same host, local scripts) skip the per-IP limits, not the others.
 * When the counter store fails (Redis down) requests are let through and a warning is
 * logged: limits protect the service, they are not worth an outage.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Principal } from './principal.js';
import { normalizeEmail } from '../lib/email-address.js';
import { MemoryFailureCounter, RedisFailureCounter, type FailureCounter } from './login-failures.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** Routes a supervisor, a scraper or a person reading the docs must always reach. */
function isExemptRoute(url: string | undefined): boolean {
  return url === '/healthz' || url === '/readyz' || url === '/metrics' || (url !== undefined && (url === '/docs' || url.startsWith('/docs/')));
}

const MEMORY_STORE_KEYS = 50_000;

/** The routes where an email address and password are exchanged for a token. */
const LOGIN_ROUTES = new Set(['POST /token']);
/** How long a successful login makes its IP address a known one for that email (rate-limit.ts, login guard). */
const KNOWN_LOGIN_WINDOW_MS = 30 * 24 * 3_600_000;

type Check = (
  request: FastifyRequest,
  options?: { increment?: boolean },
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; remaining: number; ttlInSeconds: number; max: number }>;

function tooMany(what: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError('rate_limited', `Too many ${what}. Retry in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** Throws the 429 when `check` counts this request over its limit. */
async function enforce(check: Check, request: FastifyRequest, what: string): Promise<void> {
  const result = await check(request);
  if (!result.isAllowed && result.isExceeded) throw tooMany(what, result.ttlInSeconds);
}

/** The credential a request was authenticated with: an API key, or the user a token was issued to. */
function credentialKey(principal: Principal): string {
  return principal.apiKeyId ? `key:${principal.apiKeyId}` : `user:${principal.userId}`;
}

function loginEmail(request: FastifyRequest): string {
  const body = request.body;
  return normalizeEmail(String((body !== null && typeof body === 'object' && 'EmailAddress' in body ? body.EmailAddress : undefined) ?? ''));
}

/** A route's own per-IP limit: the seconds to wait when this request is over it, else undefined. */
export type IpLimit = (request: FastifyRequest) => Promise<number | undefined>;

export interface RateLimits {
  /** Adds the per-credential limit to an authenticated scope; call after its authentication hook. */
  limitPerCredential(scope: FastifyInstance): void;
  /**
   * A per-IP limit of its own for a route that must be far stricter than the one of every
   * route (a public form's POST), counted in the same store; `name` keeps its counters
   * apart. The route decides what the refusal looks like. Exempt addresses skip it, as
   * every per-IP limit; undefined when `max` is 0 (no limit).
   */
  perIp(name: string, max: number, windowMs: number): IpLimit | undefined;
}

/**
 * Registers the limits on `app`; must run before the routes are added (the login
 * limits attach to POST /token as it is registered).
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, log: Logger, clock: Clock = systemClock): Promise<RateLimits> {
  let redis: import('ioredis').Redis | undefined;
  let warnStore: (error: Error) => void = () => undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    // No offline queue and one try per command: with Redis away a request fails over
    // to "allowed" at once instead of waiting for a reconnect.
    redis = new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let warned = 0;
    warnStore = (error: Error) => {
      if (Date.now() - warned < 60_000) return;
      warned = Date.now();
      log.warn({ err: error }, 'the rate-limit store (Redis) is unreachable; requests are not rate limited until it is back');
    };
    redis.on('error', warnStore);
    app.addHook('onClose', async () => {
      redis!.disconnect();
    });
    // Connected before the first request, so none slips through uncounted; if Redis is
    // away now, the API starts anyway and ioredis keeps reconnecting.
    await redis.connect().catch(warnStore);
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}ratelimit:` } : { store: memoryStore(clock) }),
  });

  const exempt = new Set(config.rateLimitExemptIps.map((ip) => normalizeIP(ip, 128)));
  const ipOf = (request: FastifyRequest) => normalizeIP(request.ip);
  const isExemptIp = (request: FastifyRequest) => exempt.has(normalizeIP(request.ip, 128));
  // `cache`: counters kept per limiter by the memory store (least recently used dropped).
  const limiter = (max: number, timeWindow: number, key: (request: FastifyRequest) => string): Check =>
    app.createRateLimit({ max, timeWindow, keyGenerator: key, cache: MEMORY_STORE_KEYS } as Parameters<
      FastifyInstance['createRateLimit']
    >[0]) as unknown as Check;

  // A client that sent junk after its request in the same write: Node refused the junk
  // (client-errors.ts) and closed the connection, so this request can be answered to no
  // one and its address is gone. It is the client's fault; stop here, before any limit
  // needs the address (and before a TypeError about it would be logged as our own error).
  app.addHook('onRequest', async (request) => {
    if (request.ip === undefined) throw new AppError('bad_request', 'The connection was closed before the request could be answered.');
  });

  const minute = 60_000;
  if (config.rateLimitPerIpPerMinute > 0) {
    const perIp = limiter(config.rateLimitPerIpPerMinute, minute, (r) => `ip:${ipOf(r)}`);
    app.addHook('onRequest', async (request) => {
      if (isExemptRoute(request.routeOptions.url) || isExemptIp(request)) return;
      await enforce(perIp, request, `requests from this IP address (limit ${config.rateLimitPerIpPerMinute} per minute)`);
    });
  }

  const window = config.loginRateWindowSeconds * 1000;
  const attemptsPerIp = limiter(config.loginAttemptsPerIp, window, (r) => `login-ip:${ipOf(r)}`);
  // Reserved before the password is checked, so concurrent guesses cannot all slip under the limit (login-failures.ts).
  const failures: FailureCounter = redis
    ? new RedisFailureCounter(redis, `${config.redisKeyPrefix}login-failures:`, window, warnStore)
    : new MemoryFailureCounter(window, MEMORY_STORE_KEYS, clock);
  // An IP address this email logged in from lately. The lock on an address from all IPs
  // together (per email) does not hold there: otherwise a guesser spread over many
  // addresses could keep the owner locked out for as long as it kept guessing. Guessing from
  // such an address still meets the per-(email, IP) limit.
  const knownLogins = limiter(1_000_000_000, KNOWN_LOGIN_WINDOW_MS, (r) => `login-ok:${JSON.stringify([ipOf(r), loginEmail(r)])}`);
  // The email is the client's text: distinct prefixes and a JSON pair, so no email can spell another key.
  const failureCounters = [
    { key: (r: FastifyRequest) => `email-ip:${JSON.stringify([ipOf(r), loginEmail(r)])}`, max: config.loginFailuresPerEmailAndIp, waivedForKnownIp: false },
    { key: (r: FastifyRequest) => `email:${loginEmail(r)}`, max: config.loginFailuresPerEmail, waivedForKnownIp: true },
  ].filter((c) => c.max > 0);
  /** The failure-counter places each login attempt holds until its outcome is known. */
  const reserved = new WeakMap<FastifyRequest, string[]>();

  /** Before the password is checked: refuse when the IP or the address has used up its attempts. */
  const guardLogin = async (request: FastifyRequest) => {
    if (config.loginAttemptsPerIp > 0 && !isExemptIp(request)) {
      await enforce(
        attemptsPerIp,
        request,
        `login attempts from this IP address (limit ${config.loginAttemptsPerIp} per ${config.loginRateWindowSeconds} seconds)`,
      );
    }
    const held: string[] = [];
    reserved.set(request, held);
    for (const { key, max, waivedForKnownIp } of failureCounters) {
      const counterKey = key(request);
      const place = await failures.reserve(counterKey);
      if (!place) continue;
      held.push(counterKey);
      if (place.count <= max) continue;
      if (waivedForKnownIp) {
        const known = await knownLogins(request, { increment: false });
        if (!known.isAllowed && known.remaining < known.max) continue;
      }
      throw tooMany(`failed logins for this email address (limit ${max} per ${config.loginRateWindowSeconds} seconds)`, place.ttlSeconds);
    }
  };
  /** After it: only a refused password keeps its places (a success gives them back, and makes the IP a known one). */
  const countOutcome = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = reserved.get(request) ?? [];
    reserved.delete(request);
    if (reply.statusCode !== 401) for (const counterKey of held) await failures.release(counterKey);
    if (reply.statusCode === 200 && config.loginFailuresPerEmail > 0) await knownLogins(request);
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => LOGIN_ROUTES.has(`${m} ${route.url}`))) return;
    route.preHandler = [...toArray(route.preHandler), guardLogin] as typeof route.preHandler;
    route.onSend = [...toArray(route.onSend), countOutcome] as typeof route.onSend;
  });

  return {
    perIp(name, max, windowMs) {
      if (max <= 0) return undefined;
      const check = limiter(max, windowMs, (r) => `${name}:${ipOf(r)}`);
      return async (request) => {
        if (isExemptIp(request)) return undefined;
        const result = await check(request);
        return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : undefined;
      };
    },
    limitPerCredential(scope) {
      if (config.rateLimitPerMinute <= 0) return;
      const perCredential = limiter(config.rateLimitPerMinute, minute, (r) => `cred:${credentialKey(r.principal)}`);
      scope.addHook('onRequest', async (request) => {
        await enforce(perCredential, request, `requests with this credential (limit ${config.rateLimitPerMinute} per minute)`);
      });
    },
  };
}

interface WindowCount {
  current: number;
  ttl: number;
}
type StoreCallback = (error: Error | null, result: WindowCount) => void;

/**
 * The counters in memory when there is no Redis, as the plugin's own store keeps them (fixed
 * windows, the least recently used key dropped past `cache` keys) but timed by `clock`. The
 * plugin builds one per limiter with `child`.
 */
function memoryStore(clock: Clock) {
  return class ClockedMemoryStore {
    private readonly counters = new Map<string, { count: number; startedAt: number }>();
    private readonly maxKeys: number;

    constructor(options: object = {}) {
      this.maxKeys = (options as { cache?: number }).cache ?? MEMORY_STORE_KEYS;
    }

    incr(key: string, done: StoreCallback, windowMs: number): void {
      const now = clock.now();
      let counter = this.counters.get(key);
      this.counters.delete(key);
      if (!counter || counter.startedAt + windowMs <= now) counter = { count: 0, startedAt: now };
      counter.count++;
      this.counters.set(key, counter);
      if (this.counters.size > this.maxKeys) this.counters.delete(this.counters.keys().next().value!);
      done(null, { current: counter.count, ttl: counter.startedAt + windowMs - now });
    }

    read(key: string, done: StoreCallback, windowMs: number): void {
      const now = clock.now();
      const counter = this.counters.get(key);
      if (!counter || counter.startedAt + windowMs <= now) done(null, { current: 0, ttl: 0 });
      else done(null, { current: counter.count, ttl: counter.startedAt + windowMs - now });
    }

    child(options: object): ClockedMemoryStore {
      return new ClockedMemoryStore(options);
    }
  };
}

function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

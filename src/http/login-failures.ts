/**
 * Failed-login counters that are reserved before the password is checked.
 *
 * Why not @fastify/rate-limit's counters, as for the other limits: they can only be
 * read or incremented. Counting a failure after the check means reading the count
 * before it, and a password check takes tens of milliseconds: three hundred guesses sent
 * at once all read "0 failures so far", all got checked, and the limit of 10 meant
 * nothing. So each attempt takes a place in the counter first, in one atomic step (one
 * synchronous Map update in memory; one Lua script in Redis, so every API process shares
 * the count), and is refused when its place is beyond the limit. The places of attempts
 * that turn out not to be failures (a correct password, a refusal for another reason) are
 * given back afterwards, so the owner's own logins never count against them.
 *
 * Windows are fixed, as for the other limits: a counter starts with its first attempt
 * and expires whole. When Redis is unreachable the attempt is let through (with a
 * warning from rate-limit.ts), as every other limit does.
 */
import type { Redis } from 'ioredis';
import { systemClock, type Clock } from '../lib/clock.js';

export interface Reservation {
  /** This attempt's place, from 1; beyond the limit means refused. */
  count: number;
  /** Seconds until the counter's window ends. */
  ttlSeconds: number;
}

export interface FailureCounter {
  /** Takes the next place in the counter of `key`. Undefined when the store could not be reached. */
  reserve(key: string): Promise<Reservation | undefined>;
  /** Gives a place back (the attempt was not a failure). */
  release(key: string): Promise<void>;
}

/** INCR that starts the window on the first place; answers the new count and the window's remaining ms. */
const RESERVE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** DECR only while the window lives and above zero: a late release never starts a new window. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  async reserve(key: string): Promise<Reservation | undefined> {
    try {
      const [count, ttlMs] = (await this.redis.eval(RESERVE_SCRIPT, 1, this.prefix + key, String(this.windowMs))) as [number, number];
      return { count, ttlSeconds: Math.ceil(Math.max(ttlMs, 0) / 1000) };
    } catch (error) {
      this.onError(error as Error);
      return undefined;
    }
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key).catch((error: Error) => this.onError(error));
  }
}

export class MemoryFailureCounter implements FailureCounter {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async reserve(key: string): Promise<Reservation> {
    const now = this.clock.now();
    let counter = this.counters.get(key);
    if (!counter || counter.endsAt <= now) {
      // The oldest key goes first when the map is full (insertion order).
      if (!counter && this.counters.size >= this.maxKeys) this.counters.delete(this.counters.keys().next().value!);
      counter = { count: 0, endsAt: now + this.windowMs };
      this.counters.set(key, counter);
    }
    counter.count++;
    return { count: counter.count, ttlSeconds: Math.ceil((counter.endsAt - now) / 1000) };
  }

  async release(key: string): Promise<void> {
    const counter = this.counters.get(key);
    if (counter && counter.endsAt > this.clock.now() && counter.count > 0) counter.count--;
  }
}

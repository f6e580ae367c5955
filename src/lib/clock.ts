/**
 * Where the code that decides by time (leases, retries, rate windows, token expiry, pacing,
 * scheduled sends) reads the time and waits. The running program uses `systemClock`; a test
 * passes its own (test/helpers/clock.ts) and moves it forward instead of sleeping.
 *
 * Every service reads the time through the clock its area module gives it (area.ts). Log
 * timestamps, durations measured for metrics, the lifetimes of caches (MX routes, DKIM keys,
 * idle SMTP pools) and the CLI's own commands read the real clock directly: they decide
 * nothing a user sees by the time.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /**
   * Resolves once `ms` have passed on this clock; rejects (AbortError) when `signal` aborts
   * first. A clock a test moves forward resolves it when moved past its end.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, signal ? { signal } : undefined),
};

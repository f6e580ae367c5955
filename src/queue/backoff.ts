/**
 * When to try a deferred delivery again: exponential from one minute (RETRY_FIRST_DELAY_MS),
 * capped at one hour between attempts, with ±20 % jitter so a relay coming back is not hit
 * by every deferred message in the same second.
 */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_INTERVAL_MS = 60 * 60_000;

export function retryDelayMs(attempt: number, random: () => number = Math.random, firstRetryMs = FIRST_RETRY_MS): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 20);
  const base = Math.min(firstRetryMs * 2 ** exponent, MAX_RETRY_INTERVAL_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

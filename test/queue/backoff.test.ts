import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIRST_RETRY_MS, MAX_RETRY_INTERVAL_MS, retryDelayMs } from '../../src/queue/backoff.js';

const middle = () => 0.5; // no jitter: 0.8 + 0.4 * 0.5 = 1

describe('retryDelayMs', () => {
  it('starts at one minute', () => {
    assert.equal(FIRST_RETRY_MS, 60_000);
    assert.equal(retryDelayMs(1, middle), 60_000);
  });

  it('doubles with every attempt', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((a) => retryDelayMs(a, middle)),
      [60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000],
    );
  });

  it('never shrinks as attempts grow', () => {
    let previous = 0;
    for (let attempt = 1; attempt <= 100; attempt++) {
      const delay = retryDelayMs(attempt, middle);
      assert.ok(delay >= previous, `attempt ${attempt}: ${delay} < ${previous}`);
      previous = delay;
    }
  });

  it('is capped at one hour between attempts', () => {
    assert.equal(MAX_RETRY_INTERVAL_MS, 3_600_000);
    for (const attempt of [7, 8, 20, 21, 50, 1000, Number.MAX_SAFE_INTEGER])
      assert.equal(retryDelayMs(attempt, middle), MAX_RETRY_INTERVAL_MS, `attempt ${attempt}`);
  });

  it('treats attempt 0 and below as the first', () => {
    assert.equal(retryDelayMs(0, middle), 60_000);
    assert.equal(retryDelayMs(-5, middle), 60_000);
  });

  it('jitters within ±20 % of the base, using the injected random function', () => {
    for (const attempt of [1, 3, 6, 7, 30]) {
      const base = retryDelayMs(attempt, middle);
      assert.equal(
        retryDelayMs(attempt, () => 0),
        Math.round(base * 0.8),
      );
      assert.equal(
        retryDelayMs(attempt, () => 0.25),
        Math.round(base * 0.9),
      );
      assert.equal(
        retryDelayMs(attempt, () => 0.75),
        Math.round(base * 1.1),
      );
      assert.ok(retryDelayMs(attempt, () => 0.999_999) <= Math.round(base * 1.2));
      for (let i = 0; i < 200; i++) {
        const delay = retryDelayMs(attempt, Math.random);
        assert.ok(delay >= base * 0.8 && delay <= base * 1.2, `attempt ${attempt}: ${delay} outside ±20 % of ${base}`);
      }
    }
  });

  it('gives whole milliseconds', () => {
    for (let i = 0; i < 100; i++) assert.ok(Number.isInteger(retryDelayMs(1 + (i % 10), Math.random)));
  });

  it('spreads retries: different random values give different delays', () => {
    const delays = new Set([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((r) => retryDelayMs(4, () => r)));
    assert.equal(delays.size, 10);
  });
});

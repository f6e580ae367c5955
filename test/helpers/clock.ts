/**
 * A clock a test moves forward (src/lib/clock.ts). It runs with the real time plus what the
 * test added with `advance`, so everything else in the program (the database, sockets, polls)
 * keeps going as usual while leases, windows and tokens see the time the test chose. With
 * `frozen`, it stands still between advances (for code that reads the time in a loop).
 *
 * A `sleep` ends when the clock passes its end: by itself (running clock), or by an advance.
 */
import type { Clock } from '../../src/lib/clock.js';

interface Sleeper {
  until: number;
  wake: () => void;
}

export class TestClock implements Clock {
  private offset = 0;
  private readonly frozenAt: number | undefined;
  private sleepers: Sleeper[] = [];

  constructor(options: { frozen?: boolean; at?: number } = {}) {
    const start = options.at ?? Date.now();
    if (options.frozen) this.frozenAt = start;
    else this.offset = start - Date.now();
  }

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offset;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = { until: this.now() + ms, wake: () => undefined };
      const timer = this.frozenAt === undefined ? setTimeout(() => sleeper.wake(), ms) : undefined;
      const abort = () => end(() => reject(signal!.reason));
      const end = (settle: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        settle();
      };
      sleeper.wake = () => end(resolve);
      signal?.addEventListener('abort', abort, { once: true });
      this.sleepers.push(sleeper);
    });
  }

  /** Moves the clock forward by `ms`; every sleep that ends by then wakes. */
  advance(ms: number): void {
    this.offset += ms;
    const now = this.now();
    for (const sleeper of this.sleepers.filter((s) => s.until <= now)) sleeper.wake();
  }

  /** Sleeps under way (a test may wait for the code under test to start one before advancing). */
  get sleeping(): number {
    return this.sleepers.length;
  }
}

import type { Clock } from './clock.js';

/** Counters over fixed windows, in this process: a counter starts with its first hit and expires whole. */
export class WindowCounter {
  private readonly counts = new Map<string, { count: number; until: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Seconds until `key` may go on, or 0 when it is under the limit. */
  blockedFor(key: string, now = this.clock.now()): number {
    if (this.max <= 0) return 0;
    const entry = this.counts.get(key);
    if (!entry || entry.until <= now || entry.count < this.max) return 0;
    return Math.ceil((entry.until - now) / 1000);
  }

  hit(key: string, now = this.clock.now()): void {
    if (this.max <= 0) return;
    const entry = this.counts.get(key);
    if (!entry || entry.until <= now) {
      // Bounded: expired entries go when the map grows large.
      if (this.counts.size >= 50_000) for (const [k, e] of this.counts) if (e.until <= now) this.counts.delete(k);
      this.counts.set(key, { count: 1, until: now + this.windowMs });
    } else entry.count += 1;
  }
}

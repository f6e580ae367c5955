/**
 * Keeps a holder's leases alive while it works: every third of the lease it extends the
 * lease of the rows it holds (one UPDATE … WHERE id IN (held) AND locked_by = holder), so
 * rows in flight and rows claimed but not yet started stay the holder's however long the
 * work takes, while a dead holder's rows come back within one lease.
 *
 * Which rows are held is said explicitly (hold, letGo), not read back as "every row
 * with my id": a row whose outcome could not be recorded keeps the holder's id, and
 * must be let go so that its lease runs out and it is tried again.
 *
 * `heldUntil` is the deadline the last successful renewal wrote (or the claim's, if
 * later). A holder must not start work on a row past half of it: if renewals fail (the
 * database away, the process starved) the lease may end while the work runs, and
 * another holder may take the row. So the rule "start only with half a lease left"
 * still holds; the heartbeat only moves the deadline it is measured against.
 */
import type { Logger } from 'pino';
import type { DbOrTrx } from '../db/database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { LeaseQueue } from './lease-queue.js';

export class LeaseHeartbeat {
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;
  private readonly held = new Set<string>();
  heldUntil = 0;

  constructor(
    private readonly db: DbOrTrx,
    private readonly queue: LeaseQueue<any>,
    private readonly holder: string,
    private readonly leaseMs: number,
    private readonly log: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A claim leased these rows until `lockedUntil`: renew them until let go. */
  hold(ids: Iterable<string>, lockedUntil: number): void {
    const wasEmpty = this.held.size === 0;
    for (const id of ids) this.held.add(id);
    this.heldUntil = wasEmpty ? lockedUntil : Math.min(this.heldUntil, lockedUntil);
  }

  /** Done with these rows (recorded, released, or given up on): no longer renewed. */
  letGo(ids: Iterable<string>): void {
    for (const id of ids) this.held.delete(id);
  }

  get holding(): number {
    return this.held.size;
  }

  /** True while `id` may still be started: it is held, with at least half a lease left. */
  mayStart(id: string, now = this.clock.now()): boolean {
    return this.held.has(id) && now <= this.heldUntil - this.leaseMs / 2;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.renew(), Math.max(this.leaseMs / 3, 10));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.renewing;
  }

  /** One renewal now (the timer calls it; tests may too); a renewal under way is shared. */
  renew(): Promise<void> {
    this.renewing ??= this.renewHeld().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async renewHeld(): Promise<void> {
    if (this.held.size === 0) return;
    const now = this.clock.now();
    const asked = [...this.held];
    try {
      const kept = await this.queue.renew(this.db, this.holder, asked, this.leaseMs, now);
      // A row not renewed was passed on after its lease ran out (renewals failed that long): never start it.
      for (const id of asked) if (!kept.has(id)) this.held.delete(id);
      this.heldUntil = now + this.leaseMs;
    } catch (error) {
      this.log.warn({ err: error, holder: this.holder, table: this.queue.table }, 'could not renew leases; work held is not started past half its lease');
    }
  }
}

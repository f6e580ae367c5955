/**
 * Wakes an idle lease runner in this process as soon as work is queued, instead of waiting
 * for its next poll. Runners in other processes find the work by polling, or on PostgreSQL
 * by a notification (notifications.ts). A busy delivery worker asks `notifications` whether
 * work was queued since it last looked (src/delivery/worker.ts: a transactional send jumps
 * the buffer of claimed bulk work).
 */
export class WorkSignal {
  private waiters: (() => void)[] = [];
  private count = 0;

  /** How many times work was signalled so far: a change means new work may be due. */
  get notifications(): number {
    return this.count;
  }

  notify(): void {
    this.count++;
    const waiters = this.waiters;
    if (waiters.length === 0) return;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Resolves on the next notify() or after `ms`, whichever comes first; at once when work was
   * signalled after `notifications` read `since` (the work a claim begun then could not see).
   */
  wait(ms: number, since?: number): Promise<void> {
    if (since !== undefined && since !== this.count) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.waiters = self.waiters.filter((w) => w !== done);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}

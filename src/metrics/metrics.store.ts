/** SQL behind the queue gauges: one pass over delivery_jobs per scrape. */
import type { DbOrTrx } from '../db/database.js';

export interface QueueSnapshot {
  /** Rows in delivery_jobs: recipients not yet in a final state. */
  jobs: number;
  /** Rows a worker could claim now: due, and not under a live lease. */
  due: number;
  /** Rows under a live lease: claimed by a worker, being delivered. */
  leased: number;
  /** run_at of the longest-waiting claimable row; undefined when none is due. */
  oldestDueRunAt: number | undefined;
}

export async function queueSnapshot(db: DbOrTrx, now: number): Promise<QueueSnapshot> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select((eb) => {
      // The same test as claimDueJobs (delivery/queue.ts): an expired lease is claimable again.
      const claimable = eb.and([eb('run_at', '<=', now), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)])]);
      return [
        eb.fn.countAll().as('jobs'),
        eb.fn.sum(eb.case().when(claimable).then(1).else(0).end()).as('due'),
        eb.fn.sum(eb.case().when('locked_until', '>', now).then(1).else(0).end()).as('leased'),
        eb.fn.min(eb.case().when(claimable).then(eb.ref('run_at')).end()).as('oldest_due_run_at'),
      ];
    })
    .executeTakeFirstOrThrow();
  // PostgreSQL returns bigint aggregates as strings; SUM over no rows is NULL on both.
  return {
    jobs: Number(row.jobs),
    due: Number(row.due ?? 0),
    leased: Number(row.leased ?? 0),
    oldestDueRunAt: row.oldest_due_run_at === null || row.oldest_due_run_at === undefined ? undefined : Number(row.oldest_due_run_at),
  };
}

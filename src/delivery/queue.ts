/**
 * The delivery queue: `delivery_jobs`, one row per recipient still to deliver.
 *
 * Leases. A worker claims due rows by writing its id into `locked_by` and a deadline
 * into `locked_until`, in one UPDATE … RETURNING, so two workers never claim the same
 * row at the same time. While the deadline is in the future the row is the claimant's;
 * after it, any worker may claim it again. That is the crash recovery: a worker killed
 * mid-delivery leaves leases that simply run out. The cost is at-least-once delivery:
 * a message handed to the transport just before a crash may be handed over again.
 *
 * On PostgreSQL the candidate rows are picked `FOR UPDATE SKIP LOCKED`, so concurrent
 * workers each take different rows instead of queueing behind one another's locks.
 * SQLite has one writer at a time, so the plain statement is already exclusive. The
 * outer WHERE repeats the lease test so that a row re-read after a lock wait is claimed
 * only if it is still free.
 */
import type { Db, DbOrTrx, Dialect } from '../db/database.js';

export interface ClaimedJob {
  id: string;
  recipient_id: string;
  message_id: string;
  attempts: number;
  locked_until: number;
}

export async function claimDueJobs(db: Db, dialect: Dialect, workerId: string, limit: number, leaseMs: number, now = Date.now()): Promise<ClaimedJob[]> {
  const lockedUntil = now + leaseMs;
  return db.updateTable('delivery_jobs')
    .set((eb) => ({ locked_by: workerId, locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      let due = eb.selectFrom('delivery_jobs').select('id')
        .where('run_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .orderBy('run_at').limit(limit);
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      return due;
    })
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .returning(['id', 'recipient_id', 'message_id', 'attempts', 'locked_until'])
    .execute() as Promise<ClaimedJob[]>;
}

/** The recipients reached a final state: their jobs are done. */
export async function completeJobs(db: DbOrTrx, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.deleteFrom('delivery_jobs').where('id', 'in', jobIds).execute();
}

/** Try again at `runAt`; the lease is given up. */
export async function rescheduleJob(db: DbOrTrx, jobId: string, runAt: number, lastError: string): Promise<void> {
  await db.updateTable('delivery_jobs')
    .set({ run_at: runAt, locked_by: null, locked_until: null, last_error: lastError })
    .where('id', '=', jobId).execute();
}

/** Gives claimed jobs back untouched (graceful shutdown before they were started). */
export async function releaseJobs(db: DbOrTrx, workerId: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.updateTable('delivery_jobs')
    .set((eb) => ({ locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', jobIds).where('locked_by', '=', workerId).execute();
}

export async function countQueued(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('delivery_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

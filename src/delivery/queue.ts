/**
 * The delivery queue: `delivery_jobs`, one row per recipient still to deliver, on the
 * shared lease queue (src/queue/lease-queue.ts: how claims, leases and renewals work).
 * What is particular to delivery: a claim returns the recipient and message to load,
 * and a finished job leaves the table.
 */
import type { Db, DbOrTrx, Dialect } from '../db/database.js';
import { LeaseQueue } from '../queue/lease-queue.js';

export interface ClaimedJob {
  id: string;
  recipient_id: string;
  message_id: string;
  attempts: number;
  locked_until: number;
}

export const deliveryQueue = new LeaseQueue<ClaimedJob>('delivery_jobs', ['recipient_id', 'message_id']);

export function claimDueJobs(db: Db, dialect: Dialect, workerId: string, limit: number, leaseMs: number, now = Date.now()): Promise<ClaimedJob[]> {
  return deliveryQueue.claim(db, dialect, { holder: workerId, limit, leaseMs, now });
}

/** The recipients reached a final state: their jobs are done. */
export function completeJobs(db: DbOrTrx, jobIds: string[]): Promise<void> {
  return deliveryQueue.complete(db, jobIds);
}

/** Try again at `runAt`; the lease is given up. */
export function rescheduleJob(db: DbOrTrx, jobId: string, runAt: number, lastError: string): Promise<void> {
  return deliveryQueue.reschedule(db, jobId, runAt, lastError);
}

/** Gives claimed jobs back untouched (graceful shutdown before they were started). */
export function releaseJobs(db: DbOrTrx, workerId: string, jobIds: string[]): Promise<void> {
  return deliveryQueue.release(db, workerId, jobIds);
}

export async function countQueued(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('delivery_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

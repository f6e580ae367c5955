/**
 * The delivery queue: `delivery_jobs`, one row per recipient still to deliver, on the
 * shared lease queue (src/queue/lease-queue.ts: how claims, leases and renewals work).
 * What is particular to delivery: a claim returns the recipient and message to load, a
 * finished job leaves the table, and the queue has two lanes.
 *
 * Lanes. Transactional mail (a password reset) must not wait behind bulk mail (a
 * campaign of 100,000), and one account's bulk mail must not starve another's. A claim
 * first takes due transactional jobs, oldest first; only the room left in the batch goes
 * to bulk. Bulk is taken account by account, round robin: each claim continues from the
 * account after the last one the previous claim of this worker served (`BulkCursor`),
 * walking the jobs in (account, run_at) order, and wraps around to the first account
 * when it reaches the end. So successive batches go to successive accounts whatever
 * their backlogs, and within an account the oldest job goes first.
 *
 * Why a cursor and not a window function (`row_number() over (partition by account_id
 * order by run_at)`, the other design that works on both dialects): the window ranks
 * every due bulk row on every claim, so each claim costs the whole backlog, and
 * PostgreSQL refuses FOR UPDATE SKIP LOCKED beside it. The cursor's claim is a range scan
 * of the partial index `(account_id, run_at) WHERE priority = 1` that stops after `limit`
 * rows (migration 0008), and the transactional lane reads its own partial index, which
 * holds no bulk row: both cost the batch, not the queue. The price: fairness is per
 * batch (an account gets up to WORKER_BATCH_SIZE jobs in turn), and each worker process
 * keeps its own cursor, so two workers may serve the same account at once; over a few
 * batches every account with due work is served.
 *
 * The priorities are written into the SQL as literals: SQLite uses a partial index only
 * when the query's WHERE names the index's condition as written.
 */
import { sql } from 'kysely';
import type { Db, DbOrTrx, Dialect } from '../db/database.js';
import { LeaseQueue, type ClaimRequest } from '../queue/lease-queue.js';
import { DELIVERY_PRIORITY } from './enqueue.js';

export interface ClaimedJob {
  id: string;
  recipient_id: string;
  message_id: string;
  account_id: string | null;
  /** DELIVERY_PRIORITY: the worker knows whether its buffer holds bulk work. */
  priority: number;
  attempts: number;
  locked_until: number;
}

export const deliveryQueue = new LeaseQueue<ClaimedJob>('delivery_jobs', ['recipient_id', 'message_id', 'account_id', 'priority']);

/**
 * What every claim of delivery jobs names, whichever lanes it takes: the worker that will
 * hold the jobs (`holder`), how many at most, the lease, and the moment (now by default).
 * The lease queue's own request without the lane, which the claim functions add.
 */
export type JobClaim = Pick<ClaimRequest, 'holder' | 'limit' | 'leaseMs' | 'now'>;

/** Where a worker's next bulk claim starts: after the last account it served. */
export interface BulkCursor {
  lastAccount: string;
}

const TRANSACTIONAL = sql.lit(DELIVERY_PRIORITY.transactional);
const BULK = sql.lit(DELIVERY_PRIORITY.bulk);

/** The lanes of a claim, as the lease queue's per-claim options. */
export const LANES = {
  transactional: { due: (q) => q.where('delivery_jobs.priority', '=', TRANSACTIONAL) },
  /** Bulk jobs of the accounts after `after`, account by account, oldest first. */
  bulk: (after: string) => ({
    due: (q) => q.where('delivery_jobs.priority', '=', BULK).where('delivery_jobs.account_id', '>', after),
    order: (q) => q.orderBy('delivery_jobs.account_id').orderBy('delivery_jobs.run_at'),
  }),
} satisfies Record<string, Pick<ClaimRequest, 'due' | 'order'> | ((after: string) => Pick<ClaimRequest, 'due' | 'order'>)>;

/**
 * UPDATE … RETURNING gives the rows in no particular order on PostgreSQL: each lane's rows
 * are put back in the order they were chosen in (ids grow with creation time), so the
 * oldest go first and a message's recipients go out in the order they were given.
 */
const byId = (x: ClaimedJob, y: ClaimedJob) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/**
 * Claims up to `limit` due transactional jobs and nothing else, oldest first: the first
 * part of every claim, and on its own what a worker busy with bulk work looks for before
 * its next job (worker.ts, "Transactional work jumps the buffer"). It reads the
 * transactional lane's partial index, which holds no bulk row: when none is due it costs
 * next to nothing, however large the bulk backlog.
 */
export async function claimDueTransactionalJobs(db: Db, dialect: Dialect, claim: JobClaim): Promise<ClaimedJob[]> {
  return (await deliveryQueue.claim(db, dialect, { ...claim, ...LANES.transactional })).sort(byId);
}

/** Claims up to `limit` due jobs: transactional first, then bulk round robin by account (see the header). */
export async function claimDueJobs(db: Db, dialect: Dialect, claim: JobClaim, cursor: BulkCursor = { lastAccount: '' }): Promise<ClaimedJob[]> {
  // Both lanes judge what is due at the same moment.
  const request = { ...claim, now: claim.now ?? Date.now() };
  const byAccountThenAge = (rows: ClaimedJob[]) => rows.sort((x, y) => (x.account_id ?? '').localeCompare(y.account_id ?? '') || byId(x, y));
  const claimed = await claimDueTransactionalJobs(db, dialect, request);
  const bulk = async (after: string, room: number) =>
    byAccountThenAge(await deliveryQueue.claim(db, dialect, { ...request, limit: room, ...LANES.bulk(after) }));
  for (const after of cursor.lastAccount === '' ? [''] : [cursor.lastAccount, '']) {
    const room = request.limit - claimed.length;
    if (room <= 0) break;
    const taken = await bulk(after, room);
    if (taken.length === 0) continue;
    claimed.push(...taken);
    cursor.lastAccount = taken.reduce((last, j) => (j.account_id! > last ? j.account_id! : last), '');
  }
  return claimed;
}

/** The recipients reached a final state: their jobs are done. */
export function completeJobs(db: DbOrTrx, jobIds: string[]): Promise<void> {
  return deliveryQueue.complete(db, jobIds);
}

/** Try again at `runAt`; the lease is given up. */
export function rescheduleJob(db: DbOrTrx, jobId: string, runAt: number, lastError: string): Promise<void> {
  return deliveryQueue.reschedule(db, jobId, runAt, lastError);
}

/** Not attempted (the destination's pace): due again at `runAt`, the claim not counted as an attempt. */
export function postponeJob(db: DbOrTrx, jobId: string, runAt: number): Promise<void> {
  return deliveryQueue.postpone(db, jobId, runAt);
}

/** Gives claimed jobs back untouched (graceful shutdown before they were started). */
export function releaseJobs(db: DbOrTrx, workerId: string, jobIds: string[]): Promise<void> {
  return deliveryQueue.release(db, workerId, jobIds);
}

export async function countQueued(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

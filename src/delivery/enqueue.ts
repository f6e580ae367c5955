/**
 * The one way to queue deliveries: features (sends, sender confirmations, campaigns
 * later) hand over the recipients they accepted, with a priority, and never write
 * `delivery_jobs` rows themselves.
 *
 * `enqueueMessages` runs inside the caller's transaction, so the queue rows commit with
 * the messages they deliver, or not at all. It writes them with one multi-row INSERT
 * (db/group-commit.ts insertRows): the send path's group commit queues the recipients
 * of many requests in one statement, and that must stay so (bench:send). On PostgreSQL it
 * also `pg_notify`s in the same transaction; the server delivers the notification on
 * commit, to workers of every process that LISTEN. In this process, the caller wakes
 * the worker once the transaction has committed (WorkSignal.notify()): woken earlier, a
 * worker on PostgreSQL would claim before the rows are visible and go back to sleep.
 */
import { PostgresAdapter } from '#kysely';
import type { DbOrTrx } from '../db/database.js';
import { insertRows } from '../db/group-commit.js';
import { notifyOnCommit } from '../db/pg-write-behind.js';
import type { NewDeliveryJobRow } from './delivery.table.js';

/** The PostgreSQL channel delivery workers LISTEN on. */
export const DELIVERY_CHANNEL = 'postwire_deliveries';

/** Transactional mail is always claimed before bulk mail (queue.ts). */
export const DELIVERY_PRIORITY = { transactional: 0, bulk: 1 } as const;
export type DeliveryPriority = keyof typeof DELIVERY_PRIORITY;

/** One accepted recipient to deliver. */
export interface QueuedDelivery {
  recipientId: string;
  messageId: string;
  accountId: string;
  /** Not claimed before (a scheduled send's time); now for mail to go at once. */
  runAt: number;
  priority: DeliveryPriority;
}

function queueRow(d: QueuedDelivery, now: number): NewDeliveryJobRow {
  return {
    // One job per recipient: the recipient's id is the job's.
    id: d.recipientId,
    recipient_id: d.recipientId,
    message_id: d.messageId,
    account_id: d.accountId,
    run_at: d.runAt,
    priority: DELIVERY_PRIORITY[d.priority],
    attempts: 0,
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: now,
  };
}

/** Queues the deliveries in the caller's transaction (see the header); the caller wakes its own worker after commit. */
export async function enqueueMessages(trx: DbOrTrx, deliveries: QueuedDelivery[], now = Date.now()): Promise<void> {
  if (deliveries.length === 0) return;
  await insertRows(
    trx,
    'delivery_jobs',
    deliveries.map((d) => queueRow(d, now)),
  );
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await notifyOnCommit(trx, DELIVERY_CHANNEL);
}

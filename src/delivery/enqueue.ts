/**
 * The one way to queue deliveries: features (sends, sender confirmations, campaigns) hand
 * over the recipients they accepted, with a priority, and never write `delivery_jobs` rows
 * themselves. What a feature may do to its deliveries once queued is here too: hold them
 * (a paused campaign), release them, and withdraw those no worker holds (a cancelled
 * campaign, a cancelled scheduled send).
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
import { type Expression, PostgresAdapter } from 'kysely';
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
export async function enqueueMessages(trx: DbOrTrx, deliveries: QueuedDelivery[], now: number): Promise<void> {
  if (deliveries.length === 0) return;
  await insertRows(
    trx,
    'delivery_jobs',
    deliveries.map((d) => queueRow(d, now)),
  );
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await notifyOnCommit(trx, DELIVERY_CHANNEL);
}

/** Far in the future: the run_at of held deliveries (a paused campaign's), which no claim reaches. */
export const HELD_RUN_AT = 253_402_300_799_999;

/** Whose queue rows: these recipients' (a queue row's id is its recipient's), or the ids a subquery selects. */
export type QueuedRecipients = string[] | Expression<string>;

const rowsOf = (recipients: QueuedRecipients) => (Array.isArray(recipients) ? (recipients.length ? recipients : ['']) : recipients);

/** Holds the deliveries (kept, not lost) until released: no claim reaches them. */
export async function holdDeliveries(trx: DbOrTrx, recipients: QueuedRecipients): Promise<void> {
  await trx.updateTable('delivery_jobs').set({ run_at: HELD_RUN_AT }).where('id', 'in', rowsOf(recipients)).returning('id').execute();
}

/** Makes held deliveries due now; deliveries not held are left as they are. */
export async function releaseDeliveries(trx: DbOrTrx, recipients: QueuedRecipients, now: number): Promise<void> {
  await trx.updateTable('delivery_jobs').set({ run_at: now }).where('id', 'in', rowsOf(recipients)).where('run_at', '=', HELD_RUN_AT).returning('id').execute();
}

/**
 * Takes the deliveries no worker holds a lease on out of the queue, and returns their
 * recipient ids. A delivery a worker holds is already with a transport: it ends as the
 * transport says.
 */
export async function withdrawDeliveries(trx: DbOrTrx, recipients: QueuedRecipients, now: number): Promise<string[]> {
  const rows = await trx
    .deleteFrom('delivery_jobs')
    .where('id', 'in', rowsOf(recipients))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

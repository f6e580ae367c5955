/**
 * Two indexes that later ones made redundant, dropped because every index of the send
 * path's tables is paid on every accepted message.
 *
 * Why it matters: an accepted send inserts a row into messages, message_recipients,
 * delivery_jobs and events, and each index of those tables is one more b-tree whose
 * right-hand leaf (and, every few commits, a split) is written into the WAL at each group
 * commit (docs/performance.md, "The send path's indexes", has the measurement). Two indexes
 * fewer to keep for nothing is less written per send.
 *
 * - messages_account_id (account_id, id), from 0001: every read of an account's messages
 *   goes through db/listing.ts `liveRowsOf` (`deleted_at is null`), which the partial
 *   index messages_live (0017) on the same columns serves; a message by id is found by
 *   its primary key.
 * - delivery_jobs_due (run_at, id), from 0001: since the lanes (0008) every claim names
 *   its priority and reads that lane's partial index (delivery/queue.ts); the queue gauges
 *   (metrics.store.ts) count the whole table and the per-account figures read
 *   delivery_jobs_account (0016). No query orders or bounds all jobs by run_at any more.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_account_id').execute();
  await db.schema.dropIndex('delivery_jobs_due').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('delivery_jobs_due').on('delivery_jobs').columns(['run_at', 'id']).execute();
  await db.schema.createIndex('messages_account_id').on('messages').columns(['account_id', 'id']).execute();
}

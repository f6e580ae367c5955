/**
 * Two reads by account that had no index of their own (the dashboard):
 *
 * - Queue depth (GET /notify/v1/stats/queue) counts an account's rows of `delivery_jobs`.
 *   The only index with `account_id` first is the bulk lane's partial one (migration 0008),
 *   which holds no transactional row, so the count walked the whole queue, every account's
 *   backlog, on each refresh of the overview. `(account_id, created_at)` confines it to the
 *   account's own rows and gives the oldest one from the index's first entry. Deliberately
 *   not the lease columns (`locked_until`, `attempts`): claims and heartbeat renewals update
 *   those on every job, and while no index holds them PostgreSQL can make those updates
 *   HOT (no index write); created_at never changes after the insert.
 * - The suppression list's pages and its CSV export read an account's rows newest first
 *   by id (keyset paging, db/listing.ts); the only index was the unique (account_id,
 *   email_normalized) one, so every page sorted all of the account's suppressions.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('delivery_jobs_account').on('delivery_jobs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('suppressions_account').on('suppressions').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('suppressions_account').execute();
  await db.schema.dropIndex('delivery_jobs_account').execute();
}

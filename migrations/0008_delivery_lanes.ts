/**
 * Priority lanes for delivery_jobs (src/delivery/queue.ts explains the claim): a
 * `priority` (0 transactional, 1 bulk) and the job's `account_id`, so that bulk work
 * can be taken account by account without a join. Existing jobs are transactional and
 * get their account from their recipient.
 *
 * The two partial indexes are what keep claims cheap however much bulk work waits: the
 * transactional lane reads `(run_at) WHERE priority = 0`, which holds only transactional
 * rows, and the bulk lane walks `(account_id, run_at) WHERE priority = 1` from the
 * account after the last one served. Their WHERE must match the claims' literally
 * (SQLite uses a partial index only then), so the claims write the priority as a literal.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('delivery_jobs')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('delivery_jobs').addColumn('account_id', 'varchar(24)').execute();
  await sql`update delivery_jobs set account_id = (select r.account_id from message_recipients r where r.id = delivery_jobs.recipient_id)`.execute(db);
  await sql`create index delivery_jobs_transactional_due on delivery_jobs (run_at) where priority = 0`.execute(db);
  await sql`create index delivery_jobs_bulk_due on delivery_jobs (account_id, run_at) where priority = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('delivery_jobs_bulk_due').execute();
  await db.schema.dropIndex('delivery_jobs_transactional_due').execute();
  await db.schema.alterTable('delivery_jobs').dropColumn('account_id').execute();
  await db.schema.alterTable('delivery_jobs').dropColumn('priority').execute();
}

/**
 * The generic job runner's table (src/queue/jobs.ts): one row per job, kept after it
 * ends (done_at or failed_at) so that its idempotency key keeps answering "already
 * queued". The lease columns are those of every leased table (src/queue/lease-queue.ts).
 * The partial index holds only pending jobs: claims read it in (priority, run_at) order
 * however many finished jobs the table keeps.
 */
import { sql, type Kysely } from 'kysely';
import { required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('task', 'text', required)
    /** JSON. */
    .addColumn('payload', 'text', required)
    /** Enqueueing a job whose key exists does nothing; null: no key. */
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('run_at', 'bigint', required)
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', required)
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('created_at', 'bigint', required)
    .execute();
  await sql`create index jobs_pending on jobs (priority, run_at) where done_at is null and failed_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}

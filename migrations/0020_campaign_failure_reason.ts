/**
 * Why a campaign failed, in words its account can act on: the reason campaign dispatch's
 * failure hook records when its background job fails for good (a PermanentJobError, or
 * its attempts ran out; src/queue/jobs.ts). Null while nothing failed. The job's own
 * `last_error` keeps the same text; this column is what the API shows. An import's reason
 * is `contact_imports.failure_reason` (0022).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('failure_reason').execute();
}

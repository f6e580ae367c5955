/**
 * Why a campaign or an import failed, in words its account can act on: the reason the
 * job runner's failure hook records when their background job fails for good (a
 * PermanentJobError, or its attempts ran out; src/queue/jobs.ts). Null while nothing failed.
 * The job's own `last_error` keeps the same text; these columns are what the API shows.
 */
import type { Kysely } from '#kysely';

const TABLES = ['campaigns', 'contact_imports'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('failure_reason').execute();
}

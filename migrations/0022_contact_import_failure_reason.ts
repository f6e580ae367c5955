/**
 * Why an import failed. `contact_imports.failure_reason`: set when an import ends failed
 * (status 3), in words for the person who uploaded the file, e.g. the line of a CSV file
 * where a quote is never closed. Null while nothing failed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_imports').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_imports').dropColumn('failure_reason').execute();
}

/**
 * The account's postal address: campaign mail carries it in its footer (anti-spam laws
 * such as CAN-SPAM ask bulk mail for the sender's physical address). Empty until set.
 * And a CSV import's ignored columns (their header names, JSON), which its status reports.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('postal_address', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('contact_imports').addColumn('ignored_columns', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_imports').dropColumn('ignored_columns').execute();
  await db.schema.alterTable('accounts').dropColumn('postal_address').execute();
}

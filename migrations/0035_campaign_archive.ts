/**
 * The public campaign archive: a campaign is shown there only when its account chose so
 * (`archive`), its placeholders filled from `archive_defaults` (JSON, placeholder key →
 * value) since no contact reads it. An account's archive lives under a random slug
 * (campaign_archives), made when it first archives a campaign: account ids are
 * time-ordered and so could be guessed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('archive', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('campaigns')
    .addColumn('archive_defaults', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createTable('campaign_archives')
    .addColumn('account_id', 'varchar(24)', (col) => col.primaryKey().references('accounts.id'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('campaigns_archive').on('campaigns').columns(['account_id', 'archive', 'status', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('campaigns_archive').execute();
  await db.schema.dropTable('campaign_archives').execute();
  await db.schema.alterTable('campaigns').dropColumn('archive_defaults').execute();
  await db.schema.alterTable('campaigns').dropColumn('archive').execute();
}

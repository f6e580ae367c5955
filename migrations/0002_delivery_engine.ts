/**
 * The delivery engine: the event log every state change is written to, the
 * per-account suppression list, and webhooks with their own delivery queue (the same
 * lease columns as delivery_jobs, see src/delivery/queue.ts).
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('message_id', 'varchar(24)')
    .addColumn('recipient_id', 'varchar(24)')
    .addColumn('email', 'text')
    .addColumn('type', 'text', required)
    /** JSON object: the remote reply, bounce classification, feedback type… */
    .addColumn('details', 'text', required)
    .addColumn('created_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('events_account').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_recipient').on('events').columns(['recipient_id', 'id']).execute();
  await db.schema.createIndex('events_message').on('events').columns(['message_id', 'id']).execute();

  await audited(
    db.schema
      .createTable('suppressions')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', required)
      .addColumn('email', 'text', required)
      .addColumn('email_normalized', 'text', required)
      /** hard_bounce | complaint | manual */
      .addColumn('reason', 'text', required)
      .addColumn('details', 'text'),
  ).execute();
  await db.schema
    .createIndex('suppressions_account_email_live')
    .on('suppressions')
    .columns(['account_id', 'email_normalized'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await audited(
    db.schema
      .createTable('webhooks')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', required)
      .addColumn('url', 'text', required)
      .addColumn('description', 'text', required)
      /** JSON array of event type names; empty means every event. */
      .addColumn('events', 'text', required)
      .addColumn('secret', 'text', required),
  ).execute();
  await db.schema.createIndex('webhooks_account').on('webhooks').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('webhook_id', 'varchar(24)', required)
    .addColumn('event_id', 'varchar(24)', required)
    .addColumn('run_at', 'bigint', required)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['run_at', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhooks', 'suppressions', 'events']) await db.schema.dropTable(table).execute();
}

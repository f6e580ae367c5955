/**
 * Webhooks, second step: a webhook can be paused (`disabled_at`), and a delivery records
 * when it was last tried and when it was given up (`failed_at`). The due index becomes
 * partial: only deliveries still pending are ever claimed, so the finished ones (the
 * large majority) stay out of the dispatcher's way.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('last_attempt_at', 'bigint').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('failed_at', 'bigint').execute();
  await db.schema.dropIndex('webhook_deliveries_due').execute();
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['run_at', 'id'])
    .where(sql.ref('delivered_at'), 'is', null)
    .where(sql.ref('failed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_pending').execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['run_at', 'id']).execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('failed_at').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('last_attempt_at').execute();
  await db.schema.alterTable('webhooks').dropColumn('disabled_at').execute();
}

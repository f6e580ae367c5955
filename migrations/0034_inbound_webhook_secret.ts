/**
 * Inbound mail, second step: a webhook route signs its calls as a webhook does, with a
 * secret of its own (`webhook_secret`, null for the other actions). Its calls go through
 * the webhook delivery queue: a `webhook_deliveries` row whose `webhook_id` is the route's
 * id and `event_id` the received message's id (neither column references a table, so the
 * queue needs no second table and no change of its own columns).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inbound_routes').addColumn('webhook_secret', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inbound_routes').dropColumn('webhook_secret').execute();
}

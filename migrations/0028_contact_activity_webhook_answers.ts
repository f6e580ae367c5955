/**
 * Campaign copies by contact: a contact's page lists the campaign mail it got, and a
 * segment selects contacts that opened or clicked a campaign; both look copies up by
 * contact, which no index served (the others lead with the campaign).
 *
 * `webhook_deliveries.last_response`: the start of the body the receiver answered the last
 * call with (null when there was no answer, and for the deliveries made before).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('campaign_recipients_contact').on('campaign_recipients').columns(['contact_id', 'created_at']).execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('last_response', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('last_response').execute();
  await db.schema.dropIndex('campaign_recipients_contact').execute();
}

/**
 * Fewer index entries per message and per campaign copy: a year of mail is millions of rows
 * in messages, events and campaign_recipients, and every index entry is paid for each of them.
 * Indexes only: nothing is rewritten, and what each query answers is the same.
 *
 * - events_recipient (recipient_id, id) goes: every event that names a recipient names its
 *   message too, and a message has few events, so a recipient's events are found through
 *   events_message (message_id, id).
 * - events_account_time (account_id, created_at) goes: an event's id begins with its time and is
 *   never earlier (lib/ids.ts idFloor), so a time range from T reads events_account (account_id,
 *   id) from idFloor(T), the time itself still compared on the rows.
 *   messages_live_created (account_id, created_at) goes the same way: the message list's `since`
 *   reads messages_live (account_id, id) from idFloor(since).
 * - campaign_recipients_message (message_id) goes: a message's campaign is found through its
 *   recipients (message_recipients_message, then the primary key).
 * - campaign_recipients_campaign_recipient (campaign_id, recipient_id) and
 *   campaign_recipients_campaign_outcome (campaign_id, outcome) become one,
 *   campaign_recipients_campaign_outcome (campaign_id, outcome, recipient_id): the report's
 *   bounced recipients by outcome as before, the campaign's recipients in id order by its prefix.
 * - campaign_recipients_domain (campaign_id, domain) goes: the report's counts by domain read
 *   every row of the campaign whichever index finds them (they count outcomes and opens).
 * - messages_account_message_id_header keeps only the messages whose Message-ID is not the one
 *   made from their id, `<id@domain>` (a submitted message's own): those others are found by id
 *   (inbound.store.ts findSentMessageByHeader). The condition is written as the query writes it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_recipient').execute();
  await db.schema.dropIndex('events_account_time').execute();
  await db.schema.dropIndex('messages_live_created').execute();
  await db.schema.dropIndex('campaign_recipients_message').execute();
  await db.schema.dropIndex('campaign_recipients_campaign_outcome').execute();
  await db.schema.dropIndex('campaign_recipients_campaign_recipient').execute();
  await db.schema.createIndex('campaign_recipients_campaign_outcome').on('campaign_recipients').columns(['campaign_id', 'outcome', 'recipient_id']).execute();
  await db.schema.dropIndex('campaign_recipients_domain').execute();
  await db.schema.dropIndex('messages_account_message_id_header').execute();
  await db.schema
    .createIndex('messages_account_message_id_header')
    .on('messages')
    .columns(['account_id', 'message_id_header'])
    .where(sql<boolean>`substr(message_id_header, 2, 24) <> id`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_account_message_id_header').execute();
  await db.schema.createIndex('messages_account_message_id_header').on('messages').columns(['account_id', 'message_id_header']).execute();
  await db.schema.createIndex('campaign_recipients_domain').on('campaign_recipients').columns(['campaign_id', 'domain']).execute();
  await db.schema.dropIndex('campaign_recipients_campaign_outcome').execute();
  await db.schema.createIndex('campaign_recipients_campaign_outcome').on('campaign_recipients').columns(['campaign_id', 'outcome']).execute();
  await db.schema.createIndex('campaign_recipients_campaign_recipient').on('campaign_recipients').columns(['campaign_id', 'recipient_id']).execute();
  await db.schema.createIndex('campaign_recipients_message').on('campaign_recipients').column('message_id').execute();
  await db.schema.createIndex('events_recipient').on('events').columns(['recipient_id', 'id']).execute();
  await db.schema.createIndex('messages_live_created').on('messages').columns(['account_id', 'created_at']).where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('events_account_time').on('events').columns(['account_id', 'created_at']).execute();
}

/**
 * Newsletters (saved designs) and campaigns.
 *
 * A campaign's counters are maintained columns: the listener on the event write path
 * (campaign-counters.ts) changes them in the transaction that writes the event, by what
 * the per-recipient row says changed, so they equal the per-recipient records whenever
 * they are read. `campaign_recipients` is that per-recipient record: one row per message
 * recipient the campaign created (one message per contact), unique per address within a
 * campaign so no one is mailed twice. `dispatch_cursor` is the last contact id dispatch
 * wrote rows for; it advances in the transaction that writes them (campaign-dispatch.ts).
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await audited(
    db.schema
      .createTable('newsletters')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('subject', 'text', required)
      .addColumn('language', 'text', required)
      .addColumn('html_content', 'text', required)
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('newsletters_account').on('newsletters').columns(['account_id', 'id']).execute();

  const zero = (c: any) => c.notNull().defaultTo(0);
  await audited(
    db.schema
      .createTable('campaigns')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('newsletter_id', 'varchar(24)')
      .addColumn('subject', 'text', required)
      .addColumn('language', 'text', required)
      .addColumn('html_content', 'text', required)
      .addColumn('marketing_sender_id', 'varchar(24)', required)
      .addColumn('sender_id', 'varchar(24)', (c) => c.notNull().references('senders.id'))
      .addColumn('from_name', 'text', required)
      .addColumn('from_email', 'text', required)
      .addColumn('reply_email', 'text', required)
      .addColumn('list_type', 'integer', required)
      /** JSON array of list or segment ids. */
      .addColumn('lists', 'text', required)
      .addColumn('planned_at', 'bigint', required)
      .addColumn('started_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('dispatched_at', 'bigint')
      .addColumn('status', 'integer', required)
      .addColumn('notify_when_start', 'integer', zero)
      .addColumn('notify_when_end', 'integer', zero)
      .addColumn('track_opens', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('track_clicks', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('dispatch_cursor', 'varchar(24)', (c) => c.notNull().defaultTo(''))
      /** Bumped by resume and resend: each run of dispatch is one job with its own key. */
      .addColumn('dispatch_run', 'integer', zero)
      .addColumn('total_recipients', 'integer', zero)
      /** Recipients in a final state (delivered, bounced, suppressed, cancelled, failed). */
      .addColumn('finished', 'integer', zero)
      .addColumn('sent', 'integer', zero)
      .addColumn('delivered', 'integer', zero)
      .addColumn('opened', 'integer', zero)
      .addColumn('clicked', 'integer', zero)
      .addColumn('bounce_soft', 'integer', zero)
      .addColumn('bounce_hard', 'integer', zero)
      .addColumn('spam_reported', 'integer', zero)
      .addColumn('unsubscribed', 'integer', zero)
      .addColumn('total_opens', 'integer', zero)
      .addColumn('total_clicks', 'integer', zero)
      .addColumn('last_open_at', 'bigint')
      .addColumn('last_click_at', 'bigint')
      /** Sum over openers of (first open − delivery), for averageOpenTime. */
      .addColumn('open_delay_sum_ms', 'bigint', zero),
  ).execute();
  await db.schema.createIndex('campaigns_account').on('campaigns').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('campaign_recipients')
    .addColumn('recipient_id', 'varchar(24)', (c) => c.primaryKey().references('message_recipients.id'))
    .addColumn('campaign_id', 'varchar(24)', (c) => c.notNull().references('campaigns.id'))
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('message_id', 'varchar(24)', required)
    .addColumn('contact_id', 'varchar(24)')
    .addColumn('email_normalized', 'text', required)
    .addColumn('domain', 'text', required)
    /** delivered | bounced_hard | bounced_soft | suppressed | cancelled | failed; null while not final. */
    .addColumn('outcome', 'text')
    .addColumn('delivered_at', 'bigint')
    .addColumn('first_open_at', 'bigint')
    .addColumn('first_click_at', 'bigint')
    .addColumn('complained_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    /** Replaced by a resend: the row of the new attempt carries the address now. */
    .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', required)
    .execute();
  await sql`create unique index campaign_recipients_address on campaign_recipients (campaign_id, email_normalized) where superseded = 0`.execute(db);
  await db.schema.createIndex('campaign_recipients_domain').on('campaign_recipients').columns(['campaign_id', 'domain']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_recipients').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('newsletters').execute();
}

/**
 * Inbound mail: the domains an account receives mail for, the routes on them, and the
 * messages received.
 *
 * `inbound_domains.name` is unique among live rows across all accounts: an MX record
 * points a domain's mail at this server, and one recipient address must lead to exactly
 * one account. `mx_found` is the JSON of what the last MX check answered.
 *
 * `inbound_routes.pattern` is the local part it matches, lowercase: `support` (exact),
 * `reply+*` (`*` for any run of characters), `*` (catch-all); unique per domain.
 *
 * `inbound_messages`: one row per route a received message matched. `raw` is the message
 * exactly as received, in base64: received bytes may hold NUL and 8-bit data, which a text
 * column on PostgreSQL does not take. `document` is the JSON the API answers.
 * `reply_to_message_id` and `reply_to_campaign_id` link a reply to the message Postwire
 * sent (found by its Message-ID in In-Reply-To or References), hence the look-up indexes
 * on messages and campaign_recipients.
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await audited(
    db.schema
      .createTable('inbound_domains')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required)
      .addColumn('verified_at', 'bigint')
      .addColumn('checked_at', 'bigint')
      .addColumn('mx_found', 'text'),
  ).execute();
  await db.schema.createIndex('inbound_domains_name_live').on('inbound_domains').column('name').unique().where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('inbound_domains_account').on('inbound_domains').columns(['account_id', 'id']).execute();

  await audited(
    db.schema
      .createTable('inbound_routes')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('domain_id', 'varchar(24)', (c) => c.notNull().references('inbound_domains.id'))
      .addColumn('pattern', 'text', required)
      .addColumn('action', 'varchar(16)', required)
      .addColumn('webhook_url', 'text')
      .addColumn('forward_to', 'text')
      .addColumn('reject_code', 'integer')
      .addColumn('reject_message', 'text')
      .addColumn('description', 'text'),
  ).execute();
  await db.schema
    .createIndex('inbound_routes_domain_pattern_live')
    .on('inbound_routes')
    .columns(['domain_id', 'pattern'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('inbound_routes_account').on('inbound_routes').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('inbound_messages')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('domain_id', 'varchar(24)', required)
    .addColumn('route_id', 'varchar(24)', required)
    .addColumn('action', 'varchar(16)', required)
    .addColumn('mail_from', 'text', required)
    /** JSON array of the envelope recipients this row is for (those that matched its route). */
    .addColumn('recipients', 'text', required)
    .addColumn('subject', 'text', required)
    .addColumn('document', 'text', required)
    .addColumn('raw', 'text', required)
    .addColumn('raw_size', 'integer', required)
    .addColumn('reply_to_message_id', 'varchar(24)')
    .addColumn('reply_to_campaign_id', 'varchar(24)')
    .addColumn('created_at', 'bigint', required)
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('inbound_messages_account').on('inbound_messages').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('inbound_messages_route').on('inbound_messages').columns(['account_id', 'route_id', 'id']).execute();
  await db.schema.createIndex('inbound_messages_domain').on('inbound_messages').columns(['account_id', 'domain_id', 'id']).execute();

  await db.schema.createIndex('messages_account_message_id_header').on('messages').columns(['account_id', 'message_id_header']).execute();
  await db.schema.createIndex('campaign_recipients_message').on('campaign_recipients').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('campaign_recipients_message').execute();
  await db.schema.dropIndex('messages_account_message_id_header').execute();
  await db.schema.dropTable('inbound_messages').execute();
  await db.schema.dropTable('inbound_routes').execute();
  await db.schema.dropTable('inbound_domains').execute();
}

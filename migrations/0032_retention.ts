/**
 * Retention of message bodies and metadata.
 *
 * `accounts.body_retention_days`: the account's own body retention; null follows
 * RETENTION_BODY_DAYS. `messages.body_purged_at`: when the purge cleared the message's
 * content (html, text, attachments, stored MIME); null while it is kept. The partial index
 * holds only the messages whose body is still kept, so the purge finds the next ones
 * without walking past a year of messages it has already cleared.
 *
 * `stats_daily`: the event counts of messages whose metadata the purge deleted, per
 * account, UTC day, event type and tag ('' counts every event; a tag's row counts the
 * events of messages sent with it). GET /stats adds it to the events still kept, so the
 * figures stay what they were after a purge.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('body_retention_days', 'integer').execute();
  await db.schema.alterTable('messages').addColumn('body_purged_at', 'bigint').execute();
  await db.schema.createIndex('messages_body_kept').on('messages').column('id').where(sql.ref('body_purged_at'), 'is', null).execute();
  await db.schema
    .createTable('stats_daily')
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_daily_pk', ['account_id', 'tag', 'day', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stats_daily').execute();
  await db.schema.dropIndex('messages_body_kept').execute();
  await db.schema.alterTable('messages').dropColumn('body_purged_at').execute();
  await db.schema.alterTable('accounts').dropColumn('body_retention_days').execute();
}

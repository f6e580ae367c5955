/**
 * The initial schema. Written with Kysely's schema builder in types both dialects
 * share: ids are 24-character text, times are epoch milliseconds in BIGINT, flags are
 * integers. Soft-deleted rows keep their data and set `deleted_at`.
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await audited(
    db.schema
      .createTable('accounts')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('name', 'text', required)
      .addColumn('email', 'text', required),
  ).execute();

  await audited(
    db.schema
      .createTable('users')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('email', 'text', required)
      .addColumn('email_normalized', 'text', required)
      .addColumn('name', 'text', required)
      .addColumn('password_hash', 'text', required)
      .addColumn('role', 'text', required),
  ).execute();
  // A login email names exactly one live user across the whole installation.
  await db.schema.createIndex('users_email_live').on('users').column('email_normalized').unique().where(sql.ref('deleted_at'), 'is', null).execute();

  // A session is one refresh-token family: every rotation stays in it, and revoking it
  // ends the access tokens issued in it too.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', required)
    .addColumn('expires_at', 'bigint', required)
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(24)', (c) => c.notNull().references('sessions.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', required)
    .addColumn('expires_at', 'bigint', required)
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await audited(
    db.schema
      .createTable('senders')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('display_name', 'text', required)
      .addColumn('email', 'text', required)
      .addColumn('email_normalized', 'text', required),
  ).execute();
  await db.schema
    .createIndex('senders_account_email_live')
    .on('senders')
    .columns(['account_id', 'email_normalized'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await audited(
    db.schema
      .createTable('messages')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('sender_id', 'varchar(24)', (c) => c.notNull().references('senders.id'))
      .addColumn('from_email', 'text', required)
      .addColumn('from_name', 'text', required)
      .addColumn('subject', 'text', required)
      .addColumn('html_content', 'text', required)
      .addColumn('message_id_header', 'text', required)
      .addColumn('mime', 'text')
      .addColumn('recipient_count', 'integer', required),
  ).execute();
  await db.schema.createIndex('messages_account_id').on('messages').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('message_recipients')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull().references('messages.id'))
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('position', 'integer', required)
    .addColumn('email', 'text', required)
    .addColumn('name', 'text', required)
    .addColumn('state', 'text', required)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_response', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('created_at', 'bigint', required)
    .addColumn('updated_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('message_recipients_message').on('message_recipients').columns(['message_id', 'position']).execute();

  // The delivery queue: one row per recipient still to be delivered. A worker owns a
  // row while `locked_until` is in the future; the row is deleted when the recipient
  // reaches a final state.
  await db.schema
    .createTable('delivery_jobs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('recipient_id', 'varchar(24)', (c) => c.notNull().unique().references('message_recipients.id'))
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('run_at', 'bigint', required)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('delivery_jobs_due').on('delivery_jobs').columns(['run_at', 'id']).execute();

  await db.schema
    .createTable('captured_emails')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('recipient_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('envelope_from', 'text', required)
    .addColumn('envelope_to', 'text', required)
    .addColumn('raw', 'text', required)
    .addColumn('created_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('captured_emails_message').on('captured_emails').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['captured_emails', 'delivery_jobs', 'message_recipients', 'messages', 'senders', 'refresh_tokens', 'sessions', 'users', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}

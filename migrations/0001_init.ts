/**
 * The initial schema. Written with Kysely's schema builder in types both dialects
 * share: ids are 24-character text, times are epoch milliseconds in BIGINT, flags are
 * integers. Soft-deleted rows keep their data and set `deleted_at`.
 */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

const id = (col: any) => col.notNull();

/** The base resource fields of the specification: times, the users who wrote, soft delete. */
function audited<T extends string>(table: CreateTableBuilder<T, any>): CreateTableBuilder<T, any> {
  return table
    .addColumn('created_at', 'bigint', id)
    .addColumn('updated_at', 'bigint', id)
    .addColumn('create_user_id', 'varchar(24)')
    .addColumn('update_user_id', 'varchar(24)')
    .addColumn('deleted_at', 'bigint');
}

export async function up(db: Kysely<any>): Promise<void> {
  await audited(db.schema.createTable('accounts')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('name', 'text', id)
    .addColumn('email', 'text', id)
  ).execute();

  await audited(db.schema.createTable('users')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('email', 'text', id)
    .addColumn('email_normalized', 'text', id)
    .addColumn('name', 'text', id)
    .addColumn('password_hash', 'text', id)
    .addColumn('role', 'text', id)
  ).execute();
  // A login email names exactly one live user across the whole installation.
  await db.schema.createIndex('users_email_live').on('users').column('email_normalized').unique()
    .where(sql.ref('deleted_at'), 'is', null).execute();

  // A session is one refresh-token family: every rotation stays in it, and revoking it
  // ends the access tokens issued in it too.
  await db.schema.createTable('sessions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', id)
    .addColumn('expires_at', 'bigint', id)
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema.createTable('refresh_tokens')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(24)', (c) => c.notNull().references('sessions.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', id)
    .addColumn('expires_at', 'bigint', id)
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await audited(db.schema.createTable('senders')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('display_name', 'text', id)
    .addColumn('email', 'text', id)
    .addColumn('email_normalized', 'text', id)
  ).execute();
  await db.schema.createIndex('senders_account_email_live').on('senders').columns(['account_id', 'email_normalized']).unique()
    .where(sql.ref('deleted_at'), 'is', null).execute();

  await audited(db.schema.createTable('messages')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('sender_id', 'varchar(24)', (c) => c.notNull().references('senders.id'))
    .addColumn('from_email', 'text', id)
    .addColumn('from_name', 'text', id)
    .addColumn('subject', 'text', id)
    .addColumn('html_content', 'text', id)
    .addColumn('message_id_header', 'text', id)
    .addColumn('mime', 'text')
    .addColumn('recipient_count', 'integer', id)
  ).execute();
  await db.schema.createIndex('messages_account_id').on('messages').columns(['account_id', 'id']).execute();

  await db.schema.createTable('message_recipients')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull().references('messages.id'))
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('position', 'integer', id)
    .addColumn('email', 'text', id)
    .addColumn('name', 'text', id)
    .addColumn('state', 'text', id)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_response', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('created_at', 'bigint', id)
    .addColumn('updated_at', 'bigint', id)
    .execute();
  await db.schema.createIndex('message_recipients_message').on('message_recipients').columns(['message_id', 'position']).execute();

  // The delivery queue: one row per recipient still to be delivered. A worker owns a
  // row while `locked_until` is in the future; the row is deleted when the recipient
  // reaches a final state.
  await db.schema.createTable('delivery_jobs')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('recipient_id', 'varchar(24)', (c) => c.notNull().unique().references('message_recipients.id'))
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('run_at', 'bigint', id)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', id)
    .execute();
  await db.schema.createIndex('delivery_jobs_due').on('delivery_jobs').columns(['run_at', 'id']).execute();

  await db.schema.createTable('captured_emails')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('recipient_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('envelope_from', 'text', id)
    .addColumn('envelope_to', 'text', id)
    .addColumn('raw', 'text', id)
    .addColumn('created_at', 'bigint', id)
    .execute();
  await db.schema.createIndex('captured_emails_message').on('captured_emails').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['captured_emails', 'delivery_jobs', 'message_recipients', 'messages', 'senders', 'refresh_tokens', 'sessions', 'users', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}

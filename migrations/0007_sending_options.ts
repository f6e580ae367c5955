/**
 * Send options (cc/bcc, reply-to, text part, custom headers, tags, metadata,
 * attachments, scheduled sends), stored templates, idempotency keys and the tag index
 * that statistics filter by. Every new message column is nullable: a plain send leaves
 * them empty and costs nothing more.
 */
import type { Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const messageColumns: [string, string][] = [
    ['text_content', 'text'],
    /** JSON `{ email, name }`. */
    ['reply_to', 'text'],
    /** JSON object of extra header name → value (checked against the deny-list at send). */
    ['headers', 'text'],
    /** JSON array of strings. */
    ['tags', 'text'],
    /** JSON object of string → string | number | boolean. */
    ['metadata', 'text'],
    /** JSON array of `{ filename, contentType, contentId, content }`, content in base64. */
    ['attachments', 'text'],
    ['scheduled_at', 'bigint'],
    ['template_id', 'varchar(24)'],
  ];
  for (const [name, type] of messageColumns) {
    await db.schema
      .alterTable('messages')
      .addColumn(name, type as 'text')
      .execute();
  }
  /** to | cc | bcc: how the recipient appears in the MIME headers (bcc: not at all). */
  await db.schema
    .alterTable('message_recipients')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('to'))
    .execute();
  /** Personalised sends (to[i].params): JSON `{ subject, html, text }` of this recipient's copy, and its composed MIME. */
  await db.schema.alterTable('message_recipients').addColumn('content', 'text').execute();
  await db.schema.alterTable('message_recipients').addColumn('mime', 'text').execute();

  await db.schema
    .createTable('message_tags')
    .addColumn('message_id', 'varchar(24)', required)
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('tag', 'text', required)
    .addPrimaryKeyConstraint('message_tags_pk', ['message_id', 'tag'])
    .execute();
  await db.schema.createIndex('message_tags_account_tag').on('message_tags').columns(['account_id', 'tag', 'message_id']).execute();

  await audited(
    db.schema
      .createTable('templates')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', required)
      .addColumn('name', 'text', required)
      .addColumn('subject', 'text', required)
      .addColumn('html_content', 'text', required)
      .addColumn('text_content', 'text'),
  ).execute();
  await db.schema.createIndex('templates_account').on('templates').columns(['account_id', 'id']).execute();

  // One row per (account, key): the primary key is what makes two concurrent requests
  // with the same key produce one message, in one process or many.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('key', 'text', required)
    .addColumn('request_hash', 'text', required)
    .addColumn('response', 'text', required)
    .addColumn('created_at', 'bigint', required)
    .addColumn('expires_at', 'bigint', required)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();

  // Statistics read events per account and day.
  await db.schema.createIndex('events_account_time').on('events').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_account_time').execute();
  for (const table of ['idempotency_keys', 'templates', 'message_tags']) await db.schema.dropTable(table).execute();
  for (const name of ['kind', 'content', 'mime']) await db.schema.alterTable('message_recipients').dropColumn(name).execute();
  for (const name of ['text_content', 'reply_to', 'headers', 'tags', 'metadata', 'attachments', 'scheduled_at', 'template_id']) {
    await db.schema.alterTable('messages').dropColumn(name).execute();
  }
}

/**
 * Content stored once. `message_contents` holds a content many messages share (a campaign's
 * template with its footer), keyed by the sha256 of the account and the content, so writing
 * it again for the next chunk of copies finds the row there. A message that refers to one
 * (`content_id`) keeps only what differs for its recipient (`content_values`, JSON) and an
 * empty `html_content`; its HTML is rendered when it is composed or shown.
 *
 * `dkim_signature` on messages and recipients: the DKIM-Signature field of the first
 * composition ('' when it was not signed). Retries and `/raw` compose the same bytes again
 * and put this field first, so the composed MIME is no longer stored beside the content.
 * `mime` stays for the rows composed before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_contents')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Retention clears contents by age.
  await db.schema.createIndex('message_contents_created').on('message_contents').column('created_at').execute();
  await db.schema.alterTable('messages').addColumn('content_id', 'varchar(64)').execute();
  await db.schema.alterTable('messages').addColumn('content_values', 'text').execute();
  await db.schema.alterTable('messages').addColumn('dkim_signature', 'text').execute();
  await db.schema.alterTable('message_recipients').addColumn('dkim_signature', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_recipients').dropColumn('dkim_signature').execute();
  await db.schema.alterTable('messages').dropColumn('dkim_signature').execute();
  await db.schema.alterTable('messages').dropColumn('content_values').execute();
  await db.schema.alterTable('messages').dropColumn('content_id').execute();
  await db.schema.dropTable('message_contents').execute();
}

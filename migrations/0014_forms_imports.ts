/**
 * Imports on the job runner, CSV uploads, and sign-up forms.
 *
 * Imports. `contact_imports.rows_done` is the cursor of a running import: the data rows
 * of its file already applied, moved in the transaction that applies the next chunk, so
 * a task that starts again after a crash skips exactly those and counts nothing twice.
 * An uploaded CSV file is kept in `contact_import_files` as text pieces (any process
 * that runs the task can read it, whichever machine took the upload) and deleted when
 * the import ends. `contact_list_members.last_import_id` says which import last put or
 * found a contact on the list: a later row of the same file with that address is a
 * repeat, however many chunks (or restarts) lie between the two.
 *
 * Forms. A form puts confirmed sign-ups on its lists. `form_signups` holds a sign-up
 * until its confirmation link is followed; `contact_consents` keeps, per contact, how it
 * gave consent (the form, the time, the address it came from, the confirmation time).
 */
import type { Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contact_imports')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('json'))
    .execute();
  await db.schema
    .alterTable('contact_imports')
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** CSV: JSON array, per column of the header, 'email', a custom field id, or null (ignored). */
  await db.schema.alterTable('contact_imports').addColumn('columns', 'text').execute();
  await db.schema.alterTable('contact_list_members').addColumn('last_import_id', 'varchar(24)').execute();
  await db.schema
    .createTable('contact_import_files')
    .addColumn('import_id', 'varchar(24)', required)
    .addColumn('seq', 'integer', required)
    .addColumn('data', 'text', required)
    .addPrimaryKeyConstraint('contact_import_files_pk', ['import_id', 'seq'])
    .execute();

  await audited(
    db.schema
      .createTable('forms')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('title', 'text', required)
      /** JSON array of contact list ids a confirmed sign-up is put on. */
      .addColumn('list_ids', 'text', required)
      /** The sender (of the transactional area) the confirmation mail comes from; null: the account's first sender. */
      .addColumn('from_email', 'text')
      /** HMAC key of the page tokens and confirmation links of this form (random, never shown). */
      .addColumn('signing_key', 'text', required),
  ).execute();
  await db.schema.createIndex('forms_account').on('forms').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('form_signups')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('form_id', 'varchar(24)', required)
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('email', 'text', required)
    /** The signed page token the sign-up was made with: a token is used once. */
    .addColumn('page_token', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text', required)
    .addColumn('created_at', 'bigint', required)
    .addColumn('confirmed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('contact_consents')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('contact_id', 'varchar(24)', required)
    /** `form:<id>` for a sign-up form. */
    .addColumn('source', 'text', required)
    .addColumn('ip', 'text', required)
    .addColumn('consented_at', 'bigint', required)
    .addColumn('confirmed_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('contact_consents_contact').on('contact_consents').columns(['contact_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['contact_consents', 'form_signups', 'forms', 'contact_import_files']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('contact_list_members').dropColumn('last_import_id').execute();
  await db.schema.alterTable('contact_imports').dropColumn('columns').execute();
  await db.schema.alterTable('contact_imports').dropColumn('rows_done').execute();
  await db.schema.alterTable('contact_imports').dropColumn('source').execute();
}

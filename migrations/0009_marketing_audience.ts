/**
 * The marketing area's audience (`/inbox/v1`): groups of contact lists, contact lists,
 * custom fields, contacts, which contact is on which list, segments, the senders of campaigns,
 * and contact imports.
 *
 * `contact_lists.contacts_count` is a maintained counter: every statement that adds or
 * removes a `contact_list_members` row changes it in the same transaction, by the number
 * of rows it really inserted or deleted, so a list's `count` is true whenever it is read
 * and costs nothing however long the list (see contact-lists.service.ts).
 *
 * A contact is one address of an account (`email_normalized`, unique among live contacts);
 * its tags and custom field values are rows of their own, so segments can filter on them
 * with an index. Values are text, stored as the client sent them.
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await audited(
    db.schema
      .createTable('contact_groups')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required),
  ).execute();
  await db.schema.createIndex('contact_groups_account').on('contact_groups').columns(['account_id', 'id']).execute();

  await audited(
    db.schema
      .createTable('contact_lists')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required)
      .addColumn('group_id', 'varchar(24)')
      .addColumn('legislation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('contacts_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('contact_lists_account').on('contact_lists').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('contact_lists_group').on('contact_lists').columns(['group_id']).execute();

  await audited(
    db.schema
      .createTable('custom_fields')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required)
      .addColumn('type', 'integer', required),
  ).execute();
  await db.schema.createIndex('custom_fields_account').on('custom_fields').columns(['account_id', 'id']).execute();

  await audited(
    db.schema
      .createTable('contacts')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('email', 'text', required)
      .addColumn('email_normalized', 'text', required)
      /** 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported (as set through the API). */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('contacts_account').on('contacts').columns(['account_id', 'id']).execute();
  await db.schema
    .createIndex('contacts_account_email_live')
    .on('contacts')
    .columns(['account_id', 'email_normalized'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('contact_list_members')
    .addColumn('list_id', 'varchar(24)', required)
    .addColumn('contact_id', 'varchar(24)', required)
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('created_at', 'bigint', required)
    .addPrimaryKeyConstraint('contact_list_members_pk', ['list_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('contact_list_members_contact').on('contact_list_members').columns(['contact_id', 'list_id']).execute();

  await db.schema
    .createTable('contact_tags')
    .addColumn('contact_id', 'varchar(24)', required)
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('tag', 'text', required)
    .addPrimaryKeyConstraint('contact_tags_pk', ['contact_id', 'tag'])
    .execute();
  await db.schema.createIndex('contact_tags_account_tag').on('contact_tags').columns(['account_id', 'tag']).execute();

  await db.schema
    .createTable('contact_field_values')
    .addColumn('contact_id', 'varchar(24)', required)
    .addColumn('custom_field_id', 'varchar(24)', required)
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('value', 'text', required)
    .addPrimaryKeyConstraint('contact_field_values_pk', ['contact_id', 'custom_field_id'])
    .execute();
  await db.schema.createIndex('contact_field_values_field').on('contact_field_values').columns(['custom_field_id']).execute();

  await audited(
    db.schema
      .createTable('marketing_senders')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('display_name', 'text', required)
      .addColumn('email', 'text', required)
      .addColumn('reply_email', 'text', required),
  ).execute();
  await db.schema.createIndex('marketing_senders_account').on('marketing_senders').columns(['account_id', 'id']).execute();

  await audited(
    db.schema
      .createTable('segments')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required)
      /** JSON of the rule tree (segments/segment-rules.ts), compiled to SQL when the segment is used. */
      .addColumn('rules', 'text', required),
  ).execute();
  await db.schema.createIndex('segments_account').on('segments').columns(['account_id', 'id']).execute();

  // An import and the rows it has still to apply: both are written when the import is
  // accepted, and each chunk's rows are deleted in the transaction that applies them.
  let imports = db.schema
    .createTable('contact_imports')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    .addColumn('list_id', 'varchar(24)', required)
    .addColumn('status', 'integer', required)
    .addColumn('custom_fields', 'text', required)
    .addColumn('invalid_rows', 'text', required);
  for (const counter of ['total', 'added', 'already_exists', 'repetitive', 'invalid', 'hard_bounce', 'unsubscribe', 'spam', 'blocked', 'limit_exceeded']) {
    imports = imports.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await audited(imports).execute();
  await db.schema.createIndex('contact_imports_account').on('contact_imports').columns(['account_id', 'id']).execute();
  await db.schema
    .createTable('contact_import_rows')
    .addColumn('import_id', 'varchar(24)', required)
    .addColumn('row_number', 'integer', required)
    .addColumn('email', 'text', required)
    .addColumn('custom_fields', 'text', required)
    .addPrimaryKeyConstraint('contact_import_rows_pk', ['import_id', 'row_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contact_import_rows',
    'contact_imports',
    'segments',
    'marketing_senders',
    'contact_field_values',
    'contact_tags',
    'contact_list_members',
    'contacts',
    'custom_fields',
    'contact_lists',
    'contact_groups',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

/**
 * Sending domains and sender verification.
 *
 * `domains`: a domain an account sends from, with the DKIM key pair generated for it.
 * The private key is stored here (PEM), so database backups hold it and must be kept
 * as secret as the keys themselves; it is cleared when the domain is deleted.
 * `check_results` is the JSON of the last DNS check, record by record.
 *
 * `senders` gains its confirmation state: when the address was confirmed, and the
 * pending confirmation link (only a SHA-256 hash of its token, and when it expires).
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await audited(
    db.schema
      .createTable('domains')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required)
      .addColumn('selector', 'text', required)
      .addColumn('private_key', 'text')
      /** Base64 of the DER SubjectPublicKeyInfo: the p= of the DKIM record. */
      .addColumn('public_key', 'text', required)
      .addColumn('verified_at', 'bigint')
      .addColumn('checked_at', 'bigint')
      .addColumn('check_results', 'text'),
  ).execute();
  await db.schema
    .createIndex('domains_account_name_live')
    .on('domains')
    .columns(['account_id', 'name'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('senders').addColumn('confirmed_at', 'bigint').execute();
  await db.schema.alterTable('senders').addColumn('confirmation_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('senders').addColumn('confirmation_expires_at', 'bigint').execute();
  await db.schema.createIndex('senders_confirmation_token').on('senders').column('confirmation_token_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('senders_confirmation_token').execute();
  await db.schema.alterTable('senders').dropColumn('confirmation_expires_at').execute();
  await db.schema.alterTable('senders').dropColumn('confirmation_token_hash').execute();
  await db.schema.alterTable('senders').dropColumn('confirmed_at').execute();
  await db.schema.dropTable('domains').execute();
}

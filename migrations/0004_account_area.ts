/**
 * The account area: a plan label on accounts, API keys (only a SHA-256 hash of each
 * key and a short preview are stored), and the indexes that listing users and
 * counting this month's usage need. `users.role` exists since 0001.
 */
import { sql, type Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // A label shown by GET /account; the operator's, not the customer's, to change.
  await db.schema
    .alterTable('accounts')
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('self-hosted'))
    .execute();

  await db.schema.createIndex('users_account').on('users').columns(['account_id', 'id']).execute();

  // A revoked key is soft-deleted (deleted_at) so its row still explains who made it and when.
  await audited(
    db.schema
      .createTable('api_keys')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', required)
      /** Hex SHA-256 of the whole key; every authenticated request with a key looks it up here. */
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('preview', 'text', required)
      /** Space-separated scopes: send read marketing account. */
      .addColumn('scopes', 'text', required)
      .addColumn('expires_at', 'bigint')
      .addColumn('last_used_at', 'bigint'),
  ).execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').columns(['account_id', 'id']).where(sql.ref('deleted_at'), 'is', null).execute();

  // GET /account counts the recipients accepted since the start of the month.
  await db.schema.createIndex('message_recipients_account_created').on('message_recipients').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('message_recipients_account_created').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropIndex('users_account').execute();
  await db.schema.alterTable('accounts').dropColumn('plan').execute();
}

/**
 * The audit of erasures (docs/privacy.md): one row per erased address of an account, naming
 * who asked (a person, an API key, the operator's command), the address only as its hash,
 * and what was erased (counts, JSON). Read by the account; never holds the address itself.
 */
import type { Kysely } from 'kysely';
import { required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('privacy_erasures')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('email_hash', 'text', required)
    .addColumn('actor', 'text', required)
    .addColumn('user_id', 'varchar(24)')
    .addColumn('api_key_id', 'varchar(24)')
    .addColumn('counts', 'text', required)
    .addColumn('created_at', 'bigint', required)
    .execute();
  await db.schema.createIndex('privacy_erasures_account').on('privacy_erasures').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_erasures').execute();
}

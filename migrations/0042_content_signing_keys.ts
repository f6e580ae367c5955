/**
 * The DKIM key a campaign's copies are signed with, fixed when the first of them is composed
 * (delivery/compose.ts): one row per shared content, From domain and day of acceptance, so that
 * a copy composed again for `/raw` after the key changed is signed as it was when sent. A copy
 * keeps nothing of its own. `private_key` null: the copies went unsigned. A row goes a day after
 * the longest body retention (the purge), or with its domain's key when the domain is deleted.
 */
import type { Kysely } from 'kysely';
import { required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_signing_keys')
    .addColumn('content_id', 'varchar(64)', required)
    .addColumn('from_domain', 'text', required)
    .addColumn('day', 'integer', required)
    .addColumn('key_domain', 'text')
    .addColumn('selector', 'text')
    .addColumn('private_key', 'text')
    .addColumn('created_at', 'bigint', required)
    .addPrimaryKeyConstraint('content_signing_keys_pkey', ['content_id', 'from_domain', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_signing_keys').execute();
}

/**
 * Counters that bound the confirmation mails of sign-up forms (forms.service.ts): one per
 * key (`pending:` a form and an address, `address:` an address over every form, `form:`
 * a form), each counting the mails of its current window. A row is taken and counted in
 * one upsert, in the transaction that stores the sign-up, so concurrent submissions on
 * either database are counted one after another and none slips under a limit.
 * `window_ends_at` serves the clean-up of long-expired rows.
 */
import type { Kysely } from 'kysely';
import { required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_confirmation_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_ends_at', 'bigint', required)
    .addColumn('count', 'integer', required)
    .execute();
  await db.schema.createIndex('form_confirmation_counters_window').on('form_confirmation_counters').columns(['window_ends_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('form_confirmation_counters').execute();
}

/**
 * The template syntax of a campaign's subject and HTML. `placeholders`: the original
 * service's `#field#` (every campaign stored before, so each renders exactly as it did);
 * `handlebars`: the template language of stored templates, with the contact's fields, its
 * lists and its links as variables (campaign-content.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('template_syntax', 'varchar(16)', (col) => col.notNull().defaultTo('placeholders'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('template_syntax').execute();
}

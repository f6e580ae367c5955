/**
 * Template formats. `mjml_content`: the MJML a template was saved as (null: written in HTML);
 * `html_content` then holds the HTML compiled from it when it was saved. `inline_css` 1: the
 * rules of the rendered HTML's `<style>` blocks are written into its elements at every send.
 * 0 for the templates stored before, so they render exactly as they did.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('templates').addColumn('mjml_content', 'text').execute();
  await db.schema
    .alterTable('templates')
    .addColumn('inline_css', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('inline_css').execute();
  await db.schema.alterTable('templates').dropColumn('mjml_content').execute();
}

/**
 * Layouts: a template may be a layout (`is_layout` 1: a header, footer and styles with a
 * `{{{ body }}}` placeholder), and a template may name one (`layout_id`, a layout of the same
 * account) that wraps its HTML at every send. The layout is read when the message is sent, so
 * editing it changes every template that uses it from the next send on.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('is_layout', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('templates').addColumn('layout_id', 'varchar(24)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('layout_id').execute();
  await db.schema.alterTable('templates').dropColumn('is_layout').execute();
}

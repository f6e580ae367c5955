/** SQL for stored templates. Every statement is scoped by account; deleted templates are invisible. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { NewTemplateRow, TemplateRow } from './templates.table.js';

export async function insertTemplate(db: DbOrTrx, row: NewTemplateRow): Promise<void> {
  await db.insertInto('templates').values(row).execute();
}

export async function listLiveTemplates(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: TemplateRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'templates', accountId), (q) => q.selectAll(), page);
}

export async function findLiveTemplate(db: DbOrTrx, accountId: string, id: string): Promise<TemplateRow | undefined> {
  return findLiveRow(db, 'templates', accountId, id, (q) => q.selectAll());
}

export type TemplateChanges = Partial<
  Pick<
    TemplateRow,
    | 'name'
    | 'subject'
    | 'html_content'
    | 'text_content'
    | 'is_layout'
    | 'layout_id'
    | 'mjml_content'
    | 'inline_css'
    | 'updated_at'
    | 'update_user_id'
    | 'deleted_at'
  >
>;

/** True when a live template of the account was changed. */
export async function updateTemplate(db: DbOrTrx, accountId: string, id: string, changes: TemplateChanges): Promise<boolean> {
  const result = await db
    .updateTable('templates')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many live templates of the account name `layoutId` as their layout. */
export async function countTemplatesUsingLayout(db: DbOrTrx, accountId: string, layoutId: string): Promise<number> {
  const row = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('layout_id', '=', layoutId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The live templates of the account with these names (a partial names its template), newest first. */
export async function findLiveTemplatesByName(db: DbOrTrx, accountId: string, names: string[]): Promise<Pick<TemplateRow, 'name' | 'html_content'>[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('templates')
    .select(['name', 'html_content'])
    .where('account_id', '=', accountId)
    .where('name', 'in', names)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A live template of the account with the HTML and inlineCss of the live layout it names, if any: a send's one read. */
export async function findLiveTemplateWithLayout(db: DbOrTrx, accountId: string, id: string) {
  return db
    .selectFrom('templates as t')
    .leftJoin('templates as l', (join) => join.onRef('l.id', '=', 't.layout_id').on('l.account_id', '=', accountId).on('l.deleted_at', 'is', null))
    .select(['t.subject', 't.html_content', 't.text_content', 't.inline_css', 'l.html_content as layout_html', 'l.inline_css as layout_inline_css'])
    .where('t.account_id', '=', accountId)
    .where('t.id', '=', id)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
}

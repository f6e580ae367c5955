import type { Insertable, Selectable } from 'kysely';

/** A stored message design with `{{ variable }}` placeholders (see lib/template-render.ts). */
export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  subject: string;
  html_content: string;
  /** null: the text part is derived from the rendered HTML. */
  text_content: string | null;
  /** 1: a layout, whose HTML has a `{{{ body }}}` placeholder that the templates using it fill. */
  is_layout: number;
  /** The layout (a template of the same account with is_layout 1) that wraps this one's HTML. */
  layout_id: string | null;
  /** The MJML the template was saved as; html_content is the HTML compiled from it. null: HTML. */
  mjml_content: string | null;
  /** 1: the CSS of the rendered HTML's `<style>` blocks is inlined at every send. */
  inline_css: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type TemplateRow = Selectable<TemplatesTable>;
export type NewTemplateRow = Insertable<TemplatesTable>;

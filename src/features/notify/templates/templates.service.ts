/**
 * Stored templates and their rendering at send time. A template is subject, HTML and
 * text in Handlebars (syntax and its compatibility with the older variables-only one:
 * lib/template-render.ts); the send names it with `templateId` and gives the values in
 * `params`. The syntax is checked when the template is saved; the variables when the
 * message is sent, since the values only exist then.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db, DbOrTrx } from '../../../db/database.js';
import { AppError, type FieldError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import {
  checkTemplate,
  hasVariable,
  MAX_PARTIAL_DEPTH,
  partialNames,
  placeholdersOf,
  renderTemplate,
  TemplateLimitError,
  TemplateRenderError,
  TemplateSyntaxError,
  type Variables,
} from '../../../lib/template-render.js';
import type { Principal } from '../../../http/principal.js';
import { compileMjml, inlineCss } from '../../../lib/email-formats.js';
import { htmlToText } from '../../../lib/html-to-text.js';
import type { CreateTemplateBody, PatchTemplateBody, RenderedTemplate, RenderStoredTemplateBody, RenderTemplateBody, Template } from './templates.schemas.js';
import {
  countTemplatesUsingLayout,
  findLiveTemplate,
  findLiveTemplatesByName,
  findLiveTemplateWithLayout,
  insertTemplate,
  listLiveTemplates,
  updateTemplate,
} from './templates.store.js';
import type { TemplateRow } from './templates.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

function toTemplate(row: TemplateRow): Template {
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.html_content,
    textContent: row.text_content,
    isLayout: row.is_layout === 1,
    layoutId: row.layout_id,
    inlineCss: row.inline_css === 1,
    mjmlContent: row.mjml_content,
    variables: placeholdersOf(`${row.subject}\n${row.html_content}\n${row.text_content ?? ''}`),
  };
}

export interface MessageContent {
  subject: string;
  html: string;
  /** null: derived from the HTML when the message is composed. */
  text: string | null;
  /** A layout's HTML, its `{{{ body }}}` filled with the rendered HTML (the layout's variables are the same params). */
  layout?: string | null;
  /** Inline the CSS of the rendered HTML's `<style>` blocks (lib/email-formats.ts). */
  inlineCss?: boolean;
  /** The HTML of the account's templates that the texts name as partials (`{{> name}}`), by name. */
  partials?: ReadonlyMap<string, string>;
}

/**
 * The partials the texts name, and those they name in turn, read from the account's own
 * templates (by name; of two with one name, the newest). A name no template has is left out:
 * rendering then says which, with its line. Read at every send, like the layout.
 */
export function contentPartials(db: DbOrTrx, accountId: string, content: MessageContent): Promise<Map<string, string>> {
  return partialsOf(db, accountId, [content.subject, content.html, content.text, content.layout]);
}

export async function partialsOf(db: DbOrTrx, accountId: string, texts: (string | null | undefined)[]): Promise<Map<string, string>> {
  const partials = new Map<string, string>();
  let pending = texts;
  for (let depth = 0; depth <= MAX_PARTIAL_DEPTH && pending.length; depth++) {
    const names = new Set<string>();
    for (const text of pending) {
      if (!text) continue;
      try {
        for (const name of partialNames(text)) if (!partials.has(name)) names.add(name);
      } catch (error) {
        // The text's own syntax error: rendering or saving reports it, with its field.
        if (!(error instanceof TemplateSyntaxError)) throw error;
      }
    }
    const rows = await findLiveTemplatesByName(db, accountId, [...names]);
    pending = [];
    for (const row of rows) {
      if (partials.has(row.name)) continue;
      partials.set(row.name, row.html_content);
      pending.push(row.html_content);
    }
  }
  return partials;
}

/** An MJML document (its root is `<mjml>`): compiled to HTML when saved. */
/** Where a layout puts a template's HTML: unescaped (`{{{ body }}}`, or Handlebars' `{{& body }}`). */
const RAW_BODY = /\{\{\{~?\s*body\s*~?\}\}\}|\{\{~?\s*&\s*body\s*~?\}\}/;

const MJML_ROOT = /^\s*(?:<!--[\s\S]*?-->\s*)*<mjml[\s>]/i;

/** The HTML a template stores for the `htmlContent` it was given: MJML compiled, with its source. */
async function htmlOf(htmlContent: string): Promise<{ html: string; mjml: string | null }> {
  if (!MJML_ROOT.test(htmlContent)) return { html: htmlContent, mjml: null };
  try {
    return { html: await compileMjml(htmlContent), mjml: htmlContent };
  } catch (error) {
    const problem = templateProblem(error, 'htmlContent');
    if (problem) throw AppError.validation([{ field: problem.field, message: problem.message.replace('a valid template', 'valid MJML') }]);
    throw error;
  }
}

/** The content of a send that names a template; undefined when the account has no such live template. */
export async function templateContent(db: DbOrTrx, accountId: string, templateId: string): Promise<MessageContent | undefined> {
  // Read at every send, with its layout in the same read: editing the layout changes the next message of every template using it.
  const row = isId(templateId) ? await findLiveTemplateWithLayout(db, accountId, templateId) : undefined;
  if (!row) return undefined;
  return {
    subject: row.subject,
    html: row.html_content,
    text: row.text_content,
    layout: row.layout_html ?? null,
    inlineCss: row.inline_css === 1 || row.layout_inline_css === 1,
  };
}

/** A template text that cannot be rendered: the field error that says where and why. */
function templateProblem(error: unknown, field: string): FieldError | undefined {
  if (error instanceof TemplateSyntaxError) return { field, message: `is not a valid template: line ${error.line}, column ${error.column}: ${error.reason}` };
  if (error instanceof TemplateLimitError) return { field, message: `cannot be rendered: ${error.message}` };
  return undefined;
}

/** Every syntax error of a template's texts as field errors (400), before it is stored. */
export function checkContent(content: { subject?: string; htmlContent?: string; textContent?: string | null }, partials?: ReadonlyMap<string, string>): void {
  const errors: FieldError[] = [];
  for (const [field, text] of Object.entries(content)) {
    if (typeof text !== 'string') continue;
    try {
      checkTemplate(text, partials);
    } catch (error) {
      const problem = templateProblem(error, field);
      if (!problem) throw error;
      errors.push(problem);
    }
  }
  if (errors.length) throw AppError.validation(errors);
}

/**
 * Fills the placeholders of subject, HTML (escaped) and text. Every missing variable is
 * a field error `params.<name>`; so is a value that would put a line break in the subject.
 * A text that is not a template, or past a bound of rendering, is an error of its field.
 */
export function renderContent(
  content: MessageContent,
  params: Variables,
  customFields: Variables | undefined,
  options: { allowMissing?: boolean } = {},
): MessageContent {
  const errors: FieldError[] = [];
  const render = (text: string, html: boolean, where: string, variables = params): string => {
    try {
      // With a layout, `#key#` is filled once, in the whole.
      return renderTemplate(text, variables, {
        html,
        partials: content.partials,
        customFields: where === 'htmlContent' && content.layout ? undefined : customFields,
        allowMissing: options.allowMissing,
      });
    } catch (error) {
      const problem = templateProblem(error, where === 'layout' ? 'layoutId' : where);
      if (problem) {
        errors.push(problem);
        return text;
      }
      if (!(error instanceof TemplateRenderError)) throw error;
      for (const p of error.problems) {
        if (errors.some((e) => e.field === `params.${p.name}`)) continue;
        errors.push({
          field: `params.${p.name}`,
          message:
            p.problem === 'missing'
              ? `is required: the ${where} uses {{ ${p.name} }}`
              : `must be a string, number or boolean (the ${where} uses {{ ${p.name} }})`,
        });
      }
      return text;
    }
  };
  const subject = render(content.subject, false, 'subject');
  const inlined = content.inlineCss && !errors.length ? renderInlined(content, params, customFields, options) : undefined;
  const body = inlined ?? render(content.html, true, 'htmlContent');
  let html = inlined ?? (content.layout && !errors.length ? render(content.layout, true, 'layout', { ...params, body }) : body);
  if (content.inlineCss && inlined === undefined && !errors.length) {
    try {
      html = inlineCss(html);
    } catch (error) {
      errors.push(
        templateProblem(error, 'htmlContent') ?? {
          field: 'htmlContent',
          message: `cannot be rendered: its CSS could not be inlined (${(error as Error).message})`,
        },
      );
    }
  }
  const text = content.text === null ? null : render(content.text, false, 'textContent');
  if (!errors.length && /[\x00-\x08\x0a-\x1f\x7f]/.test(subject)) {
    errors.push({ field: 'params', message: 'values used in the subject must not contain line breaks or control characters' });
  }
  if (errors.length) throw AppError.validation(errors);
  return { subject, html, text };
}

/** Templates with their CSS inlined, by their text, least recently used first. */
const inlinedTemplates = new Map<string, string>();
const INLINED_CHARS = 16 * 1024 * 1024;
let inlinedChars = 0;

/** `text` (a template) with the rules of its `<style>` blocks written into its elements; cached. */
function inlinedTemplate(text: string): string {
  const cached = inlinedTemplates.get(text);
  if (cached !== undefined) {
    inlinedTemplates.delete(text);
    inlinedTemplates.set(text, cached);
    return cached;
  }
  // The inliner keeps `{{ … }}` as written (juice's code blocks), so the result is still the template.
  const inlined = inlineCss(text);
  for (const [oldest, entry] of inlinedTemplates) {
    if (inlinedChars + inlined.length + text.length <= INLINED_CHARS) break;
    inlinedTemplates.delete(oldest);
    inlinedChars -= oldest.length + entry.length;
  }
  inlinedTemplates.set(text, inlined);
  inlinedChars += text.length + inlined.length;
  return inlined;
}

/**
 * The HTML of content with inlineCss: the template, its layout around it, has its CSS inlined
 * once (cached by its text), then is rendered; so a personalised send or a busy template does not parse
 * the document again for every message. Styles apply to the template's elements, not to HTML
 * that a `{{{ variable }}}` brings. Undefined when that cannot be done (a layout and template
 * in different syntaxes, a text past a bound, a missing variable): the caller then renders the
 * parts apart and inlines the result, which says what is wrong, with its field.
 */
function renderInlined(content: MessageContent, params: Variables, customFields: Variables | undefined, options: { allowMissing?: boolean }) {
  try {
    const whole = content.layout ? content.layout.replace(RAW_BODY, () => content.html) : content.html;
    return renderTemplate(inlinedTemplate(whole), params, { html: true, partials: content.partials, customFields, allowMissing: options.allowMissing });
  } catch {
    return undefined;
  }
}

/** A preview's answer: the rendered parts, the text part a send would compose, what the sample lacks. */
function preview(content: MessageContent, body: RenderStoredTemplateBody): RenderedTemplate {
  const params = (body.params ?? {}) as Variables;
  const rendered = renderContent(content, params, undefined, { allowMissing: body.allowMissing });
  const used = placeholdersOf([content.subject, content.html, content.text ?? '', content.layout ?? ''].join('\n'), content.partials);
  return {
    subject: rendered.subject,
    htmlContent: rendered.html,
    textContent: rendered.text,
    text: rendered.text ?? htmlToText(rendered.html),
    missingVariables: used.filter((name) => name !== 'body' || !content.layout).filter((name) => !hasVariable(params, name)),
  };
}

export class TemplatesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: CreateTemplateBody): Promise<Template> {
    const { html, mjml } = await htmlOf(body.htmlContent);
    const partials = await partialsOf(this.db, principal.accountId, [body.subject, html, body.textContent]);
    checkContent({ subject: body.subject, htmlContent: html, textContent: body.textContent }, partials);
    await this.checkLayout(principal, undefined, { isLayout: body.isLayout ?? false, layoutId: body.layoutId ?? null, html });
    const now = this.clock.now();
    const row: TemplateRow = {
      id: newId(now),
      account_id: principal.accountId,
      name: body.name.trim(),
      subject: body.subject,
      html_content: html,
      text_content: body.textContent ?? null,
      is_layout: body.isLayout ? 1 : 0,
      layout_id: body.layoutId ?? null,
      mjml_content: mjml,
      inline_css: body.inlineCss ? 1 : 0,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertTemplate(this.db, row);
    return toTemplate(row);
  }

  /**
   * A template as an editor holds it, rendered as a send would render it (the dashboard's live
   * preview): the same renderContent, so what the preview shows and what a send refuses cannot
   * drift apart. Nothing is stored; only the layout it names is read, the account's own.
   */
  async render(principal: Principal, body: RenderTemplateBody): Promise<RenderedTemplate> {
    const layout = body.layoutId ? await this.requireLayout(principal, body.layoutId, undefined) : undefined;
    const { html } = await htmlOf(body.htmlContent);
    const content = { subject: body.subject, html, text: body.textContent ?? null, layout: layout?.html_content ?? null };
    const partials = await contentPartials(this.db, principal.accountId, content);
    return preview({ ...content, inlineCss: body.inlineCss === true || layout?.inline_css === 1, partials }, body);
  }

  /** A stored template, with its layout, rendered with sample values as a send would render it. */
  async renderStored(principal: Principal, id: string, body: RenderStoredTemplateBody): Promise<RenderedTemplate> {
    const content = isId(id) ? await templateContent(this.db, principal.accountId, id) : undefined;
    if (!content) throw AppError.notFound('Template');
    return preview({ ...content, partials: await contentPartials(this.db, principal.accountId, content) }, body);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Template>> {
    const { rows, total } = await listLiveTemplates(this.db, principal.accountId, page);
    return listResult(rows.map(toTemplate), total);
  }

  async get(principal: Principal, id: string): Promise<Template> {
    return toTemplate(await this.require(principal, id));
  }

  /** PUT: every field is replaced (an absent textContent becomes null); PATCH: only those given. */
  async update(principal: Principal, id: string, body: PatchTemplateBody, replace: boolean): Promise<Template> {
    const current = await this.require(principal, id);
    const given = body.htmlContent === undefined ? undefined : await htmlOf(body.htmlContent);
    const partials = await partialsOf(this.db, principal.accountId, [body.subject, given?.html, body.textContent]);
    checkContent({ subject: body.subject, htmlContent: given?.html, textContent: body.textContent }, partials);
    const isLayout = body.isLayout ?? (replace ? false : current.is_layout === 1);
    const layoutId = body.layoutId !== undefined || replace ? (body.layoutId ?? null) : current.layout_id;
    await this.checkLayout(principal, current, { isLayout, layoutId, html: given?.html ?? current.html_content });
    const changes = {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(given ? { html_content: given.html, mjml_content: given.mjml } : {}),
      ...(body.inlineCss !== undefined || replace ? { inline_css: body.inlineCss ? 1 : 0 } : {}),
      ...(body.textContent !== undefined || replace ? { text_content: body.textContent ?? null } : {}),
      is_layout: isLayout ? 1 : 0,
      layout_id: layoutId,
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!(await updateTemplate(this.db, principal.accountId, id, changes))) throw AppError.notFound('Template');
    return this.get(principal, id);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    if (isId(id)) await this.refuseIfUsed(principal, id, 'deleted');
    const now = this.clock.now();
    const removed =
      isId(id) && (await updateTemplate(this.db, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
    if (!removed) throw AppError.notFound('Template');
  }

  /**
   * A layout has a `{{{ body }}}` and no layout of its own (layouts do not nest, so there is no
   * cycle); a template's layoutId names a live layout of the same account; a layout in use
   * stays one. `current`: the template being changed, undefined when creating.
   */
  private async checkLayout(principal: Principal, current: TemplateRow | undefined, next: { isLayout: boolean; layoutId: string | null; html: string }) {
    if (next.isLayout) {
      if (next.layoutId !== null) throw AppError.field('layoutId', 'must be null for a layout: a layout has no layout of its own');
      // Tripled: a `{{ body }}` would escape the template's HTML, and recipients would read its markup.
      if (!RAW_BODY.test(next.html))
        throw AppError.field('htmlContent', 'of a layout must have a {{{ body }}} placeholder (three braces), where the HTML of the templates using it goes');
    } else if (current?.is_layout === 1) {
      await this.refuseIfUsed(principal, current.id, 'made a plain template');
    }
    if (next.layoutId !== null) await this.requireLayout(principal, next.layoutId, current?.id);
  }

  private async requireLayout(principal: Principal, layoutId: string, exceptId: string | undefined): Promise<TemplateRow> {
    const layout = isId(layoutId) ? await findLiveTemplate(this.db, principal.accountId, layoutId) : undefined;
    if (!layout || layout.is_layout !== 1 || layout.id === exceptId)
      throw AppError.field('layoutId', "is not one of this account's layouts (templates with isLayout true)");
    return layout;
  }

  private async refuseIfUsed(principal: Principal, layoutId: string, change: string): Promise<void> {
    const users = await countTemplatesUsingLayout(this.db, principal.accountId, layoutId);
    if (users > 0)
      throw new AppError('conflict', `This layout is used by ${users} template(s) and cannot be ${change}; give them another layoutId (or null) first.`);
  }

  private async require(principal: Principal, id: string): Promise<TemplateRow> {
    const row = isId(id) ? await findLiveTemplate(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Template');
    return row;
  }
}

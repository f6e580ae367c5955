/**
 * Content stored once (migration 0031): a campaign's copies share one `message_contents`
 * row (its template, syntax and footer), and each copy's message row keeps only its
 * recipient's values. The copy's HTML is rendered from the two when it is composed, shown
 * (`GET /messages/{id}`) or opened as a web page, so a 250 KB newsletter costs its 250 KB
 * once, not once per contact. Rendering is the same code that rendered copies at dispatch
 * (lib/personalise.ts, lib/campaign-footer.ts), so the bytes are those it gave then.
 *
 * The content's id is the sha256 of the account and the content, its first 128 bits (every copy's
 * row names it; contents stored before keep their whole hash): the next chunk of the same
 * campaign (or a resend) finds its row there, and two accounts never share one.
 */
import { createHash } from 'node:crypto';
import type { Reads } from '../../../db/database.js';
import { withCampaignFooter } from '../../../lib/campaign-footer.js';
import { type CampaignAddressee, type CampaignRenderer, type CampaignTexts, campaignRenderer } from '../../../lib/personalise.js';
import { loadContents } from './messages.delivery-store.js';
import type { MessageContentRow } from './messages.table.js';

/** The stored body of a campaign's content: its HTML template, syntax and the footer's postal address. */
interface CampaignContentBody {
  kind: 'campaign';
  html: string;
  syntax: string | null;
  postalAddress: string;
}

/**
 * The values of one copy: what its recipient's placeholders are filled with. The `email` value is
 * the copy's address, so it is stored once: `fields` holds the others (none: left out). Copies
 * stored before hold all of them in `values`, and are read as they are.
 */
interface CopyValues {
  email: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
  lists?: readonly string[];
}

/** A content shared by many copies, ready to be written (insertAcceptedMessages writes each id once). */
export interface SharedContent {
  row: MessageContentRow;
}

/** The shared content of a campaign's copies: its HTML template as written, its syntax and the footer's postal address. */
export function campaignContent(accountId: string, texts: CampaignTexts, postalAddress: string, now: number): SharedContent {
  const body: CampaignContentBody = { kind: 'campaign', html: texts.html_content, syntax: texts.template_syntax ?? null, postalAddress };
  const text = JSON.stringify(body);
  const id = createHash('sha256').update(accountId).update('\n').update(text).digest().subarray(0, 16).toString('base64url');
  return { row: { id, account_id: accountId, body: text, created_at: now } };
}

/** One copy's values, as stored on its message (`content_values`). */
export function copyValues(to: CampaignAddressee): string {
  const { email, ...fields } = Object.fromEntries(to.values);
  const values: CopyValues = {
    email: to.email,
    ...(email !== to.email ? { values: Object.fromEntries(to.values) } : Object.keys(fields).length ? { fields } : {}),
    ...(to.lists?.length ? { lists: to.lists } : {}),
  };
  return JSON.stringify(values);
}

/** The placeholder values of a stored copy (copyValues). */
function valuesOfCopy(copy: CopyValues): Map<string, string> {
  return new Map(copy.values ? Object.entries(copy.values) : [...Object.entries(copy.fields ?? {}), ['email', copy.email]]);
}

/**
 * Compiled contents, by id: a batch of a campaign's copies compiles its handlebars once.
 * A few at a time: the campaigns being delivered now.
 */
const compiled = new Map<string, { body: CampaignContentBody; renderer: CampaignRenderer }>();
const COMPILED_KEPT = 16;

function compiledContent(row: Pick<MessageContentRow, 'id' | 'body'>) {
  let found = compiled.get(row.id);
  if (!found) {
    const body = JSON.parse(row.body) as CampaignContentBody;
    found = { body, renderer: campaignRenderer({ subject: '', html_content: body.html, template_syntax: body.syntax }) };
    if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
    compiled.set(row.id, found);
  }
  return found;
}

type CompiledContent = NonNullable<ReturnType<typeof compiled.get>>;

/** The HTML of one copy of a shared content. */
export function renderCopy(content: Pick<MessageContentRow, 'id' | 'body'>, values: string): string {
  return renderWith(compiledContent(content), values);
}

function renderWith({ body, renderer }: CompiledContent, values: string): string {
  const copy = JSON.parse(values) as CopyValues;
  const to: CampaignAddressee = { email: copy.email, values: valuesOfCopy(copy), ...(copy.lists ? { lists: copy.lists } : {}) };
  return withCampaignFooter(renderer.html(to), body.postalAddress);
}

/** What a row needs for its HTML to be rendered from a shared content. */
interface WithContent {
  html_content: string;
  content_id: string | null;
  content_values: string | null;
}

/**
 * The rows with their HTML: a row that refers to a shared content gets it rendered into
 * `html_content` (in place, and returned). A content gone (its body purged) leaves the HTML empty.
 * The compiled contents this needs are taken from the cache before the load's await: other
 * renders meanwhile may push them out of it, and a copy must never go out without its HTML.
 */
export async function withRenderedContent<T extends WithContent>(db: Reads, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.content_id !== null ? [r.content_id] : [])))];
  if (ids.length === 0) return rows;
  const ready = new Map<string, CompiledContent>();
  for (const id of ids) {
    const found = compiled.get(id);
    if (found) ready.set(id, found);
  }
  const missing = ids.filter((id) => !ready.has(id));
  for (const content of await loadContents(db, missing)) ready.set(content.id, compiledContent(content));
  for (const row of rows) {
    if (row.content_id === null || row.content_values === null) continue;
    const content = ready.get(row.content_id);
    if (content) row.html_content = renderWith(content, row.content_values);
  }
  return rows;
}

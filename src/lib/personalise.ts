/**
 * Personalisation of campaign mail, in the campaign's template syntax (migration 0026):
 *
 * `placeholders` (every campaign made before there was a choice, and the default):
 * `#fieldname#`, the original service's syntax (transactional `customFields` use it too,
 * lib/template-render.ts). A campaign fills them from the contact: `#email#`, and each
 * custom field by its name (any case; characters other than letters, digits and `_` written
 * as `_`, so "First name" is `#first_name#`). Unlike a transactional send, an unknown
 * placeholder is not kept as written: a contact without the value gets nothing there, and
 * the campaign's preview lists the names no field answers to, so the author sees the
 * mistake before sending.
 *
 * `handlebars`: the template language of stored templates (lib/template-render.ts) with
 * the contact as variables: `email`, `fields.<key>` (the same keys), `lists` (the names of
 * the campaign's lists the contact is on; for a campaign to segments, of all its lists),
 * `list_name` (the first of them), so `{{#if fields.plan}}…{{/if}}` and `{{#each lists}}`
 * work. A field the contact has no value for is empty, as above. `#key#` placeholders are
 * filled too, but only those a value answers to.
 *
 * In both, the recipient's own links: `#unsubscribe#` / `{{ unsubscribe_url }}` (its
 * unsubscribe page) and `#webversion#` / `{{ webversion_url }}` (the copy as a web page).
 * The content carries a mark there (lib/copy-links.ts), filled when the copy is composed. A
 * custom field named `unsubscribe` or `webversion` wins over the link, as it did before.
 *
 * A campaign's texts are compiled once (campaignRenderer), then rendered per contact: at
 * dispatch, and again wherever a copy is composed or shown, since a copy stores only its
 * values (features/notify/messages/messages.content.ts); hence here, where both areas reach it.
 */
import { COPY_LINK } from './copy-links.js';
import { escapeHtml, prepareTemplate, type PreparedTemplate, type Variables } from './template-render.js';

/** What a campaign's texts are: a subject and HTML in one of the two syntaxes. */
export interface CampaignTexts {
  subject: string;
  html_content: string;
  /** `handlebars`, else placeholders. */
  template_syntax?: string | null;
}

const PLACEHOLDER = /#([A-Za-z0-9_]+)#/g;

/** The key a custom field's name is written with in a placeholder. */
export function placeholderKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

/** The distinct placeholder keys `text` uses, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!.toLowerCase()))];
}

/** The links `#unsubscribe#` and `#webversion#` stand for, unless a field has that name. */
const LINKS: ReadonlyMap<string, string> = new Map(Object.entries(COPY_LINK));

/**
 * `text` with each placeholder replaced by its value (HTML-escaped for HTML), or by nothing.
 * `links`: `#unsubscribe#` and `#webversion#` become the recipient's links (in the HTML).
 */
export function personalise(text: string, values: ReadonlyMap<string, string>, html: boolean, links = false): string {
  if (!text.includes('#')) return text;
  return text.replace(PLACEHOLDER, (_whole, key: string) => {
    const lower = key.toLowerCase();
    const value = values.get(lower) ?? (links ? LINKS.get(lower) : undefined) ?? '';
    return html ? escapeHtml(value) : value;
  });
}

export interface CampaignAddressee {
  email: string;
  /** Placeholder key → value: `email` and the custom fields (the campaign dispatch's valuesOf). */
  values: ReadonlyMap<string, string>;
  /** The names of the contact's lists (handlebars campaigns that use them). */
  lists?: readonly string[];
}

/** A campaign's subject and HTML, ready to be filled for each contact. */
export interface CampaignRenderer {
  subject(to: CampaignAddressee): string;
  html(to: CampaignAddressee): string;
  /** The texts use `lists` or `list_name`: the contact's list names must be read. */
  usesLists: boolean;
  /** Variables the texts use that no contact can have (`fields.<key>` of no field, other names). */
  unknown(knownFieldKeys: ReadonlySet<string>): string[];
}

/** The variables of a handlebars campaign besides the fields. */
const CONTACT_VARIABLES = new Set(['email', 'lists', 'list_name', 'unsubscribe_url', 'webversion_url']);

function variablesOf(to: CampaignAddressee): Variables {
  const fields: Record<string, string> = {};
  for (const [key, value] of to.values) if (key !== 'email') fields[key] = value;
  const lists = to.lists ?? [];
  return {
    email: to.email,
    fields,
    lists,
    list_name: lists[0] ?? '',
    unsubscribe_url: to.values.get('unsubscribe') ?? COPY_LINK.unsubscribe,
    webversion_url: to.values.get('webversion') ?? COPY_LINK.webversion,
  };
}

function placeholdersRenderer(campaign: CampaignTexts): CampaignRenderer {
  return {
    subject: (to) => personalise(campaign.subject, to.values, false),
    html: (to) => personalise(campaign.html_content, to.values, true, true),
    usesLists: false,
    unknown: (known) => [...new Set([...placeholdersIn(campaign.subject), ...placeholdersIn(campaign.html_content)])].filter((key) => !known.has(key)),
  };
}

/**
 * Throws TemplateSyntaxError for a text that is not a template (saving checks it), and when
 * rendering TemplateLimitError past a bound or for a list where a value belongs.
 */
function handlebarsRenderer(campaign: CampaignTexts): CampaignRenderer {
  const subject: PreparedTemplate = prepareTemplate(campaign.subject, { html: false, allowMissing: true });
  const html: PreparedTemplate = prepareTemplate(campaign.html_content, { html: true, allowMissing: true });
  const uses = [...new Set([...subject.uses, ...html.uses])];
  const hashKeys = (to: CampaignAddressee, links: boolean): Variables => {
    const values: Variables = Object.fromEntries(to.values);
    if (links) for (const [key, link] of LINKS) values[key] ??= link;
    return values;
  };
  return {
    subject: (to) => subject.render(variablesOf(to), hashKeys(to, false)),
    html: (to) => html.render(variablesOf(to), hashKeys(to, true)),
    usesLists: uses.some((name) => name === 'lists' || name.startsWith('lists.') || name === 'list_name'),
    unknown: (known) =>
      uses.filter((name) => {
        const [root, key] = name.split('.');
        return root === 'fields' ? key !== undefined && !known.has(key) : !CONTACT_VARIABLES.has(root!);
      }),
  };
}

/** The renderer of a campaign's texts in its syntax, compiled once for all its copies. */
export function campaignRenderer(campaign: CampaignTexts): CampaignRenderer {
  return campaign.template_syntax === 'handlebars' ? handlebarsRenderer(campaign) : placeholdersRenderer(campaign);
}

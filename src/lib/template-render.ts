/**
 * Variables in stored templates and send bodies. One syntax, Mustache-like but with no
 * sections or logic:
 *
 *   {{ name }}        the value of `name`, HTML-escaped when rendering HTML
 *   {{ order.id }}    dotted paths reach into nested objects
 *   {{{ name }}}      the value as it is, unescaped (for HTML the caller trusts)
 *
 * A placeholder whose variable is absent is an error listing every missing name (a
 * message with an empty hole is worse than no message). Values are strings, numbers or
 * booleans; null renders as nothing. The original service's `#key#` placeholders are
 * filled from `customFields`; only keys that are given are replaced, since `#…#` also
 * occurs in ordinary text (colours, issue numbers).
 */

export type Variables = Record<string, unknown>;

const PLACEHOLDER = /\{\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}\}|\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

export interface RenderProblem {
  /** The variable's dotted path. */
  name: string;
  problem: 'missing' | 'not_scalar';
}

export class TemplateRenderError extends Error {
  constructor(readonly problems: RenderProblem[]) {
    super(problems.map((p) => `${p.name}: ${p.problem}`).join('; '));
  }
}

function lookup(variables: Variables, path: string): { found: boolean; value: unknown } {
  let node: unknown = variables;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return { found: false, value: undefined };
    node = (node as Record<string, unknown>)[part];
  }
  return { found: node !== undefined, value: node };
}

/** The names used by `{{ }}` placeholders in `text`, in order of first use. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add((match[1] ?? match[2])!);
  return [...names];
}

/**
 * Fills the placeholders of `text`. `html`: escape values of `{{ }}` (not of `{{{ }}}`).
 * Throws TemplateRenderError naming every variable that is missing or not a scalar.
 */
export function renderTemplate(text: string, variables: Variables, options: { html: boolean; customFields?: Variables }): string {
  const problems: RenderProblem[] = [];
  let out = text.replace(PLACEHOLDER, (whole, raw: string | undefined, escaped: string | undefined) => {
    const name = (raw ?? escaped)!;
    const { found, value } = lookup(variables, name);
    if (!found) {
      if (!problems.some((p) => p.name === name)) problems.push({ name, problem: 'missing' });
      return whole;
    }
    if (value === null) return '';
    if (typeof value === 'object') {
      if (!problems.some((p) => p.name === name)) problems.push({ name, problem: 'not_scalar' });
      return whole;
    }
    const rendered = String(value);
    return options.html && escaped !== undefined ? escapeHtml(rendered) : rendered;
  });
  if (problems.length) throw new TemplateRenderError(problems);
  const customFields = options.customFields;
  if (customFields && Object.keys(customFields).length) {
    out = out.replace(/#([A-Za-z0-9_]+)#/g, (whole, key: string) => {
      if (!Object.hasOwn(customFields, key)) return whole;
      const value = customFields[key];
      if (value === null || value === undefined || typeof value === 'object') return '';
      return options.html ? escapeHtml(String(value)) : String(value);
    });
  }
  return out;
}

/**
 * The one template renderer: stored templates, send bodies with variables, previews. The
 * language is Handlebars (`{{ a.b }}`, `{{{ raw }}}`, each/if/unless/with, and our helpers
 * formatDate, formatNumber, formatCurrency), so SendGrid and Mailgun templates port unchanged.
 *
 * Compatible with the variables-only syntax that came before it: a text without blocks,
 * partials or helper calls renders by that syntax's rules, byte for byte (`isHandlebars`);
 * in a Handlebars text such a placeholder is still a plain lookup (`legacyPaths`); escaping
 * is the old one (`&<>"'`). Outside blocks a missing variable is an error naming every one
 * missing (a message with an empty hole is worse than none); inside blocks it is empty.
 *
 * Partials (`{{> name}}`) are other templates of the same account, filled in as text before
 * compiling (expandPartials), at most MAX_PARTIAL_DEPTH deep; the caller gives their texts.
 *
 * Safe with tenant-written templates: no prototype access (the runtime's default), only our
 * helpers; bounded nesting, `each` iterations and output (TemplateLimitError).
 * The original service's `#key#` placeholders are filled from `customFields` afterwards;
 * only keys that are given are replaced, since `#…#` also occurs in ordinary text.
 * Compiled templates are cached by their text.
 */
import { createRequire } from 'node:module';
import type HandlebarsNs from 'handlebars';

export type Variables = Record<string, unknown>;

/** Blocks inside blocks, deeper than any real email needs. */
export const MAX_NESTING = 20;
/** `each` iterations per render, all loops together. */
export const MAX_ITERATIONS = 10_000;
/** Characters of one rendered part (the largest body a send accepts). */
export const MAX_OUTPUT_CHARS = 5 * 1024 * 1024;

const LEGACY_PLACEHOLDER = /\{\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}\}|\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;
/** Names a legacy placeholder leaves to Handlebars: they mean the context there. */
const HANDLEBARS_NAMES = /^(?:this|else|\.|\.\.)$|^this\./;
/** Blocks and partials: a text with these is written for Handlebars, not the old syntax. */
const HANDLEBARS_BLOCK = /\{\{~?\s*[#^/>]/;
/** Without blocks, a call of a helper is the only other sign of a text written for Handlebars. */
const HELPER_CALL = /\{\{~?\s*(?:formatDate|formatNumber|formatCurrency|lookup)\s[^{}]*\}\}/g;

/**
 * Which syntax a text is written in. The old one when it has no blocks or partials and every
 * `{{` in it is an old placeholder, or something else than a helper call (the old syntax left
 * that as written, so a stored text renders exactly as before).
 */
function isHandlebars(text: string): boolean {
  if (HANDLEBARS_BLOCK.test(text)) return true;
  const rest = text.replace(LEGACY_PLACEHOLDER, '');
  return rest.includes('{{') && !rest.replace(HELPER_CALL, '').includes('{{');
}

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

/** The template itself is not valid: line and column are 1-based. */
export class TemplateSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
  }
}

/** A bound was exceeded, or a helper was given what it cannot format. */
export class TemplateLimitError extends Error {}

// ---------------------------------------------------------------------------------------------
// Handlebars, loaded on the first render so that starting the server does not pay for it.

type Handlebars = typeof HandlebarsNs;
type Node = hbs.AST.Node;
let engine: Handlebars | undefined;

function handlebars(): Handlebars {
  if (engine) return engine;
  const hb = (createRequire(import.meta.url)('handlebars') as Handlebars).create();
  // Jison's parse error carries the position; the default throws only a message.
  (hb as unknown as { Parser: { parseError: unknown } }).Parser.parseError = (message: string, hash: { loc?: { first_line: number; last_column: number } }) => {
    throw new TemplateSyntaxError(parseReason(message), hash.loc?.first_line ?? 1, (hash.loc?.last_column ?? 0) + 1);
  };
  for (const name of ['helperMissing', 'blockHelperMissing', 'log']) hb.unregisterHelper(name);
  const each = hb.helpers.each!;
  hb.registerHelper('each', function (this: unknown, context: unknown, options: HandlebarsNs.HelperOptions) {
    const charge = Number(options.hash?.[STATIC_SIZE] ?? 0);
    const fn = (item: unknown, frame?: HandlebarsNs.RuntimeOptions) => {
      const budget = currentBudget();
      if (++budget.iterations > MAX_ITERATIONS) throw new TemplateLimitError(`loops run more than ${MAX_ITERATIONS} times in all`);
      budget.spend(charge);
      return options.fn(item, frame);
    };
    return each.call(this, context, { ...options, fn: Object.assign(fn, options.fn) });
  });
  hb.registerHelper(OUT_ESCAPED, (value: unknown) => escapeHtml(output(value)));
  hb.registerHelper(OUT_RAW, (value: unknown) => output(value));
  registerFormatters(hb);
  engine = hb;
  return hb;
}

function parseReason(message: string): string {
  const expected = /Expecting (.*), got '([^']*)'/.exec(message);
  return expected ? `unexpected ${expected[2] === 'EOF' ? 'end of template (a block is not closed)' : expected[2]}` : message.split('\n')[0]!;
}

const OUT_ESCAPED = '_postwire_escaped';
const OUT_RAW = '_postwire_raw';
const STATIC_SIZE = '_postwire_size';
const BLOCK_HELPERS = ['if', 'unless', 'each', 'with'];
const HELPERS = ['if', 'unless', 'each', 'with', 'lookup', 'formatDate', 'formatNumber', 'formatCurrency', OUT_ESCAPED, OUT_RAW];

// ---------------------------------------------------------------------------------------------
// The budget of the render under way. Rendering is synchronous, so one at a time.

class Budget {
  iterations = 0;
  output = 0;
  spend(chars: number): void {
    this.output += chars;
    if (this.output > MAX_OUTPUT_CHARS) throw new TemplateLimitError(`the rendered text is longer than ${MAX_OUTPUT_CHARS} characters`);
  }
}
let budget: Budget | undefined;
function currentBudget(): Budget {
  return (budget ??= new Budget());
}

function output(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') throw new TemplateLimitError('a placeholder names an object or a list where a value belongs');
  const text = String(value);
  currentBudget().spend(text.length);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Formatting helpers: Intl, in the locale the template names.

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    try {
      f = make();
    } catch (error) {
      throw new TemplateLimitError(`${key.split('|')[0]}: ${(error as Error).message}`);
    }
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

function args(list: unknown[]): { values: unknown[]; hash: Record<string, unknown> } {
  const options = list.at(-1) as HandlebarsNs.HelperOptions;
  return { values: list.slice(0, -1), hash: options.hash ?? {} };
}

function localeOf(value: unknown): string {
  return typeof value === 'string' && value ? value : 'en-US';
}

function numberOf(helper: string, value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new TemplateLimitError(`${helper}: ${JSON.stringify(String(value)).slice(0, 60)} is not a number`);
  return n;
}

function registerFormatters(hb: Handlebars): void {
  hb.registerHelper('formatNumber', (...list: unknown[]) => {
    const { values, hash } = args(list);
    const n = numberOf('formatNumber', values[0]);
    if (n === undefined) return '';
    const digits = hash.decimals === undefined ? undefined : Number(hash.decimals);
    const options = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    return formatter(`formatNumber|${localeOf(values[1])}|${digits}`, () => new Intl.NumberFormat(localeOf(values[1]), options)).format(n);
  });
  hb.registerHelper('formatCurrency', (...list: unknown[]) => {
    const { values } = args(list);
    const n = numberOf('formatCurrency', values[0]);
    if (n === undefined) return '';
    const currency = typeof values[1] === 'string' ? values[1] : 'USD';
    const locale = localeOf(values[2]);
    return formatter(`formatCurrency|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency })).format(n);
  });
  hb.registerHelper('formatDate', (...list: unknown[]) => {
    const { values, hash } = args(list);
    const value = values[0];
    if (value === null || value === undefined || value === '') return '';
    const date = new Date(typeof value === 'number' || typeof value === 'string' ? value : Number.NaN);
    if (Number.isNaN(date.getTime())) throw new TemplateLimitError(`formatDate: ${JSON.stringify(String(value)).slice(0, 60)} is not a date`);
    const locale = localeOf(values[1]);
    const style = (name: string) => (typeof hash[name] === 'string' ? (hash[name] as 'full' | 'long' | 'medium' | 'short') : undefined);
    const options: Intl.DateTimeFormatOptions = {
      dateStyle: style('dateStyle') ?? (style('timeStyle') ? undefined : 'medium'),
      timeStyle: style('timeStyle'),
      timeZone: typeof hash.timeZone === 'string' ? hash.timeZone : 'UTC',
    };
    const key = `formatDate|${locale}|${options.dateStyle}|${options.timeStyle}|${options.timeZone}`;
    return formatter(key, () => new Intl.DateTimeFormat(locale, options)).format(date);
  });
}

// ---------------------------------------------------------------------------------------------
// Compiling: legacy placeholders made plain lookups, the AST checked and rewritten, cached.

interface Compiled {
  /** null: a text in the old syntax, rendered by its own rules (isHandlebars). */
  run: ((variables: Variables) => string) | null;
  /** Placeholders outside blocks: `bare` ones must be values, the others only present. */
  required: { name: string; bare: boolean }[];
  /** Every root variable the text uses, in order of first use. */
  uses: string[];
}

/**
 * Compiled templates by their text (for HTML and for text apart), least recently used first,
 * with the length of their text. Keyed by the text itself: a look-up hashes it once, natively,
 * where a digest per render cost more than some renders.
 */
const caches = { html: new Map<string, { compiled: Compiled; chars: number }>(), text: new Map<string, { compiled: Compiled; chars: number }>() };
/** Bounded by the text the entries were compiled from, not their count: one may be 5 MiB. */
const CACHE_CHARS = 64 * 1024 * 1024;
let cachedChars = 0;

/**
 * `{{ a.b }}` of the old syntax becomes `{{this.[a].[b]}}`: the same keys, never a number or a
 * helper. Returns the text and, to put error positions back, where each rewrite starts.
 */
function legacyPaths(text: string): { text: string; shifts: { at: number; by: number }[] } {
  const shifts: { at: number; by: number }[] = [];
  let delta = 0;
  const out = text.replace(LEGACY_PLACEHOLDER, (whole, raw: string | undefined, escaped: string | undefined, offset: number) => {
    const name = (raw ?? escaped)!;
    if (HANDLEBARS_NAMES.test(name)) return whole;
    const path = `this.${name
      .split('.')
      .map((part) => `[${part}]`)
      .join('.')}`;
    const replacement = raw !== undefined ? `{{{${path}}}}` : `{{${path}}}`;
    delta += replacement.length - whole.length;
    shifts.push({ at: offset + whole.length + delta, by: replacement.length - whole.length });
    return replacement;
  });
  return { text: out, shifts };
}

/** A position in the rewritten text, as line and column of the text the tenant wrote. */
function originalPosition(original: string, rewritten: string, shifts: { at: number; by: number }[], line: number, column: number) {
  const lines = rewritten.split('\n');
  let offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  offset -= shifts.filter((s) => s.at <= offset).reduce((n, s) => n + s.by, 0);
  const before = original.slice(0, Math.max(0, offset));
  const lineStart = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lineStart };
}

function pathName(path: hbs.AST.PathExpression): string {
  return path.parts.join('.');
}

function isRootPath(node: Node | undefined): node is hbs.AST.PathExpression {
  return node?.type === 'PathExpression' && !(node as hbs.AST.PathExpression).data && (node as hbs.AST.PathExpression).depth === 0;
}

function fail(node: Node, reason: string): never {
  throw new TemplateSyntaxError(reason, node.loc?.start.line ?? 1, (node.loc?.start.column ?? 0) + 1);
}

/**
 * Checks the AST (no partials or decorators, nesting bounded), collects what the text
 * requires and uses, and routes every output through our helpers: escaping the old way, and
 * counting toward the output bound. Blocks that loop are told their static size to charge.
 */
function prepare(program: hbs.AST.Program, html: boolean): Pick<Compiled, 'required' | 'uses'> {
  const required: Compiled['required'] = [];
  const uses = new Set<string>();

  const use = (node: Node | undefined, rootContext: boolean) => {
    if (node?.type === 'PathExpression') {
      const path = node as hbs.AST.PathExpression;
      if (path.data && path.parts[0] === 'root' && path.parts.length > 1) uses.add(path.parts.slice(1).join('.'));
      else if (rootContext && isRootPath(path) && path.parts.length && !HELPERS.includes(path.original)) uses.add(pathName(path));
    } else if (node?.type === 'SubExpression') {
      const sub = node as hbs.AST.SubExpression;
      for (const p of sub.params) use(p, rootContext);
      for (const pair of sub.hash?.pairs ?? []) use(pair.value, rootContext);
    }
  };

  const staticSize = (node: Node | undefined): number => {
    if (!node) return 0;
    if (node.type === 'ContentStatement') return (node as hbs.AST.ContentStatement).value.length;
    if (node.type === 'Program') return (node as hbs.AST.Program).body.reduce((n, s) => n + staticSize(s), 0);
    if (node.type === 'BlockStatement') {
      const block = node as hbs.AST.BlockStatement;
      return staticSize(block.program) + staticSize(block.inverse);
    }
    return 0;
  };

  const visit = (body: hbs.AST.Statement[], depth: number, rootContext: boolean, topLevel: boolean) => {
    for (let i = 0; i < body.length; i++) {
      const node = body[i]!;
      switch (node.type) {
        case 'MustacheStatement': {
          const m = node as hbs.AST.MustacheStatement;
          const isCall =
            m.params.length > 0 || m.hash !== undefined || (m.path.type === 'PathExpression' && HELPERS.includes((m.path as hbs.AST.PathExpression).original));
          if (!isCall) use(m.path, rootContext);
          for (const p of m.params) use(p, rootContext);
          for (const pair of m.hash?.pairs ?? []) use(pair.value, rootContext);
          if (topLevel) {
            if (!isCall && isRootPath(m.path) && m.path.parts.length) required.push({ name: pathName(m.path), bare: true });
            for (const p of m.params) if (isRootPath(p) && p.parts.length) required.push({ name: pathName(p), bare: false });
          }
          const value: hbs.AST.Expression = isCall
            ? ({ type: 'SubExpression', path: m.path, params: m.params, hash: m.hash, loc: m.loc } as hbs.AST.SubExpression)
            : m.path;
          const helper = html && m.escaped ? OUT_ESCAPED : OUT_RAW;
          body[i] = {
            ...m,
            path: { type: 'PathExpression', data: false, depth: 0, parts: [helper], original: helper, loc: m.loc },
            params: [value],
            hash: undefined,
            escaped: false,
          } as unknown as hbs.AST.MustacheStatement;
          break;
        }
        case 'BlockStatement': {
          const b = node as hbs.AST.BlockStatement;
          if (depth + 1 > MAX_NESTING) fail(b, `blocks are nested more than ${MAX_NESTING} deep`);
          const helper = b.path.type === 'PathExpression' ? (b.path as hbs.AST.PathExpression).original : '';
          // Mustache's sections (`{{#list}}`) would reach the unregistered blockHelperMissing.
          if (!BLOCK_HELPERS.includes(helper)) fail(b, `unknown block helper ${helper || b.path.type}: use #if, #unless, #each or #with`);
          for (const p of b.params) use(p, rootContext);
          for (const pair of b.hash?.pairs ?? []) use(pair.value, rootContext);
          const changesContext = helper === 'each' || helper === 'with';
          if (helper === 'each') {
            const pairs = (b.hash?.pairs ?? []).filter((p) => p.key !== STATIC_SIZE);
            pairs.push({
              type: 'HashPair',
              key: STATIC_SIZE,
              value: { type: 'NumberLiteral', value: staticSize(b.program), original: 0, loc: b.loc },
              loc: b.loc,
            } as unknown as hbs.AST.HashPair);
            b.hash = { type: 'Hash', pairs, loc: b.loc } as hbs.AST.Hash;
          }
          if (b.program) visit(b.program.body, depth + 1, rootContext && !changesContext, false);
          if (b.inverse) visit(b.inverse.body, depth + 1, rootContext, false);
          break;
        }
        case 'PartialStatement':
          // Filled in before compiling (expandPartials): one left here names no known template.
          fail(node, `the partial ${partialName(node as hbs.AST.PartialStatement)} is not a template of this account`);
          break;
        case 'PartialBlockStatement':
          fail(node, 'partial blocks ({{#> name}}) are not supported: use {{> name}}');
          break;
        case 'DecoratorBlock':
        case 'Decorator':
          fail(node, 'decorators are not supported');
          break;
        default:
      }
    }
  };
  visit(program.body, 0, true, true);
  return { required, uses: [...uses] };
}

function compile(text: string, html: boolean): Compiled {
  const cache = html ? caches.html : caches.text;
  const cached = cache.get(text);
  if (cached) {
    cache.delete(text);
    cache.set(text, cached);
    return cached.compiled;
  }
  const compiled = compileUncached(text, html);
  for (const other of [caches.html, caches.text]) {
    for (const [oldest, entry] of other) {
      if (cachedChars + text.length <= CACHE_CHARS) break;
      other.delete(oldest);
      cachedChars -= entry.chars;
    }
  }
  cache.set(text, { compiled, chars: text.length });
  cachedChars += text.length;
  return compiled;
}

function compileUncached(text: string, html: boolean): Compiled {
  if (!isHandlebars(text)) {
    const required = legacyRequired(text);
    return { run: null, required, uses: required.map((r) => r.name) };
  }
  const hb = handlebars();
  const rewritten = legacyPaths(text);
  try {
    const program = hb.parse(rewritten.text);
    const { required, uses } = prepare(program, html);
    const template = hb.compile(program, {
      knownHelpersOnly: true,
      knownHelpers: { ...Object.fromEntries(HELPERS.map((h) => [h, true])), helperMissing: false, blockHelperMissing: false, log: false },
      noEscape: true,
      strict: false,
    });
    // Handlebars compiles on the first call; do it now, since its errors belong to saving.
    budget = new Budget();
    try {
      template({});
    } catch (error) {
      if (!(error instanceof TemplateLimitError)) throw error;
    } finally {
      budget = undefined;
    }
    return { run: (variables) => template(variables, { allowProtoMethodsByDefault: false, allowProtoPropertiesByDefault: false }), required, uses };
  } catch (error) {
    if (error instanceof TemplateSyntaxError) {
      const at = originalPosition(text, rewritten.text, rewritten.shifts, error.line, error.column);
      throw new TemplateSyntaxError(error.reason, at.line, at.column);
    }
    const e = error as { message?: string; lineNumber?: number; column?: number };
    if (typeof e.lineNumber === 'number') {
      const at = originalPosition(text, rewritten.text, rewritten.shifts, e.lineNumber, (e.column ?? 0) + 1);
      throw new TemplateSyntaxError(
        String(e.message)
          .replace(/ - \d+:\d+$/, '')
          .replace('You specified knownHelpersOnly, but used the unknown helper', 'unknown helper'),
        at.line,
        at.column,
      );
    }
    if (error instanceof TemplateLimitError) throw new TemplateSyntaxError(error.message, 1, 1);
    throw notRenderable(error);
  }
}

/**
 * What else Handlebars throws on a tenant's template (`{{#if}}` without its argument, `{{#each}}`
 * with none, `lookup` with one) names no line: the template is still at fault, never the server.
 */
function notRenderable(error: unknown): TemplateSyntaxError {
  const message = String((error as Error)?.message ?? error).split('\n')[0];
  return new TemplateSyntaxError(`cannot be rendered: ${message}`, 1, 1);
}

// ---------------------------------------------------------------------------------------------
// Partials: `{{> name}}` is replaced by the text of the template of that name, before compiling,
// so a partial is bound like the rest of the text. The caller looks the names up (partialNames):
// only among the account's own templates.

/** How deep partials may name partials. */
export const MAX_PARTIAL_DEPTH = 5;
const PARTIAL = /\{\{~?\s*#?>/;

function partialName(node: hbs.AST.PartialStatement): string {
  const name = node.name as hbs.AST.PathExpression | hbs.AST.StringLiteral;
  return name.type === 'PathExpression' ? name.original : name.type === 'StringLiteral' ? name.value : '';
}

/** The partial statements of `text` with where they start and end in it; throws for one we cannot fill. */
function partialsIn(text: string): { name: string; start: number; end: number }[] {
  if (!PARTIAL.test(text)) return [];
  const hb = handlebars();
  let program: hbs.AST.Program;
  try {
    program = hb.parse(text);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) throw error;
    throw notRenderable(error);
  }
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: hbs.AST.Position) => lineStarts[p.line - 1]! + p.column;
  const found: { name: string; start: number; end: number }[] = [];
  const walk = (node: Node | undefined | null) => {
    if (!node) return;
    if (node.type === 'Program') for (const s of (node as hbs.AST.Program).body) walk(s);
    else if (node.type === 'BlockStatement') {
      walk((node as hbs.AST.BlockStatement).program);
      walk((node as hbs.AST.BlockStatement).inverse);
    } else if (node.type === 'PartialBlockStatement') fail(node, 'partial blocks ({{#> name}}) are not supported: use {{> name}}');
    else if (node.type === 'PartialStatement') {
      const p = node as hbs.AST.PartialStatement;
      const name = partialName(p);
      if (!name || p.params.length || p.hash) fail(p, 'a partial is named plainly, without arguments: {{> name}} or {{> "a name"}}');
      found.push({ name, start: offset(p.loc.start), end: offset(p.loc.end) });
    }
  };
  walk(program);
  return found;
}

/** The names of the partials `text` uses, directly. */
export function partialNames(text: string): string[] {
  return [...new Set(partialsIn(text).map((p) => p.name))];
}

/** Every partial as empty (placeholdersOf without the partials' texts). */
const NO_PARTIALS: ReadonlyMap<string, string> = { get: () => '' } as unknown as ReadonlyMap<string, string>;

function expandPartials(text: string, partials: ReadonlyMap<string, string>, depth = 0): string {
  const found = partialsIn(text);
  if (!found.length) return text;
  if (depth >= MAX_PARTIAL_DEPTH) throw new TemplateSyntaxError(`partials name partials more than ${MAX_PARTIAL_DEPTH} deep`, 1, 1);
  let out = '';
  let at = 0;
  for (const p of found) {
    const partial = partials.get(p.name);
    if (partial === undefined) {
      const before = text.slice(0, p.start);
      throw new TemplateSyntaxError(`the partial ${p.name} is not a template of this account`, before.split('\n').length, p.start - before.lastIndexOf('\n'));
    }
    out += text.slice(at, p.start) + expandPartials(partial, partials, depth + 1);
    at = p.end;
  }
  return out + text.slice(at);
}

function legacyRequired(text: string): Compiled['required'] {
  const names = new Set<string>();
  for (const match of text.matchAll(LEGACY_PLACEHOLDER)) names.add((match[1] ?? match[2])!);
  return [...names].map((name) => ({ name, bare: true }));
}

/** The old syntax's own rendering (isHandlebars): the same as before, byte for byte. */
function renderLegacy(text: string, variables: Variables, html: boolean): string {
  let length = text.length;
  return text.replace(LEGACY_PLACEHOLDER, (_whole, raw: string | undefined, escaped: string | undefined) => {
    const { value } = lookup(variables, (raw ?? escaped)!);
    // Missing only when the caller allows it (a preview); objects render as nothing then too.
    if (value === null || value === undefined || typeof value === 'object') return '';
    const rendered = String(value);
    length += rendered.length;
    if (length > MAX_OUTPUT_CHARS) throw new TemplateLimitError(`the rendered text is longer than ${MAX_OUTPUT_CHARS} characters`);
    return html && escaped !== undefined ? escapeHtml(rendered) : rendered;
  });
}

function lookup(variables: Variables, path: string): { found: boolean; value: unknown } {
  let node: unknown = variables;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return { found: false, value: undefined };
    node = (node as Record<string, unknown>)[part];
  }
  return { found: node !== undefined, value: node };
}

// ---------------------------------------------------------------------------------------------

/** Throws TemplateSyntaxError when `text` is not a template we can render (saving checks this). */
export function checkTemplate(text: string, partials?: ReadonlyMap<string, string>): void {
  compile(partials ? expandPartials(text, partials) : text, true);
}

/** True when `variables` has the dotted `path`, as a placeholder looks it up. */
export function hasVariable(variables: Variables, path: string): boolean {
  return lookup(variables, path).found;
}

/** The root variables `text` uses, in order of first use. */
export function placeholdersOf(text: string, partials?: ReadonlyMap<string, string>): string[] {
  try {
    // Without their texts, partials count as empty: the variables of the text itself.
    return compile(expandPartials(text, partials ?? NO_PARTIALS), true).uses;
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return [];
    throw error;
  }
}

/**
 * Renders `text`. `html`: escape values of `{{ }}` (not of `{{{ }}}`); `allowMissing`: render
 * missing variables as nothing (a preview with a partial sample). Throws
 * TemplateRenderError naming every required variable that is missing or not a value,
 * TemplateSyntaxError for a text that is not a template, TemplateLimitError past a bound.
 */
export function renderTemplate(text: string, variables: Variables, options: RenderOptions): string {
  const expanded = options.partials ? expandPartials(text, options.partials) : text;
  return renderCompiled(compile(expanded, options.html), expanded, variables, options);
}

export interface RenderOptions {
  html: boolean;
  customFields?: Variables;
  allowMissing?: boolean;
  /** Texts of the partials the text may name (`{{> name}}`), by name (partialNames). */
  partials?: ReadonlyMap<string, string>;
}

/** A text compiled once, rendered many times (a campaign's copies): no hashing or look-up per render. */
export interface PreparedTemplate {
  render(variables: Variables, customFields?: Variables): string;
  /** The root variables the text uses. */
  uses: readonly string[];
}

/** `text` (its partials filled in) compiled for `render`; throws what renderTemplate throws for a bad text. */
export function prepareTemplate(text: string, options: Omit<RenderOptions, 'customFields'>): PreparedTemplate {
  const expanded = options.partials ? expandPartials(text, options.partials) : text;
  const compiled = compile(expanded, options.html);
  return {
    uses: compiled.uses,
    render: (variables, customFields) => renderCompiled(compiled, expanded, variables, { ...options, customFields }),
  };
}

function renderCompiled(compiled: Compiled, text: string, variables: Variables, options: RenderOptions): string {
  const problems: RenderProblem[] = [];
  for (const { name, bare } of options.allowMissing ? [] : compiled.required) {
    if (problems.some((p) => p.name === name)) continue;
    const { found, value } = lookup(variables, name);
    if (!found) problems.push({ name, problem: 'missing' });
    else if (bare && value !== null && typeof value === 'object') problems.push({ name, problem: 'not_scalar' });
  }
  if (problems.length) throw new TemplateRenderError(problems);
  let out: string;
  if (compiled.run) {
    budget = new Budget();
    try {
      out = compiled.run(variables);
    } catch (error) {
      throw error instanceof TemplateLimitError || error instanceof TemplateRenderError ? error : notRenderable(error);
    } finally {
      budget = undefined;
    }
  } else {
    out = renderLegacy(text, variables, options.html);
  }
  if (out.length > MAX_OUTPUT_CHARS) throw new TemplateLimitError(`the rendered text is longer than ${MAX_OUTPUT_CHARS} characters`);
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

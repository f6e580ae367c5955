/**
 * Formats that become email HTML: MJML compiled to HTML when a template is saved, and CSS of
 * `<style>` blocks inlined into `style` attributes (many mail clients drop `<style>`). Both
 * packages are heavy and only some templates use them, so each loads on first use: starting
 * the server does not pay for them.
 */
import { createRequire } from 'node:module';
import { TemplateLimitError, TemplateSyntaxError } from './template-render.js';

const load = createRequire(import.meta.url);

type Juice = (html: string, options?: Record<string, unknown>) => string;
type MjmlError = { line?: number; message: string; tagName?: string };
type Mjml = (source: string, options?: Record<string, unknown>) => Promise<{ html: string; errors: MjmlError[] }>;

/**
 * Both parse the whole document on the event loop: bounded well below a body's 5 MiB so that
 * one tenant's document cannot stall every other request for seconds.
 */
export const MAX_MJML_CHARS = 512 * 1024;
export const MAX_INLINE_CSS_CHARS = 1024 * 1024;

let juice: Juice | undefined;
let mjml: Mjml | undefined;

/** `html` with the rules of its `<style>` blocks written into the elements they match. */
export function inlineCss(html: string): string {
  if (html.length > MAX_INLINE_CSS_CHARS) throw new TemplateLimitError(`CSS is inlined in HTML of at most ${MAX_INLINE_CSS_CHARS} characters`);
  juice ??= load('juice') as Juice;
  // Media queries cannot be inlined: they stay in a <style> block for the clients that read it.
  return juice(html, { preserveMediaQueries: true, preserveFontFaces: true, removeStyleTags: true, applyWidthAttributes: true });
}

/**
 * MJML compiled to HTML. Handlebars placeholders pass through as text, to be rendered at send
 * time. An invalid document is a TemplateSyntaxError with line and column (MJML names the line
 * and the element; the column is where that element starts on it). `mj-include` is not read:
 * it would reach the server's files.
 */
export async function compileMjml(source: string): Promise<string> {
  if (source.length > MAX_MJML_CHARS) throw new TemplateLimitError(`an MJML document may have at most ${MAX_MJML_CHARS} characters`);
  if (!mjml) {
    const loaded = load('mjml') as Mjml | { default: Mjml };
    mjml = typeof loaded === 'function' ? loaded : loaded.default;
  }
  let result: Awaited<ReturnType<Mjml>>;
  try {
    result = await mjml(source, { validationLevel: 'strict', ignoreIncludes: true, keepComments: false, minify: false, filePath: '.' });
  } catch (error) {
    const first = (error as { errors?: MjmlError[] }).errors?.[0];
    if (!first) throw new TemplateSyntaxError(firstLine((error as Error).message), 1, 1);
    throw syntaxError(source, first);
  }
  if (result.errors.length) throw syntaxError(source, result.errors[0]!);
  return result.html;
}

function firstLine(message: string): string {
  return (
    message
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? 'not a valid MJML document'
  );
}

function syntaxError(source: string, error: MjmlError): TemplateSyntaxError {
  const line = error.line ?? 1;
  const text = source.split('\n')[line - 1] ?? '';
  const at = error.tagName ? text.indexOf(`<${error.tagName}`) : -1;
  return new TemplateSyntaxError(error.message, line, at === -1 ? 1 : at + 1);
}

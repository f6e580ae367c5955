/**
 * A plain-text rendering of an HTML body for the text/plain alternative part: mail
 * clients that do not show HTML, and spam filters, expect one. Deliberately small:
 * block elements become line breaks, links keep their address, entities are decoded.
 *
 * One forward scan, linear in the input: a body full of unclosed tags, comments or
 * links (the limit is megabytes) must not stall the worker, which regular expressions
 * with a lazy `[\s\S]*?` up to a closing tag do, retrying from every opening.
 */
import { decodeHTML } from 'entities';

// A non-breaking space reads as a space in a text part (and keeps lines wrappable).
const NBSP = /\u00a0/g;

/** Elements dropped with their content (when closed). */
const DROPPED = new Set(['script', 'style', 'head', 'title']);
/** Closing one of these ends a paragraph. */
const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'table', 'ul', 'ol', 'blockquote', 'section', 'article', 'header', 'footer']);

const TAG_NAME = /^\/?([a-z][a-z0-9-]*)/i;
const HREF = /(?:^|\s)href\s*=\s*["']([^"']+)["']/i;

/**
 * Named references come from the `entities` package, which knows all 2,231 of HTML
 * (`&rsquo; &mdash; &euro; &hellip;` used to reach recipients as written); numeric ones
 * are decoded here so that an invalid one (`&#0;`, beyond U+10FFFF) stays as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return decodeHTML(whole).replace(NBSP, ' ');
  });
}

/**
 * The text of `html` with tags removed. `inline` (a link's label) ignores the line
 * structure. Every search remembers a miss: when no `>` or no `</script>` follows one
 * position, none follows a later one, so nothing is searched for twice.
 */
function strip(html: string, inline: boolean): string {
  let out = '';
  let i = 0;
  let gtAt = -2; // the first '>' at or after the last search position; -1: none left
  const nextGt = (from: number) => {
    if (gtAt !== -1 && gtAt < from) gtAt = html.indexOf('>', from);
    return gtAt;
  };
  const unclosed = new Set<string>();
  const closing = (name: string, from: number): [number, number] | undefined => {
    if (unclosed.has(name)) return undefined;
    const pattern = new RegExp(`</${name}\\s*>`, 'gi');
    pattern.lastIndex = from;
    const match = pattern.exec(html);
    if (!match) {
      unclosed.add(name);
      return undefined;
    }
    return [match.index, match.index + match[0].length];
  };

  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      // An unclosed comment hides the rest of the document, as in a browser.
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) break;
      i = end + 3;
      continue;
    }
    if (!/[a-z/!?]/i.test(html[lt + 1] ?? '')) {
      out += '<'; // "a < b" is text
      i = lt + 1;
      continue;
    }
    const gt = nextGt(lt + 1);
    if (gt === -1) {
      out += html.slice(lt); // no tag can close any more: the rest is text
      break;
    }
    const tag = html.slice(lt + 1, gt);
    i = gt + 1;
    const name = TAG_NAME.exec(tag)?.[1]?.toLowerCase();
    if (!name) continue; // <!DOCTYPE …>, <?xml …?>
    if (tag[0] === '/') {
      if (!inline && BLOCKS.has(name)) out += '\n\n';
      continue;
    }
    if (DROPPED.has(name)) {
      const end = closing(name, i);
      if (end) i = end[1];
      continue;
    }
    if (name === 'a' && !inline) {
      const href = HREF.exec(tag)?.[1];
      const end = href === undefined ? undefined : closing('a', i);
      if (href !== undefined && end) {
        const label = strip(html.slice(i, end[0]), true).trim();
        out += label && label !== href ? `${label} (${href})` : href;
        i = end[1];
      }
      continue;
    }
    if (inline) continue;
    if (name === 'br') out += '\n';
    else if (name === 'li') out += '\n- ';
  }
  return out;
}

export function htmlToText(html: string): string {
  return decodeEntities(strip(html, false))
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Click and open tracking in a message's HTML: which links can be tracked, and the copy
 * of the HTML whose links go through the click endpoint and which carries the open pixel.
 *
 * The same function lists the links when a copy is composed and when a click comes in
 * (tracking.service.ts): link N of a click token is the Nth trackable link of the HTML
 * that was sent, read again from the stored message. So the redirect can only ever lead
 * to a URL that was in that message, and nothing per link is stored. Trackable means an
 * `<a href>` whose value, entities decoded, is an http or https URL, and that has no
 * `data-untracked` attribute; mailto:, tel:, anchors and the like stay as written. Deterministic: the same HTML and URLs give the
 * same bytes.
 */
import { decodeEntities } from './html-to-text.js';

/** An `<a …>` start tag. */
const ANCHOR_TAG = /<a\s[^>]*>/gi;
/** Its href attribute: double-quoted, single-quoted or bare. */
const HREF_ATTRIBUTE = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const WEB_URL = /^https?:\/\/[^\s]+$/i;
/** The attribute that keeps an `<a>` out of tracking. */
export const UNTRACKED_ATTRIBUTE = 'data-untracked';
const UNTRACKED = new RegExp(`\\s${UNTRACKED_ATTRIBUTE}(?=[\\s=>/])`, 'i');

interface FoundLink {
  /** Where the attribute's value (quotes included) starts and ends in the HTML. */
  start: number;
  end: number;
  url: string;
}

function findLinks(html: string): FoundLink[] {
  const links: FoundLink[] = [];
  for (const tag of html.matchAll(ANCHOR_TAG)) {
    const href = HREF_ATTRIBUTE.exec(tag[0]);
    // A link Postwire writes into campaign mail (unsubscribe, web version) reaches its page directly.
    if (!href || UNTRACKED.test(tag[0])) continue;
    const url = decodeEntities(href[2] ?? href[3] ?? href[4] ?? '').trim();
    if (!WEB_URL.test(url)) continue;
    const start = tag.index + href.index + href[1]!.length;
    links.push({ start, end: tag.index + href.index + href[0].length, url });
  }
  return links;
}

/** The message's trackable links, in document order: index N is what a click on link N leads to. */
export function trackableLinks(html: string): string[] {
  return findLinks(html).map((link) => link.url);
}

function attribute(value: string): string {
  return `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
}

export interface HtmlTracking {
  /** The click URL of link `index`; absent: links stay as they are. */
  clickUrl?: (index: number) => string;
  /** The open pixel's URL; absent: no pixel. */
  pixelUrl?: string;
}

/** The HTML with its trackable links rewritten and the pixel added at the end of the body. */
export function trackHtml(html: string, tracking: HtmlTracking): string {
  let out = html;
  if (tracking.clickUrl) {
    const links = findLinks(html);
    let rebuilt = '';
    let at = 0;
    links.forEach((link, index) => {
      rebuilt += html.slice(at, link.start) + attribute(tracking.clickUrl!(index));
      at = link.end;
    });
    out = rebuilt + html.slice(at);
  }
  if (tracking.pixelUrl) {
    const pixel = `<img src=${attribute(tracking.pixelUrl)} width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    const bodyEnd = out.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
    out = bodyEnd === -1 ? out + pixel : out.slice(0, bodyEnd) + pixel + out.slice(bodyEnd);
  }
  return out;
}

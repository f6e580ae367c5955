/**
 * What the law asks of campaign mail (CAN-SPAM, and its like elsewhere): a visible way to
 * leave and the sender's postal address. `#unsubscribe#` becomes the copy's own
 * unsubscribe link and `#webversion#` its "view in browser" link, either as the href of a
 * link the author wrote (`<a href="#unsubscribe#">Leave</a>`) or, standing alone, as a
 * link with our words. A campaign without `#unsubscribe#` gets one in a footer; the
 * account's postal address, when set, is always in the footer.
 *
 * Both links are marked untracked (lib/tracked-html.ts): they go straight to their page,
 * and the campaign's link numbering, which click reports rely on, stays that of the
 * author's links.
 */
import { UNTRACKED_ATTRIBUTE } from '../../../lib/tracked-html.js';
import { escapeHtml } from '../../../lib/template-render.js';

export interface CampaignLinks {
  unsubscribeUrl: string;
  webVersionUrl: string;
  /** The account's postal address ('' when not set). */
  postalAddress: string;
}

type LinkKey = 'unsubscribe' | 'webversion';

const WORDS: Record<LinkKey, string> = { unsubscribe: 'Unsubscribe', webversion: 'View this email in your browser' };
/** An `<a>` start tag whose href is one of the placeholders. */
const PLACEHOLDER_ANCHOR = /<a\s[^>]*?\bhref\s*=\s*(["']?)#(unsubscribe|webversion)#\1[^>]*>/gi;
const BARE_PLACEHOLDER = /#(unsubscribe|webversion)#/gi;
const STYLE = 'font-size:12px;color:#666;text-align:center;margin:24px 0 0';

/** Whether the campaign's HTML places its own unsubscribe link. */
export const hasUnsubscribePlaceholder = (html: string) => /#unsubscribe#/i.test(html);

/**
 * The HTML with both placeholders filled and the footer added; before personalisation,
 * which would otherwise take them for fields (the footer's `#` are written as entities so
 * that it cannot).
 */
export function withCampaignLinks(html: string, links: CampaignLinks): string {
  const url = (key: string): string => escapeHtml(key.toLowerCase() === 'unsubscribe' ? links.unsubscribeUrl : links.webVersionUrl);
  const anchor = (key: string) => `<a href="${url(key)}" ${UNTRACKED_ATTRIBUTE}>${WORDS[key.toLowerCase() as LinkKey]}</a>`;
  let out = html.replace(PLACEHOLDER_ANCHOR, (tag, quote: string, key: string) =>
    tag.replace(`${quote}#${key}#${quote}`, `"${url(key)}" ${UNTRACKED_ATTRIBUTE}`),
  );
  out = out.replace(BARE_PLACEHOLDER, (_whole, key: string) => anchor(key));
  const lines = [
    ...(links.postalAddress ? [escapeHtml(links.postalAddress).replace(/#/g, '&#35;').replace(/\r?\n/g, '<br>')] : []),
    ...(hasUnsubscribePlaceholder(html) ? [] : [anchor('unsubscribe')]),
  ];
  if (lines.length === 0) return out;
  const footer = `<p style="${STYLE}">${lines.join('<br>')}</p>`;
  const bodyEnd = out.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
  return bodyEnd === -1 ? out + footer : out.slice(0, bodyEnd) + footer + out.slice(bodyEnd);
}

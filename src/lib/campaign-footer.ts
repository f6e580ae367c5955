/**
 * What the law asks of campaign mail (CAN-SPAM, and its like elsewhere): a visible way to
 * leave and the sender's postal address. A campaign whose content places no unsubscribe link
 * (`#unsubscribe#` or `{{ unsubscribe_url }}`) gets one in a footer; the account's postal
 * address, when set, is always in the footer. The link is the copy's own mark
 * (lib/copy-links.ts), filled with the recipient's signed link when the copy is composed.
 */
import { COPY_LINK } from './copy-links.js';
import { escapeHtml } from './template-render.js';

const STYLE = 'font-size:12px;color:#666;text-align:center;margin:24px 0 0';
/** A mark standing alone (not an href's value): it becomes a link with words. */
const BARE_MARK = /(?<!href=)(?<!href=")(?<!href=')postwire-link:(unsubscribe|webversion)/g;
const WORDS = { unsubscribe: 'Unsubscribe', webversion: 'View this email in your browser' } as const;

/**
 * The rendered HTML of a copy with the footer it needs, before the body's end; a placeholder
 * that stands alone in the text (the editor's menu inserts it so) becomes a link with words.
 */
export function withCampaignFooter(rendered: string, postalAddress: string): string {
  const html = rendered.replace(BARE_MARK, (mark, kind: keyof typeof WORDS) => `<a href="${mark}">${WORDS[kind]}</a>`);
  const lines = [
    ...(postalAddress ? [escapeHtml(postalAddress).replace(/\r?\n/g, '<br>')] : []),
    ...(html.includes(COPY_LINK.unsubscribe) ? [] : [`<a href="${COPY_LINK.unsubscribe}">Unsubscribe</a>`]),
  ];
  if (lines.length === 0) return html;
  const footer = `<p style="${STYLE}">${lines.join('<br>')}</p>`;
  const bodyEnd = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
  return bodyEnd === -1 ? html + footer : html.slice(0, bodyEnd) + footer + html.slice(bodyEnd);
}

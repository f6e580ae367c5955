/**
 * The hosted unsubscribe pages: a confirmation with a form that POSTs back to the same
 * link (a GET never unsubscribes: mail scanners and link previews follow GETs), and the
 * answer after. No script at all, and a Content-Security-Policy that allows none: the
 * page is served on the API's origin to anyone holding a link.
 */
import { escapeHtml } from '../../../lib/template-render.js';

/** No script, no outside resources, inline styles only, forms only back to this origin, never framed. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}' +
  'button{font:inherit;padding:.5rem 1.25rem;border:1px solid #444;border-radius:4px;background:#fff;cursor:pointer}';

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** The confirmation: who the mail came from, and one button. The form has no action: it posts to this very URL. */
export function confirmPage(fromName: string): string {
  const from = fromName.trim() ? `from <b>${escapeHtml(fromName.trim())}</b>` : 'from this sender';
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p>Stop receiving email ${from} at this address?</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><input type="hidden" name="via" value="page">` +
      `<button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(fromName: string): string {
  const from = fromName.trim() ? ` from ${escapeHtml(fromName.trim())}` : '';
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>This address will receive no more email${from} through this service.</p>`);
}

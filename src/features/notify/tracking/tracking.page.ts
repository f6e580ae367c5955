/**
 * The hosted unsubscribe pages: a confirmation with a form that POSTs back to the same
 * link (a GET never unsubscribes: mail scanners and link previews follow GETs), and the
 * answer after. No script at all, and a Content-Security-Policy that allows none: the
 * page is served on the API's origin to anyone holding a link.
 */
import { hostedPage as page } from '../../../http/hosted-page.js';
import { escapeHtml } from '../../../lib/template-render.js';

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

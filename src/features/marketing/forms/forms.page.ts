/**
 * The hosted sign-up page of a form and the pages that answer it: plain HTML that works
 * without JavaScript and runs none (its Content-Security-Policy allows no script at all;
 * the one stylesheet is allowed by its hash), posts to its own address, and may be framed
 * by the sites FORM_FRAME_ANCESTORS names. Pure: no I/O.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../lib/template-render.js';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1d1d1f}main{max-width:28rem;margin:auto}' +
  'label{display:block;margin:.75rem 0 .25rem}input[type=email]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}' +
  'button{margin-top:1rem;padding:.5rem 1.25rem;font:inherit}.note{color:#b00020}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The policy of every page of a form: nothing runs, nothing loads from elsewhere, posts go to this server only. */
export function formPagePolicy(frameAncestors: string[]): string {
  const ancestors = frameAncestors.length ? frameAncestors.join(' ') : "'none'";
  return `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`;
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/**
 * The form: the address, a honeypot field people never see (`website`; a bot that
 * fills every field fills it), and the signed page token. No `action`: it posts to the
 * address it was loaded from, whatever the public base URL.
 */
export function signupPage(o: { title: string; token: string; note?: string; email?: string }): string {
  return page(
    o.title,
    `<h1>${escapeHtml(o.title)}</h1>` +
      (o.note ? `<p class="note" role="alert">${escapeHtml(o.note)}</p>` : '') +
      `<form method="post"><label for="email">Email address</label>` +
      `<input id="email" type="email" name="email" required autocomplete="email" value="${escapeHtml(o.email ?? '')}">` +
      `<div class="hp" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" type="text" name="website" tabindex="-1" autocomplete="off"></div>` +
      `<input type="hidden" name="token" value="${escapeHtml(o.token)}"><button type="submit">Subscribe</button></form>`,
  );
}

export function messagePage(title: string, heading: string, text: string): string {
  return page(title, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`);
}

/** The confirmation mail's HTML. */
export function confirmationMail(title: string, link: string): string {
  const href = escapeHtml(link);
  return (
    `<p>Someone, hopefully you, signed this address up for <b>${escapeHtml(title)}</b>.</p>` +
    `<p>Confirm the subscription: <a href="${href}">${href}</a></p>` +
    '<p>If it was not you, ignore this message: you will not be subscribed.</p>'
  );
}

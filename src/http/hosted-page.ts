/**
 * The small HTML pages the API serves to people who follow a link from a mail (the
 * unsubscribe page, a sender's confirmation link): one look, no script at all, and a
 * Content-Security-Policy that allows none, since they are served on the API's origin to
 * anyone holding a link.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/template-render.js';

/** No script, no outside resources, inline styles only, forms only back to this origin, never framed. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * A tenant's own HTML shown on the API's origin (a copy's web version, the campaign archive):
 * sandboxed (no script, no forms, no same-origin access), its images and styles from
 * anywhere, as a mail client shows them.
 */
export const TENANT_HTML_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation; default-src 'none'; img-src * data:; style-src * 'unsafe-inline'; font-src *; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers of a page reached through a private link: never cached, never indexed, the link not passed on. */
export const PRIVATE_PAGE_HEADERS = {
  'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'content-security-policy': PAGE_CSP,
};

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}' +
  'button{font:inherit;padding:.5rem 1.25rem;border:1px solid #444;border-radius:4px;background:#fff;cursor:pointer}';

/** A whole page around `body` (HTML the caller has escaped). */
export function hostedPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/**
 * Whether the client asked for a page rather than JSON, as a browser following a link does:
 * its Accept names text/html and not application/json. curl's `*\/*`, and every API client
 * that asks for JSON, get the envelope as before.
 */
export function wantsPage(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '').toLowerCase();
  return accept.includes('text/html') && !accept.includes('application/json');
}

/**
 * Answers with a page instead of the route's JSON envelope (the client asked for one, `wantsPage`):
 * the same status, another representation, so the route's response schema does not describe it.
 */
export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply.status(status).headers(PRIVATE_PAGE_HEADERS).type('text/html; charset=utf-8').send(hostedPage(title, body));
}

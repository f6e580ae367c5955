/**
 * The one map from an authenticated route to what a credential needs to call it.
 * The authentication hook (`http/auth.ts`) consults it on every request, after the
 * credential is known and before the body is read, so routes added by any feature are
 * covered by their URL without registering anything.
 *
 * Scopes: `send` (writes of the transactional area: sending, senders, domains,
 * templates, webhooks, suppressions), `read` (reads of the transactional area, and
 * the template preview, a POST that stores nothing),
 * `marketing` (the marketing area) and `account` (the account area). An API key has
 * the scopes it was created with; a person's session has the scopes of their role
 * (`features/account/auth/rights.ts`). Two more answers exist:
 * - `any`: every valid credential (key check, the account summary);
 * - `session`: a person's session only, never an API key (changing a password,
 *   managing users and keys: a leaked key must not be able to mint new credentials).
 * A route this map does not know also answers `session`: a new endpoint is closed to
 * API keys until someone decides which scope it belongs to.
 */

export const SCOPES = ['send', 'read', 'marketing', 'account'] as const;
export type Scope = (typeof SCOPES)[number];

export type Access = { scope: Scope } | { only: 'any' | 'session' };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Areas by path prefix (a prefix also matches the path without its final slash), in order; the first match decides. */
const AREAS: { prefix: string; access: (method: string, path: string) => Access }[] = [
  { prefix: '/notify/', access: notifyAreaAccess },
  { prefix: '/inbox/auth-check/', access: () => ({ only: 'any' }) },
  { prefix: '/inbox/', access: () => ({ scope: 'marketing' }) },
  { prefix: '/marketing/', access: () => ({ scope: 'marketing' }) },
  { prefix: '/contacts/', access: () => ({ scope: 'marketing' }) },
  { prefix: '/account/', access: accountAreaAccess },
];

/** Paths of the transactional area that are POSTs but read and change nothing. */
const NOTIFY_READ_POSTS = new Set([
  // A template preview: renders what it is given, stores nothing, so whoever may read templates may use it.
  '/notify/v1/templates/render',
  '/notify/v1/templates/:id/render',
]);

function notifyAreaAccess(method: string, path: string): Access {
  return { scope: READ_METHODS.has(method) || (method === 'POST' && NOTIFY_READ_POSTS.has(path)) ? 'read' : 'send' };
}

function accountAreaAccess(method: string, path: string): Access {
  if (path === '/account') return READ_METHODS.has(method) ? { only: 'any' } : { scope: 'account' };
  if (path === '/account/password') return { only: 'session' };
  // Who is calling: any credential may ask what it may do (the dashboard shows only that).
  if (path === '/account/me') return { only: 'any' };
  // Listing users and keys is an account read; creating, changing and revoking need a person.
  if (path.startsWith('/account/users') || path.startsWith('/account/apikeys')) {
    return READ_METHODS.has(method) ? { scope: 'account' } : { only: 'session' };
  }
  return { scope: 'account' };
}

/**
 * What calling `method path` requires. `path` is the route pattern as registered
 * (`/account/users/:id`), not the raw URL, so percent-encoding or a trailing slash in
 * the request cannot steer a request into another area.
 */
export function requiredAccess(method: string, path: string): Access {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const upper = method.toUpperCase();
  for (const area of AREAS) {
    if (normalized === area.prefix.replace(/\/$/, '') || normalized.startsWith(area.prefix)) return area.access(upper, normalized);
  }
  return { only: 'session' };
}

/** OpenAPI `security` of routes any credential may call: a Bearer token (JWT or API key) or x-api-key. */
export const ANY_CREDENTIAL: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
/** OpenAPI `security` of routes that need a person's session (`{ only: 'session' }` above). */
export const SESSION_ONLY: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }];

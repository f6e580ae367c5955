/**
 * Headers for browsers that meet the API: no reply may be read as a type other than the
 * one it declares (nosniff, on every reply, the parser's own refusals in client-errors.ts
 * included), and the documentation page, the only HTML served, runs nothing from elsewhere.
 */
import type { FastifyInstance } from 'fastify';

/** Headers every reply carries. */
export const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' } as const;

/**
 * The API documentation page loads its scripts and styles from this server only; inline
 * styles and the inline initializer script of @fastify/swagger-ui are allowed, nothing
 * from elsewhere, and it may not be framed.
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    const route = request.routeOptions.url ?? '';
    if (route === '/docs' || route.startsWith('/docs/')) reply.header('content-security-policy', DOCS_CSP);
    return payload;
  });
}

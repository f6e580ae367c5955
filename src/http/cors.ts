/**
 * CORS, for browser applications that call the API directly. Credentials travel in
 * headers (Authorization, x-api-key), so any origin may be allowed without
 * `Access-Control-Allow-Credentials`: a page on another origin gains nothing a script
 * outside a browser does not already have. The one cookie (the dashboard's refresh token on
 * /token, SameSite=Strict) is never sent or readable cross-origin for the same reason: no
 * answer allows credentials. CORS_ORIGINS narrows the list.
 *
 * A preflight (OPTIONS with Access-Control-Request-Method) is answered here for every
 * path that exists, with the methods that path has (method-not-allowed.ts knows them),
 * before any route, credential check or body parser sees it.
 */
import type { FastifyInstance } from 'fastify';
import type { MethodsOfPath } from './method-not-allowed.js';

const ALLOWED_HEADERS = 'Authorization, x-api-key, Content-Type, Idempotency-Key, X-Request-Id';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, Allow, Location';
/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** `origins` empty: any origin (CORS_ORIGINS unset). */
export function registerCors(app: FastifyInstance, options: { origins: readonly string[]; methodsOfPath: MethodsOfPath }): void {
  const listed = options.origins.length ? new Set(options.origins.map((origin) => origin.replace(/\/+$/, '').toLowerCase())) : undefined;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    if (listed) {
      // The answer depends on the Origin header: caches must keep one per origin.
      reply.header('vary', 'Origin');
      if (!listed.has(origin.toLowerCase())) return;
    }
    reply.header('access-control-allow-origin', listed ? origin : '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
    const methods = options.methodsOfPath(request.url.split('?')[0]!);
    // An unknown path gets no preflight answer: the browser then reports the failure.
    if (!methods.length) return;
    return reply
      .status(204)
      .header('access-control-allow-methods', methods.join(', '))
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
      .send();
  });
}

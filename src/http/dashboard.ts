/**
 * The dashboard: the single-page application built from web/ into web/dist, served at /app
 * by every API process, from the same origin as the API it calls (so it needs no CORS and
 * its refresh cookie is first-party).
 *
 * Its Content-Security-Policy allows scripts from this server only, never inline, and
 * nothing from another host. Two allowances, both for showing a message as its recipient
 * would: inline styles (email HTML is styled inline, and it is shown in a `srcdoc` frame
 * that inherits this policy) and `data:` images. A message's remote images stay blocked,
 * which also keeps a preview from calling a tracker; img-src has not even 'self' (the app
 * has no image files), because Postwire's own open pixel is served from this origin and
 * reading a captured copy in the capture inbox must not record an open.
 * The frame is sandboxed without scripts (web/src/pages/MessageBody.tsx).
 *
 * Paths under /app that are not files answer index.html, so a reload on /app/messages/…
 * opens that page. Without a build (web/dist missing) /app says how to make one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.js';

export const DASHBOARD_PATH = '/app';

/**
 * web/dist of the package this file belongs to: the nearest folder above it holding a
 * package.json (src/http/ from the sources, dist/src/http/ compiled: a fixed number of
 * `../` fits only one of them).
 */
function packageFolder(): URL {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return dir;
    if (dir.pathname === '/') return new URL('../../', import.meta.url);
  }
}

export const DASHBOARD_ROOT = fileURLToPath(new URL('web/dist/', packageFolder()));

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src data:',
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function registerDashboard(app: FastifyInstance): Promise<void> {
  const built = existsSync(`${DASHBOARD_ROOT}index.html`);
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', DASHBOARD_CSP);
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      return payload;
    });
    if (!built) {
      const notBuilt = (_request: FastifyRequest, reply: FastifyReply) =>
        reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The dashboard is not built. Run `npm run build:web` in the Postwire folder (npm install does it), then reload.\n');
      scope.get(DASHBOARD_PATH, { schema: { hide: true } }, notBuilt);
      scope.get(`${DASHBOARD_PATH}/*`, { schema: { hide: true } }, notBuilt);
      return;
    }
    await scope.register(fastifyStatic, {
      root: DASHBOARD_ROOT,
      prefix: `${DASHBOARD_PATH}/`,
      // Hashed file names (assets/) never change: cache them for a year; index.html is revalidated.
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
      wildcard: false,
      index: false,
      schemaHide: true,
    });
    const index = (request: FastifyRequest, reply: FastifyReply) => {
      // A missing asset is a 404, not the page: a stale tab asking for an old bundle must fail visibly.
      if (request.url.startsWith(`${DASHBOARD_PATH}/assets/`)) return reply.status(404).send(failure(404, 'No such file of the dashboard.'));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
    scope.get(DASHBOARD_PATH, { schema: { hide: true } }, index);
    scope.get(`${DASHBOARD_PATH}/*`, { schema: { hide: true } }, index);
  });
}

/**
 * The public tracking endpoints (no credential: the token is one). Each answers a token
 * that is not genuine with exactly the 404 of a path that does not exist. They sit
 * behind the per-IP rate limit like every route (http/rate-limit.ts).
 *
 *   GET  /t/o/{token}   the open pixel: a 1x1 GIF, never cached
 *   GET  /t/c/{token}   a click: 302 to the URL of that link of that message (HEAD too, recorded as flagged)
 *   GET  /u/{token}     the unsubscribe confirmation page (a form; a GET never unsubscribes)
 *   POST /u/{token}     unsubscribe at once (RFC 8058 one-click, and the page's form)
 *   GET  /w/{token}     the web version of a campaign copy: the HTML that was sent to that recipient
 */
import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../../http/typed-app.js';
import { TRACKING_PATHS } from '../../../delivery/compose.js';
import { AppError } from '../../../errors.js';
import { PRIVATE_PAGE_HEADERS, TENANT_HTML_CSP } from '../../../http/hosted-page.js';
import { confirmPage, donePage } from './tracking.page.js';
import { TokenParams } from './tracking.schemas.js';
import type { HitRequest, Recording, TrackingService } from './tracking.service.js';

const tags = ['Tracking'];
const security: { [scheme: string]: string[] }[] = [];

const PIXEL_ANSWER = { type: 'string', format: 'binary', description: 'A 1x1 transparent GIF.', examples: ['GIF89a…'] };
const REDIRECT_ANSWER = {
  description: 'No body: the redirect.',
  headers: {
    location: { type: 'string', description: 'The URL link N had in this message, exactly.', example: 'https://shop.example.com/orders/1001' },
  },
};
const PAGE_ANSWER = { type: 'string', description: 'A small HTML page (no script).', examples: ['<!doctype html><html lang="en">…<form method="post">…'] };

/** The transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const NEVER_CACHE = { 'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0', pragma: 'no-cache', expires: '0' };
/** The token is in the URL: it must not travel on in a Referer. */
const PRIVATE_PAGE = PRIVATE_PAGE_HEADERS;

/** The web version shows the tenant's HTML on the API's origin, sandboxed. */
const WEB_VERSION_HEADERS = { ...PRIVATE_PAGE, 'content-security-policy': TENANT_HTML_CSP };

/** The very answer of a path no route has (http/error-handler.ts): a bad token tells nothing. */
function noSuchPath(request: FastifyRequest): AppError {
  return new AppError('not_found', `No endpoint matches ${request.method} ${request.url.split('?')[0]}.`);
}

function hitOf(request: FastifyRequest): HitRequest {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value.join(' ') : (value ?? '')).toString();
  };
  return {
    method: request.method,
    userAgent: header('user-agent'),
    ip: request.ip,
    purpose: [header('purpose'), header('sec-purpose'), header('x-moz')].join(' ').toLowerCase(),
  };
}

/** Answered without waiting for the write (tracking.service.ts says why); a failed write is logged. */
function logIfLost(request: FastifyRequest, recording: Recording, what: string): void {
  recording.recorded.catch((error: unknown) => request.log.warn({ err: error }, `could not record ${what}`));
}

/**
 * The URL as a Location header: byte for byte as the message had it when it is ASCII,
 * which links almost always are; anything beyond printable ASCII percent-encoded as UTF-8,
 * which is what a browser would request (a header cannot carry it raw).
 */
function asLocation(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (ch) => [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

/** Mail clients send List-Unsubscribe=One-Click (RFC 8058); the hosted form adds via=page. */
function viaOf(body: unknown): 'page' | 'one_click' {
  return body !== null && typeof body === 'object' && 'via' in body && body.via === 'page' ? 'page' : 'one_click';
}

export function registerTrackingRoutes(app: TypedApp, tracking: TrackingService): void {
  app.get(
    `${TRACKING_PATHS.open}:token`,
    {
      schema: {
        tags,
        security,
        summary: 'Open pixel of a tracked message',
        description: 'No authentication: the signed token is the credential. A 1x1 transparent GIF, never cached; records an `opened` event.',
        params: TokenParams,
        produces: ['image/gif'],
        response: { 200: PIXEL_ANSWER },
      },
    },
    async (request, reply) => {
      const recording = await tracking.open(request.params.token, hitOf(request));
      if (!recording) throw noSuchPath(request);
      logIfLost(request, recording, 'an open');
      return reply.status(200).headers(NEVER_CACHE).type('image/gif').send(PIXEL);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: `${TRACKING_PATHS.click}:token`,
    // HEAD is a route of its own here (not Fastify's copy of GET): it is recorded, as a scanner's.
    exposeHeadRoute: false,
    schema: {
      tags,
      security,
      summary: 'Click on a tracked link',
      description:
        'No authentication. 302 to exactly the URL that link of that message had (no other URL can be reached); records a `clicked` event ' +
        '(HEAD requests, clicks within 2 s of delivery and known scanners are flagged).',
      params: TokenParams,
      response: { 302: REDIRECT_ANSWER },
    },
    handler: async (request, reply) => {
      const click = await tracking.click(request.params.token, hitOf(request));
      if (!click) throw noSuchPath(request);
      logIfLost(request, click, 'a click');
      return reply
        .status(302)
        .headers({ ...NEVER_CACHE, 'referrer-policy': 'no-referrer' })
        .header('location', asLocation(click.url))
        .send();
    },
  });

  app.get(
    `${TRACKING_PATHS.unsubscribe}:token`,
    {
      schema: {
        tags,
        security,
        summary: 'Unsubscribe confirmation page',
        description: 'No authentication. A small HTML page whose form POSTs back to this URL; the GET itself changes nothing.',
        params: TokenParams,
        produces: ['text/html'],
        response: { 200: PAGE_ANSWER },
      },
    },
    async (request, reply) => {
      const shown = await tracking.unsubscribePage(request.params.token);
      if (!shown) throw noSuchPath(request);
      return reply.status(200).headers(PRIVATE_PAGE).type('text/html; charset=utf-8').send(confirmPage(shown.fromName));
    },
  );

  app.get(
    `${TRACKING_PATHS.webversion}:token`,
    {
      schema: {
        tags,
        security,
        summary: 'Web version of a campaign copy',
        description:
          "No authentication. The HTML the recipient's copy was sent with (its `{{ webversion_url }}` / `#webversion#` link), no tracking; " +
          'its unsubscribe link works here too. Scripts, forms and frames are not run.',
        params: TokenParams,
        produces: ['text/html'],
        response: { 200: PAGE_ANSWER },
      },
    },
    async (request, reply) => {
      const html = await tracking.webVersion(request.params.token);
      if (html === undefined) throw noSuchPath(request);
      return reply.status(200).headers(WEB_VERSION_HEADERS).type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    `${TRACKING_PATHS.unsubscribe}:token`,
    {
      schema: {
        tags,
        security,
        summary: 'Unsubscribe (RFC 8058 one-click)',
        description:
          "No authentication, no confirmation: the address goes on the sending account's suppression list (reason unsubscribe) and an " +
          '`unsubscribed` event is recorded, before the answer. The body (`List-Unsubscribe=One-Click`, form-encoded) may be anything or empty.',
        params: TokenParams,
        produces: ['text/html'],
        response: { 200: PAGE_ANSWER },
      },
    },
    async (request, reply) => {
      const done = await tracking.unsubscribe(request.params.token, viaOf(request.body));
      if (!done) throw noSuchPath(request);
      return reply.status(200).headers(PRIVATE_PAGE).type('text/html; charset=utf-8').send(donePage(done.fromName));
    },
  );
}

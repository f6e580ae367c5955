/**
 * HTTP for tokens: the public routes of the account area.
 *
 * The refresh cookie. A browser application asks for it with `RefreshCookie: true`; the
 * refresh token is then set as an httpOnly cookie (page scripts, an injected one included,
 * cannot read it) with SameSite=Strict (no other site's page makes the browser send it)
 * and Path=/token (it travels to the token routes only, never with an API call), and is left
 * out of the body. Everything else about tokens is unchanged: one use, rotation, reuse
 * revokes the family. docs/security.md says why the dashboard keeps it there.
 *
 * A request that acts through the cookie must also come from a page of this origin, as
 * JSON (`checkCookieRequest`): SameSite is the browser's promise, and a browser that does
 * not keep it, or a page of another origin on the same site, would otherwise refresh or end
 * the session with a plain form post. Clients that send the refresh token in the body carry
 * what they act on themselves and are not asked.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../../http/typed-app.js';
import { Type } from 'typebox';
import { EnvelopeSchema, success } from '../../../http/envelope.js';
import { AppError } from '../../../errors.js';
import { SESSION_ONLY } from '../../../http/scopes.js';
import type { AuthService, TokenPair } from './auth.service.js';
import { RefreshRequest, RevokeRequest, TokenObject, TokenRequest } from './auth.schemas.js';

const tags = ['Authentication'];

export const REFRESH_COOKIE = 'postwire_refresh';
const REFRESH_COOKIE_PATH = '/token';

/** The refresh cookie's value, if the request carries it. */
function refreshCookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
  }
  return undefined;
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  // Secure only over HTTPS: a browser would drop a Secure cookie set over plain http (a local install).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${encodeURIComponent(value)}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** `host[:port]` of an origin, or undefined for one that is not a URL (`null`, from a sandboxed frame). */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

const COOKIE_ONLY_FROM_HERE = "The refresh cookie is accepted only from this site's own pages";
const OR_SEND_THE_TOKEN = 'a client of another origin sends the refresh token in the body as RefreshToken';

/**
 * Refuses a request that relies on the refresh cookie unless it is JSON from a page of this
 * origin: the one the request is addressed to (Host, or X-Forwarded-Host from a trusted
 * proxy), or BASE_URL's. Sec-Fetch-Site and Origin are what browsers send and a page
 * cannot change; a client without them (curl with a cookie jar) is not a page of another
 * site. A form or multipart post is what another site's page can send without asking
 * (no preflight), so the cookie is honoured with JSON only.
 */
function checkCookieRequest(request: FastifyRequest, publicHost: string | undefined): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new AppError(
      'forbidden',
      `${COOKIE_ONLY_FROM_HERE}; this request came from another page (Sec-Fetch-Site: ${site}). Without the cookie, ${OR_SEND_THE_TOKEN}.`,
    );
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const host = hostOf(origin);
    // An HTTP/1.0 request may name no host at all.
    if (host === undefined || (host !== (request.host ?? '').toLowerCase() && host !== publicHost)) {
      throw new AppError('forbidden', `${COOKIE_ONLY_FROM_HERE}; this request came from ${origin} (Origin). Without the cookie, ${OR_SEND_THE_TOKEN}.`);
    }
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError(
      'unsupported_media_type',
      `With the refresh cookie, send Content-Type: application/json (a form or multipart post can come from another site's page); this request sent ${type || 'no Content-Type'}.`,
    );
  }
}

/** The pair as answered: with the cookie asked for, the refresh token goes into it and out of the body. */
function answer(request: FastifyRequest, reply: FastifyReply, pair: TokenPair, cookie: boolean, auth: AuthService) {
  reply.header('cache-control', 'no-store');
  if (!cookie) return success(pair);
  setRefreshCookie(request, reply, pair.refresh_token, auth.refreshTokenTtlSeconds);
  const { refresh_token: _inCookie, ...rest } = pair;
  return success(rest);
}

/**
 * `publicUrl`: BASE_URL, whose pages may use the cookie too (behind a proxy that does not
 * pass the Host on).
 */
export function registerAuthRoutes(app: TypedApp, auth: AuthService, publicUrl: string | undefined): void {
  const publicHost = publicUrl === undefined ? undefined : hostOf(publicUrl);
  /** Before validation, so a forged request is refused as such whatever its fields. */
  const guardCookieUse =
    (usesCookie: (body: { RefreshToken?: unknown }) => boolean) =>
    async (request: FastifyRequest): Promise<void> => {
      if (refreshCookieOf(request) === undefined) return;
      const body = request.body !== null && typeof request.body === 'object' ? request.body : {};
      if (usesCookie(body)) checkCookieRequest(request, publicHost);
    };

  // Clients call both /token and /token/; the router ignores a trailing slash on every route.
  app.post(
    '/token',
    {
      schema: {
        tags,
        summary: 'Exchange an email address and password for a token',
        body: TokenRequest,
        response: { 200: EnvelopeSchema(TokenObject) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      return answer(request, reply, await auth.login(body.EmailAddress, body.Password), body.RefreshCookie === true, auth);
    },
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair',
        description:
          'Each refresh token works once. Presenting one a second time revokes every token of its session. ' +
          'Without RefreshToken in the body, the refresh cookie is used; the new refresh token then goes into the cookie again. ' +
          'A request that uses the cookie must be JSON (415 otherwise) from a page of this origin (403 otherwise).',
        body: RefreshRequest,
        response: { 200: EnvelopeSchema(TokenObject) },
      },
      // The cookie is used only when the body names no token.
      preValidation: guardCookieUse((body) => body.RefreshToken === undefined),
    },
    async (request, reply) => {
      const body = request.body;
      const fromCookie = body.RefreshToken === undefined ? refreshCookieOf(request) : undefined;
      const token = body.RefreshToken ?? fromCookie;
      if (token === undefined) {
        reply.header('cache-control', 'no-store');
        throw AppError.field('RefreshToken', 'is required (or send the refresh cookie set by POST /token with RefreshCookie: true)');
      }
      return answer(request, reply, await auth.refresh(token), body.RefreshCookie === true || fromCookie !== undefined, auth);
    },
  );

  app.get(
    '/token/cookie',
    {
      schema: {
        tags,
        summary: 'Whether this browser holds a refresh cookie',
        description:
          'Says only whether the request carries the refresh cookie (not whether it is still valid): a page restoring its session asks ' +
          'POST /token/refresh only when there is one, so a first visit logs no failed request.',
        response: { 200: EnvelopeSchema(Type.Object({ present: Type.Boolean() })) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success({ present: refreshCookieOf(request) !== undefined });
    },
  );

  app.post(
    '/token/revoke',
    {
      schema: {
        tags,
        security: [{}, ...SESSION_ONLY],
        summary: 'Sign out: revoke a session, or every session of the user',
        description:
          "With RefreshToken (or the refresh cookie): that token's session ends (its access tokens too); an unknown or already revoked token is not an error. " +
          'With all: true and Authorization: Bearer <access_token>: every session of that user ends, this one included. The refresh cookie is cleared. ' +
          'A request that carries the cookie must be JSON (415 otherwise) from a page of this origin (403 otherwise).',
        body: RevokeRequest,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
      // A cookie that comes along is used or cleared, whatever the body says.
      preValidation: guardCookieUse(() => true),
    },
    async (request, reply) => {
      const body = request.body;
      const cookie = refreshCookieOf(request);
      await auth.revoke(body.RefreshToken === undefined && cookie !== undefined ? { ...body, RefreshToken: cookie } : body, request.headers.authorization);
      if (cookie !== undefined) setRefreshCookie(request, reply, '', 0);
      return success(true);
    },
  );
}

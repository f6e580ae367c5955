/** HTTP for tokens: the public routes of the account area. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { EnvelopeSchema, success } from '../../../http/envelope.js';
import { SESSION_ONLY } from '../../../http/scopes.js';
import type { AuthService } from './auth.service.js';
import { RefreshRequest, RevokeRequest, TokenObject, TokenRequest } from './auth.schemas.js';

const tags = ['Authentication'];

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
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
      const body = request.body as TokenRequest;
      reply.header('cache-control', 'no-store');
      return success(await auth.login(body.EmailAddress, body.Password));
    },
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair',
        description: 'Each refresh token works once. Presenting one a second time revokes every token of its session.',
        body: RefreshRequest,
        response: { 200: EnvelopeSchema(TokenObject) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return success(await auth.refresh((request.body as RefreshRequest).RefreshToken));
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
          "With RefreshToken: that token's session ends (its access tokens too); an unknown or already revoked token is not an error. " +
          'With all: true and Authorization: Bearer <access_token>: every session of that user ends, this one included.',
        body: RevokeRequest,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await auth.revoke(request.body as RevokeRequest, request.headers.authorization);
      return success(true);
    },
  );
}

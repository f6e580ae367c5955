/** HTTP for tokens: the public routes of the account area. */
import type { FastifyInstance } from 'fastify';
import { EnvelopeSchema, success } from '../../http/envelope.js';
import type { AuthService } from './auth.service.js';
import { RefreshRequest, TokenObject, TokenRequest } from './auth.schemas.js';

const tags = ['Authentication'];

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  // Clients call both /token and /token/; the router ignores a trailing slash on every route.
  app.post('/token', {
    schema: {
      tags, summary: 'Exchange an email address and password for a token',
      body: TokenRequest, response: { 200: EnvelopeSchema(TokenObject) },
    },
  }, async (request, reply) => {
    const body = request.body as TokenRequest;
    reply.header('cache-control', 'no-store');
    return success(await auth.login(body.EmailAddress, body.Password));
  });

  app.post('/token/refresh', {
    schema: {
      tags, summary: 'Exchange a refresh token for a new token pair',
      description: 'Each refresh token works once. Presenting one a second time revokes every token of its session.',
      body: RefreshRequest, response: { 200: EnvelopeSchema(TokenObject) },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return success(await auth.refresh((request.body as RefreshRequest).RefreshToken));
  });
}

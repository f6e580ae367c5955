/**
 * Requires a valid credential on every route registered inside the scope this plugin
 * is applied to, so no route can forget it (the public routes live outside): a JWT
 * access token or an API key as `Authorization: Bearer …`, or an API key as
 * `x-api-key: …`. Then checks that the credential may call the route (`scopes.ts`):
 * a missing or bad credential is 401, a good one without the right is 403. Both run
 * before the body is read.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthService, Principal } from '../features/auth/auth.service.js';
import { checkAccess } from '../features/auth/rights.js';
import { requiredAccess } from './scopes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts for; set on every authenticated route. */
    principal: Principal;
  }
}

export function requireBearer(scope: FastifyInstance, auth: AuthService): void {
  scope.decorateRequest('principal', null as unknown as Principal);
  scope.addHook('onRequest', async (request) => {
    const apiKey = request.headers['x-api-key'];
    request.principal = await auth.authenticate(request.headers.authorization, Array.isArray(apiKey) ? apiKey[0] : apiKey);
    checkAccess(request.principal, requiredAccess(request.method, request.routeOptions.url ?? request.url.split('?')[0]!));
  });
}

/**
 * Requires a valid credential on every route registered inside the scope this plugin
 * is applied to, so no route can forget it (the public routes live outside): a JWT
 * access token or an API key as `Authorization: Bearer …`, or an API key as
 * `x-api-key: …`. Then checks that the credential may call the route (`scopes.ts`):
 * a missing or bad credential is 401, a good one without the right is 403. Both run
 * before the body is read.
 */
import type { FastifyInstance } from 'fastify';
import { markAuthenticatedRoutes } from './openapi.js';
import type { Principal } from './principal.js';
import { requiredAccess, type Access } from './scopes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts for; set on every authenticated route. */
    principal: Principal;
  }
}

/** What the hook needs of the account area's auth service. */
export interface Authenticator {
  /** The caller of a request, or a 401 AppError. */
  authenticate(authorization: string | undefined, apiKey: string | undefined): Promise<Principal>;
  /** A 403 AppError when the caller may not call a route that requires `access`. */
  checkAccess(principal: Principal, access: Access): void;
}

export function requireBearer(scope: FastifyInstance, auth: Authenticator): void {
  scope.decorateRequest('principal', null as unknown as Principal);
  // The OpenAPI document derives these routes' security and 401/403 from this mark (openapi.ts).
  markAuthenticatedRoutes(scope);
  scope.addHook('onRequest', async (request) => {
    const apiKey = request.headers['x-api-key'];
    request.principal = await auth.authenticate(request.headers.authorization, Array.isArray(apiKey) ? apiKey[0] : apiKey);
    auth.checkAccess(request.principal, requiredAccess(request.method, request.routeOptions.url ?? request.url.split('?')[0]!));
  });
}

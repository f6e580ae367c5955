/**
 * Requires a valid Bearer credential on every route registered inside the scope this
 * plugin is applied to, so no route can forget it (the public routes live outside).
 */
import type { FastifyInstance } from 'fastify';
import type { AuthService, Principal } from '../features/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts for; set on every authenticated route. */
    principal: Principal;
  }
}

export function requireBearer(scope: FastifyInstance, auth: AuthService): void {
  scope.decorateRequest('principal', null as unknown as Principal);
  scope.addHook('onRequest', async (request) => {
    request.principal = await auth.authenticate(request.headers.authorization);
  });
}

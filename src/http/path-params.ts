/**
 * Path parameters written with one leading colon (`/contacts/:0193…`): clients that
 * template URLs as `/:id` and substitute only the name send the colon along. A value that
 * starts with exactly one colon, and has something after it, is read without it, on every
 * route with parameters, before any hook or schema sees it. `:` alone and `::id` stay as
 * they are, and fail as any unknown id does.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';

function withoutTemplateColon(request: FastifyRequest): void {
  const params = request.params;
  if (params === null || typeof params !== 'object') return;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && value.length > 1 && value[0] === ':' && value[1] !== ':') Object.assign(params, { [name]: value.slice(1) });
  }
}

/** Call before any route is registered: the hook is attached only to routes that have parameters. */
export function registerPathParamColons(app: FastifyInstance): void {
  const hook: onRequestHookHandler = (request, _reply, done) => {
    withoutTemplateColon(request);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.includes(':')) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [hook] : [hook, ...(Array.isArray(own) ? own : [own])];
  });
}

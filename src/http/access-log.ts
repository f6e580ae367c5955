/**
 * The opt-in access log (LOG_REQUESTS=true): one line per request once its answer is
 * sent. It is off by default because a line per request costs more than a send itself
 * on the hot path (app.ts turns Fastify's own request logging off for that reason).
 *
 * Only what identifies the request and its outcome is logged: the route pattern
 * (`/notify/v1/messages/:id`, so no ids or query strings from the URL), never headers or
 * bodies, so no token, API key or password can reach a log.
 */
import type { FastifyInstance } from 'fastify';

export function registerAccessLog(app: FastifyInstance): void {
  // The application's logger, not request.log: the line names its request id once, as reqId.
  const log = app.log;
  app.addHook('onResponse', async (request, reply) => {
    // `principal` exists only on routes inside the authenticated scope, and only once a credential passed.
    const principal = (request as { principal?: { accountId: string } | null }).principal;
    log.info(
      {
        reqId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        accountId: principal?.accountId ?? null,
      },
      'request',
    );
  });
}

/**
 * Builds the HTTP application. The order is the architecture: body parsing and
 * validation → the OpenAPI document → public routes → the authenticated scope (every
 * route inside it requires a Bearer credential) → the one error handler.
 * Tests build it with `buildApp` and call `app.inject()`; `main.ts` makes it listen.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { registerAccountRoutes, registerSignUpRoute } from './features/accounts/accounts.routes.js';
import { registerApiKeyRoutes } from './features/apikeys/apikeys.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerAdminBillingRoutes, registerBillingRoutes } from './features/billing/billing.routes.js';
import { registerEventRoutes } from './features/events/events.routes.js';
import { registerHealthRoutes } from './features/health/health.routes.js';
import { registerMessageRoutes } from './features/messages/messages.routes.js';
import { registerTemplateRoutes } from './features/templates/templates.routes.js';
import { registerStatsRoutes } from './features/stats/stats.routes.js';
import { registerSenderConfirmationRoute, registerSenderRoutes } from './features/senders/senders.routes.js';
import { registerDomainRoutes } from './features/domains/domains.routes.js';
import { registerSuppressionRoutes } from './features/suppressions/suppressions.routes.js';
import { registerUserRoutes } from './features/users/users.routes.js';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.js';
import { requireBearer } from './http/auth.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { registerAccessLog } from './http/access-log.js';
import { registerCors } from './http/cors.js';
import { ENVELOPE_VERSION, failure } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { rememberRouteMethods } from './http/method-not-allowed.js';
import { registerNearMissFields } from './http/near-miss-fields.js';
import { registerRateLimits } from './http/rate-limit.js';
import { validatorCompiler } from './http/validation.js';
import { registerMetricsRoutes } from './metrics/metrics.routes.js';
import type { Services } from './runtime.js';

export async function buildApp(config: Config, services: Services, logger: Logger, publicUrl: string | undefined): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // One log line per request would cost more than the request on the send path;
    // failures are logged by the error handler with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    // Only named proxies may say who the client is (X-Forwarded-For); request.ip is then the client's.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // A URL that cannot be decoded (GET /%zz) never reaches a route or the error handler.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send(failure(400, 'The request URL is malformed.'));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  if (config.logRequests) registerAccessLog(app);
  const methodsOfPath = rememberRouteMethods(app);
  registerErrorHandler(app, { bodyLimit: config.bodyLimitBytes, methodsOfPath });
  registerCors(app, { origins: config.corsOrigins, methodsOfPath });
  await registerBodyParsers(app, { bodyLimit: config.bodyLimitBytes });
  registerNearMissFields(app);
  // Before any route: the per-IP limit applies to every route, the login limits attach to POST /token.
  const rateLimits = await registerRateLimits(app, config, logger);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Postwire API',
        version: ENVELOPE_VERSION,
        description: 'Transactional email and account API. Every JSON response is the envelope { version, resultStatus, resultCode, resultMessage, resultObject }.',
      },
      // Without BASE_URL the document names no server, so the UI calls the address it was loaded from.
      ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token from POST /token (a JWT), or an API key (pw_live_…).' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (pw_live_…) from POST /account/apikeys.' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerHealthRoutes(app, services.handle.db);
  registerMetricsRoutes(app, services.metrics, config.metricsToken);
  registerAuthRoutes(app, services.auth);
  registerSenderConfirmationRoute(app, services.senders);
  registerSignUpRoute(app, services.accounts);
  if (config.adminToken) registerAdminBillingRoutes(app, services.billing, config.adminToken);

  await app.register(async (authenticated) => {
    requireBearer(authenticated, services.auth);
    rateLimits.limitPerCredential(authenticated);
    registerAccountRoutes(authenticated, services.accounts, services.users);
    registerUserRoutes(authenticated, services.users);
    registerApiKeyRoutes(authenticated, services.apiKeys);
    registerSenderRoutes(authenticated, services.senders);
    registerDomainRoutes(authenticated, services.domains);
    registerMessageRoutes(authenticated, services.messages);
    registerTemplateRoutes(authenticated, services.templates);
    registerStatsRoutes(authenticated, services.stats);
    registerEventRoutes(authenticated, services.events);
    registerSuppressionRoutes(authenticated, services.suppressions);
    registerWebhookRoutes(authenticated, services.webhooks);
    registerBillingRoutes(authenticated, services.billing);
  });

  return app;
}

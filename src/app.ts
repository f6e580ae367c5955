/**
 * Builds the HTTP application. The order is the architecture: body parsing and
 * validation → the OpenAPI document → the dashboard (/app) → public routes → the authenticated scope (every
 * route inside it requires a Bearer credential; each area module registers its own routes)
 * → the one error handler.
 * Tests build it with `buildApp` and call `app.inject()`; `main.ts` makes it listen.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { requireBearer } from './http/auth.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { clientErrorHandler, idleTimeoutHandler } from './http/client-errors.js';
import { registerAccessLog } from './http/access-log.js';
import { registerCors } from './http/cors.js';
import { registerDashboard } from './http/dashboard.js';
import { ENVELOPE_VERSION, failure } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { rememberRouteMethods } from './http/method-not-allowed.js';
import { openapiTransforms } from './http/openapi.js';
import { registerNearMissFields } from './http/near-miss-fields.js';
import { registerPathParamColons } from './http/path-params.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { buildSerializer } from './http/serialization.js';
import { validatorCompiler } from './http/validation.js';
import { registerMetricsRoutes } from './metrics/metrics.routes.js';
import { registerAccountPublicRoutes, registerAccountRoutesAuthenticated } from './features/account/account.module.js';
import { registerMarketingPublicRoutes, registerMarketingRoutes } from './features/marketing/marketing.module.js';
import { registerNotifyPublicRoutes, registerNotifyRoutes } from './features/notify/notify.module.js';
import { registerHealthRoutes } from './features/system/health/health.routes.js';
import { registerPrivacyRoutes } from './features/system/privacy/privacy.routes.js';
import type { Services } from './services.js';
import { systemClock, type Clock } from './lib/clock.js';

export async function buildApp(
  config: Config,
  services: Services,
  logger: Logger,
  publicUrl: string | undefined,
  clock: Clock = systemClock,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: { buildSerializer } },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // One log line per request would cost more than the request on the send path;
    // failures are logged by the error handler with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    // Only named proxies may say who the client is (X-Forwarded-For); request.ip is then the client's.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // Slow or stalled clients cannot hold a connection (or a shutdown) for ever. Node checks
    // the header and request deadlines on a timer; it runs often enough to keep them close.
    requestTimeout: config.httpRequestTimeoutMs,
    connectionTimeout: config.httpIdleTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    http: {
      // Node checks headersTimeout against the server's requestTimeout when it creates the
      // server, before Fastify sets the latter: without it here, one over Node's default
      // (300 s) fails the start.
      requestTimeout: config.httpRequestTimeoutMs,
      headersTimeout: Math.min(config.httpHeadersTimeoutMs, config.httpRequestTimeoutMs),
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(config.httpHeadersTimeoutMs, config.httpRequestTimeoutMs) / 4))),
    },
    // What Node's parser refuses (431, framing, timeouts) is answered with the envelope too.
    clientErrorHandler: clientErrorHandler(logger as unknown as FastifyBaseLogger),
    // A URL that cannot be decoded (GET /%zz) never reaches a route or the error handler.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send(failure(400, 'The request URL is malformed.'));
    },
    // Handlers are typed from their route's schema (http/typed-app.ts).
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.on('timeout', idleTimeoutHandler(logger as unknown as FastifyBaseLogger));
  app.setValidatorCompiler(validatorCompiler);
  registerSecurityHeaders(app);
  if (config.logRequests) registerAccessLog(app);
  const methodsOfPath = rememberRouteMethods(app);
  registerErrorHandler(app, { bodyLimit: config.bodyLimitBytes, methodsOfPath, storage: services.handle.storage });
  registerCors(app, { origins: config.corsOrigins, methodsOfPath });
  await registerBodyParsers(app, { bodyLimit: config.bodyLimitBytes });
  registerNearMissFields(app);
  registerPathParamColons(app);
  // Before any route: the per-IP limit applies to every route, the login limits attach to POST /token.
  const rateLimits = await registerRateLimits(app, config, logger, clock);

  await app.register(swagger, {
    // operationIds, security, error responses, shared components: decided for every route in one place.
    ...(openapiTransforms() as object),
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Postwire API',
        version: ENVELOPE_VERSION,
        description:
          'Transactional email and account API. Every JSON response is the envelope { version, resultStatus, resultCode, resultMessage, resultObject }.',
      },
      // Without BASE_URL the document names no server, so the UI calls the address it was loaded from.
      ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token from POST /token (a JWT), or an API key (pwLIVE…).' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (pwLIVE…) from POST /account/apikeys.' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await registerDashboard(app);
  registerHealthRoutes(app, services.handle);
  registerMetricsRoutes(app, services.metrics, config.metricsToken);
  registerAccountPublicRoutes(app, services, config.adminToken, publicUrl);
  registerNotifyPublicRoutes(app, services);
  registerMarketingPublicRoutes(app, services.marketing, {
    frameAncestors: config.formFrameAncestors,
    submissionsPerIp: rateLimits.perIp('form-post', config.formSubmissionsPerIpPerMinute, 60_000),
  });

  await app.register(async (authenticated) => {
    requireBearer(authenticated, services.auth);
    rateLimits.limitPerCredential(authenticated);
    registerAccountRoutesAuthenticated(authenticated, services);
    registerNotifyRoutes(authenticated, services);
    registerMarketingRoutes(authenticated, services.marketing, { importMaxBytes: config.importMaxBytes });
    registerPrivacyRoutes(authenticated, services.privacy);
  });

  return app;
}

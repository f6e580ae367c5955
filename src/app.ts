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
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerEventRoutes } from './features/events/events.routes.js';
import { registerHealthRoutes } from './features/health/health.routes.js';
import { registerMessageRoutes } from './features/messages/messages.routes.js';
import { registerSenderRoutes } from './features/senders/senders.routes.js';
import { registerSuppressionRoutes } from './features/suppressions/suppressions.routes.js';
import { requireBearer } from './http/auth.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { ENVELOPE_VERSION, failure } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { validatorCompiler } from './http/validation.js';
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
    // A URL that cannot be decoded (GET /%zz) never reaches a route or the error handler.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send(failure(400, 'The request URL is malformed.'));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app, { bodyLimit: config.bodyLimitBytes });
  await registerBodyParsers(app, { bodyLimit: config.bodyLimitBytes });

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
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerHealthRoutes(app, services.handle.db);
  registerAuthRoutes(app, services.auth);

  await app.register(async (authenticated) => {
    requireBearer(authenticated, services.auth);
    registerSenderRoutes(authenticated, services.senders);
    registerMessageRoutes(authenticated, services.messages);
    registerEventRoutes(authenticated, services.events);
    registerSuppressionRoutes(authenticated, services.suppressions);
  });

  return app;
}

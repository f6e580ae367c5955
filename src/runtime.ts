/**
 * Wires a running Postwire from its configuration: database (migrated), services, and
 * the roles asked for (the HTTP API, the delivery worker, or both), and takes them
 * down in the right order. `main.ts` and the tests both start Postwire through here.
 */
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { publicBaseUrl, type Config } from './config.js';
import { openDatabase, type DbHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadDkimKey, MessageComposer } from './delivery/compose.js';
import { DeliveryPipeline } from './delivery/pipeline.js';
import { CaptureTransport } from './delivery/transports/capture.js';
import { MxTransport } from './delivery/transports/mx.js';
import { SmtpRelayTransport } from './delivery/transports/smtp.js';
import type { Transport } from './delivery/transports/transport.js';
import { Worker } from './delivery/worker.js';
import { WorkSignal } from './delivery/work-signal.js';
import { AuthService } from './features/auth/auth.service.js';
import { JwtCodec } from './features/auth/jwt.js';
import { resolveJwtSecret } from './features/auth/jwt-secret.js';
import { EventsService } from './features/events/events.service.js';
import { MessagesService } from './features/messages/messages.service.js';
import { SendersService } from './features/senders/senders.service.js';
import { SuppressionsService } from './features/suppressions/suppressions.service.js';

export interface Services {
  handle: DbHandle;
  auth: AuthService;
  senders: SendersService;
  messages: MessagesService;
  events: EventsService;
  suppressions: SuppressionsService;
  workSignal: WorkSignal;
}

export interface Roles {
  api: boolean;
  worker: boolean;
}

export interface Runtime {
  config: Readonly<Config>;
  logger: Logger;
  services: Services;
  app: FastifyInstance | undefined;
  worker: Worker | undefined;
  /** Base URL the API answers on (after listen, with the real port). */
  url: string | undefined;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { pid: process.pid } });
}

function createTransport(config: Config, handle: DbHandle): Transport {
  switch (config.transport) {
    case 'capture':
      return new CaptureTransport(handle.db);
    case 'smtp':
      return new SmtpRelayTransport({
        url: config.smtpUrl!, poolSize: config.smtpPoolSize, maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
        tlsRejectUnauthorized: config.smtpTlsRejectUnauthorized, heloName: config.heloName,
      });
    case 'mx':
      return new MxTransport({
        resolver: config.mxResolver, port: config.mxPort, concurrencyPerDomain: config.mxConcurrencyPerDomain,
        // SMTP_POOL_SIZE bounds the connections to one destination host as it does to the relay.
        connectionsPerHost: config.smtpPoolSize, maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
        tlsRejectUnauthorized: config.smtpTlsRejectUnauthorized, heloName: config.heloName,
      });
  }
}

export async function createRuntime(config: Readonly<Config>, roles: Roles, logger: Logger = createLogger(config)): Promise<Runtime> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteSynchronous: config.sqliteSynchronous,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server; it will be replaced'),
  });
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length) logger.info({ applied, database: handle.describe }, 'database migrated');
  } catch (error) {
    await handle.close();
    throw error;
  }

  const workSignal = new WorkSignal();
  const composer = new MessageComposer(loadDkimKey(config.dkimDomain, config.dkimSelector, config.dkimPrivateKey));
  const jwt = new JwtCodec(resolveJwtSecret(config.jwtSecret, config.dataDir), config.accessTokenTtlSeconds);
  const services: Services = {
    handle,
    auth: new AuthService(handle, jwt, config),
    senders: new SendersService(handle.db),
    messages: new MessagesService(handle.db, workSignal, composer),
    events: new EventsService(handle.db),
    suppressions: new SuppressionsService(handle.db),
    workSignal,
  };

  const app = roles.api ? await buildApp(config, services, logger, config.baseUrl) : undefined;
  let transport: Transport | undefined;
  let worker: Worker | undefined;
  if (roles.worker) {
    transport = createTransport(config, handle);
    const pipeline = new DeliveryPipeline(handle.db, transport, composer, { bounceDomain: config.bounceDomain, maxRetryAgeSeconds: config.maxRetryAgeSeconds }, logger);
    worker = new Worker(handle, pipeline, workSignal, {
      batchSize: config.workerBatchSize, leaseMs: config.workerLeaseSeconds * 1000,
      pollMs: config.workerPollMs, concurrency: config.workerConcurrency,
    }, logger);
  }

  const runtime: Runtime = {
    config, logger, services, app, worker, url: undefined,
    async listen() {
      worker?.start();
      if (!app) return '';
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      runtime.url = publicBaseUrl(config, port);
      return runtime.url;
    },
    async close() {
      // Stop taking requests first, then let accepted messages commit, then stop delivering.
      if (app) await app.close();
      await services.messages.drain();
      if (worker) await worker.stop();
      if (transport) await transport.close();
      await handle.close();
    },
  };
  return runtime;
}

/**
 * Wires a running Postwire from its configuration: database (migrated), services, and
 * the roles asked for (the HTTP API, the delivery worker, or both), and takes them
 * down in the right order. `main.ts` and the tests both start Postwire through here.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { publicBaseUrl, type Config } from './config.js';
import { openDatabase, type DbHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadDkimKey, MessageComposer } from './delivery/compose.js';
import { createMimeBuilder } from './delivery/mime-threads.js';
import { InboundListener } from './delivery/inbound/listener.js';
import { DeliveryPipeline } from './delivery/pipeline.js';
import { CaptureTransport } from './delivery/transports/capture.js';
import { MxTransport } from './delivery/transports/mx.js';
import { SmtpRelayTransport } from './delivery/transports/smtp.js';
import type { Transport } from './delivery/transports/transport.js';
import { Worker } from './delivery/worker.js';
import { DELIVERY_CHANNEL } from './delivery/enqueue.js';
import { JobRunner, TaskRegistry } from './queue/jobs.js';
import { PgNotificationListener } from './queue/notifications.js';
import { SendPressure } from './delivery/give-way.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './delivery/webhooks/webhook-dispatcher.js';
import { WorkSignal } from './delivery/work-signal.js';
import { AccountsService } from './features/accounts/accounts.service.js';
import { ApiKeysService } from './features/apikeys/apikeys.service.js';
import { AuthService } from './features/auth/auth.service.js';
import { JwtCodec } from './features/auth/jwt.js';
import { resolveJwtSecret } from './features/auth/jwt-secret.js';
import { BillingService } from './features/billing/billing.service.js';
import { EventsService } from './features/events/events.service.js';
import { DomainsService } from './features/domains/domains.service.js';
import { DomainSigningKeys } from './features/domains/signing-keys.js';
import type { RecordSettings } from './features/domains/domain-records.js';
import { MessagesService } from './features/messages/messages.service.js';
import { TemplatesService } from './features/templates/templates.service.js';
import { StatsService } from './features/stats/stats.service.js';
import { SendersService } from './features/senders/senders.service.js';
import { SuppressionsService } from './features/suppressions/suppressions.service.js';
import { UsersService } from './features/users/users.service.js';
import { WebhooksService } from './features/webhooks/webhooks.service.js';
import { Metrics } from './metrics/metrics.js';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.js';
import { allOf } from './metrics/observers.js';

export interface Services {
  handle: DbHandle;
  auth: AuthService;
  accounts: AccountsService;
  users: UsersService;
  apiKeys: ApiKeysService;
  senders: SendersService;
  domains: DomainsService;
  messages: MessagesService;
  templates: TemplatesService;
  stats: StatsService;
  events: EventsService;
  suppressions: SuppressionsService;
  billing: BillingService;
  webhooks: WebhooksService;
  workSignal: WorkSignal;
  metrics: Metrics;
}

export interface Roles {
  api: boolean;
  worker: boolean;
  /** The SMTP listener for bounces and complaints (INBOUND_SMTP_PORT); `start` and `inbound` run it. */
  inbound?: boolean;
}

export interface Runtime {
  config: Readonly<Config>;
  logger: Logger;
  services: Services;
  app: FastifyInstance | undefined;
  worker: Worker | undefined;
  /** Calls the webhooks; runs with the worker. */
  webhookDispatcher: WebhookDispatcher | undefined;
  /** What runs each background task (src/queue/jobs.ts): register handlers before listen(). */
  tasks: TaskRegistry;
  /** Runs the jobs of `tasks`; runs with the worker. */
  jobRunner: JobRunner | undefined;
  /** The feedback listener when the inbound role runs; its `port` is known after listen. */
  inbound: InboundListener | undefined;
  /** Base URL the API answers on (after listen, with the real port). */
  url: string | undefined;
  /** Base URL of the METRICS_PORT listener, when there is one (after listen). */
  metricsUrl: string | undefined;
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Background jobs in flight at once per worker process (imports and campaign dispatch are few and long). */
const JOB_CONCURRENCY = 2;

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { pid: process.pid } });
}

function createTransport(config: Config, handle: DbHandle): Transport {
  switch (config.transport) {
    case 'capture':
      // Its writes are plain INSERTs: write-behind, one round trip per commit. A copy that a
      // power loss undoes is captured again on the retry, as after a crash between a copy and
      // its outcome.
      return new CaptureTransport(handle.workerWrites);
    case 'smtp':
      return new SmtpRelayTransport({
        url: config.smtpUrl!, poolSize: config.smtpPoolSize, maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
        tlsRejectUnauthorized: config.smtpTlsRejectUnauthorized, heloName: config.heloName, timeouts: smtpTimeouts(config),
      });
    case 'mx':
      return new MxTransport({
        resolver: config.mxResolver, port: config.mxPort, concurrencyPerDomain: config.mxConcurrencyPerDomain,
        // SMTP_POOL_SIZE bounds the connections to one destination host as it does to the relay.
        connectionsPerHost: config.smtpPoolSize, maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
        tlsRejectUnauthorized: config.smtpTlsRejectUnauthorized, heloName: config.heloName, timeouts: smtpTimeouts(config),
      });
  }
}

function smtpTimeouts(config: Config) {
  return { connectMs: config.smtpConnectTimeoutMs, idleMs: config.smtpIdleTimeoutMs };
}

/**
 * Starts the feedback listener. In the all-in-one process (`start`) it is an extra: a
 * port already taken (another mail tool on 2525, a second Postwire on one machine) is
 * logged as an error and the API and worker run on; `postwire inbound` has no other
 * job, so there it stops the process like any other failure to listen.
 */
async function listenForFeedback(inbound: InboundListener, roles: Roles, config: Readonly<Config>, logger: Logger): Promise<void> {
  try {
    await inbound.listen();
  } catch (error) {
    if (!(roles.api || roles.worker) || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    logger.error({ err: error, host: config.inboundSmtpHost, port: config.inboundSmtpPort },
      'inbound SMTP listener not started: the port is in use, so bounces and complaints are not received by this process (set INBOUND_SMTP_PORT)');
  }
}

/** The name of this machine as mail sees it: HELO_NAME, else the host name. */
function mailHostName(config: Config): string {
  return config.heloName ?? os.hostname();
}

/** SYSTEM_FROM, else postwire@ the bounce domain or this machine. */
function systemFrom(config: Config): string {
  return config.systemFrom ?? `postwire@${config.bounceDomain ?? mailHostName(config)}`;
}

function domainRecordSettings(config: Config): RecordSettings {
  return { spfMechanism: config.spfMechanism ?? `a:${mailHostName(config)}`, bounceDomain: config.bounceDomain, inboundHost: mailHostName(config) };
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
  const signingKeys = new DomainSigningKeys(handle.db);
  // Composing gives way to the API in the process that serves both (mime-threads.ts); a
  // worker process alone has nothing to give way to, and would only lose to other programs.
  const mimeBuilder = createMimeBuilder(config.composeThreads, roles.api ? config.composeNice : 0);
  const composer = new MessageComposer(loadDkimKey(config.dkimDomain, config.dkimSelector, config.dkimPrivateKey), signingKeys, mimeBuilder);
  const jwt = new JwtCodec(resolveJwtSecret(config.jwtSecret, config.dataDir), config.accessTokenTtlSeconds);
  // Acceptance first where the API and the worker share the process (give-way.ts).
  const sendPressure = roles.api && roles.worker ? new SendPressure(config.workerGiveWayRate) : undefined;
  const metrics = new Metrics(handle.db, sendPressure && (() => sendPressure.pressed()));
  const auth = new AuthService(handle, jwt, config);
  const senders = new SendersService(handle.db, {
    required: config.requireVerifiedSenders, systemFrom: systemFrom(config),
    confirmationTtlMs: config.senderConfirmationTtlSeconds * 1000, workSignal,
    // Links name the address the API really listens on (PORT=0 picks one at listen).
    publicUrl: () => runtime.url ?? publicBaseUrl(config),
  });
  const billing = new BillingService(handle, config.billing);
  const services: Services = {
    handle,
    auth,
    accounts: new AccountsService(handle, { signupEnabled: config.signupEnabled, bodyLimitBytes: config.bodyLimitBytes, billing }),
    users: new UsersService(handle.db, auth),
    apiKeys: new ApiKeysService(handle.db, auth),
    senders,
    domains: new DomainsService(handle.db, { defaultSelector: config.dkimSelector, records: domainRecordSettings(config), resolver: config.dnsResolver }, [signingKeys, senders]),
    messages: new MessagesService(handle.db, workSignal, composer, sendPressure ? allOf(metrics, sendPressure) : metrics, senders, billing, {
      maxAttachments: config.attachmentsMaxCount, maxAttachmentBytes: config.attachmentMaxBytes, maxAttachmentsTotalBytes: config.attachmentsMaxTotalBytes,
    }),
    templates: new TemplatesService(handle.db),
    stats: new StatsService(handle.db),
    events: new EventsService(handle.db),
    suppressions: new SuppressionsService(handle.db),
    billing,
    webhooks: new WebhooksService(handle.db),
    workSignal,
    metrics,
  };

  const app = roles.api ? await buildApp(config, services, logger, config.baseUrl) : undefined;
  let transport: Transport | undefined;
  let worker: Worker | undefined;
  let webhookDispatcher: WebhookDispatcher | undefined;
  const tasks = new TaskRegistry();
  let jobRunner: JobRunner | undefined;
  if (roles.worker) {
    webhookDispatcher = createWebhookDispatcher(handle, config, logger);
    jobRunner = new JobRunner(handle, tasks, {
      concurrency: JOB_CONCURRENCY, leaseMs: config.workerLeaseSeconds * 1000, pollMs: config.workerPollMs, firstRetryMs: config.retryFirstDelayMs,
    }, logger);
    transport = createTransport(config, handle);
    const pipeline = new DeliveryPipeline(handle.db, transport, composer, {
      bounceDomain: config.bounceDomain, maxRetryAgeSeconds: config.maxRetryAgeSeconds, firstRetryMs: config.retryFirstDelayMs, concurrency: config.workerConcurrency,
      outcomesDb: handle.workerWrites, readsDb: handle.reads,
    }, logger, metrics);
    worker = new Worker(handle, pipeline, workSignal, {
      batchSize: config.workerBatchSize, leaseMs: config.workerLeaseSeconds * 1000,
      pollMs: config.workerPollMs, concurrency: config.workerConcurrency,
      ...(sendPressure ? { giveWay: () => sendPressure.pressed() } : {}),
    }, logger, handle.dialect === 'postgres' && config.databaseUrl
      ? new PgNotificationListener(config.databaseUrl, DELIVERY_CHANNEL, () => workSignal.notify(), logger)
      : undefined);
  }

  const inbound = roles.inbound ? new InboundListener(handle.db, {
    host: config.inboundSmtpHost, port: config.inboundSmtpPort, maxBytes: config.inboundSmtpMaxBytes,
    bounceDomain: config.bounceDomain, serverName: config.heloName,
  }, logger) : undefined;

  let metricsServer: MetricsServer | undefined;
  const runtime: Runtime = {
    config, logger, services, app, worker, webhookDispatcher, tasks, jobRunner, inbound, url: undefined, metricsUrl: undefined,
    async listen() {
      if (inbound) await listenForFeedback(inbound, roles, config, logger);
      if (config.metricsPort !== undefined) {
        metricsServer = await startMetricsServer(metrics, { host: config.metricsHost, port: config.metricsPort, token: config.metricsToken }, logger);
        runtime.metricsUrl = metricsServer.url;
        logger.info({ url: metricsServer.url }, 'metrics served');
      }
      worker?.start();
      webhookDispatcher?.start();
      jobRunner?.start();
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
      if (inbound) await inbound.close();
      if (metricsServer) await metricsServer.close();
      await services.messages.drain();
      if (worker) await worker.stop();
      // After the worker: its last outcomes may have queued webhook calls (made after the next start).
      if (webhookDispatcher) await webhookDispatcher.stop();
      if (jobRunner) await jobRunner.stop();
      if (transport) await transport.close();
      await mimeBuilder.close();
      await handle.close();
    },
  };
  return runtime;
}

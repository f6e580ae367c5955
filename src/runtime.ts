/**
 * Wires a running Postwire from its configuration: database (migrated), services, and
 * the roles asked for (the HTTP API, the delivery worker, the SMTP listeners), and takes
 * them down in the right order. Which parts a role runs, and the order they start and
 * stop in, are the short lists ROLE_PARTS, START_ORDER and STOP_ORDER; `parts` in
 * createRuntime says what each does. `main.ts` and the tests both start Postwire through here.
 */
import { parseDestinationLimits, type PaceLimits } from './lib/destination-limits.js';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { publicBaseUrl, type Config } from './config.js';
import { openDatabase, type DbHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { autovacuumIsOff } from './db/space.js';
import { loadDkimKey, MessageComposer, type CopyTracking } from './delivery/compose.js';
import { resolveJwtSecret } from './features/account/auth/jwt-secret.js';
import { deriveTrackingKey, TrackingTokens } from './lib/tracking-tokens.js';
import { createMimeBuilder } from './delivery/mime-thread-pool.js';
import { DeliveryPipeline } from './delivery/pipeline.js';
import { CaptureTransport } from './delivery/transports/capture.js';
import { MxTransport } from './delivery/transports/mx.js';
import { SmtpRelayTransport } from './delivery/transports/smtp.js';
import type { Transport } from './delivery/transports/transport.js';
import { Worker } from './delivery/worker.js';
import { DELIVERY_CHANNEL } from './delivery/enqueue.js';
import { JobRunner, TaskRegistry } from './queue/jobs.js';
import { PgNotificationListener } from './queue/notifications.js';
import { SendPressure } from './delivery/send-pressure.js';
import { WorkSignal } from './delivery/work-signal.js';
import { ContentSigningKeyPins, DomainSigningKeys } from './features/notify/domains/signing-keys.js';
import type { RecordSettings } from './features/notify/domains/domain-records.js';
import { InboundListener } from './features/notify/feedback/feedback.listener.js';
import { SubmissionListener } from './features/notify/submission/submission.listener.js';
import { loadTlsCredentials, type TlsCredentials } from './features/notify/submission/tls-certificate.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './features/notify/webhooks/webhooks.dispatcher.js';
import { Metrics } from './metrics/metrics.js';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.js';
import { allOf } from './metrics/observers.js';
import { createAccountServices, StorageService } from './features/account/account.module.js';
import { createMarketingServices, marketingEventListeners, registerMarketingTasks } from './features/marketing/marketing.module.js';
import { PrivacyService } from './features/system/privacy/privacy.service.js';
import { RetentionPurge, registerRetentionTask, retentionSettings } from './features/system/retention/retention.service.js';
import { createNotifyServices, EventLog, webhookFanOut } from './features/notify/notify.module.js';
import type { AreaContext } from './features/area.js';
import type { Services } from './services.js';
import { setPasswordHashCost } from './lib/passwords.js';
import { tightenDataDir } from './lib/data-dir.js';
import { systemClock, type Clock } from './lib/clock.js';

export type { Services } from './services.js';

export interface Roles {
  api: boolean;
  worker: boolean;
  /** The SMTP listener for bounces and complaints (INBOUND_SMTP_PORT); `start` and `inbound` run it. */
  inbound?: boolean;
  /** SMTP submission with an API key (SMTP_SUBMISSION_PORT); `start` and `smtp` run it. */
  smtp?: boolean;
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
  /** SMTP submission when the smtp role runs; its `port` is known after listen. */
  submission: SubmissionListener | undefined;
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

function createTransport(config: Config, handle: DbHandle, clock: Clock): Transport {
  switch (config.transport) {
    case 'capture':
      // Its writes are plain INSERTs: write-behind, one round trip per commit. A copy that a
      // power loss undoes is captured again on the retry, as after a crash between a copy and
      // its outcome.
      return new CaptureTransport(handle.workerWrites, clock);
    case 'smtp':
      return new SmtpRelayTransport({
        url: config.smtpUrl!,
        poolSize: config.smtpPoolSize,
        ratePerSecond: config.smtpRatePerSecond,
        destinationLimits: destinationLimits(config),
        pacingMaxWaitMs: config.deliveryPacingMaxWaitMs,
        maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
        tlsRejectUnauthorized: config.smtpTlsRejectUnauthorized,
        heloName: config.heloName,
        timeouts: smtpTimeouts(config),
        clock,
      });
    case 'mx':
      return new MxTransport({
        resolver: config.mxResolver,
        port: config.mxPort,
        pace: { concurrency: config.mxConcurrencyPerDomain, perSecond: config.mxRatePerDestination },
        destinationLimits: destinationLimits(config),
        pacingMaxWaitMs: config.deliveryPacingMaxWaitMs,
        // SMTP_POOL_SIZE bounds the connections to one destination host as it does to the relay.
        connectionsPerHost: config.smtpPoolSize,
        maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
        tlsRejectUnauthorized: config.smtpTlsRejectUnauthorized,
        heloName: config.heloName,
        timeouts: smtpTimeouts(config),
        clock,
      });
  }
}

/**
 * Gets something ready before the first message needs it (the calls in `listen` say what
 * and why). A failure costs only that head start: the first message does the work again.
 */
function warmAhead(work: Promise<void>, logger: Logger, failed: string): void {
  work.catch((error: unknown) => logger.warn({ err: error }, failed));
}

/** DESTINATION_LIMITS, checked by loadConfig already. */
function destinationLimits(config: Config): ReadonlyMap<string, PaceLimits> {
  const limits = parseDestinationLimits(config.destinationLimits);
  return typeof limits === 'string' ? new Map() : limits;
}

function smtpTimeouts(config: Config) {
  return { connectMs: config.smtpConnectTimeoutMs, idleMs: config.smtpIdleTimeoutMs };
}

/**
 * Starts an SMTP listener (feedback, submission). In the all-in-one process (`start`) it
 * is an extra: a port already taken (another mail tool on 2525, a second Postwire on one
 * machine) is logged as an error and the API and worker run on; `postwire inbound` or
 * `postwire smtp` has no other job, so there it stops the process like any other failure
 * to listen.
 */
async function listenBesideOthers(
  listener: { listen(): Promise<number> },
  roles: Roles,
  logger: Logger,
  where: { host: string; port: number },
  consequence: string,
): Promise<void> {
  try {
    await listener.listen();
  } catch (error) {
    if (!(roles.api || roles.worker) || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    logger.error({ err: error, ...where }, `${consequence}: the port is in use`);
  }
}

/** A role could not bind its port; `setting` names the configuration key that chooses it. */
export class ListenError extends Error {
  constructor(
    readonly setting: 'PORT' | 'INBOUND_SMTP_PORT' | 'SMTP_SUBMISSION_PORT' | 'METRICS_PORT',
    readonly host: string,
    readonly port: number,
    cause: unknown,
  ) {
    const code = (cause as NodeJS.ErrnoException).code;
    const hostSetting = setting.replace(/PORT$/, 'HOST');
    const why =
      code === 'EADDRINUSE'
        ? `the port is in use; set ${setting} to a free port`
        : code === 'EACCES'
          ? `permission denied (ports below 1024 need privileges); set ${setting} to a higher port`
          : code === 'EADDRNOTAVAIL'
            ? `this machine has no such address; check ${hostSetting}`
            : `${(cause as Error).message}; check ${hostSetting} and ${setting}`;
    super(`cannot listen on ${host}:${port} (${setting}): ${why}`, { cause });
    this.name = 'ListenError';
  }
}

async function bindOrExplain<T>(setting: ListenError['setting'], host: string, port: number, bind: () => Promise<T>): Promise<T> {
  try {
    return await bind();
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).syscall !== undefined)
      throw new ListenError(setting, host, port, error);
    throw error;
  }
}

/** The name of this machine as mail sees it: HELO_NAME, else the host name. */
function mailHostName(config: Config): string {
  return config.heloName ?? os.hostname();
}

/**
 * Who hears every event written, in order, in the transaction that writes it: webhooks'
 * fan-out queues the calls, then the campaign counters count. A CLI command that writes
 * events uses the same.
 */
export function eventLogFor(config: Config): EventLog {
  return new EventLog([webhookFanOut, ...marketingEventListeners({ systemFrom: systemFrom(config) })]);
}

/** SYSTEM_FROM, else postwire@ the bounce domain or this machine. */
function systemFrom(config: Config): string {
  return config.systemFrom ?? `postwire@${config.bounceDomain ?? mailHostName(config)}`;
}

function domainRecordSettings(config: Config): RecordSettings {
  return { spfMechanism: config.spfMechanism ?? `a:${mailHostName(config)}`, bounceDomain: config.bounceDomain, inboundHost: mailHostName(config) };
}

/** The parts a process runs: those of its roles (ROLE_PARTS), and the ones every process runs. */
type PartName = 'feedback' | 'submission' | 'metrics' | 'http' | 'accepted' | 'deliveries' | 'webhooks' | 'jobs';

interface Part {
  /** Listens or starts; a part that cannot listen throws, and the start goes no further. */
  start?(): Promise<void> | void;
  stop(): Promise<void>;
}

/** What each role runs; `postwire start` runs every role (src/cli/main.ts). */
const ROLE_PARTS: Record<keyof Roles, readonly PartName[]> = {
  api: ['http'],
  worker: ['deliveries', 'webhooks', 'jobs'],
  inbound: ['feedback'],
  smtp: ['submission'],
};

/** Run whatever the roles: the metrics listener (when METRICS_PORT is set), and the commit of what was accepted. */
const EVERY_PROCESS: readonly PartName[] = ['metrics', 'accepted'];

/**
 * Every port first, the runners last: a part that cannot listen stops the start before
 * anything has been delivered or created (main.ts closes and exits).
 */
const START_ORDER: readonly PartName[] = ['feedback', 'submission', 'metrics', 'http', 'deliveries', 'webhooks', 'jobs'];

/**
 * Stop taking requests first, then let accepted messages commit, then stop delivering; the
 * webhook dispatcher after the worker, whose last outcomes may have queued calls (made
 * after the next start). The transport, the compose threads and the database close last.
 */
const STOP_ORDER: readonly PartName[] = ['http', 'feedback', 'submission', 'metrics', 'accepted', 'deliveries', 'webhooks', 'jobs'];

/** The parts `roles` run. */
function partsOf(roles: Roles): Set<PartName> {
  const names = (Object.keys(ROLE_PARTS) as (keyof Roles)[]).filter((role) => roles[role]).flatMap((role) => ROLE_PARTS[role]);
  return new Set([...EVERY_PROCESS, ...names]);
}

/** What a caller other than main.ts may choose: tests pass a clock they move forward. */
export interface RuntimeOptions {
  /** What leases, retries, rate windows, tokens, pacing and schedules are timed by; default the system clock. */
  clock?: Clock;
}

export async function createRuntime(
  config: Readonly<Config>,
  roles: Roles,
  logger: Logger = createLogger(config),
  { clock = systemClock }: RuntimeOptions = {},
): Promise<Runtime> {
  setPasswordHashCost(config.passwordHashCost);
  // An older installation's folder (0755, its files 0644) is made private.
  tightenDataDir(config.dataDir);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteSynchronous: config.sqliteSynchronous,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server; it will be replaced'),
  });
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length) logger.info({ applied, database: handle.describe }, 'database migrated');
  } catch (error) {
    await handle.close();
    throw error;
  }

  const autovacuumOff = await autovacuumIsOff(handle.db, handle.dialect);
  const workSignal = new WorkSignal();
  const signingKeys = new DomainSigningKeys(handle.db);
  const signingKeyPins = new ContentSigningKeyPins(handle.db, clock);
  // Composing gives way to the API in the process that serves both (mime-thread-pool.ts); a
  // worker process alone has nothing to give way to, and would only lose to other programs.
  const mimeBuilder = createMimeBuilder(config.composeThreads, roles.api ? config.composeNice : 0);
  // Tracking links are signed with a key derived from the installation's secret (the JWT secret), and point at TRACKING_BASE_URL or the API.
  const tracking: CopyTracking = {
    tokens: new TrackingTokens(deriveTrackingKey(resolveJwtSecret(config.jwtSecret, config.dataDir))),
    baseUrl: () => config.trackingBaseUrl ?? context.publicUrl(),
  };
  const composer = new MessageComposer(
    loadDkimKey(config.dkimDomain, config.dkimSelector, config.dkimPrivateKey),
    signingKeys,
    mimeBuilder,
    tracking,
    signingKeyPins,
  );
  // Acceptance first where the API and the worker share the process (send-pressure.ts).
  const sendPressure = roles.api && roles.worker ? new SendPressure(config.workerGiveWayRate) : undefined;
  const storage = new StorageService(handle.longReads, handle.dialect);
  const metrics = new Metrics(handle.db, sendPressure && (() => sendPressure.pressed()), () => storage.all());
  const events = eventLogFor(config);
  const context: AreaContext = {
    handle,
    config,
    clock,
    // Links name the address the API really listens on (PORT=0 picks one at listen).
    publicUrl: () => runtime.url ?? publicBaseUrl(config),
    sendObserver: sendPressure ? allOf(metrics, sendPressure) : metrics,
    events,
    delivery: { workSignal, composer, signingKeys, signingKeyPins, systemFrom: systemFrom(config), domainRecords: domainRecordSettings(config), tracking },
  };
  const account = createAccountServices(context);
  const notify = createNotifyServices(context, account);
  const services: Services = {
    handle,
    ...account,
    ...notify,
    marketing: createMarketingServices(context, notify),
    privacy: new PrivacyService(handle, clock, events),
    workSignal,
    eventLog: events,
    metrics,
  };

  const runs = partsOf(roles);
  const app = runs.has('http') ? await buildApp(config, services, logger, config.baseUrl, clock) : undefined;
  let transport: Transport | undefined;
  let worker: Worker | undefined;
  let webhookDispatcher: WebhookDispatcher | undefined;
  const tasks = new TaskRegistry();
  registerMarketingTasks(tasks, services.marketing);
  const purge = RetentionPurge.of(handle, retentionSettings(config), clock, metrics);
  registerRetentionTask(tasks, purge);
  let jobRunner: JobRunner | undefined;
  if (runs.has('webhooks')) webhookDispatcher = createWebhookDispatcher(handle, config, logger, clock);
  if (runs.has('jobs'))
    jobRunner = new JobRunner(
      handle,
      tasks,
      {
        concurrency: JOB_CONCURRENCY,
        leaseMs: config.workerLeaseSeconds * 1000,
        pollMs: config.workerPollMs,
        firstRetryMs: config.retryFirstDelayMs,
        clock,
      },
      logger,
    );
  if (runs.has('deliveries')) {
    transport = createTransport(config, handle, clock);
    const pipeline = new DeliveryPipeline(
      handle.db,
      services.deliveryStore,
      transport,
      composer,
      {
        bounceDomain: config.bounceDomain,
        maxRetryAgeSeconds: config.maxRetryAgeSeconds,
        firstRetryMs: config.retryFirstDelayMs,
        concurrency: config.workerConcurrency,
        outcomesDb: handle.workerWrites,
        clock,
      },
      logger,
      metrics,
    );
    worker = new Worker(
      handle,
      pipeline,
      workSignal,
      {
        batchSize: config.workerBatchSize,
        leaseMs: config.workerLeaseSeconds * 1000,
        pollMs: config.workerPollMs,
        concurrency: config.workerConcurrency,
        unrecordedPerLane: config.workerUnrecordedPerLane,
        clock,
        ...(sendPressure ? { giveWay: () => sendPressure.pressed() } : {}),
      },
      logger,
      handle.dialect === 'postgres' && config.databaseUrl
        ? new PgNotificationListener(config.databaseUrl, DELIVERY_CHANNEL, () => workSignal.notify(), logger)
        : undefined,
    );
  }

  // Both SMTP listeners' STARTTLS certificate (SMTP_SUBMISSION_TLS_CERT, or the self-signed one in DATA_DIR): read once, when one of them runs.
  let tls: TlsCredentials | undefined;
  const mailTls = () =>
    (tls ??= loadTlsCredentials({
      certFile: config.smtpSubmissionTlsCert,
      keyFile: config.smtpSubmissionTlsKey,
      dataDir: config.dataDir,
      hostName: mailHostName(config),
    }));
  const inbound = runs.has('feedback')
    ? new InboundListener(
        handle.db,
        events,
        {
          host: config.inboundSmtpHost,
          port: config.inboundSmtpPort,
          maxBytes: config.inboundSmtpMaxBytes,
          bounceDomain: config.bounceDomain,
          serverName: config.heloName,
          maxRecipients: config.inboundSmtpMaxRecipients,
          messagesPerIp: config.inboundSmtpMessagesPerIp,
          rateWindowMs: config.inboundSmtpRateWindowSeconds * 1000,
          tls: mailTls(),
          clock,
        },
        logger,
        services.inbound,
      )
    : undefined;

  const submission = runs.has('submission')
    ? new SubmissionListener(
        {
          authenticateKey: (key) => services.auth.authenticate(undefined, key),
          messages: services.messages,
        },
        {
          host: config.smtpSubmissionHost,
          port: config.smtpSubmissionPort,
          tlsPort: config.smtpSubmissionTlsPort,
          maxBytes: config.bodyLimitBytes,
          tls: mailTls(),
          maxRecipients: config.smtpSubmissionMaxRecipients,
          maxMessagesPerConnection: config.smtpSubmissionMaxMessagesPerConnection,
          authWithoutTls: config.smtpSubmissionAuthWithoutTls,
          authFailuresPerIp: config.loginFailuresPerEmailAndIp,
          authWindowMs: config.loginRateWindowSeconds * 1000,
          messagesPerKeyPerMinute: config.rateLimitPerMinute,
          serverName: config.heloName,
          clock,
        },
        logger,
      )
    : undefined;

  let metricsServer: MetricsServer | undefined;
  // What each part does at start and at stop; ROLE_PARTS says which run, START_ORDER and STOP_ORDER when.
  const parts: { [name in PartName]?: Part } = {
    feedback: inbound && {
      start: () =>
        bindOrExplain('INBOUND_SMTP_PORT', config.inboundSmtpHost, config.inboundSmtpPort, () =>
          listenBesideOthers(
            inbound,
            roles,
            logger,
            { host: config.inboundSmtpHost, port: config.inboundSmtpPort },
            'inbound SMTP listener not started, so bounces and complaints are not received by this process (set INBOUND_SMTP_PORT)',
          ),
        ),
      stop: () => inbound.close(),
    },
    submission: submission && {
      start: () =>
        bindOrExplain('SMTP_SUBMISSION_PORT', config.smtpSubmissionHost, config.smtpSubmissionPort, () =>
          listenBesideOthers(
            submission,
            roles,
            logger,
            { host: config.smtpSubmissionHost, port: config.smtpSubmissionPort },
            'SMTP submission not started, so this process takes no mail over SMTP (set SMTP_SUBMISSION_PORT)',
          ),
        ),
      stop: () => submission.close(),
    },
    metrics: {
      async start() {
        if (config.metricsPort === undefined) return;
        const metricsPort = config.metricsPort;
        metricsServer = await bindOrExplain('METRICS_PORT', config.metricsHost, metricsPort, () =>
          startMetricsServer(metrics, { host: config.metricsHost, port: metricsPort, token: config.metricsToken }, logger),
        );
        runtime.metricsUrl = metricsServer.url;
        logger.info({ url: metricsServer.url }, 'metrics served');
      },
      stop: async () => metricsServer?.close(),
    },
    http: app && {
      async start() {
        await bindOrExplain('PORT', config.host, config.port, () => app.listen({ port: config.port, host: config.host }));
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : config.port;
        runtime.url = publicBaseUrl(config, port);
      },
      stop: () => closeWithin(app, config.shutdownTimeoutMs, logger),
    },
    // What the API and SMTP submission accepted is committed before the worker stops.
    accepted: {
      stop: async () => {
        await services.messages.drain();
        await services.tracking.drain();
      },
    },
    deliveries: worker && {
      start() {
        // The relay's first connection: a fresh worker's first message otherwise waits for its
        // set-up (many MTAs pause before their greeting). In every process that delivers: one
        // idle connection costs the relay and us next to nothing.
        if (transport?.warm) warmAhead(transport.warm(), logger, 'could not connect to the relay ahead of the first message; the first message connects again');
        worker.start();
        // A worker-only process starts its compose threads, with the composing code compiled,
        // so its first delivery is not the slow one (docs/performance.md, time to inbox). Not in
        // a process that serves the API too: the threads would cost an idle `postwire start`
        // their memory before any mail needs them.
        if (!roles.api) warmAhead(mimeBuilder.warm(), logger, 'the compose threads did not start; they are started again for the first message');
      },
      stop: () => worker.stop(),
    },
    webhooks: webhookDispatcher && { start: () => webhookDispatcher.start(), stop: () => webhookDispatcher.stop() },
    jobs: jobRunner && {
      start: async () => {
        // The purge's next run, queued once whoever starts first (the job reschedules itself).
        await purge.scheduleNext();
        await jobRunner.start();
      },
      stop: () => jobRunner.stop(),
    },
  };
  const runtime: Runtime = {
    config,
    logger,
    services,
    app,
    worker,
    webhookDispatcher,
    tasks,
    jobRunner,
    inbound,
    submission,
    url: undefined,
    metricsUrl: undefined,
    async listen() {
      for (const name of START_ORDER) await parts[name]?.start?.();
      // Once started: a start that fails prints only why.
      if (autovacuumOff) {
        logger.warn(
          "PostgreSQL's autovacuum is off: delivered and purged mail leaves dead rows whose space is not reused until VACUUM runs (docs/retention.md)",
        );
      }
      return runtime.url ?? '';
    },
    async close() {
      for (const name of STOP_ORDER) await parts[name]?.stop();
      if (transport) await transport.close();
      await mimeBuilder.close();
      await handle.close();
    },
  };
  return runtime;
}

/**
 * Closes the HTTP server, waiting for requests in progress at most `deadlineMs`: then
 * every remaining connection is closed (a client stalled in the middle of a body would
 * otherwise hold the shutdown until its request timed out). Requests already handed to a
 * service keep running; what they accepted is committed by `messages.drain()` after this.
 */
async function closeWithin(app: FastifyInstance, deadlineMs: number, logger: Logger): Promise<void> {
  const deadline = setTimeout(() => {
    logger.warn({ deadlineMs }, 'requests still in progress at the shutdown deadline (SHUTDOWN_TIMEOUT_MS); closing their connections');
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

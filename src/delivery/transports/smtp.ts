/**
 * TRANSPORT=smtp: every message goes to one relay (SMTP_URL) over connections kept open and
 * reused (relay-pool.ts: one is opened when the worker starts, a waiting message takes the
 * first that is free rather than waiting for the one opened for it, and a connection at
 * SMTP_MAX_MESSAGES_PER_CONNECTION has its replacement ready before it QUITs). The message
 * bytes are sent exactly as composed (DKIM signature included); the envelope sender is the
 * recipient's VERP return path.
 *
 * The relay is paced like any destination (pacing.ts): SMTP_POOL_SIZE deliveries in
 * flight, SMTP_RATE_PER_SECOND (the relay's quota), or its host's DESTINATION_LIMITS, and
 * slower while it answers with throttling replies (a quota exceeded: 454/451 4.7.0).
 *
 * The MX transport keeps nodemailer's pool, one per destination host (`createSmtpPool`,
 * `sendOne`): those are other people's servers, where connections are not kept warm. What
 * both share is here: the connection settings and the SMTPUTF8 path.
 */
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { SMTPPoolOptions } from 'nodemailer/lib/smtp-pool';
import type { PaceLimits } from '../../lib/destination-limits.js';
import { needsSmtpUtf8 } from '../../lib/email-address.js';
import { asFailure, outcomeOfFailure, outcomeOfSent, type SmtpSentInfo } from './classify.js';
import { DestinationPacer } from './pacing.js';
import { RelayPool } from './relay-pool.js';
import type { Envelope, SendOutcome, Transport } from './transport.js';
import type { Clock } from '../../lib/clock.js';

/** A pooled nodemailer transport. */
export type SmtpPool = ReturnType<typeof createSmtpPool>;

export interface PoolSettings {
  maxConnections: number;
  maxMessagesPerConnection: number;
  tlsRejectUnauthorized: boolean;
  heloName: string | undefined;
  timeouts: SmtpTimeouts;
}

/**
 * SMTP_CONNECT_TIMEOUT_MS and SMTP_IDLE_TIMEOUT_MS. The defaults (30 s to connect and to be
 * greeted, 2 minutes of silence) end one attempt, even a stalled one, in bounded time. The
 * worker's heartbeat renews the lease (WORKER_LEASE_SECONDS) while the attempt lasts, so a
 * stalled relay holds its recipients, and the worker's lanes, only this long.
 * nodemailer's own defaults (2 minutes to connect, 10 minutes of silence) are longer. A
 * timeout is a deferral: the message is tried again later.
 */
export interface SmtpTimeouts {
  connectMs: number;
  idleMs: number;
}

type ConnectionTarget = Pick<SMTPPoolOptions, 'host' | 'port' | 'secure' | 'servername' | 'opportunisticTLS'>;

/** What every connection to a server is opened with, pooled by nodemailer or by relay-pool.ts. */
function connectionOptions(target: ConnectionTarget, settings: Omit<PoolSettings, 'maxConnections' | 'maxMessagesPerConnection'>) {
  return {
    ...target,
    name: settings.heloName,
    tls: { rejectUnauthorized: settings.tlsRejectUnauthorized, ...(target.servername ? { servername: target.servername } : {}) },
    connectionTimeout: settings.timeouts.connectMs,
    greetingTimeout: settings.timeouts.connectMs,
    socketTimeout: settings.timeouts.idleMs,
  };
}

export function createSmtpPool(target: ConnectionTarget & Pick<SMTPPoolOptions, 'auth'>, settings: PoolSettings) {
  return nodemailer.createTransport({
    pool: true,
    ...connectionOptions(target, settings),
    ...(target.auth ? { auth: target.auth } : {}),
    maxConnections: settings.maxConnections,
    maxMessages: settings.maxMessagesPerConnection,
  });
}

/** What the server made of one recipient's copy, from what a send resolved with or threw. */
async function outcomeOfSend(sending: Promise<SmtpSentInfo>): Promise<SendOutcome> {
  try {
    return outcomeOfSent(await sending);
  } catch (error) {
    if (error instanceof SmtpUtf8NotAnnounced) return error.outcome;
    return outcomeOfFailure(asFailure(error));
  }
}

function needsSmtpUtf8Envelope(envelope: Pick<Envelope, 'from' | 'to'>): boolean {
  return needsSmtpUtf8(envelope.to) || needsSmtpUtf8(envelope.from);
}

/**
 * Hands one recipient's copy to the pool's server: over the pool, or, for an address that
 * needs SMTPUTF8, over a connection of its own (`sendOverSmtpUtf8`). Throws what nodemailer
 * throws, or `SmtpUtf8NotAnnounced`.
 */
export function sendOne(pool: SmtpPool, envelope: Pick<Envelope, 'from' | 'to'>, raw: string): Promise<SmtpSentInfo> {
  if (needsSmtpUtf8Envelope(envelope)) {
    return sendOverSmtpUtf8((pool.transporter as unknown as { options: OwnConnectionOptions }).options, envelope, raw);
  }
  return pool.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw, messageId: RAW_MESSAGE_ID });
}

/**
 * What nodemailer is told the Message-ID is. The raw bytes carry their own and are sent
 * unchanged; without one here nodemailer makes one up for each message (two draws from the
 * random generator, visible in a bench:campaign profile) only to name it in its log.
 */
const RAW_MESSAGE_ID = '<raw-message@postwire.invalid>';

/** The server did not announce SMTPUTF8, which the recipient needs; `outcome` is the recipient's. */
export class SmtpUtf8NotAnnounced extends Error {
  readonly outcome: SendOutcome;
  constructor(host: string | undefined, to: string) {
    const response =
      `${host ?? 'The server'} does not announce SMTPUTF8, which ${to} needs (its part before @ is not ASCII, RFC 6531); ` +
      'it was not handed over. A relay that announces SMTPUTF8 can deliver it.';
    super(response);
    this.name = 'SmtpUtf8NotAnnounced';
    this.outcome = { kind: 'bounced', refused: 'content', response };
  }
}

/** Whether an EHLO reply lists SMTPUTF8 (the same test nodemailer applies to it). */
export function announcesSmtpUtf8(ehloReply: string | false): boolean {
  return typeof ehloReply === 'string' && /[ -]SMTPUTF8\b/im.test(ehloReply);
}

/** The settings of a connection opened for one message, with the credentials to log in with. */
type OwnConnectionOptions = SMTPConnection.Options & { auth?: SMTPConnection.AuthenticationType | undefined };

/**
 * A recipient whose address has a non-ASCII local part (RFC 6531) can be handed only to a
 * server that announced SMTPUTF8 in its EHLO reply: one without it may mangle or misroute
 * the address, or pass it to a next hop that cannot take it. nodemailer would send the
 * UTF-8 address either way and its pool does not say what a server announced, so such a
 * recipient goes over a connection of its own (with the pool's settings): EHLO, a look at
 * the reply, then the message with SMTPUTF8, or no transaction at all. Without it the
 * recipient bounces with that reason, as a refused content rather than a refused address:
 * the address is fine, the relay is not, so it is not suppressed. Such recipients are rare,
 * so a connection each costs little.
 */
async function sendOverSmtpUtf8(connectionOptions: OwnConnectionOptions, envelope: Pick<Envelope, 'from' | 'to'>, raw: string): Promise<SmtpSentInfo> {
  const { auth, ...options } = connectionOptions;
  const connection = new SMTPConnection(options);
  // A failure after the callbacks have settled (the server closing on our QUIT) must not go unhandled.
  connection.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once('error', reject);
      connection.connect(() => resolve());
    });
    if (!announcesSmtpUtf8(connection.lastServerResponse)) throw new SmtpUtf8NotAnnounced(options.host, envelope.to);
    if (auth?.user) await new Promise<void>((resolve, reject) => connection.login(auth, (error) => (error ? reject(error) : resolve())));
    return await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) =>
      connection.send({ from: envelope.from, to: [envelope.to] }, raw, (error, sent) => (error ? reject(error) : resolve(sent!))),
    );
  } finally {
    connection.quit();
  }
}

/**
 * SMTP_URL → where and how to connect: smtps:// is TLS from the first byte; smtp:// is
 * plain until the server offers STARTTLS, which nodemailer then always takes. The user
 * and password are percent-decoded, so a password may contain '@' or ':' written as %40, %3A.
 */
export function relayTarget(url: string): Pick<SMTPPoolOptions, 'host' | 'port' | 'secure'> & { auth?: { user: string; pass: string } } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    // Without a port nodemailer picks 587 for smtp:// and 465 for smtps://.
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } } : {}),
  };
}

export interface SmtpRelayOptions {
  url: string;
  poolSize: number;
  /** Deliveries started per second; 0: no rate limit. */
  ratePerSecond: number;
  destinationLimits?: ReadonlyMap<string, PaceLimits>;
  pacingMaxWaitMs: number;
  maxMessagesPerConnection: number;
  tlsRejectUnauthorized: boolean;
  heloName: string | undefined;
  timeouts: SmtpTimeouts;
  /** What pacing is timed by; default the system clock. */
  clock?: Clock;
}

export class SmtpRelayTransport implements Transport {
  readonly name = 'smtp';
  private readonly relay: RelayPool;
  /** For a recipient that needs SMTPUTF8 (a connection of its own: `sendOverSmtpUtf8`). */
  private readonly ownConnection: OwnConnectionOptions;
  private readonly pacer: DestinationPacer;
  private readonly host: string;

  constructor(options: SmtpRelayOptions) {
    const { auth, ...target } = relayTarget(options.url);
    this.host = target.host!.toLowerCase();
    this.pacer = new DestinationPacer({
      defaults: { concurrency: options.poolSize, perSecond: options.ratePerSecond },
      overrides: options.destinationLimits,
      maxWaitMs: options.pacingMaxWaitMs,
      clock: options.clock,
    });
    const connection = connectionOptions(target, options);
    this.ownConnection = { ...connection, auth };
    this.relay = new RelayPool({
      connection,
      auth,
      maxConnections: options.poolSize,
      maxMessagesPerConnection: options.maxMessagesPerConnection,
    });
  }

  send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    return this.pacer.run(this.host, () =>
      outcomeOfSend(needsSmtpUtf8Envelope(envelope) ? sendOverSmtpUtf8(this.ownConnection, envelope, raw) : this.relay.send(envelope, raw)),
    );
  }

  /** Connects to the relay before the first message needs it (relay-pool.ts, "warm"). */
  warm(): Promise<void> {
    return this.relay.warm();
  }

  async close(): Promise<void> {
    this.pacer.close();
    await this.relay.close();
  }
}

/**
 * TRANSPORT=smtp: every message goes to one relay (SMTP_URL) over a pool of reused
 * connections. The message bytes are sent exactly as composed (DKIM signature included);
 * the envelope sender is the recipient's VERP return path.
 *
 * The relay is paced like any destination (pacing.ts): SMTP_POOL_SIZE deliveries in
 * flight, SMTP_RATE_PER_SECOND (the relay's quota), or its host's DESTINATION_LIMITS, and
 * slower while it answers with throttling replies (a quota exceeded: 454/451 4.7.0).
 *
 * The pooled-connection helpers here are shared with the MX transport, which keeps one
 * such pool per destination host.
 */
import nodemailer from 'nodemailer';
import type { SMTPPoolOptions } from 'nodemailer/lib/smtp-pool';
import { asFailure, outcomeOfFailure, outcomeOfSent } from './classify.js';
import type { PaceLimits } from '../../lib/destination-limits.js';
import { DestinationPacer } from './pacing.js';
import type { Envelope, SendOutcome, Transport } from './transport.js';

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

export function createSmtpPool(target: Pick<SMTPPoolOptions, 'host' | 'port' | 'secure' | 'auth' | 'servername' | 'opportunisticTLS'>, settings: PoolSettings) {
  return nodemailer.createTransport({
    pool: true,
    ...target,
    maxConnections: settings.maxConnections,
    maxMessages: settings.maxMessagesPerConnection,
    name: settings.heloName,
    tls: { rejectUnauthorized: settings.tlsRejectUnauthorized, ...(target.servername ? { servername: target.servername } : {}) },
    connectionTimeout: settings.timeouts.connectMs,
    greetingTimeout: settings.timeouts.connectMs,
    socketTimeout: settings.timeouts.idleMs,
  });
}

/** Sends the bytes as they are, to one recipient, and says what the server made of it. */
export async function sendRaw(pool: SmtpPool, envelope: Pick<Envelope, 'from' | 'to'>, raw: string): Promise<SendOutcome> {
  try {
    return outcomeOfSent(await pool.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw }));
  } catch (error) {
    return outcomeOfFailure(asFailure(error));
  }
}

/**
 * SMTP_URL → where and how to connect: smtps:// is TLS from the first byte; smtp:// is
 * plain until the server offers STARTTLS, which nodemailer then always takes. The user
 * and password are percent-decoded, so a password may contain '@' or ':' written as %40, %3A.
 */
export function relayTarget(url: string): Pick<SMTPPoolOptions, 'host' | 'port' | 'secure' | 'auth'> {
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
}

export class SmtpRelayTransport implements Transport {
  readonly name = 'smtp';
  private readonly pool: SmtpPool;
  private readonly pacer: DestinationPacer;
  private readonly host: string;

  constructor(options: SmtpRelayOptions) {
    const target = relayTarget(options.url);
    this.host = target.host!.toLowerCase();
    this.pacer = new DestinationPacer({
      defaults: { concurrency: options.poolSize, perSecond: options.ratePerSecond },
      overrides: options.destinationLimits,
      maxWaitMs: options.pacingMaxWaitMs,
    });
    this.pool = createSmtpPool(target, {
      maxConnections: options.poolSize,
      maxMessagesPerConnection: options.maxMessagesPerConnection,
      tlsRejectUnauthorized: options.tlsRejectUnauthorized,
      heloName: options.heloName,
      timeouts: options.timeouts,
    });
  }

  send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    return this.pacer.run(this.host, () => sendRaw(this.pool, envelope, raw));
  }

  async close(): Promise<void> {
    this.pacer.close();
    this.pool.close();
  }
}

/**
 * SMTP submission (`postwire smtp`, also run by `start`): applications that speak only SMTP
 * hand their mail here, and it is accepted as POST /notify/v1/send accepts a message, through
 * MessagesService.submitMime and the same group commit. smtp-server does the protocol; this
 * file decides the replies (docs/smtp.md lists each one).
 *
 * AUTH takes an API key with the `send` scope as the password, before STARTTLS only from
 * loopback (or when allowed); failures count against the IP address as POST /token's do.
 * A 250 is answered only once the message is durably committed, so a crash at any point
 * loses only messages the client was not told were taken; it sends them again.
 */
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { AppError } from '../../../errors.js';
import { MemoryFailureCounter } from '../../../http/login-failures.js';
import type { Principal } from '../../../http/principal.js';
import type { MessagesService } from '../messages/messages.service.js';
import { closeSmtp, listenSmtp, readUpTo, smtpReply } from '../../../delivery/smtp-listening.js';
import type { TlsCredentials } from './tls-certificate.js';
import { systemClock, type Clock } from '../../../lib/clock.js';
import { WindowCounter } from '../../../lib/window-counter.js';

export interface SubmissionOptions {
  host: string;
  /** 0 picks a free port; `port` tells which after listen(). */
  port: number;
  /** A second port with TLS from the first byte (SMTPS, 465), or undefined for none; 0 picks a free one. */
  tlsPort?: number | undefined;
  tls: TlsCredentials;
  /** SIZE: the largest message, in bytes (BODY_LIMIT_BYTES, as for the API). */
  maxBytes: number;
  maxRecipients: number;
  maxMessagesPerConnection: number;
  /** Offer AUTH before STARTTLS to every client, not only loopback ones. */
  authWithoutTls: boolean;
  /** Failed AUTH attempts one IP address may make per window (0: no limit). */
  authFailuresPerIp: number;
  authWindowMs: number;
  /** Messages one API key may submit per minute (0: no limit), as RATE_LIMIT_PER_MINUTE. */
  messagesPerKeyPerMinute: number;
  serverName?: string | undefined;
  /** What the AUTH and message windows are timed by; default the system clock. */
  clock?: Clock;
}

/** What the listener needs of the rest of Postwire. */
export interface SubmissionServices {
  /** The principal of an API key (AuthService.authenticate with the key as x-api-key); throws 401. */
  authenticateKey(key: string): Promise<Principal>;
  messages: Pick<MessagesService, 'submitMime' | 'lookUpInAdvance'>;
}

/** IP addresses whose failed AUTH attempts are counted at once; the oldest goes first beyond it. */
const FAILURE_COUNTER_KEYS = 50_000;

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** The reply to a submission refused by the send rules (an AppError), as SMTP says it. */
export function refusalReply(error: AppError): Error {
  const detail = error.fieldErrors?.length ? error.fieldErrors.map((f) => `${f.field} ${f.message}`).join('; ') : error.message;
  switch (error.code) {
    case 'validation_failed':
    case 'bad_request':
      return error.fieldErrors?.some((f) => f.field.startsWith('from')) ? smtpReply(550, `5.7.1 ${detail}`) : smtpReply(550, `5.6.0 ${detail}`);
    case 'forbidden':
      return smtpReply(550, `5.7.1 ${detail}`);
    case 'payment_required':
      return smtpReply(452, `4.7.1 ${detail}`);
    case 'payload_too_large':
      return smtpReply(552, `5.3.4 ${detail}`);
    case 'conflict':
      return smtpReply(550, `5.7.0 ${detail}`);
    case 'rate_limited':
      return smtpReply(451, `4.7.0 ${detail}`);
    default:
      return smtpReply(451, '4.3.0 The message could not be stored; try again later');
  }
}

/** The principal of an authenticated connection, as smtp-server keeps it in `session.user`. */
interface SubmissionUser {
  principal: Principal;
}

export class SubmissionListener {
  private readonly server: SMTPServer;
  /** The implicit-TLS server (SMTP_SUBMISSION_TLS_PORT), the same conversation over TLS from the start. */
  private readonly tlsServer: SMTPServer | undefined;
  /** Failed AUTH attempts per IP address, each place taken before the key is checked (login-failures.ts). */
  private readonly failedLogins: MemoryFailureCounter;
  private readonly messagesPerKey: WindowCounter;
  /** Messages answered per connection (smtp-server's session id). */
  private readonly sent = new Map<string, number>();
  private boundPort: number | undefined;
  private boundTlsPort: number | undefined;
  private closing = false;

  constructor(
    private readonly services: SubmissionServices,
    private readonly options: SubmissionOptions,
    private readonly log: Logger,
  ) {
    this.failedLogins = new MemoryFailureCounter(options.authWindowMs, FAILURE_COUNTER_KEYS, options.clock);
    this.messagesPerKey = new WindowCounter(options.messagesPerKeyPerMinute, 60_000, options.clock ?? systemClock);
    this.server = this.createServer(false);
    this.tlsServer = options.tlsPort === undefined ? undefined : this.createServer(true);
  }

  private createServer(secure: boolean): SMTPServer {
    const options = this.options;
    const server = new SMTPServer({
      secure,
      name: options.serverName,
      banner: 'Postwire SMTP submission (AUTH with an API key as password)',
      logger: false,
      disableReverseLookup: true,
      key: options.tls.key,
      cert: options.tls.cert,
      authMethods: ['PLAIN', 'LOGIN'],
      // Decided per connection in onAuth (loopback, or the operator's choice); smtp-server's own switch is for all.
      allowInsecureAuth: true,
      size: options.maxBytes,
      rejectOversized: true,
      // A client mid-message at shutdown gets a few seconds; then 421, and it sends again later.
      closeTimeout: 3_000,
      onAuth: (auth, session, callback) => {
        this.authenticate(auth, session).then(
          (user) => callback(null, { user }),
          (error: Error) => callback(error),
        );
      },
      onMailFrom: (_address, session, callback) => callback(this.mailFromRefusal(session)),
      onRcptTo: (_address, session, callback) => {
        if (session.envelope.rcptTo.length >= this.options.maxRecipients) {
          return callback(
            smtpReply(
              452,
              `4.5.3 Too many recipients: at most ${this.options.maxRecipients} per message (SMTP_SUBMISSION_MAX_RECIPIENTS); send the rest in another message`,
            ),
          );
        }
        callback();
      },
      onData: (stream, session, callback) => {
        this.receive(stream, session).then(
          (text) => callback(null, text),
          (error: Error) => callback(error),
        );
      },
      onClose: (session) => {
        this.sent.delete(session.id);
      },
    });
    // A client that breaks the protocol or vanishes surfaces here; it concerns that client only.
    server.on('error', (error) => this.log.debug({ err: error }, 'SMTP submission connection error'));
    return server;
  }

  /** The port listened on (after listen()). */
  get port(): number | undefined {
    return this.boundPort;
  }

  /** The implicit-TLS port listened on (after listen()), when there is one. */
  get tlsPort(): number | undefined {
    return this.boundTlsPort;
  }

  async listen(): Promise<number> {
    this.boundPort = await listenSmtp(this.server, this.options.port, this.options.host);
    if (this.tlsServer) this.boundTlsPort = await listenSmtp(this.tlsServer, this.options.tlsPort!, this.options.host);
    this.log.info({ host: this.options.host, port: this.boundPort, tlsPort: this.boundTlsPort }, 'SMTP submission is listening');
    return this.boundPort;
  }

  /**
   * Stops taking connections and messages: a MAIL FROM from now on gets 421; a message
   * already being received finishes (its 250 comes after its commit) within closeTimeout.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.boundPort === undefined) return;
    await Promise.all([closeSmtp(this.server), ...(this.boundTlsPort !== undefined && this.tlsServer ? [closeSmtp(this.tlsServer)] : [])]);
    this.boundPort = undefined;
    this.boundTlsPort = undefined;
  }

  private async authenticate(auth: SMTPServerAuthentication, session: SMTPServerSession): Promise<SubmissionUser> {
    const ip = session.remoteAddress;
    if (!session.secure && !this.options.authWithoutTls && !isLoopback(ip)) {
      throw smtpReply(538, '5.7.11 Encryption required: issue STARTTLS first, then AUTH');
    }
    // A place in the failure count is taken before the key is checked, as for POST /token:
    // counted after the check, forty guesses sent at once all found the count at zero and
    // were all checked. Only a wrong key keeps its place.
    const limit = this.options.authFailuresPerIp;
    const place = limit > 0 ? await this.failedLogins.reserve(ip) : undefined;
    if (place && place.count > limit) {
      await this.failedLogins.release(ip);
      throw smtpReply(454, `4.7.0 Too many failed logins from this address; retry in ${place.ttlSeconds} seconds`);
    }
    let principal: Principal;
    try {
      principal = await this.services.authenticateKey(auth.password ?? '');
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 401) {
        if (place) await this.failedLogins.release(ip);
        this.log.error({ err: error }, 'SMTP submission: could not check credentials');
        throw smtpReply(454, '4.7.0 Temporary authentication failure; try again later');
      }
      throw smtpReply(535, '5.7.8 Authentication failed: the password must be a Postwire API key with the send scope (any user name, e.g. apikey)');
    }
    if (place) await this.failedLogins.release(ip);
    if (!principal.scopes.includes('send')) {
      throw smtpReply(535, '5.7.8 This API key does not have the "send" scope; create a key with it (POST /account/apikeys)');
    }
    return { principal };
  }

  private mailFromRefusal(session: SMTPServerSession): Error | null {
    if (this.closing) return smtpReply(421, '4.3.2 Postwire is shutting down; try again shortly');
    if ((this.sent.get(session.id) ?? 0) >= this.options.maxMessagesPerConnection) {
      return smtpReply(
        421,
        `4.7.0 This connection has sent ${this.options.maxMessagesPerConnection} messages (SMTP_SUBMISSION_MAX_MESSAGES_PER_CONNECTION); reconnect to send more`,
      );
    }
    return this.rateRefusal((session.user as SubmissionUser | undefined)?.principal);
  }

  /** 451 when the key has sent its messages for this minute, else null. */
  private rateRefusal(principal: Principal | undefined): Error | null {
    const wait = this.messagesPerKey.blockedFor(principal ? `key:${principal.apiKeyId}` : '');
    if (wait <= 0) return null;
    return smtpReply(
      451,
      `4.7.0 Too many messages with this API key (limit ${this.options.messagesPerKeyPerMinute} per minute, RATE_LIMIT_PER_MINUTE); retry in ${wait} seconds`,
    );
  }

  /** Reads and submits one message; resolves with the 250 text once it is durable, rejects with the refusal. */
  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const principal = (session.user as SubmissionUser).principal;
    const envelope = session.envelope;
    const rcptTo = envelope.rcptTo.map((r) => r.address);
    // The recipients are known before the message: their look-ups run while it arrives.
    const lookups = this.services.messages.lookUpInAdvance(principal, rcptTo);
    const raw = await readUpTo(stream, this.options.maxBytes);
    // rejectOversized answers 552 whatever this says; nothing is stored.
    if (stream.sizeExceeded) return 'too large';
    // Checked again here, and counted in the same synchronous step: connections that all
    // passed MAIL FROM before any of them got this far would otherwise all be sent.
    const limited = this.rateRefusal(principal);
    if (limited) throw limited;
    this.sent.set(session.id, (this.sent.get(session.id) ?? 0) + 1);
    this.messagesPerKey.hit(`key:${principal.apiKeyId}`);
    try {
      const { result } = await this.services.messages.submitMime(principal, {
        mailFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
        rcptTo,
        raw,
        lookups,
      });
      const suppressed = result.suppressed?.length ? `; on the suppression list, not sent: ${result.suppressed.join(', ')}` : '';
      return `2.0.0 Ok: queued as ${result.id}${suppressed}`;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw refusalReply(error);
      this.log.error({ err: error }, 'SMTP submission: a message could not be stored');
      throw smtpReply(451, '4.3.0 The message could not be stored; try again later');
    }
  }
}

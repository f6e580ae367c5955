/**
 * The built-in SMTP listener (`postwire inbound`, also run by `start`). It takes two kinds
 * of mail:
 *
 * - feedback: delivery status notifications (RFC 3464) and spam complaint reports (ARF,
 *   RFC 5965) sent to a message's VERP return path, bounces+<recipientId>@BOUNCE_DOMAIN;
 *   each report is recorded on the recipient it names;
 * - received mail for the accounts' receiving domains (features/notify/inbound): each
 *   recipient takes the route its address matches, and the message is stored, then posted
 *   to a webhook, forwarded or kept as the route says.
 *
 * A conversation, and what is refused where:
 *
 *   connect    a client IP over INBOUND_SMTP_MESSAGES_PER_IP in its window: 421
 *   MAIL FROM  the same limit: 450 (4.7.1), saying when to come back
 *   RCPT TO    a return path: only for a recipient that exists. Any other address: its
 *              route's answer (accept, or the reject route's chosen reply); an address
 *              with no route, or at a domain nobody receives for, 550, before any data is
 *              sent (never accepted and dropped). Beyond INBOUND_SMTP_MAX_RECIPIENTS 452
 *              (4.5.3); a report and received mail in one envelope 452 too (send apart)
 *   DATA       at most INBOUND_SMTP_MAX_BYTES (552 above it, kept out of memory)
 *   after DATA a report: as before (550 for what is not a report or does not parse).
 *              Received mail: spam over SPAMD_REJECT_SCORE 550 (5.7.1); otherwise 250
 *              only once the message (and its webhook call, its forward) is committed.
 *              The database away: 451, and the client retries.
 *
 * STARTTLS is offered with the submission port's certificate (SMTP_SUBMISSION_TLS_CERT, or
 * the self-signed one kept in DATA_DIR): mail servers encrypt opportunistically and take
 * any certificate. There is no AUTH: mail comes from anyone, and what it may do is bounded
 * by the recipient naming a real return path or a route.
 */
import { parseMail } from '../../../lib/mail-parser.js';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { systemClock, type Clock } from '../../../lib/clock.js';
import { WindowCounter } from '../../../lib/window-counter.js';
import type { InboundService } from '../inbound/inbound.service.js';
import type { TlsCredentials } from '../submission/tls-certificate.js';
import type { Db } from '../../../db/database.js';
import { findRecipientById } from '../messages/messages.store.js';
import type { EventLog } from '../events/event-listeners.js';
import { recordFeedback } from '../suppressions/suppressions.service.js';
import { recipientIdFromReturnPath } from '../../../delivery/return-path.js';
import { closeSmtp, listenSmtp, readUpTo, smtpReply } from '../../../delivery/smtp-listening.js';
import { feedbackFrom, readReport, type FeedbackReport, type ReportPart } from './feedback-reports.js';

export interface InboundListenerOptions {
  host: string;
  /** 0 picks a free port; `port` tells which after listen(). */
  port: number;
  /** Largest message accepted, in bytes. */
  maxBytes: number;
  /** Domain of the VERP addresses (BOUNCE_DOMAIN); undefined accepts bounces+<id>@ any domain. */
  bounceDomain: string | undefined;
  /** The name given in the greeting; absent: the machine's host name. */
  serverName?: string | undefined;
  /** STARTTLS's certificate; absent: STARTTLS is not offered. */
  tls?: TlsCredentials;
  /** Recipients per message (452 beyond). */
  maxRecipients: number;
  /** Messages per client IP address per window (0: no limit). */
  messagesPerIp: number;
  rateWindowMs: number;
  clock?: Clock;
}

/** What the listener asks of inbound mail; absent, it takes feedback only. */
export type InboundMail = Pick<InboundService, 'resolveRecipient' | 'receive'>;

/** The MIME parts a report can be recognised by, with their text. */
async function reportPartsOf(raw: Buffer): Promise<ReportPart[]> {
  // keepDeliveryStatus: otherwise mailparser folds message/delivery-status into the text body.
  const mail = await parseMail(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  return mail.attachments.map((part) => ({ contentType: part.contentType, text: part.content.toString('utf8') }));
}

export class InboundListener {
  private readonly server: SMTPServer;
  private boundPort: number | undefined;
  private readonly messagesPerIp: WindowCounter;
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    /** The process's event log: a report's event reaches its listeners (webhooks, campaign counters). */
    private readonly events: EventLog,
    private readonly options: InboundListenerOptions,
    private readonly log: Logger,
    /** Received mail for receiving domains; absent: feedback only. */
    private readonly inbound?: InboundMail,
  ) {
    this.clock = options.clock ?? systemClock;
    this.messagesPerIp = new WindowCounter(options.messagesPerIp, options.rateWindowMs, this.clock);
    this.server = new SMTPServer({
      name: options.serverName,
      banner: 'Postwire inbound SMTP (mail for receiving domains, DSN and ARF reports)',
      logger: false,
      disableReverseLookup: true,
      authOptional: true,
      disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
      size: options.maxBytes,
      rejectOversized: true,
      // A remote server mid-message at shutdown gets a few seconds, then 421 and retries later.
      closeTimeout: 5_000,
      onConnect: (session, callback) => {
        const wait = this.messagesPerIp.blockedFor(session.remoteAddress);
        callback(wait > 0 ? smtpReply(421, `4.7.0 Too many messages from ${session.remoteAddress}; try again in ${wait} s`) : undefined);
      },
      onMailFrom: (_address, session, callback) => {
        const wait = this.messagesPerIp.blockedFor(session.remoteAddress);
        if (wait > 0) return callback(smtpReply(450, `4.7.1 Too many messages from ${session.remoteAddress}; try again in ${wait} s`));
        this.messagesPerIp.hit(session.remoteAddress);
        callback();
      },
      onRcptTo: (address, session, callback) => {
        this.acceptRecipient(address.address, session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        const received = this.isReturnPath(session.envelope.rcptTo[0]?.address ?? '') ? this.receiveReport(stream, session) : this.receiveMail(stream, session);
        received.then(
          (text) => callback(null, text),
          (error: Error) => callback(error),
        );
      },
    });
    // A client that breaks the protocol or vanishes surfaces here; it concerns that client only.
    this.server.on('error', (error) => this.log.debug({ err: error }, 'inbound SMTP connection error'));
  }

  /** The port listened on (after listen()). */
  get port(): number | undefined {
    return this.boundPort;
  }

  async listen(): Promise<number> {
    this.boundPort = await listenSmtp(this.server, this.options.port, this.options.host);
    this.log.info({ host: this.options.host, port: this.boundPort }, 'inbound SMTP listener (received mail, bounces and complaints) is listening');
    return this.boundPort;
  }

  /** Stops taking connections; a conversation in progress gets closeTimeout to finish. */
  async close(): Promise<void> {
    if (this.boundPort === undefined) return;
    await closeSmtp(this.server);
    this.boundPort = undefined;
  }

  private isReturnPath(address: string): boolean {
    return recipientIdFromReturnPath(address, this.options.bounceDomain) !== undefined;
  }

  private async acceptRecipient(address: string, session: SMTPServerSession): Promise<void> {
    const taken = session.envelope.rcptTo;
    if (taken.length >= this.options.maxRecipients) {
      throw smtpReply(452, `4.5.3 Too many recipients: at most ${this.options.maxRecipients} per message; send the rest in another message`);
    }
    const returnPath = this.isReturnPath(address);
    // One message is either a report or received mail: their answers at DATA differ.
    if (taken.length > 0 && this.isReturnPath(taken[0]!.address) !== returnPath) {
      throw smtpReply(452, '4.5.3 Reports to return paths and mail to other addresses go in separate messages; send this recipient in another one');
    }
    if (returnPath || !this.inbound) return this.acceptReturnPath(address);
    let decision: Awaited<ReturnType<InboundMail['resolveRecipient']>>;
    try {
      decision = await this.inbound.resolveRecipient(address);
    } catch (error) {
      this.log.error({ err: error }, 'inbound SMTP: could not look up a recipient');
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    if (decision.kind === 'accept') return;
    if (decision.kind === 'reject') throw smtpReply(decision.code, decision.message);
    const expected = `bounces+<id>@${this.options.bounceDomain ?? '<domain>'}`;
    throw smtpReply(550, `5.1.1 <${address}>: not a Postwire return path (${expected}) nor an address of a receiving domain here`);
  }

  /** Reads one message for receiving domains and has it stored; resolves with the 250 text once it is durable. */
  private async receiveMail(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const raw = await readUpTo(stream, this.options.maxBytes);
    if (stream.sizeExceeded) return 'too large';
    const envelope = {
      mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      rcptTo: session.envelope.rcptTo.map((r) => r.address),
    };
    let result: Awaited<ReturnType<InboundMail['receive']>>;
    try {
      result = await this.inbound!.receive(envelope, raw, { clientIp: session.remoteAddress ?? null, helo: session.hostNameAppearsAs ?? null });
    } catch (error) {
      this.log.error({ err: error }, 'inbound SMTP: could not store a received message');
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    if (!result.accepted) throw smtpReply(result.code, result.message);
    this.log.info({ ids: result.ids, from: envelope.mailFrom, recipients: envelope.rcptTo.length, bytes: raw.length }, 'inbound SMTP: message received');
    return `2.0.0 Message received (${result.ids.join(', ')})`;
  }

  private async acceptReturnPath(address: string): Promise<void> {
    const recipientId = recipientIdFromReturnPath(address, this.options.bounceDomain);
    if (!recipientId) {
      const expected = `bounces+<id>@${this.options.bounceDomain ?? '<domain>'}`;
      throw smtpReply(550, `5.1.1 <${address}>: not a Postwire return path (${expected}); this server takes only bounces and complaint reports`);
    }
    let exists: boolean;
    try {
      exists = (await findRecipientById(this.db, recipientId)) !== undefined;
    } catch (error) {
      this.log.error({ err: error }, 'inbound SMTP: could not look up a return path');
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    if (!exists) throw smtpReply(550, `5.1.1 <${address}>: no such return path here`);
  }

  /** Reads, recognises and records one report; resolves with the 250 text, rejects with the refusal. */
  private async receiveReport(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const raw = await readUpTo(stream, this.options.maxBytes);
    // rejectOversized answers 552 whatever this says; there is nothing to record.
    if (stream.sizeExceeded) return 'too large';

    let report: FeedbackReport;
    try {
      report = readReport(await reportPartsOf(raw));
    } catch (error) {
      // mailparser gives up on some broken MIME; that is the sender's problem, not ours.
      this.log.info({ err: error }, 'inbound SMTP: a message could not be parsed as MIME');
      throw smtpReply(550, '5.6.0 The message is not valid MIME');
    }
    if (report.kind === 'not-a-report') {
      throw smtpReply(550, '5.6.0 Not a delivery status notification (RFC 3464) or feedback report (RFC 5965); this address takes nothing else');
    }
    if (report.kind === 'malformed') throw smtpReply(550, `5.6.0 Malformed report: ${report.problem}`);

    const feedback = feedbackFrom(report);
    if (!feedback) return '2.0.0 Report received; it reports a successful delivery, nothing to record';
    const recipientIds = session.envelope.rcptTo
      .map((rcpt) => recipientIdFromReturnPath(rcpt.address, this.options.bounceDomain))
      .filter((id): id is string => id !== undefined);
    try {
      for (const recipientId of new Set(recipientIds)) {
        const result = await recordFeedback(this.db, this.events, { recipientId, type: feedback.type, details: feedback.details, at: this.clock.now() });
        this.log.info({ recipientId, messageId: result?.messageId, type: feedback.type, recorded: result?.recorded ?? false }, 'inbound SMTP: report received');
      }
    } catch (error) {
      this.log.error({ err: error }, 'inbound SMTP: could not record a report');
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    return `2.0.0 Report recorded (${feedback.type})`;
  }
}

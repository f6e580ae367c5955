/**
 * The built-in SMTP listener for asynchronous feedback: the mail servers our messages
 * went to send delivery status notifications (RFC 3464) and spam complaint reports
 * (ARF, RFC 5965) to the message's VERP return path, bounces+<recipientId>@BOUNCE_DOMAIN,
 * whose MX points here. Each report is recorded on the recipient it names.
 *
 * A conversation, and what is refused where (the remote server then drops or returns
 * the report; nothing of ours is lost either way):
 *
 *   RCPT TO    only bounces+<id>@BOUNCE_DOMAIN (any domain when it is unset) for a
 *              recipient that exists: anything else 550 here, before the data is sent
 *   DATA       at most INBOUND_SMTP_MAX_BYTES (552 above it, kept out of memory)
 *   after DATA a message with no DSN or ARF part 550 (5.6.0); a report part that
 *              does not parse 550 (5.6.0, saying what is wrong); the database away 451
 *              (the remote server retries); otherwise 250, recorded (a repeat of a
 *              report already recorded is accepted and records nothing)
 *
 * There is no AUTH and no STARTTLS: reports come from anyone, and what they may do is
 * bounded by the return path naming a real recipient.
 */
import { parseMail } from '../../../lib/mail-parser.js';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
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
}

/** The MIME parts a report can be recognised by, with their text. */
async function reportPartsOf(raw: Buffer): Promise<ReportPart[]> {
  // keepDeliveryStatus: otherwise mailparser folds message/delivery-status into the text body.
  const mail = await parseMail(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  return mail.attachments.map((part) => ({ contentType: part.contentType, text: part.content.toString('utf8') }));
}

export class InboundListener {
  private readonly server: SMTPServer;
  private boundPort: number | undefined;

  constructor(
    private readonly db: Db,
    /** The process's event log: a report's event reaches its listeners (webhooks, campaign counters). */
    private readonly events: EventLog,
    private readonly options: InboundListenerOptions,
    private readonly log: Logger,
  ) {
    this.server = new SMTPServer({
      name: options.serverName,
      banner: 'Postwire feedback listener (DSN and ARF reports for bounces+<id> addresses)',
      logger: false,
      disableReverseLookup: true,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: options.maxBytes,
      rejectOversized: true,
      // A remote server mid-report at shutdown gets a few seconds, then 421 and retries later.
      closeTimeout: 5_000,
      onRcptTo: (address, _session, callback) => {
        this.acceptRecipient(address.address).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        this.receiveReport(stream, session).then(
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
    this.log.info({ host: this.options.host, port: this.boundPort }, 'inbound SMTP listener for bounces and complaints is listening');
    return this.boundPort;
  }

  /** Stops taking connections; a conversation in progress gets closeTimeout to finish. */
  async close(): Promise<void> {
    if (this.boundPort === undefined) return;
    await closeSmtp(this.server);
    this.boundPort = undefined;
  }

  private async acceptRecipient(address: string): Promise<void> {
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
        const result = await recordFeedback(this.db, this.events, { recipientId, type: feedback.type, details: feedback.details });
        this.log.info({ recipientId, messageId: result?.messageId, type: feedback.type, recorded: result?.recorded ?? false }, 'inbound SMTP: report received');
      }
    } catch (error) {
      this.log.error({ err: error }, 'inbound SMTP: could not record a report');
      throw smtpReply(451, '4.3.0 Temporary failure, try again later');
    }
    return `2.0.0 Report recorded (${feedback.type})`;
  }
}

/**
 * What an SMTP exchange means for one recipient: the mapping from a server reply or a
 * nodemailer error to a SendOutcome, shared by the relay and the MX transport.
 *
 *   2xx after DATA                                  → delivered (the server's reply)
 *   5xx to MAIL FROM, RCPT TO or DATA               → bounced (the server's reply)
 *   4xx to those, 421 anywhere, timeouts, refused,
 *   reset or closed connections, TLS and AUTH
 *   failures, 5xx to the greeting or EHLO           → deferred (reply or error text)
 *
 * Only a verdict on the message itself is final. A 5xx during the greeting, EHLO, STARTTLS
 * or AUTH says something about the session (a wrong password, a relay that dislikes our
 * name), not about the recipient: bouncing on it would throw away every queued message
 * because of one configuration mistake, so those are retried until someone fixes it.
 */
import type { SendOutcome } from './transport.js';

/** The fields nodemailer puts on the errors it hands back (see NodemailerError). */
export interface SmtpFailure {
  message: string;
  code?: string | undefined;
  /** The system's code when nodemailer replaced it with its own (ECONNREFUSED, CERT_HAS_EXPIRED, …). */
  originalCode?: string | undefined;
  /** The server's reply line(s), when the failure is a reply. */
  response?: string | undefined;
  responseCode?: number | undefined;
  /** The command the reply answered: 'MAIL FROM', 'RCPT TO', 'DATA', 'AUTH PLAIN', 'CONN', … */
  command?: string | undefined;
}

/** The part of nodemailer's SentMessageInfo we look at. */
export interface SmtpSentInfo {
  response: string;
  rejectedErrors?: SmtpFailure[] | undefined;
}

const TRANSACTION_COMMANDS: ReadonlySet<string> = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

/** What a permanent reply to each transaction command refuses (see SendOutcome 'bounced'). */
const REFUSED_BY_COMMAND: Record<string, 'recipient' | 'sender' | 'content'> = {
  'MAIL FROM': 'sender',
  'RCPT TO': 'recipient',
  DATA: 'content',
};

/** The server answered the transaction itself (the sender, the recipient or the content). */
export function isMessageVerdict(failure: SmtpFailure): boolean {
  // 421 is "service closing": the server gave up on the session, not on this message.
  return typeof failure.responseCode === 'number' && failure.responseCode !== 421 && failure.command !== undefined && TRANSACTION_COMMANDS.has(failure.command);
}

/**
 * RFC 5321 makes every 5yz reply permanent; 503 (bad sequence of commands) is a session
 * hiccup that a new connection does not repeat, so it is retried too.
 */
function isPermanentReply(code: number): boolean {
  return code >= 500 && code < 600 && code !== 503;
}

/**
 * The text worth recording: the server's own words when it said something, else the
 * error with its most specific code ("certificate has expired (CERT_HAS_EXPIRED)").
 */
export function failureText(failure: SmtpFailure): string {
  const reply = failure.response?.trim();
  if (reply) return reply;
  const code = failure.originalCode ?? failure.code;
  return code && !failure.message.includes(code) ? `${failure.message} (${code})` : failure.message;
}

export function outcomeOfFailure(failure: SmtpFailure): SendOutcome {
  const text = failureText(failure);
  if (isMessageVerdict(failure) && isPermanentReply(failure.responseCode!)) {
    return { kind: 'bounced', response: text, refused: REFUSED_BY_COMMAND[failure.command!] };
  }
  return { kind: 'deferred', response: text };
}

export function outcomeOfSent(info: SmtpSentInfo): SendOutcome {
  // One recipient per envelope, so a rejection normally arrives as an error; this covers a
  // server that accepted the transaction while rejecting its only recipient.
  const rejected = info.rejectedErrors?.[0];
  if (rejected) return outcomeOfFailure(rejected);
  return { kind: 'delivered', response: info.response };
}

/** Anything thrown by a send, as a SmtpFailure (nodemailer errors already are one). */
export function asFailure(error: unknown): SmtpFailure {
  if (error instanceof Error) return error as SmtpFailure;
  return { message: String(error) };
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a free port, standing in for a relay
 * or a destination MX. What it does with a recipient depends on the local part, up to an
 * optional '+tag' (so `tempfail+2@x` behaves like `tempfail@x`):
 *
 *   tempfail   RCPT TO answered 451
 *   flaky      RCPT TO answered 451 the first time for that address, accepted after
 *   reject     RCPT TO answered 550
 *   drop       the connection is cut at RCPT TO, without a reply
 *   spam       RCPT TO accepted, the message refused with 554 after DATA
 *   hold       accepted, but the 250 after DATA waits for releaseHeld()
 *   (anything else) accepted: 250 after DATA, and the message is recorded
 *
 * STARTTLS is offered with smtp-server's built-in self-signed certificate (so clients
 * must be told to accept it); `secure` listens with TLS from the first byte instead;
 * `auth` requires that user and password.
 */
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMessage {
  /** smtp-server's id of the connection (one per connection, across its transactions). */
  sessionId: string;
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  /** The connection was encrypted (implicit TLS or STARTTLS). */
  secure: boolean;
  /** The user that authenticated, if any. */
  user: string | undefined;
  /** The name the client gave in EHLO/HELO. */
  helo: string;
  /** The full 250 reply sent for the message. */
  reply: string;
  /** When the sink had the whole message (Date.now()). */
  receivedAt: number;
  /** The client asked for SMTPUTF8 in its MAIL FROM (RFC 6531). */
  smtpUtf8: boolean;
}

export interface SinkOptions {
  secure?: boolean;
  auth?: { user: string; pass: string };
  /** Address to listen on; 127.0.0.1 unless a test needs another loopback address. */
  host?: string;
  /** Port to listen on; a free one unless given (two MX hosts on one MX_PORT need it). */
  port?: number;
  /**
   * A slow relay: every message waits this long between its data and the 250. A message
   * still waiting when the sink closes is not recorded (the relay went away before taking
   * it); one whose client vanished meanwhile is (the relay had it all and delivers it).
   */
  delayMs?: number;
  /** A relay without SMTPUTF8: its EHLO reply does not announce it. */
  noSmtpUtf8?: boolean;
}

export interface SmtpSink {
  host: string;
  port: number;
  /** smtp:// (or smtps:// when secure) URL of the sink, without credentials. */
  url: string;
  /** Every message accepted with a 250, in order. */
  messages: ReceivedMessage[];
  /** How many TCP connections were opened to the sink. */
  connections(): number;
  /** Messages on hold right now, and the most there ever were at once. */
  /** When each 'throttle' address was told to slow down (Date.now()). */
  throttledAt(address: string): number | undefined;
  held(): number;
  peakHeld(): number;
  releaseHeld(): void;
  /** Messages waiting out `delayMs` right now: received in full, not yet answered. */
  delayed(): number;
  /** From now on 'hold' accepts at once; what is held now is released. */
  stopHolding(): void;
  close(): Promise<void>;
}

type Behaviour = 'accept' | 'tempfail' | 'flaky' | 'reject' | 'drop' | 'spam' | 'hold' | 'throttle';
const BEHAVIOURS: readonly Behaviour[] = ['tempfail', 'flaky', 'reject', 'drop', 'spam', 'hold', 'throttle'];

export const TEMPFAIL_REPLY = '451 4.3.0 Mailbox busy, try again later';
export const REJECT_REPLY = '550 5.1.1 No such user here';
export const SPAM_REPLY = '554 5.7.1 Message refused as spam';
/** 'throttle': the first RCPT of each such address is told to slow down, later ones are accepted. */
export const THROTTLE_REPLY = '451 4.7.0 Too many messages, slow down';

export function behaviourOf(address: string): Behaviour {
  const local = address.slice(0, address.lastIndexOf('@')).toLowerCase().split('+')[0] as Behaviour;
  return BEHAVIOURS.includes(local) ? local : 'accept';
}

/** An error smtp-server turns into a reply: `<code> <message>`. */
function smtpReply(line: string): Error {
  const error = new Error(line.slice(4)) as Error & { responseCode: number };
  error.responseCode = Number(line.slice(0, 3));
  return error;
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const messages: ReceivedMessage[] = [];
  // Raw sockets by the client's address and port, so that 'drop' can cut one from a session.
  const sockets = new Map<string, net.Socket>();
  const socketKey = (address: string | undefined, port: number | undefined) => `${address}:${port}`;
  let connectionCount = 0;
  let heldNow = 0;
  let peak = 0;
  let waiting: (() => void)[] = [];
  let holding = true;
  let delayedNow = 0;
  let closed = false;
  const throttled = new Map<string, number>();
  // 'flaky' addresses answered 451 once already.
  const deferredOnce = new Set<string>();

  const releaseHeld = () => {
    const release = waiting;
    waiting = [];
    for (const resolve of release) resolve();
  };
  const holdUntilReleased = async () => {
    heldNow++;
    peak = Math.max(peak, heldNow);
    await new Promise<void>((resolve) => waiting.push(resolve));
    heldNow--;
  };

  const recordMessage = (session: SMTPServerSession, raw: Buffer): string => {
    const text = `2.0.0 Accepted by the test sink as ${randomUUID()}`;
    messages.push({
      sessionId: session.id,
      mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      rcptTo: session.envelope.rcptTo.map((r) => r.address),
      raw,
      secure: session.secure,
      user: session.user as string | undefined,
      helo: session.hostNameAppearsAs,
      reply: `250 ${text}`,
      receivedAt: Date.now(),
      smtpUtf8: session.envelope.smtpUtf8 === true,
    });
    return text;
  };

  const server = new SMTPServer({
    secure: options.secure ?? false,
    logger: false,
    disableReverseLookup: true,
    hideSMTPUTF8: options.noSmtpUtf8 ?? false,
    authOptional: !options.auth,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      return callback(smtpReply('535 5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, session, callback) {
      switch (behaviourOf(address.address)) {
        case 'tempfail':
          return callback(smtpReply(TEMPFAIL_REPLY));
        case 'flaky':
          if (deferredOnce.has(address.address.toLowerCase())) return callback();
          deferredOnce.add(address.address.toLowerCase());
          return callback(smtpReply(TEMPFAIL_REPLY));
        case 'reject':
          return callback(smtpReply(REJECT_REPLY));
        case 'throttle':
          if (throttled.has(address.address)) return callback();
          throttled.set(address.address, Date.now());
          return callback(smtpReply(THROTTLE_REPLY));
        case 'drop':
          // No reply at all: the client sees the connection vanish mid-transaction.
          sockets.get(socketKey(session.remoteAddress, session.remotePort))?.destroy();
          return;
        default:
          return callback();
      }
    },
    onData(stream, session, callback) {
      readAll(stream).then(
        async (raw) => {
          if (session.envelope.rcptTo.some((r) => behaviourOf(r.address) === 'spam')) return callback(smtpReply(SPAM_REPLY));
          if (holding && session.envelope.rcptTo.some((r) => behaviourOf(r.address) === 'hold')) await holdUntilReleased();
          if (options.delayMs) {
            delayedNow++;
            await new Promise((resolve) => setTimeout(resolve, options.delayMs));
            delayedNow--;
            if (closed) return callback(smtpReply('421 4.3.2 The test sink closed before taking the message'));
          }
          callback(null, recordMessage(session, raw));
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that gives up (a refused certificate, a cut connection) surfaces here; it is
  // part of what the tests provoke, not a failure of the sink.
  server.on('error', () => undefined);
  server.server.on('connection', (socket: net.Socket) => {
    connectionCount++;
    const key = socketKey(socket.remoteAddress, socket.remotePort);
    sockets.set(key, socket);
    socket.on('close', () => sockets.delete(key));
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;

  return {
    host,
    port,
    url: `${options.secure ? 'smtps' : 'smtp'}://${host}:${port}`,
    throttledAt: (address) => throttled.get(address),
    messages,
    connections: () => connectionCount,
    held: () => heldNow,
    peakHeld: () => peak,
    releaseHeld,
    delayed: () => delayedNow,
    stopHolding() {
      holding = false;
      releaseHeld();
    },
    async close() {
      closed = true;
      holding = false;
      releaseHeld();
      // Cut what is still open instead of waiting out smtp-server's 30-second grace period.
      for (const socket of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The messages the sink accepted for one envelope recipient. */
export function messagesTo(sink: SmtpSink, address: string): ReceivedMessage[] {
  return sink.messages.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === address.toLowerCase()));
}

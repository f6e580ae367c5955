/**
 * The connections to the relay (TRANSPORT=smtp, SMTP_URL): a small pool of our own on
 * nodemailer's SMTPConnection, so that no message waits for a connection to be set up while
 * one could be ready.
 *
 * Why not nodemailer's pool (the MX transport still uses it): setting a connection up costs
 * the connect, the greeting (which smtp-server and many MTAs delay on purpose), EHLO, STARTTLS
 * and AUTH. nodemailer's pool binds a waiting message to the connection it opens for it, pauses
 * before replacing a connection that reached its message limit, and connects nothing before
 * the first message: those waits were the tail of bench:latency and a fresh worker's first
 * message (docs/performance.md, "Time to inbox").
 *
 * The policy: a message takes the most recently used idle connection, else waits for
 * whichever frees up first (a connection being opened is bound to no message); a connection
 * starting its last allowed message has its replacement opened at once (so maxConnections + 1
 * for that one message, never more); warm() opens one before the first message; a refused
 * message (EENVELOPE, EMESSAGE) keeps its connection after RSET; a reused idle connection that
 * fails transiently before the message was handed over is retried once on a fresh one (the
 * server may have closed it unnoticed); a failed set-up fails the longest-waiting message, so
 * a relay that is down is not retried in a loop; close() QUITs idle connections, lets those in
 * flight finish and fails the waiting messages as deferred.
 *
 *   opening ──ready──→ idle ⇄ busy ──last allowed message──→ retiring ──QUIT──→ closed
 *      └── set-up failed, an error, or the server closing it, in any state ──────────┘
 *
 * The errors handed out are SMTPConnection's own, so classify.ts reads them unchanged.
 */
import { Readable } from 'node:stream';
import { EENVELOPE, EMESSAGE, isTransientError, type NodemailerError } from 'nodemailer/lib/errors';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface RelayPoolOptions {
  /** Where and how to connect: host, port, secure, name (HELO), tls, timeouts. */
  connection: SMTPConnection.Options;
  /** Logged in with after EHLO (and STARTTLS) when the relay offers AUTH. */
  auth?: { user: string; pass: string } | undefined;
  maxConnections: number;
  maxMessagesPerConnection: number;
}

type State = 'opening' | 'idle' | 'busy' | 'retiring' | 'closed';

interface Waiter {
  resolve(connection: Connection): void;
  reject(error: Error): void;
}

interface Connection {
  readonly smtp: SMTPConnection;
  state: State;
  /** Messages started over it. */
  messages: number;
  /** Whether the message it carries now came after an idle wait or an earlier message (see "stale"). */
  reused: boolean;
  /** A retry's connection, opened for that message alone (see "stale"). */
  openedFor: Waiter | undefined;
}

/** The pool is closing: the message was not handed over and is tried again later. */
export class RelayPoolClosed extends Error {
  constructor() {
    super('The connections to the relay are being closed (shutting down); the message was not handed over');
    this.name = 'RelayPoolClosed';
  }
}

export class RelayPool {
  private readonly connections = new Set<Connection>();
  /** Ready connections, the most recently used last. */
  private readonly idle: Connection[] = [];
  private readonly waiters: Waiter[] = [];
  /** Replacements for retiring connections not opened yet (see "rotate"). */
  private owed = 0;
  private closing = false;

  constructor(private readonly options: RelayPoolOptions) {}

  /**
   * Hands one envelope and the bytes to the relay. Resolves with SMTPConnection's answer;
   * rejects with its error (or RelayPoolClosed).
   */
  async send(envelope: { from: string; to: string }, raw: string): Promise<SMTPConnection.SentMessageInfo> {
    return this.transmit(await this.acquire(), envelope, raw, true);
  }

  /** Opens a connection now unless there is one; resolves when it is ready, rejects with why it could not be set up. */
  warm(): Promise<void> {
    if (this.closing || this.connections.size > 0) return Promise.resolve();
    return this.open(undefined);
  }

  /** Returns at once; the QUITs are answered, and the messages in flight finish, after it. */
  async close(): Promise<void> {
    this.closing = true;
    this.owed = 0;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new RelayPoolClosed());
    for (const connection of this.idle.splice(0)) this.quit(connection);
    // Set-up in progress is cut short; a retry waiting for one fails as the waiters did.
    for (const connection of this.connections) if (connection.state === 'opening') connection.smtp.close();
  }

  private acquire(): Promise<Connection> {
    if (this.closing) return Promise.reject(new RelayPoolClosed());
    const connection = this.idle.pop();
    if (connection) {
      connection.state = 'busy';
      connection.reused = true;
      return Promise.resolve(connection);
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.grow();
    });
  }

  /**
   * Opens the replacements owed, and connections for the waiting messages that no connection
   * being opened will serve, while fewer than maxConnections count (retiring ones do not) and
   * there are no more than maxConnections + 1 in all.
   */
  private grow(): void {
    const { maxConnections } = this.options;
    for (;;) {
      if (this.closing || this.counted() >= maxConnections) {
        // Enough connections without them.
        this.owed = 0;
        return;
      }
      // Two or more retiring at once: the next replacement when one of them is gone (forget).
      if (this.connections.size > maxConnections) return;
      if (this.owed > 0) this.owed--;
      else if (this.waiters.length <= this.openingForWaiters()) return;
      void this.open(undefined).catch(() => undefined);
    }
  }

  /** Connections that count toward maxConnections: all but the retiring ones. */
  private counted(): number {
    let n = 0;
    for (const c of this.connections) if (c.state !== 'retiring') n++;
    return n;
  }

  /** Connections being opened for whoever waits (not a retry's, which is spoken for). */
  private openingForWaiters(): number {
    let n = 0;
    for (const c of this.connections) if (c.state === 'opening' && !c.openedFor) n++;
    return n;
  }

  /** Resolves when the connection is ready (and handed on), rejects with why it could not be set up. */
  private open(openedFor: Waiter | undefined): Promise<void> {
    const smtp = new SMTPConnection(this.options.connection);
    const connection: Connection = { smtp, state: 'opening', messages: 0, reused: false, openedFor };
    this.connections.add(connection);
    // Every failure also reaches a callback (set-up, send, RSET) or ends the connection; this
    // listener only keeps one from being thrown as an unhandled 'error' event (an idle connection
    // hitting the socket timeout).
    smtp.on('error', () => undefined);
    smtp.once('end', () => this.forget(connection));
    const ready = setUp(smtp, this.options.auth);
    ready.then(
      () => this.ready(connection),
      (error: Error) => this.setUpFailed(connection, error),
    );
    return ready;
  }

  private ready(connection: Connection): void {
    const waiter = connection.openedFor;
    connection.openedFor = undefined;
    // Ended between its set-up and now (close() cut it).
    if (connection.state === 'closed') return waiter?.reject(this.closing ? new RelayPoolClosed() : connectionClosed());
    if (!waiter) return this.offer(connection);
    connection.state = 'busy';
    waiter.resolve(connection);
  }

  private setUpFailed(connection: Connection, error: Error): void {
    // Opened for whoever waits, so the one who waited longest gets its error (see "failed"),
    // taken out of line before the connection is forgotten and the others get connections of their own.
    const waiter = connection.openedFor ?? this.waiters.shift();
    this.discard(connection);
    waiter?.reject(this.closing ? new RelayPoolClosed() : error);
  }

  /** A connection is free (set up, or done with a message): to the first in line, else idle. */
  private offer(connection: Connection): void {
    // The server closed it as it answered: whoever waits needs another.
    if (connection.state === 'closed') return this.grow();
    if (this.closing) return this.quit(connection);
    const waiter = this.waiters.shift();
    if (!waiter) {
      connection.state = 'idle';
      this.idle.push(connection);
      return;
    }
    connection.state = 'busy';
    connection.reused = connection.messages > 0;
    waiter.resolve(connection);
  }

  private transmit(connection: Connection, envelope: { from: string; to: string }, raw: string, mayRetry: boolean): Promise<SMTPConnection.SentMessageInfo> {
    connection.messages++;
    if (connection.messages >= this.options.maxMessagesPerConnection) {
      connection.state = 'retiring';
      // Its replacement, now (see "rotate").
      this.owed++;
      this.grow();
    }
    // A stream rather than the string, to tell afterwards whether any of it was sent (see "stale").
    const body = Readable.from([raw], { objectMode: false });
    return new Promise((resolve, reject) => {
      connection.smtp.send({ from: envelope.from, to: [envelope.to] }, body, (error, sent) => {
        if (!error) {
          this.done(connection);
          return resolve(sent!);
        }
        if (isRefusal(error) && !connection.smtp.destroyed) {
          this.afterRefusal(connection);
          return reject(error);
        }
        if (mayRetry && connection.reused && !body.readableDidRead && isTransientError(error) && !this.closing) {
          // Opened before the stale one is forgotten, so that this one takes its place and the
          // waiters do not get a connection for it as well.
          const fresh = new Promise<Connection>((opened, failed) => void this.open({ resolve: opened, reject: failed }).catch(() => undefined));
          resolve(fresh.then((next) => this.transmit(next, envelope, raw, false)));
        } else {
          reject(error);
        }
        this.discard(connection);
      });
    });
  }

  /** The message is answered: the connection serves the next one, or QUITs after its last. */
  private done(connection: Connection): void {
    if (connection.state === 'retiring') return this.quit(connection);
    this.offer(connection);
  }

  private afterRefusal(connection: Connection): void {
    if (connection.state === 'retiring') return this.quit(connection);
    connection.smtp.reset((error) => (error ? this.discard(connection) : this.offer(connection)));
  }

  private quit(connection: Connection): void {
    if (connection.state === 'closed') return;
    connection.state = 'retiring';
    connection.smtp.quit();
  }

  /** Closes the connection (if it is not closed already) and gives its place to whoever needs one. */
  private discard(connection: Connection): void {
    connection.smtp.close();
    this.forget(connection);
    this.grow();
  }

  /**
   * The connection is gone (closed by us or by the server, in any state). Its place may go to a
   * waiting message or an owed replacement; not yet for one that was opening or busy, whose
   * set-up or send callback still decides what its end means.
   */
  private forget(connection: Connection): void {
    const { state } = connection;
    if (state === 'closed') return;
    if (state === 'idle') this.idle.splice(this.idle.indexOf(connection), 1);
    connection.state = 'closed';
    this.connections.delete(connection);
    if (state !== 'opening' && state !== 'busy') this.grow();
  }
}

/** The message itself was refused; the session is fine (what nodemailer's pool also reuses). */
function isRefusal(error: NodemailerError): boolean {
  return (error.code === EENVELOPE || error.code === EMESSAGE) && error.responseCode !== 421;
}

/**
 * Connect, greeting, EHLO, STARTTLS when offered, AUTH when there are credentials and the relay
 * offers it (as nodemailer's pool does). Rejects with the first error, or when the connection
 * ends before it is ready.
 */
function setUp(smtp: SMTPConnection, auth: RelayPoolOptions['auth']): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      settle();
      reject(error);
    };
    const ended = () => fail(connectionClosed());
    const settle = () => {
      smtp.off('error', fail);
      smtp.off('end', ended);
    };
    smtp.once('error', fail);
    smtp.once('end', ended);
    smtp.connect((error) => {
      if (error) return fail(error);
      if (!auth || !smtp.allowsAuth) {
        settle();
        return resolve();
      }
      smtp.login(auth, (loginError) => {
        if (loginError) return fail(loginError);
        settle();
        resolve();
      });
    });
  });
}

/** What SMTPConnection itself says when a connection ends before it was asked anything. */
function connectionClosed(): Error {
  return Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' });
}

/**
 * The relay's connection pool (src/delivery/transports/relay-pool.ts) against a real
 * smtp-server on 127.0.0.1. smtp-server waits 100 ms before its greeting, as many MTAs do:
 * that set-up is what the pool must keep messages from waiting for. What happened is read from
 * the server's side, in order (connections accepted and greeted, transactions, RSET and QUIT,
 * connections closed), with the test's own steps marked in the same list. Nothing is timed.
 */
import assert from 'node:assert/strict';
import type net from 'node:net';
import { afterEach, describe, it } from 'node:test';
import type { NodemailerError } from 'nodemailer/lib/errors';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { asFailure, outcomeOfFailure } from '../../src/delivery/transports/classify.ts';
import { RelayPool, RelayPoolClosed, type RelayPoolOptions } from '../../src/delivery/transports/relay-pool.ts';
import { REJECT_REPLY } from '../helpers/smtp-sink.ts';

/** `connection` is the client's port, which names a connection on both sides. */
type RelayEvent =
  | { kind: 'accepted' | 'greeted' | 'closed' | 'RSET' | 'QUIT'; connection: number }
  | { kind: 'mail' | 'message'; connection: number; to: string }
  | { kind: 'step'; step: string };

interface TestRelay {
  port: number;
  events: RelayEvent[];
  /** The connections in the order they were accepted. */
  accepted(): number[];
  /** The recipients of each connection's accepted messages, by connection in the order accepted. */
  messagesByConnection(): string[][];
  /** Most connections open at once (a connection that has sent QUIT no longer counts). */
  peakOpen(): number;
  /** Cuts this connection (or from now on every one), without a reply, when it next sends MAIL FROM. */
  cutAtNextMail(connection: number | 'every'): void;
  /** Messages to hold@ received in full and not answered. */
  held(): number;
  /** Answers the messages to hold@ held so far. */
  release(): void;
  /** Greets new connections only once greetings are released. */
  holdGreetings(): void;
  releaseGreetings(): void;
  close(): Promise<void>;
}

interface RelayOptions {
  /**
   * A connection's message with this number (its last allowed one) is answered only once a
   * later connection was accepted (or after 2 s): whether the replacement was opened before
   * the last message was answered does not then depend on a race with its round trips.
   */
  answerLastAfterNext?: number;
  /** smtp-server's idle timeout: it says 421 and closes a connection silent this long. */
  socketTimeoutMs?: number;
}

const relays: TestRelay[] = [];
const pools: RelayPool[] = [];

async function startRelay(options: RelayOptions = {}): Promise<TestRelay> {
  const events: RelayEvent[] = [];
  const sockets = new Map<number, net.Socket>();
  const order: number[] = [];
  const cutAtMail = new Set<number>();
  let cutEveryMail = false;
  let greetings: (() => void)[] | undefined;
  const messageCount = new Map<number, number>();
  let held: (() => void)[] = [];
  let open = 0;
  let peak = 0;
  const ended = new Set<number>();
  const end = (connection: number) => {
    if (ended.has(connection)) return;
    ended.add(connection);
    open--;
  };

  const answerAfterNext = async (connection: number) => {
    const mine = order.indexOf(connection);
    for (let waited = 0; order.length <= mine + 1 && waited < 2_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  };

  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    authOptional: true,
    // In the clear, so that the client's commands can be read off the socket.
    disabledCommands: ['STARTTLS'],
    ...(options.socketTimeoutMs ? { socketTimeout: options.socketTimeoutMs } : {}),
    onConnect(session, callback) {
      const greet = () => {
        events.push({ kind: 'greeted', connection: session.remotePort });
        callback();
      };
      if (greetings) greetings.push(greet);
      else greet();
    },
    onMailFrom(_address, session, callback) {
      if (cutAtMail.delete(session.remotePort) || cutEveryMail) {
        sockets.get(session.remotePort)?.destroy();
        return;
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      events.push({ kind: 'mail', connection: session.remotePort, to: address.address });
      if (address.address.startsWith('reject@')) {
        const error = new Error(REJECT_REPLY.slice(4)) as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      stream.resume();
      stream.on('end', async () => {
        const connection = session.remotePort;
        const to = session.envelope.rcptTo[0]!.address;
        const count = (messageCount.get(connection) ?? 0) + 1;
        messageCount.set(connection, count);
        if (to.startsWith('hold@')) await new Promise<void>((resolve) => held.push(resolve));
        if (count === options.answerLastAfterNext) await answerAfterNext(connection);
        events.push({ kind: 'message', connection, to });
        callback(null, 'Accepted');
      });
    },
  });
  server.on('error', () => undefined);
  server.server.on('connection', (socket: net.Socket) => {
    const connection = socket.remotePort!;
    sockets.set(connection, socket);
    order.push(connection);
    open++;
    peak = Math.max(peak, open);
    events.push({ kind: 'accepted', connection });
    socket.on('data', (chunk: Buffer) => {
      for (const [, command] of chunk.toString('latin1').matchAll(/^(RSET|QUIT)\r$/gm)) {
        events.push({ kind: command as 'RSET' | 'QUIT', connection });
        if (command === 'QUIT') end(connection);
      }
    });
    socket.on('close', () => {
      sockets.delete(connection);
      end(connection);
      events.push({ kind: 'closed', connection });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const relay: TestRelay = {
    port: (server.server.address() as net.AddressInfo).port,
    events,
    accepted: () => [...order],
    messagesByConnection: () =>
      order.map((connection) => events.flatMap((e) => (e.kind === 'message' && e.connection === connection ? [e.to] : []))).filter((m) => m.length > 0),
    peakOpen: () => peak,
    cutAtNextMail(connection) {
      if (connection === 'every') cutEveryMail = true;
      else cutAtMail.add(connection);
    },
    held: () => held.length,
    release() {
      const release = held;
      held = [];
      for (const resolve of release) resolve();
    },
    holdGreetings() {
      greetings ??= [];
    },
    releaseGreetings() {
      const release = greetings ?? [];
      greetings = undefined;
      for (const greet of release) greet();
    },
    async close() {
      relay.release();
      relay.releaseGreetings();
      for (const socket of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  relays.push(relay);
  return relay;
}

function poolFor(relay: TestRelay, options: Partial<RelayPoolOptions> = {}): RelayPool {
  const pool = new RelayPool({
    connection: {
      host: '127.0.0.1',
      port: relay.port,
      name: 'out.postwire.example.test',
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
    },
    maxConnections: 2,
    maxMessagesPerConnection: 100,
    ...options,
  });
  pools.push(pool);
  return pool;
}

const raw = (to: string) => `From: shop@example.test\r\nTo: ${to}\r\nSubject: Pool\r\nMessage-ID: <${to}>\r\n\r\nHello.\r\n`;
const send = (pool: RelayPool, to: string) => pool.send({ from: 'bounces@example.test', to }, raw(to));
const step = (relay: TestRelay, name: string) => relay.events.push({ kind: 'step', step: name });
/** The events of the test's steps and these kinds, as 'kind connection' (or the step's name). */
const timeline = (relay: TestRelay, kinds: RelayEvent['kind'][]) =>
  relay.events.filter((e) => e.kind === 'step' || kinds.includes(e.kind)).map((e) => (e.kind === 'step' ? e.step : `${e.kind} ${e.connection}`));
const indexOf = (relay: TestRelay, match: (e: RelayEvent) => boolean) => relay.events.findIndex(match);
const seen = (relay: TestRelay, match: (e: RelayEvent) => boolean) => indexOf(relay, match) >= 0;
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Waits until the check holds (polling; a deadline only so that a broken pool fails rather than hangs). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !check(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
  for (const relay of relays.splice(0)) await relay.close();
});

// A pool that loses a message's callback would otherwise hang the file instead of failing it.
describe('relay connection pool', { timeout: 30_000 }, () => {
  it('warm(): the first message goes over the connection opened before it, without waiting for a greeting', async () => {
    const relay = await startRelay();
    const pool = poolFor(relay);
    await pool.warm();
    step(relay, 'send');
    const sent = await send(pool, 'first@example.net');
    assert.match(sent.response, /^250 /);
    const [connection] = relay.accepted();
    assert.equal(relay.accepted().length, 1, 'the send opened no connection of its own');
    assert.deepEqual(
      timeline(relay, ['accepted', 'greeted', 'mail', 'message']),
      [`accepted ${connection}`, `greeted ${connection}`, 'send', `mail ${connection}`, `message ${connection}`],
      'connected and greeted before the send started',
    );
  });

  it('a message waiting for a connection takes the first that is free, not the one opened for it', async () => {
    const relay = await startRelay();
    const pool = poolFor(relay, { maxConnections: 2 });
    await send(pool, 'one@example.net');
    const [first] = relay.accepted();
    // The first connection is busy with a held message; a second message waits, and a second
    // connection is opened, whose greeting the relay holds back.
    const holding = send(pool, 'hold@example.net');
    await until(() => relay.held() === 1, 'the held message');
    relay.holdGreetings();
    const waiting = send(pool, 'two@example.net');
    await until(() => relay.accepted().length === 2, 'a second connection');
    relay.release();
    await holding;
    relay.releaseGreetings();
    await waiting;
    const two = relay.events.find((e) => e.kind === 'message' && e.to === 'two@example.net');
    assert.equal(two?.kind === 'message' && two.connection, first, 'the waiting message went over the connection freed first');
  });

  it('maxMessagesPerConnection: each connection carries that many, and its replacement is opened before its last message is answered', async () => {
    const relay = await startRelay({ answerLastAfterNext: 3 });
    const pool = poolFor(relay, { maxConnections: 2, maxMessagesPerConnection: 3 });
    const to = Array.from({ length: 10 }, (_, i) => `m${i}@example.net`);
    for (const address of to) await send(pool, address);

    assert.deepEqual(relay.messagesByConnection(), [to.slice(0, 3), to.slice(3, 6), to.slice(6, 9), to.slice(9)], '10 messages: 3 + 3 + 3 + 1, in order');
    const connections = relay.accepted();
    assert.equal(connections.length, 4);
    for (let i = 0; i < 3; i++) {
      const last = indexOf(relay, (e) => e.kind === 'message' && e.to === to[i * 3 + 2]);
      const next = indexOf(relay, (e) => e.kind === 'accepted' && e.connection === connections[i + 1]);
      assert.ok(next < last, `connection ${i + 2} was opened before connection ${i + 1}'s last message was answered`);
      await until(() => seen(relay, (e) => e.kind === 'QUIT' && e.connection === connections[i]), 'QUIT');
    }
  });

  it('a message refused at RCPT TO fails with the reply, and the next message goes over the same connection after RSET', async () => {
    const relay = await startRelay();
    // One connection at most: a closed one would show as a second.
    const pool = poolFor(relay, { maxConnections: 1 });
    await send(pool, 'before@example.net');
    await assert.rejects(send(pool, 'reject@example.net'), (error: NodemailerError) => {
      assert.equal(error.responseCode, 550);
      assert.equal(error.command, 'RCPT TO');
      assert.deepEqual(outcomeOfFailure(asFailure(error)), { kind: 'bounced', response: REJECT_REPLY, refused: 'recipient' });
      return true;
    });
    await send(pool, 'after@example.net');
    const [connection] = relay.accepted();
    assert.equal(relay.accepted().length, 1);
    assert.deepEqual(timeline(relay, ['mail', 'RSET', 'message']), [
      `mail ${connection}`,
      `message ${connection}`,
      `mail ${connection}`,
      `RSET ${connection}`,
      `mail ${connection}`,
      `message ${connection}`,
    ]);
  });

  describe('a connection the server closed while it was idle', () => {
    it('closed by the server with 421 after its idle timeout: the next message goes over a new connection', async () => {
      const relay = await startRelay({ socketTimeoutMs: 300 });
      const pool = poolFor(relay);
      await send(pool, 'before@example.net');
      const [first] = relay.accepted();
      await until(() => seen(relay, (e) => e.kind === 'closed' && e.connection === first), 'the idle timeout');
      await settle();
      const sent = await send(pool, 'after@example.net');
      assert.match(sent.response, /^250 /);
      const [, second] = relay.accepted();
      assert.ok(second, 'a new connection');
      assert.deepEqual(relay.messagesByConnection(), [['before@example.net'], ['after@example.net']]);
    });

    it('found dead only when used (cut at MAIL FROM): the message is retried once on a fresh connection, not failed', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay);
      await send(pool, 'before@example.net');
      const [first] = relay.accepted();
      relay.cutAtNextMail(first!);
      step(relay, 'send');
      const sent = await send(pool, 'after@example.net');
      assert.match(sent.response, /^250 /);
      const connections = relay.accepted();
      assert.equal(connections.length, 2);
      assert.deepEqual(timeline(relay, ['accepted', 'mail', 'message']), [
        `accepted ${first}`,
        `mail ${first}`,
        `message ${first}`,
        'send',
        `accepted ${connections[1]}`,
        `mail ${connections[1]}`,
        `message ${connections[1]}`,
      ]);
    });

    it('the retry is made once: its connection cut as well, the error is the outcome', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay, { maxConnections: 1 });
      await send(pool, 'before@example.net');
      relay.cutAtNextMail('every');
      await assert.rejects(send(pool, 'after@example.net'), (error: NodemailerError) => {
        assert.equal(outcomeOfFailure(asFailure(error)).kind, 'deferred');
        return true;
      });
      assert.equal(relay.accepted().length, 2, 'the first connection, and one for the retry');
      assert.deepEqual(relay.messagesByConnection(), [['before@example.net']]);
    });

    it('a connection opened for the message and cut at MAIL FROM is not retried: the error is the outcome', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay, { maxConnections: 1 });
      relay.cutAtNextMail('every');
      await assert.rejects(send(pool, 'first@example.net'), (error: NodemailerError) => {
        assert.match(error.message, /Connection closed unexpectedly|ECONNRESET/);
        assert.equal(outcomeOfFailure(asFailure(error)).kind, 'deferred');
        return true;
      });
      assert.equal(relay.accepted().length, 1);
    });
  });

  describe('close()', () => {
    it('QUITs the idle connections', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay, { maxConnections: 2 });
      // The first message is held at the relay until the second has gone over a connection of
      // its own, so both connections have finished their set-up and are idle at close(). (Two
      // sends at once raced: the second could take the first connection once it was free, and
      // the second connection was still being set up, and so cut rather than QUIT, at close().)
      const holding = send(pool, 'hold@example.net');
      await until(() => relay.held() === 1, 'the held message');
      await send(pool, 'b@example.net');
      relay.release();
      await holding;
      const connections = relay.accepted();
      assert.equal(connections.length, 2, 'two messages at once, two connections');
      assert.deepEqual(relay.messagesByConnection(), [['hold@example.net'], ['b@example.net']]);
      await pool.close();
      for (const connection of connections) {
        await until(() => seen(relay, (e) => e.kind === 'closed' && e.connection === connection), 'closed');
        assert.ok(
          seen(relay, (e) => e.kind === 'QUIT' && e.connection === connection),
          `connection ${connection} sent QUIT`,
        );
      }
    });

    it('lets the message in flight finish, fails the waiting ones as deferred, then QUITs', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay, { maxConnections: 1 });
      const holding = send(pool, 'hold@example.net');
      await until(() => relay.held() === 1, 'the held message');
      const waiting = send(pool, 'waiting@example.net');
      await pool.close();
      await assert.rejects(waiting, (error: Error) => {
        assert.ok(error instanceof RelayPoolClosed);
        assert.equal(outcomeOfFailure(asFailure(error)).kind, 'deferred');
        return true;
      });
      await assert.rejects(send(pool, 'late@example.net'), RelayPoolClosed);
      relay.release();
      assert.match((await holding).response, /^250 /);
      const [connection] = relay.accepted();
      await until(() => seen(relay, (e) => e.kind === 'QUIT' && e.connection === connection), 'QUIT');
      assert.deepEqual(relay.messagesByConnection(), [['hold@example.net']]);
    });
  });

  describe('maxConnections under concurrent sends', () => {
    it('10 at once over at most 2 connections', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay, { maxConnections: 2 });
      const to = Array.from({ length: 10 }, (_, i) => `c${i}@example.net`);
      await Promise.all(to.map((address) => send(pool, address)));
      assert.equal(relay.messagesByConnection().flat().length, 10);
      assert.equal(relay.accepted().length, 2);
      assert.equal(relay.peakOpen(), 2);
    });

    it('30 at once, rotating every 3 messages: at most 2 + 1 connections at a time', async () => {
      const relay = await startRelay();
      const pool = poolFor(relay, { maxConnections: 2, maxMessagesPerConnection: 3 });
      const to = Array.from({ length: 30 }, (_, i) => `r${i}@example.net`);
      await Promise.all(to.map((address) => send(pool, address)));
      const byConnection = relay.messagesByConnection();
      assert.equal(byConnection.flat().length, 30);
      assert.ok(
        byConnection.every((messages) => messages.length <= 3),
        `at most 3 per connection: ${byConnection.map((m) => m.length)}`,
      );
      assert.ok(relay.peakOpen() <= 3, `at most 3 at a time, saw ${relay.peakOpen()}`);
    });
  });
});

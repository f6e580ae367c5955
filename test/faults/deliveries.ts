/**
 * What the fault tests share: sending one message per address through a started Postwire,
 * reading every recipient's state back through the API, and counting the copies the SMTP
 * sinks received, per envelope recipient.
 */
import { after, before } from 'node:test';
import type { Dialect } from '../../src/db/database.js';
import { eventually } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { callApi, killAll, resultOf, type Env, type PostwireProcess } from '../helpers/process.js';
import { startSmtpSink, type SinkOptions, type SmtpSink } from '../helpers/smtp-sink.js';

/** What a fault test runs against: a fresh database and a relay of its own. */
export interface FaultSetup {
  database: TestDatabase;
  /** Every sink of the test; the first is the relay Postwire is pointed at. */
  sinks: SmtpSink[];
  readonly relay: SmtpSink;
  /** The environment of a Postwire on this database relaying to `relay`, plus `settings`. */
  env(settings: Env): Env;
}

/**
 * Registers hooks that make a FaultSetup before the tests of the current describe and,
 * after them (even when one failed), kill every Postwire process still running, close
 * the sinks and drop the database.
 */
export function setUpFaultTest(dialect: Dialect, relay: SinkOptions): FaultSetup {
  const setup: FaultSetup = {
    database: undefined as unknown as TestDatabase,
    sinks: [],
    get relay() {
      return this.sinks[0]!;
    },
    env(settings) {
      return {
        DATA_DIR: this.database.dataDir,
        DATABASE_URL: this.database.databaseUrl,
        // The sink offers STARTTLS with a self-signed certificate.
        TRANSPORT: 'smtp',
        SMTP_URL: this.relay.url,
        SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
        ...settings,
      };
    },
  };
  before(async () => {
    setup.database = await createTestDatabase(dialect);
    setup.sinks.push(await startSmtpSink(relay));
  });
  after(async () => {
    await killAll();
    await Promise.all(setup.sinks.map((sink) => sink.close()));
    await setup.database?.drop();
  });
  return setup;
}

export interface Accepted {
  /** The message's id in the API. */
  id: string;
  /** Its Message-ID header, the same on every copy. */
  messageId: string;
  email: string;
}

/** One message to `to`; resolves only on a 200 (anything else, or a cut connection, rejects). */
export async function sendTo(p: PostwireProcess, token: string, from: string, to: string): Promise<Accepted> {
  const reply = await callApi(p.url, '/notify/v1/send', {
    token,
    json: { from: { email: from, name: 'Fault test' }, to: [{ email: to }], subject: `For ${to}`, htmlContent: `<p>Hello ${to}</p>` },
  });
  const sent = resultOf(reply, 200);
  return { id: sent.id, messageId: sent.messageId, email: to };
}

/**
 * One message to each address, `lanes` requests at a time, so that sending lasts a while
 * (long enough for a fault to hit it). Never rejects: each send's own outcome, in order.
 */
export async function sendToEach(p: PostwireProcess, token: string, from: string, to: string[], lanes: number): Promise<PromiseSettledResult<Accepted>[]> {
  const results: PromiseSettledResult<Accepted>[] = new Array(to.length);
  let next = 0;
  const lane = async () => {
    while (next < to.length) {
      const i = next++;
      results[i] = await sendTo(p, token, from, to[i]!).then(
        (value) => ({ status: 'fulfilled', value }),
        (reason) => ({ status: 'rejected', reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

/** The sends that were answered 200. */
export function answeredOf(results: PromiseSettledResult<Accepted>[]): Accepted[] {
  return results.filter((r): r is PromiseFulfilledResult<Accepted> => r.status === 'fulfilled').map((r) => r.value);
}

/** Every send, when each was answered 200; else the first failure. */
export function allAnswered(results: PromiseSettledResult<Accepted>[]): Accepted[] {
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return answeredOf(results);
}

/** `count` distinct addresses: `<prefix><n>@example.net`. */
export function addresses(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => `${prefix}${n}@example.net`);
}

/** How often a test asks the API whether something happened: often enough, without loading a busy machine. */
const API_POLL_MS = 200;

export interface RecipientState {
  state: string;
  attempts: number;
}

/** Every recipient of every message of the account, by address, through GET /notify/v1/messages. */
export async function recipientStates(p: PostwireProcess, token: string): Promise<Map<string, RecipientState>> {
  const states = new Map<string, RecipientState>();
  for (let page = 1; ; page++) {
    const list = resultOf(await callApi(p.url, `/notify/v1/messages?page=${page}&pageSize=500`, { token }), 200);
    for (const message of list.items) {
      for (const r of message.recipients) states.set(r.email, { state: r.state, attempts: r.attempts });
    }
    if (list.items.length < 500) return states;
  }
}

/** The recipients in `state`. */
export function inState(states: Map<string, RecipientState>, state: string): RecipientState[] {
  return [...states.values()].filter((r) => r.state === state);
}

/** "delivered 10, deferred 50 (attempts up to 3)": what a timeout last saw. */
function describeStates(states: Map<string, RecipientState>): string {
  const counts = new Map<string, number>();
  let attempts = 0;
  for (const r of states.values()) {
    counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
    attempts = Math.max(attempts, r.attempts);
  }
  const parts = [...counts].map(([state, n]) => `${state} ${n}`);
  return parts.length ? `${parts.join(', ')} (attempts up to ${attempts})` : 'no recipients';
}

/** Polls the recipients' states through the API until `done` accepts them; a timeout says what it last saw. */
export async function untilStates(
  p: PostwireProcess,
  token: string,
  what: string,
  done: (states: Map<string, RecipientState>) => boolean,
  timeoutMs: number,
): Promise<Map<string, RecipientState>> {
  let last = new Map<string, RecipientState>();
  return eventually(
    async () => {
      last = await recipientStates(p, token);
      return done(last) ? last : undefined;
    },
    timeoutMs,
    what,
    API_POLL_MS,
    () => describeStates(last),
  );
}

/** How many events of `type` the account has (GET /notify/v1/events), and the first page of them. */
export async function eventsOfType(p: PostwireProcess, token: string, type: string): Promise<{ totalCount: number; items: any[] }> {
  return resultOf(await callApi(p.url, `/notify/v1/events?type=${type}&pageSize=500`, { token }), 200);
}

/** Copies received per envelope recipient (lower-cased), over one or more sinks. */
export function copiesByRecipient(...sinks: SmtpSink[]): Map<string, number> {
  const copies = new Map<string, number>();
  for (const sink of sinks) {
    for (const message of sink.messages) {
      for (const rcpt of message.rcptTo) copies.set(rcpt.toLowerCase(), (copies.get(rcpt.toLowerCase()) ?? 0) + 1);
    }
  }
  return copies;
}

/** The copies beyond the first, summed over recipients. */
export function duplicateCount(copies: Map<string, number>): number {
  let extra = 0;
  for (const n of copies.values()) extra += n - 1;
  return extra;
}

/** The Message-ID header of a received message. */
export function messageIdOf(raw: Buffer): string | undefined {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('utf8'))?.[1];
}

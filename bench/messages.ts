/**
 * The message list's server time with many messages stored (100,000 by default).
 *
 *   npm run bench:messages -- [--count 100000] [--dialect sqlite|postgres] [--runs 30]
 *                             [--explain] [--json] [--keep]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database,
 * e.g. postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
 *
 * What happens:
 *  1. Setup, not timed: `postwire api` on a fresh database migrates it and seeds its first
 *     account (and that account's sender); it is stopped.
 *  2. Seeding, not timed: N messages written straight into the database, 1,000 per
 *     transaction, through the send path's own code: SendPreparer.prepare builds each
 *     message's rows from a send body, as POST /notify/v1/send does, and
 *     insertAcceptedMessages writes them (messages, recipients, queue rows, tags, events) as
 *     the accept commit does. Variety: six kinds of mail (orders, invoices, password resets,
 *     welcomes, digests, sign-in alerts) with their own subjects, tags and HTML; one to three
 *     recipients (to, cc, bcc) out of N/5 addresses at ten domains; acceptance times spread
 *     evenly over the last 30 days. Then each recipient's outcome is written as the delivery
 *     pipeline records it (its state, response, attempts, sent time, and the event): recent
 *     mail partly still queued or deferred, older mail delivered (about 95 %) or bounced.
 *     Not written: the composed MIME the worker stores on messages.mime (the list never reads
 *     it), and the suppression-list entry a hard bounce adds.
 *  3. Timing: `postwire api` again, with LOG_REQUESTS=true. The requests the dashboard's
 *     Messages page makes (web/src/pages/Messages.tsx: GET /notify/v1/messages, pageSize 25,
 *     keyset paging with `after`): the first page, the following pages by key, and each
 *     filter alone. Each request is sent --runs times, one at a time. The server time is the
 *     access log's `ms` for the request (Fastify's reply.elapsedTime: from the request
 *     arriving to the answer sent), found by the x-request-id the bench sends; the client's
 *     round trip over loopback is shown beside it.
 *  4. totalCount: every list answer carries the number of messages the filter matches,
 *     counted by a second query beside the page's (db/listing.ts). The bench times that
 *     count on its own, in this process, on the same database (filteredMessages in
 *     messages.store.ts, the list's own query).
 *
 * --explain prints the query plan of each filter's page and count (EXPLAIN QUERY PLAN on
 * SQLite, EXPLAIN ANALYZE on PostgreSQL). No timing assertions: the exit code is 1 only
 * when the bench could not run or an answer was not what the data says it must be.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type CompiledQuery, sql } from 'kysely';
import { openDatabase, type DbHandle, type Reads } from '../src/db/database.ts';
import { type Principal } from '../src/http/principal.ts';
import { createIdGenerator } from '../src/lib/ids.ts';
import { EventLog, webhookFanOut } from '../src/features/notify/events/event-listeners.ts';
import type { EventRow } from '../src/features/notify/events/events.table.ts';
import { SendPreparer } from '../src/features/notify/messages/messages.prepare.ts';
import type { SendBody } from '../src/features/notify/messages/messages.schemas.ts';
import { DEFAULT_SEND_LIMITS } from '../src/features/notify/messages/messages.send-options.ts';
import { filteredMessages, insertAcceptedMessages, type AcceptedMessage, type MessageFilter } from '../src/features/notify/messages/messages.store.ts';
import type { RecipientState } from '../src/features/notify/messages/messages.table.ts';
import { findLiveSenderByEmail } from '../src/features/notify/senders/senders.store.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import { seededRandom } from '../test/helpers/seeded-random.ts';
import { callApi, logIn, resultOf, startPostwire, stopPostwire, type PostwireProcess } from '../test/helpers/process.ts';

const DAY_MS = 86_400_000;
/** The dashboard's page size (web/src/pages/Messages.tsx). */
const PAGE_SIZE = 25;
const MESSAGES_PER_TRANSACTION = 1000;

interface Options {
  count: number;
  dialect: 'sqlite' | 'postgres';
  runs: number;
  explain: boolean;
  json: boolean;
  keep: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      dialect: { type: 'string', default: 'sqlite' },
      runs: { type: 'string', default: '30' },
      explain: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const int = (name: string, raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1, got "${raw}"`);
    return value;
  };
  if (values.dialect !== 'sqlite' && values.dialect !== 'postgres') throw new Error(`--dialect must be sqlite or postgres, got "${values.dialect}"`);
  return {
    count: int('count', values.count),
    dialect: values.dialect,
    runs: int('runs', values.runs),
    explain: values.explain,
    json: values.json,
    keep: values.keep,
  };
}

// ───────────────────────────── the mail ─────────────────────────────

const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.co.uk', 'web.de', 'orange.fr', 'icloud.com', 'proton.me', 'gmx.de', 'acme-corp.example'];
const FIRST_NAMES = ['alex', 'maria', 'sam', 'chen', 'fatima', 'jonas', 'priya', 'lucas', 'amelie', 'kofi', 'yuki', 'olga'];
const LAST_NAMES = ['smith', 'garcia', 'muller', 'rossi', 'dubois', 'nowak', 'silva', 'tanaka', 'okafor', 'jensen'];
const CITIES = ['Berlin', 'Lisbon', 'Toronto', 'Osaka', 'Nairobi', 'Lyon'];

/** One of the address book's addresses: N/5 of them, so each receives a few messages. */
function address(i: number): { email: string; name: string } {
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const name = `${first[0]!.toUpperCase()}${first.slice(1)} ${last[0]!.toUpperCase()}${last.slice(1)}`;
  return { email: `${first}.${last}${i}@${DOMAINS[i % DOMAINS.length]}`, name };
}

function paragraphs(lines: string[]): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">${lines.map((l) => `<p>${l}</p>`).join('')}<p>The Example Shop team</p></body></html>`;
}

interface Kind {
  share: number;
  tags: string[];
  content(n: number, name: string, pick: () => number): { subject: string; html: string };
}

/** The kinds of transactional mail a shop sends, with the share of each. */
const KINDS: Kind[] = [
  {
    share: 0.3,
    tags: ['order', 'shipping'],
    content: (n, name) => ({
      subject: `Your order #${n} has shipped`,
      html: paragraphs([
        `Hello ${name},`,
        `Your order #${n} left our warehouse today and should arrive within three working days.`,
        ...Array.from({ length: 8 }, (_, i) => `Item ${i + 1}: Widget, size M, €${(10.5 + i).toFixed(2)}`),
        `Track the parcel at <a href="https://shop.example.com/track/${n}">shop.example.com/track/${n}</a>.`,
      ]),
    }),
  },
  {
    share: 0.2,
    tags: ['invoice', 'billing'],
    content: (n, name) => ({
      subject: `Invoice INV-2026-${n} is ready`,
      html: paragraphs([
        `Hello ${name},`,
        `Invoice INV-2026-${n} for your subscription is attached and can be paid online.`,
        ...Array.from({ length: 6 }, (_, i) => `Line ${i + 1}: Plan usage, €${(4.2 * (i + 1)).toFixed(2)}`),
        'Thank you for your business.',
      ]),
    }),
  },
  {
    share: 0.15,
    tags: ['password-reset'],
    content: (n, name) => ({
      subject: 'Reset your password',
      html: paragraphs([
        `Hello ${name},`,
        'Someone asked to reset the password of your account. If it was you, use the link below within an hour.',
        `<a href="https://shop.example.com/reset/${n.toString(36)}">Choose a new password</a>`,
        'If it was not you, ignore this message: your password stays as it is.',
      ]),
    }),
  },
  {
    share: 0.1,
    tags: ['welcome'],
    content: (_n, name) => ({
      subject: `Welcome to Example Shop, ${name.split(' ')[0]}`,
      html: paragraphs([`Hello ${name},`, 'Thank you for signing up. Here is how to get started.', ...Array.from({ length: 5 }, (_, i) => `Step ${i + 1}: …`)]),
    }),
  },
  {
    share: 0.2,
    tags: ['digest'],
    content: (n, name, pick) => ({
      subject: `Your weekly summary: ${1 + Math.floor(pick() * 40)} new items`,
      html: paragraphs([
        `Hello ${name},`,
        'Here is what happened this week.',
        ...Array.from({ length: 10 }, (_, i) => `New: product ${n + i} in your favourite category`),
      ]),
    }),
  },
  {
    share: 0.05,
    tags: ['security'],
    content: (_n, name, pick) => ({
      subject: `New sign-in to your account from ${CITIES[Math.floor(pick() * CITIES.length)]}`,
      html: paragraphs([`Hello ${name},`, 'Your account was signed in to from a new device. If it was not you, change your password now.']),
    }),
  },
];

function pickKind(r: number): Kind {
  let sum = 0;
  for (const kind of KINDS) {
    sum += kind.share;
    if (r < sum) return kind;
  }
  return KINDS[KINDS.length - 1]!;
}

/** What became of a recipient by now: recent mail may still wait, older mail is done. */
function outcomeFor(ageMs: number, r: number): RecipientState {
  if (ageMs < 3_600_000) return r < 0.6 ? 'queued' : r < 0.98 ? 'delivered' : 'deferred';
  if (ageMs < 3 * DAY_MS) return r < 0.94 ? 'delivered' : r < 0.985 ? 'bounced' : 'deferred';
  return r < 0.955 ? 'delivered' : 'bounced';
}

const RESPONSES: Partial<Record<RecipientState, (email: string) => string>> = {
  delivered: () => '250 2.0.0 OK: queued',
  bounced: (email) => `550 5.1.1 <${email}>: Recipient address rejected: User unknown in virtual mailbox table`,
  deferred: () => '451 4.7.1 Greylisted, please try again later',
};

// ───────────────────────────── seeding ─────────────────────────────

interface Seeded {
  accountId: string;
  /** Facts of the data the cases below look for, to check their answers. */
  recipientProbe: string;
  recipientProbeCount: number;
  rareSubject: string;
  dayStart: number;
  seconds: number;
}

/**
 * Outcome events get ids of their own sequence: the send path's ids (lib/ids.ts) never go
 * back in time, and an outcome a few seconds after one message must not push the next
 * message's id forward.
 */
const outcomeEventId = createIdGenerator();

/** The recipients' outcomes, written on the accepted rows as the pipeline would record them. */
function withOutcomes(accepted: AcceptedMessage, now: number, pick: () => number): AcceptedMessage {
  const at = accepted.message.created_at;
  const events: EventRow[] = [...accepted.events];
  const pending = new Set<string>();
  const recipients = accepted.recipients.map((r) => {
    const state = outcomeFor(now - at, pick());
    if (state === 'queued') {
      pending.add(r.id);
      return r;
    }
    if (state === 'deferred') pending.add(r.id);
    const done = at + 500 + Math.floor(pick() * 4000);
    const response = RESPONSES[state]!(r.email);
    const attempts = state === 'deferred' ? 1 + Math.floor(pick() * 3) : 1;
    events.push({
      id: outcomeEventId(done),
      account_id: r.account_id,
      message_id: r.message_id,
      recipient_id: r.id,
      email: r.email,
      type: state as 'delivered' | 'bounced' | 'deferred',
      details: JSON.stringify({ response, attempt: attempts }),
      created_at: done,
    });
    return { ...r, state, last_response: response, attempts, sent_at: state === 'delivered' ? done : null, updated_at: done };
  });
  return { ...accepted, recipients, jobs: accepted.jobs.filter((j) => pending.has(j.recipientId)), events };
}

async function seed(handle: DbHandle, ownerEmail: string, count: number, say: (line: string) => void): Promise<Seeded> {
  const db = handle.db;
  const owner = await db.selectFrom('users').select(['id', 'account_id']).where('email', '=', ownerEmail).executeTakeFirstOrThrow();
  const principal: Principal = {
    accountId: owner.account_id,
    userId: owner.id,
    credential: 'apiKey',
    sessionId: null,
    apiKeyId: null,
    role: null,
    scopes: ['send'],
  };
  const sender = await findLiveSenderByEmail(db, owner.account_id, ownerEmail.toLowerCase());
  if (!sender) throw new Error(`the seeded account has no sender ${ownerEmail}`);
  // The real preparer; the sender look-up is the account's own sender, read above.
  const preparer = new SendPreparer(db, { usableSender: async () => sender }, DEFAULT_SEND_LIMITS);
  const pick = seededRandom(20).next;
  const addresses = Math.max(10, Math.floor(count / 5));
  const now = Date.now();
  const start = now - 30 * DAY_MS;
  const span = now - start;
  const probe = 7;
  let probeCount = 0;
  let rareSubject = '';
  const started = performance.now();
  let chunk: AcceptedMessage[] = [];
  const seedEvents = new EventLog([webhookFanOut]);
  const flush = async () => {
    const rows = chunk;
    chunk = [];
    // The seed's events reach webhooks' fan-out as an accepted send's would (there are no campaigns here).
    await db.transaction().execute((trx) => insertAcceptedMessages(trx, seedEvents, rows));
  };
  for (let i = 0; i < count; i++) {
    // Evenly spread, oldest first: the send path's ids follow acceptance time.
    const at = Math.floor(start + ((i + pick()) * span) / count);
    const kind = pickKind(pick());
    const n = 40_000 + i;
    const recipientsNo = pick();
    const people = Array.from({ length: recipientsNo < 0.85 ? 1 : recipientsNo < 0.95 ? 2 : 3 }, () => Math.floor(pick() * addresses));
    if (people.includes(probe)) probeCount++;
    const to = address(people[0]!);
    const { subject, html } = kind.content(n, to.name, pick);
    // An order number in the middle of the log: its subject matches one message only.
    if (!rareSubject && kind === KINDS[0] && i >= count / 2) rareSubject = `#${n} `;
    const body = {
      from: { email: ownerEmail, name: 'Example Shop' },
      to: [to],
      ...(people.length > 1 ? { cc: [address(people[1]!)] } : {}),
      ...(people.length > 2 ? { bcc: [address(people[2]!)] } : {}),
      subject,
      htmlContent: html,
      tags: kind.tags,
    } as SendBody;
    chunk.push(withOutcomes(await preparer.prepare(principal, body, at), now, pick));
    if (chunk.length === MESSAGES_PER_TRANSACTION) {
      await flush();
      if ((i + 1) % 20_000 === 0) say(`  … ${(i + 1).toLocaleString('en-US')} messages written`);
    }
  }
  if (chunk.length) await flush();
  const tenDaysAgo = new Date(now - 10 * DAY_MS);
  return {
    accountId: owner.account_id,
    recipientProbe: address(probe).email,
    recipientProbeCount: probeCount,
    rareSubject,
    dayStart: Date.UTC(tenDaysAgo.getUTCFullYear(), tenDaysAgo.getUTCMonth(), tenDaysAgo.getUTCDate()),
    seconds: (performance.now() - started) / 1000,
  };
}

// ───────────────────────────── timing ─────────────────────────────

interface Case {
  name: string;
  /** The query string's filter (besides pageSize and after). */
  query: Record<string, string>;
  /** The same filter as the store takes it, for the count and EXPLAIN. */
  filter: MessageFilter;
  /** Follow the pages by key: each run asks for the page after the previous one's last id. */
  walk?: boolean;
}

function cases(s: Seeded): Case[] {
  const dayEnd = s.dayStart + DAY_MS - 1;
  const iso = (ms: number) => new Date(ms).toISOString();
  return [
    { name: 'first page, no filter', query: {}, filter: {} },
    { name: 'next pages by key (after=)', query: {}, filter: {}, walk: true },
    { name: `recipient (${s.recipientProbeCount} messages)`, query: { recipient: s.recipientProbe.toUpperCase() }, filter: { recipient: s.recipientProbe } },
    { name: 'subject contains "invoice" (~20 %)', query: { subject: 'invoice' }, filter: { subject: 'invoice' } },
    { name: `subject contains "${s.rareSubject.trim()}" (1 message)`, query: { subject: s.rareSubject }, filter: { subject: s.rareSubject } },
    { name: 'tag invoice (~20 %)', query: { tag: 'invoice' }, filter: { tag: 'invoice' } },
    { name: 'tag security (~5 %)', query: { tag: 'security' }, filter: { tag: 'security' } },
    { name: 'state delivered (~95 %)', query: { state: 'delivered' }, filter: { state: 'delivered' } },
    { name: 'state bounced (~4 %)', query: { state: 'bounced' }, filter: { state: 'bounced' } },
    { name: 'state queued (last hour)', query: { state: 'queued' }, filter: { state: 'queued' } },
    {
      name: 'date range, one day',
      query: { since: iso(s.dayStart), until: iso(dayEnd) },
      filter: { sinceMs: s.dayStart, untilMs: dayEnd },
    },
  ];
}

interface Timing {
  name: string;
  load1: number;
  serverMs: number[];
  clientMs: number[];
  rows: number;
  totalCount: number;
  countMs: number[];
}

function percentile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/** The access log's time for the request with this id (LOG_REQUESTS=true). */
async function loggedMs(api: PostwireProcess, requestId: string): Promise<number> {
  const needle = `"reqId":"${requestId}"`;
  for (let i = 0; i < 500; i++) {
    const at = api.stdout.indexOf(needle);
    if (at !== -1) {
      const line = api.stdout.slice(api.stdout.lastIndexOf('\n', at) + 1, api.stdout.indexOf('\n', at));
      return (JSON.parse(line) as { ms: number }).ms;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`no access-log line for request ${requestId}`);
}

let requests = 0;

async function timeCase(api: PostwireProcess, token: string, reads: Reads, accountId: string, c: Case, runs: number): Promise<Timing> {
  const timing: Timing = { name: c.name, load1: os.loadavg()[0]!, serverMs: [], clientMs: [], rows: 0, totalCount: 0, countMs: [] };
  let after: string | undefined;
  for (let i = 0; i < runs; i++) {
    const params = new URLSearchParams({ ...c.query, pageSize: String(PAGE_SIZE), ...(after ? { after } : {}) });
    const requestId = `bench-messages-${++requests}`;
    const started = performance.now();
    const reply = await callApi(api.url, `/notify/v1/messages?${params}`, { token, headers: { 'x-request-id': requestId } });
    timing.clientMs.push(performance.now() - started);
    const list = resultOf(reply, 200) as { items: { id: string }[]; totalCount: number };
    timing.serverMs.push(await loggedMs(api, requestId));
    timing.rows = list.items.length;
    timing.totalCount = list.totalCount;
    if (c.walk) after = list.items.at(-1)?.id;
  }
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await filteredMessages(reads, accountId, c.filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    timing.countMs.push(performance.now() - started);
  }
  return timing;
}

/** The plan of a filter's page and count query on this dialect. */
async function explain(db: Reads, dialect: Options['dialect'], accountId: string, c: Case): Promise<string> {
  const base = filteredMessages(db, accountId, c.filter);
  const queries: [string, CompiledQuery][] = [
    ['page', base.select('id').orderBy(sql.ref('id'), 'desc').limit(PAGE_SIZE).compile()],
    ['count', base.select((eb) => eb.fn.countAll().as('n')).compile()],
  ];
  const out: string[] = [];
  for (const [what, query] of queries) {
    const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers) ';
    const { rows } = await db.executeQuery<Record<string, unknown>>({ ...query, sql: prefix + query.sql });
    const lines = rows.map((r) => (dialect === 'sqlite' ? `${'  '.repeat(Number(r.parent) ? 2 : 1)}${r.detail}` : `  ${r['QUERY PLAN']}`));
    out.push(`  ${what}:`, ...lines.map((l) => `  ${l}`));
  }
  return out.join('\n');
}

// ───────────────────────────── main ─────────────────────────────

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<number> {
  let options: Options;
  try {
    options = readOptions();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const say = (line = '') => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  if (options.dialect === 'postgres') {
    const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!server) {
      process.stderr.write('--dialect postgres needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\n');
      return 2;
    }
    // The fresh-database helper of the tests reads the server from TEST_DATABASE_URL.
    process.env.TEST_DATABASE_URL = server;
  }
  const cpus = os.cpus();
  say(
    `Message list benchmark: ${options.count.toLocaleString('en-US')} messages, ${options.dialect}, ${options.runs} runs per request, pageSize ${PAGE_SIZE}.`,
  );
  say(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );
  const db: TestDatabase = await createTestDatabase(options.dialect);
  const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl };
  let failed = false;
  try {
    const setup = await startPostwire('api', env);
    const credentials = setup.credentials!;
    await stopPostwire(setup);

    say(`1. Seeding ${options.count.toLocaleString('en-US')} messages (${MESSAGES_PER_TRANSACTION} per transaction) …`);
    let seeded: Seeded;
    let handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    try {
      seeded = await seed(handle, credentials.email, options.count, say);
      // Fresh statistics for PostgreSQL's planner, as autovacuum would gather soon after such a load.
      if (options.dialect === 'postgres') await sql`analyze`.execute(handle.db);
    } finally {
      await handle.close();
    }
    say(`  done in ${fmt(seeded.seconds)} s (not part of the figures).`);

    const api = await startPostwire('api', { ...env, LOG_LEVEL: 'info', LOG_REQUESTS: 'true' });
    handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    const timings: Timing[] = [];
    try {
      const token = await logIn(api, credentials);
      say('2. Timing GET /notify/v1/messages …');
      for (const c of cases(seeded)) {
        const t = await timeCase(api, token, handle.longReads, seeded.accountId, c, options.runs);
        timings.push(t);
        if (options.explain) say(`${c.name}\n${await explain(handle.longReads, options.dialect, seeded.accountId, c)}`);
      }
    } finally {
      await handle.close();
      await stopPostwire(api);
    }

    // What the answers must be, from what was written.
    const problems: string[] = [];
    const byName = (prefix: string) => timings.find((t) => t.name.startsWith(prefix))!;
    if (byName('first page').totalCount !== options.count)
      problems.push(`the unfiltered totalCount is ${byName('first page').totalCount}, not ${options.count}`);
    if (byName('recipient').totalCount !== seeded.recipientProbeCount)
      problems.push(`the recipient filter found ${byName('recipient').totalCount} messages, not ${seeded.recipientProbeCount}`);
    if (byName('subject contains "#').totalCount !== 1) problems.push(`the rare subject matched ${byName('subject contains "#').totalCount} messages, not 1`);
    if (timings.some((t) => t.rows > PAGE_SIZE || t.rows > t.totalCount)) problems.push('a page had more rows than it may');

    say('');
    say(
      `Server time = the access log's ms (Fastify's reply.elapsedTime); client = round trip over loopback; count = the totalCount query alone, in this process. Milliseconds; load1 when the case began.`,
    );
    say('  request                                    server p50    p95    max   client p50   count p50    p95   rows  totalCount  load1');
    for (const t of timings) {
      say(
        `  ${t.name.padEnd(42)} ${fmt(percentile(t.serverMs, 0.5)).padStart(10)} ${fmt(percentile(t.serverMs, 0.95)).padStart(6)} ${fmt(Math.max(...t.serverMs)).padStart(6)} ` +
          `${fmt(percentile(t.clientMs, 0.5)).padStart(12)} ${fmt(percentile(t.countMs, 0.5)).padStart(11)} ${fmt(percentile(t.countMs, 0.95)).padStart(6)} ` +
          `${String(t.rows).padStart(6)} ${t.totalCount.toLocaleString('en-US').padStart(11)} ${t.load1.toFixed(2).padStart(6)}`,
      );
    }
    for (const p of problems) say(`  CHECK FAILED: ${p}`);
    failed = problems.length > 0;
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({
          count: options.count,
          dialect: options.dialect,
          runs: options.runs,
          seedSeconds: seeded.seconds,
          cases: timings.map((t) => ({
            name: t.name,
            serverMs: { p50: percentile(t.serverMs, 0.5), p95: percentile(t.serverMs, 0.95), max: Math.max(...t.serverMs) },
            clientMsP50: percentile(t.clientMs, 0.5),
            countMs: { p50: percentile(t.countMs, 0.5), p95: percentile(t.countMs, 0.95) },
            rows: t.rows,
            totalCount: t.totalCount,
            load1: t.load1,
          })),
          problems,
        })}\n`,
      );
    }
  } catch (error) {
    failed = true;
    process.stderr.write(`\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n`);
  } finally {
    if (options.keep) say(`Kept DATA_DIR ${db.dataDir}${db.databaseUrl ? ` and ${db.databaseUrl}` : ''}`);
    else await db.drop().catch((error) => process.stderr.write(`Could not drop the bench database: ${(error as Error).message}\n`));
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();

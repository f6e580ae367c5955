/**
 * The body purge under a steady send load.
 *
 *   npm run bench:purge -- [--messages 1000000] [--rate 50] [--seconds 20] [--age-days 40] [--dialect sqlite|postgres] [--in-server]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database).
 *
 *  1. Setup, not timed: `postwire start` on a fresh database migrates it and seeds its first
 *     account; it is stopped. Then N messages are written straight into the database, made
 *     40 days ago (--age-days), each delivered to one recipient with its two events, a 2 KB
 *     HTML body and its composed MIME (what a delivered transactional message keeps). Past
 *     the metadata retention (400 days by default: --age-days 401) the purge deletes the
 *     messages too, after clearing their bodies.
 *     The seed is on the disk before the next step (a sync; a CHECKPOINT on PostgreSQL).
 *  2. Idle: `postwire start` again (capture transport, the purge's own schedule a day away);
 *     --rate sends per second, one POST /notify/v1/send each, for --seconds; the latency
 *     of each answer is kept.
 *  3. Purge: the same load, and in this process the purge (RetentionPurge, the job runner's
 *     own code, on its own connection, as `postwire jobs` runs it beside `postwire api`)
 *     clears the N bodies, then gives the space back (SQLite). With --in-server the server
 *     runs it instead, as `postwire start` does, on the connection its sends use: the bench
 *     queues the purge's job, and again after each run that stopped at its time budget, and
 *     reads what it held from the server's metrics (postwire_purge_*): the quantiles are
 *     then a histogram bucket's bound, the longest and the count over 50 ms exact.
 *     Each purge transaction and vacuum step's hold of the writer is measured as the purge
 *     measures it (db/writer-hold.ts): on SQLite in the SQLite thread, from the
 *     moment BEGIN has the write lock to the end of COMMIT (not the wait for the lock, nor
 *     the event loop of the purge's process); on PostgreSQL from BEGIN
 *     sent to COMMIT answered. The load runs until the purge is done (at least --seconds).
 *  Printed: the purge rate (bodies per second), the longest writer hold, the send p50/p99
 *  idle and during the purge, the database size before and after and the SQLite pages still
 *  free (the vacuum did not finish when more than a few). With PURGE_HOLDS_FILE
 *  set (not with --in-server), each hold is appended to that file as a line `kind size ms`.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Insertable, sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/schema.ts';
import { openDatabase, type DbHandle } from '../src/db/database.ts';
import { freePages } from '../src/db/space.ts';
import { PURGE_TASK, RetentionPurge, retentionSettings } from '../src/features/system/retention/retention.service.ts';
import { enqueueJob } from '../src/queue/jobs.ts';
import { createIdGenerator } from '../src/lib/ids.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { callApi, logIn, resultOf, startPostwire, stopPostwire, type PostwireProcess } from '../test/helpers/process.ts';

const DAY_MS = 86_400_000;
const PER_TRANSACTION = 500;
/** The server's /metrics, read with --in-server. */
const METRICS_TOKEN = 'bench-purge-metrics-token';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'age-days': { type: 'string', default: '40' },
    dialect: { type: 'string', default: 'sqlite' },
    'in-server': { type: 'boolean', default: false },
  },
});
const N = Number(values.messages);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const AGE_DAYS = Number(values['age-days']);
const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
const IN_SERVER = values['in-server'];
const say = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const HTML = `<html><body><h1>Your order</h1>${'<p>Thank you for your order. It is on its way and will arrive soon.</p>'.repeat(28)}</body></html>`;
const MIME = (to: string) =>
  `From: Shop <shop@example.com>\r\nTo: ${to}\r\nSubject: Your order\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n${'Thank you for your order. '.repeat(40)}\r\n--b\r\nContent-Type: text/html\r\n\r\n${HTML}\r\n--b--\r\n`;

async function seed(handle: DbHandle, email: string): Promise<void> {
  const db = handle.db;
  const owner = await db.selectFrom('users').select('account_id').where('email', '=', email).executeTakeFirstOrThrow();
  const sender = await db.selectFrom('senders').select('id').where('account_id', '=', owner.account_id).executeTakeFirstOrThrow();
  const made = Date.now() - AGE_DAYS * DAY_MS;
  // Ids of their own time, from a sequence of their own: the server's later ids stay newer.
  const id = createIdGenerator();
  const started = performance.now();
  for (let done = 0; done < N; done += PER_TRANSACTION) {
    const n = Math.min(PER_TRANSACTION, N - done);
    const messages: Insertable<Database['messages']>[] = [];
    const recipients: Insertable<Database['message_recipients']>[] = [];
    const events: Insertable<Database['events']>[] = [];
    for (let i = 0; i < n; i++) {
      const at = made + done + i;
      const messageId = id(at);
      const recipientId = id(at);
      const to = `reader${(done + i) % 10_000}@example.net`;
      messages.push({
        id: messageId,
        account_id: owner.account_id,
        sender_id: sender.id,
        from_email: 'shop@example.com',
        from_name: 'Shop',
        subject: 'Your order',
        html_content: HTML,
        message_id_header: `<${messageId}@example.com>`,
        mime: MIME(to),
        recipient_count: 1,
        text_content: null,
        reply_to: null,
        headers: null,
        tags: null,
        metadata: null,
        attachments: null,
        scheduled_at: null,
        template_id: null,
        created_at: at,
        updated_at: at,
        create_user_id: null,
        update_user_id: null,
        deleted_at: null,
      });
      recipients.push({
        id: recipientId,
        message_id: messageId,
        account_id: owner.account_id,
        position: 0,
        email: to,
        name: '',
        state: 'delivered' as const,
        content: null,
        mime: null,
        last_response: '250 OK',
        sent_at: at,
        first_opened_at: null,
        created_at: at,
        updated_at: at,
      });
      for (const type of ['accepted', 'delivered'] as const)
        events.push({
          id: id(at),
          account_id: owner.account_id,
          message_id: messageId,
          recipient_id: recipientId,
          email: to,
          type,
          details: '{}',
          created_at: at,
        });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i += 100)
        await trx
          .insertInto('messages')
          .values(messages.slice(i, i + 100))
          .execute();
      for (let i = 0; i < n; i += 100)
        await trx
          .insertInto('message_recipients')
          .values(recipients.slice(i, i + 100))
          .execute();
      for (let i = 0; i < 2 * n; i += 200)
        await trx
          .insertInto('events')
          .values(events.slice(i, i + 200))
          .execute();
    });
    if ((done / PER_TRANSACTION) % 200 === 0 && done > 0) say(`  ${done.toLocaleString('en-US')} seeded (${fmt((performance.now() - started) / 1000)} s)`);
  }
  if (dialect === 'postgres') await sql`analyze`.execute(db);
}

async function databaseBytes(handle: DbHandle, dataDir: string): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(handle.db);
    return Number(rows[0]!.bytes);
  }
  return fs.statSync(path.join(dataDir, 'postwire.db')).size;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** --rate sends per second until `until()` says stop (and at least --seconds); each answer's latency, ms. */
async function sendLoad(api: PostwireProcess, token: string, from: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let i = 0; ; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (performance.now() - started >= SECONDS * 1000 && until()) break;
    const t0 = performance.now();
    const request = callApi(api.url, '/notify/v1/send', {
      token,
      json: { from: { email: from }, to: [{ email: `load${i}@example.net` }], subject: 'Load', htmlContent: HTML },
    }).then((reply) => {
      resultOf(reply, 200);
      latencies.push(performance.now() - t0);
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
  return latencies.sort((a, b) => a - b);
}

interface PurgeOutcome {
  bodies: number;
  deleted: number;
  pagesFreed: number;
  seconds: number;
  /** The writer holds: quantiles as printed (exact here, a bucket's bound from the server's metrics). */
  holds: { count: number; p50: string; p99: string; longest: number; over50: number; byKind: string };
}

/** A purge under way: `done` turns true when it has ended, whatever its end. */
interface RunningPurge {
  readonly done: boolean;
  report: Promise<PurgeOutcome>;
}

function running(work: () => Promise<PurgeOutcome>): RunningPurge {
  let done = false;
  const report = work().finally(() => {
    done = true;
  });
  return {
    get done() {
      return done;
    },
    report,
  };
}

/** The purge in this process, on a connection of its own: as `postwire jobs` beside `postwire api` runs it. */
function purgeHere(handle: DbHandle): RunningPurge {
  const holds: number[] = [];
  const longest = new Map<string, { ms: number; size: number }>();
  const purge = RetentionPurge.of(
    handle,
    // The configuration's defaults, given an hour: one run clears every body.
    { ...retentionSettings(loadConfig({})), intervalMs: DAY_MS, budgetMs: 3_600_000 },
    Date,
    {
      purgeStep(what, ms, size) {
        holds.push(ms);
        if (process.env.PURGE_HOLDS_FILE) fs.appendFileSync(process.env.PURGE_HOLDS_FILE, `${what} ${size} ${ms.toFixed(1)}\n`);
        if (ms > (longest.get(what)?.ms ?? -1)) longest.set(what, { ms, size });
      },
      purgeRunEnded() {},
    },
  );
  return running(async () => {
    const t0 = performance.now();
    const report = await purge.run();
    const seconds = (performance.now() - t0) / 1000;
    holds.sort((a, b) => a - b);
    return {
      bodies: report.bodies,
      deleted: report.messages,
      pagesFreed: report.pagesFreed,
      seconds,
      holds: {
        count: holds.length,
        p50: fmt(quantile(holds, 0.5)),
        p99: fmt(quantile(holds, 0.99)),
        longest: holds.at(-1) ?? 0,
        over50: holds.filter((ms) => ms > 50).length,
        byKind: `longest ${[...longest].map(([what, l]) => `${what} ${fmt(l.ms)} ms (batch of ${l.size})`).join(', ')}`,
      },
    };
  });
}

/**
 * The purge in the server, on the connection its sends use, as `postwire start` runs it: its job queued
 * now, again after each run that stopped at its time budget, until one completes. What it
 * held is read from the server's metrics (postwire_purge_*).
 */
function purgeInServer(api: PostwireProcess, handle: DbHandle): RunningPurge {
  return running(async () => {
    const t0 = performance.now();
    for (let run = 0; ; run++) {
      const runsBefore = sumOf(await scrape(api), 'postwire_purge_runs_total');
      await enqueueJob(handle.db, { task: PURGE_TASK, payload: null, key: `bench:purge:${run}` });
      let metrics: string;
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        metrics = await scrape(api);
      } while (sumOf(metrics, 'postwire_purge_runs_total') === runsBefore);
      if (sumOf(metrics, 'postwire_purge_runs_total{complete="true"}') === 0) continue;
      const removed = (what: string) => sumOf(metrics, `postwire_purge_removed_total{what="${what}"}`);
      // Cumulative buckets over every step; le="0.05" is a bound, so "over 50 ms" is exact.
      const buckets = new Map<number, number>();
      // Per step: all its holds (le="+Inf") and those within 50 ms (le="0.05").
      const allByStep = new Map<string, number>();
      const within50ByStep = new Map<string, number>();
      for (const [, labels, count] of metrics.matchAll(/^postwire_purge_hold_seconds_bucket\{([^}]*)\} (\S+)$/gm)) {
        const bound = /le="([^"]+)"/.exec(labels!)?.[1];
        const le = bound === '+Inf' ? Number.POSITIVE_INFINITY : Number(bound);
        buckets.set(le, (buckets.get(le) ?? 0) + Number(count));
        const step = /step="([^"]+)"/.exec(labels!)?.[1] ?? '';
        if (le === 0.05) within50ByStep.set(step, Number(count));
        if (le === Number.POSITIVE_INFINITY) allByStep.set(step, Number(count));
      }
      const over50ByStep = [...allByStep].map(([step, all]) => `${step} ${all - (within50ByStep.get(step) ?? 0)}`);
      const count = buckets.get(Number.POSITIVE_INFINITY) ?? 0;
      const bound = (q: number) => {
        const le = [...buckets.keys()].sort((a, b) => a - b).find((b) => buckets.get(b)! >= q * count);
        return le === undefined || le === Number.POSITIVE_INFINITY ? 'over 2,500' : `≤ ${le * 1000}`;
      };
      return {
        bodies: removed('bodies'),
        deleted: removed('messages'),
        pagesFreed: removed('pagesFreed'),
        seconds: (performance.now() - t0) / 1000,
        holds: {
          count,
          p50: bound(0.5),
          p99: bound(0.99),
          longest: sumOf(metrics, 'postwire_purge_longest_hold_seconds') * 1000,
          over50: count - (buckets.get(0.05) ?? 0),
          byKind: `over 50 ms ${over50ByStep.join(', ')}`,
        },
      };
    }
  });
}

async function scrape(api: PostwireProcess): Promise<string> {
  const reply = await callApi(api.url, '/metrics', { token: METRICS_TOKEN });
  if (reply.status !== 200) throw new Error(`GET /metrics answered ${reply.status}`);
  return reply.text;
}

/** The sum of the series whose name and labels start with `series`. */
function sumOf(metrics: string, series: string): number {
  let sum = 0;
  for (const line of metrics.split('\n')) {
    if (!line.startsWith(series)) continue;
    const rest = line.slice(series.length);
    if (rest.startsWith(' ') || rest.startsWith('{')) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

async function main(): Promise<void> {
  if (dialect === 'postgres') {
    const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('--dialect postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
    process.env.TEST_DATABASE_URL = server;
  }
  say(`bench:purge, ${dialect}, ${N.toLocaleString('en-US')} messages, ${RATE} sends/s; ${os.cpus().length} CPUs, Node ${process.version}`);
  const db = await createTestDatabase(dialect);
  const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, PURGE_INTERVAL_SECONDS: '86400', METRICS_TOKEN };
  try {
    const setup = await startPostwire('start', env);
    const credentials = setup.credentials!;
    await stopPostwire(setup);
    let handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    const seedStarted = performance.now();
    try {
      await seed(handle, credentials.email);
      if (dialect === 'postgres') await sql`checkpoint`.execute(handle.db);
    } finally {
      await handle.close();
    }
    // The seed's gigabytes on the disk before the idle run: written back while it runs, they
    // made its p99 many times a quiet one's.
    if (dialect === 'sqlite') {
      const file = fs.openSync(path.join(db.dataDir, 'postwire.db'), 'r+');
      fs.fsyncSync(file);
      fs.closeSync(file);
    }
    say(`1. Seeded in ${fmt((performance.now() - seedStarted) / 1000)} s.`);

    const api = await startPostwire('start', env);
    handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    try {
      const token = await logIn(api, credentials);
      const sizeBefore = await databaseBytes(handle, db.dataDir);
      const idle = await sendLoad(api, token, credentials.email, () => true);
      say(`2. Idle: ${idle.length} sends, p50 ${fmt(quantile(idle, 0.5))} ms, p99 ${fmt(quantile(idle, 0.99))} ms.`);

      const purge = IN_SERVER ? purgeInServer(api, handle) : purgeHere(handle);
      const during = await sendLoad(api, token, credentials.email, () => purge.done);
      const { bodies, deleted, pagesFreed, seconds, holds } = await purge.report;
      const sizeAfter = await databaseBytes(handle, db.dataDir);
      say(
        `3. Purge: ${bodies.toLocaleString('en-US')} bodies${deleted ? ` and ${deleted.toLocaleString('en-US')} messages` : ''} in ${fmt(seconds)} s, ${fmt(bodies / seconds, 0)} bodies/s; ${holds.count} transactions and vacuum steps,`,
      );
      say(
        `   writer held p50 ${holds.p50} ms, p99 ${holds.p99} ms, longest ${fmt(holds.longest)} ms, ${holds.over50} over 50 ms; ${pagesFreed.toLocaleString('en-US')} pages given back.`,
      );
      say(`   By kind: ${holds.byKind}.`);
      say(
        `   Sends during the purge: ${during.length}, p50 ${fmt(quantile(during, 0.5))} ms, p99 ${fmt(quantile(during, 0.99))} ms (${fmt(quantile(during, 0.99) / quantile(idle, 0.99), 2)} × idle p99).`,
      );
      say(
        `   Database: ${fmt(sizeBefore / 1e6)} MB before, ${fmt(sizeAfter / 1e6)} MB after; ${(await freePages(handle.db, dialect)).toLocaleString('en-US')} pages still free.`,
      );
      if (bodies < N) throw new Error(`only ${bodies} of ${N} bodies were purged`);
    } finally {
      await handle.close();
      await stopPostwire(api);
    }
  } finally {
    await db.drop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});

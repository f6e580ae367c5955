/**
 * The body purge under a steady send load.
 *
 *   npm run bench:purge -- [--messages 1000000] [--rate 50] [--seconds 20] [--age-days 40] [--dialect sqlite|postgres]
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
 *     own code, on its own connection) clears the N bodies, then gives the space back
 *     (SQLite). Each purge transaction and vacuum step's hold of the writer is measured as
 *     the purge measures it (db/writer-hold.ts): on SQLite in the SQLite thread, from the
 *     moment BEGIN has the write lock to the end of COMMIT (not the wait for the lock, which
 *     here is the server process's, nor this process's event loop); on PostgreSQL from BEGIN
 *     sent to COMMIT answered. The load runs until the purge is done (at least --seconds).
 *  Printed: the purge rate (bodies per second), the longest writer hold, the send p50/p99
 *  idle and during the purge, the database size before and after and the SQLite pages still
 *  free (the vacuum did not finish when more than a few). With PURGE_HOLDS_FILE
 *  set, each hold is appended to that file as a line `kind size ms`.
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
import { RetentionPurge, retentionSettings } from '../src/features/system/retention/retention.service.ts';
import { createIdGenerator } from '../src/lib/ids.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { callApi, logIn, resultOf, startPostwire, stopPostwire, type PostwireProcess } from '../test/helpers/process.ts';

const DAY_MS = 86_400_000;
const PER_TRANSACTION = 500;

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'age-days': { type: 'string', default: '40' },
    dialect: { type: 'string', default: 'sqlite' },
  },
});
const N = Number(values.messages);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const AGE_DAYS = Number(values['age-days']);
const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
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

async function main(): Promise<void> {
  if (dialect === 'postgres') {
    const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('--dialect postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
    process.env.TEST_DATABASE_URL = server;
  }
  say(`bench:purge, ${dialect}, ${N.toLocaleString('en-US')} messages, ${RATE} sends/s; ${os.cpus().length} CPUs, Node ${process.version}`);
  const db = await createTestDatabase(dialect);
  const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, PURGE_INTERVAL_SECONDS: '86400' };
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

      const holds: number[] = [];
      const longest = new Map<string, { ms: number; size: number }>();
      const purge = RetentionPurge.of(
        handle,
        // The configuration's defaults, given an hour: one run clears every body.
        { ...retentionSettings(loadConfig({})), intervalMs: DAY_MS, budgetMs: 3_600_000 },
        Date,
        (ms, what, size) => {
          holds.push(ms);
          if (process.env.PURGE_HOLDS_FILE) fs.appendFileSync(process.env.PURGE_HOLDS_FILE, `${what} ${size} ${ms.toFixed(1)}\n`);
          if (ms > (longest.get(what)?.ms ?? -1)) longest.set(what, { ms, size });
        },
      );
      let purging = true;
      let purgeSeconds = 0;
      let bodies = 0;
      let deleted = 0;
      let pagesFreed = 0;
      const purgeRun = (async () => {
        const t0 = performance.now();
        try {
          const report = await purge.run();
          bodies = report.bodies;
          deleted = report.messages;
          pagesFreed = report.pagesFreed;
        } finally {
          purgeSeconds = (performance.now() - t0) / 1000;
          purging = false;
        }
      })();
      const during = await sendLoad(api, token, credentials.email, () => !purging);
      await purgeRun;
      holds.sort((a, b) => a - b);
      const sizeAfter = await databaseBytes(handle, db.dataDir);
      say(
        `3. Purge: ${bodies.toLocaleString('en-US')} bodies${deleted ? ` and ${deleted.toLocaleString('en-US')} messages` : ''} in ${fmt(purgeSeconds)} s, ${fmt(bodies / purgeSeconds, 0)} bodies/s; ${holds.length} transactions and vacuum steps,`,
      );
      say(
        `   writer held p50 ${fmt(quantile(holds, 0.5))} ms, p99 ${fmt(quantile(holds, 0.99))} ms, longest ${fmt(holds.at(-1) ?? 0)} ms; ${pagesFreed.toLocaleString('en-US')} pages given back.`,
      );
      say(`   Longest by kind: ${[...longest].map(([what, l]) => `${what} ${fmt(l.ms)} ms (batch of ${l.size})`).join(', ')}.`);
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

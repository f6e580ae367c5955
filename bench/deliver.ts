/**
 * Delivery benchmark (target: a worker hands messages to a local SMTP server at no less
 * than 85 % of the rate of a raw pooled nodemailer loop to the same server).
 *
 *   npm run bench:deliver -- [--count 20000] [--dialect sqlite|postgres] [--pool 5]
 *                            [--max-messages 100] [--concurrency 16] [--batch 100]
 *                            [--accept-connections 32] [--synchronous FULL|NORMAL] [--profile] [--sql-timing] [--pg-statements] [--json] [--keep]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database,
 * e.g. postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
 *
 * What happens:
 *  1. An SMTP sink starts in a child process (bench/deliver-sink.ts): smtp-server on
 *     127.0.0.1, plain SMTP, accepts everything, counts messages per recipient.
 *  2. Acceptance, not timed: `postwire api` (no worker) on a fresh database accepts N
 *     messages of one recipient each (p<i>@bench.example, the same ~2 KB HTML) through
 *     POST /notify/v1/send, as clients would; then it is stopped. The queue now holds N due
 *     rows. Accepting first keeps the API's cost out of the delivery figure: the send path
 *     has its own benchmark (bench/send.ts).
 *  3. Baseline: in this process, one pooled nodemailer transport to the sink with the same
 *     pool size and messages per connection as Postwire, keeping --concurrency sends in
 *     flight (Postwire's WORKER_CONCURRENCY), sends the same N messages (b<i>@bench.example;
 *     nodemailer composes each from the same subject and HTML, as a plain loop would).
 *     Timed from the first send to the last 250.
 *  4. Postwire: `postwire worker` with TRANSPORT=smtp to the sink delivers the queue.
 *     Timed from its "worker started" log line to the last recorded outcome (the latest
 *     updated_at of the recipients): claiming, loading, composing (MIME once per
 *     message), SMTP, and recording every outcome durably (state, event, queue row) are all
 *     inside the figure. The bench watches the queue through the worker's METRICS_PORT.
 *  5. Checks: every recipient of both runs arrived at the sink exactly once, and every
 *     Postwire recipient is `delivered` in the database. RSS of the worker process is
 *     read at its start, its peak (VmHWM) and at the end.
 *
 * --profile runs the worker under `node --cpu-prof` and prints the top functions of the
 * delivery (bench/profile-summary.ts; the profile is kept under .tmp/bench-profiles/). It
 * slows the worker a little: use it to find costs, not for the figures.
 *
 * --sql-timing (SQLite only) preloads bench/sql-timing.mjs into the worker and prints the
 * time its statements took over the delivery, per statement shape (better-sqlite3 runs
 * them on the event loop, so this is time nothing else in the worker could run).
 *
 * --pg-statements (postgres only) preloads bench/pg-statements.mjs into the worker and prints
 * the statements it sent per delivered message and the time each waited for PostgreSQL.
 *
 * No timing assertions: the exit code is 1 only when the bench could not run or a check
 * failed (a message missing or duplicated at the sink, a recipient not delivered).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { CONFIG_SCHEMA } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { htmlToText } from '../src/lib/html-to-text.ts';
import { Child, postwireEnv, ROOT, sleep } from './child.ts';
import { pgStatementsReport } from './pg-statements-report.ts';
import { summariseProfile } from './profile-summary.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import { cpuMs } from './cpu.ts';

const RECIPIENT_DOMAIN = 'bench.example';
const SUBJECT = 'Your order #40213 has shipped';

interface Options {
  count: number;
  dialect: 'sqlite' | 'postgres';
  pool: number;
  maxMessages: number;
  concurrency: number;
  batch: number;
  acceptConnections: number;
  /** SQLITE_SYNCHRONOUS for Postwire; undefined: its default (FULL). */
  synchronous: 'FULL' | 'NORMAL' | undefined;
  profile: boolean;
  sqlTiming: boolean;
  pgStatements: boolean;
  json: boolean;
  keep: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      dialect: { type: 'string' },
      pool: { type: 'string' },
      'max-messages': { type: 'string' },
      concurrency: { type: 'string' },
      batch: { type: 'string' },
      'accept-connections': { type: 'string' },
      synchronous: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'sql-timing': { type: 'boolean', default: false },
      'pg-statements': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      fs
        .readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('*/')[0]!
        .replace(/^\/\*\*\n?/, '')
        .replace(/^ \* ?/gm, '') + '\n',
    );
    process.exit(0);
  }
  const int = (name: string, raw: string | undefined, fallback: string | number) => {
    const value = Number(raw ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1, got "${raw}"`);
    return value;
  };
  const dialect = values.dialect ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`--dialect must be sqlite or postgres, got "${dialect}"`);
  const synchronous = values.synchronous?.toUpperCase();
  if (synchronous !== undefined && synchronous !== 'FULL' && synchronous !== 'NORMAL')
    throw new Error(`--synchronous must be FULL or NORMAL, got "${values.synchronous}"`);
  // Postwire's own defaults unless told otherwise: the baseline gets the same settings.
  return {
    count: int('count', values.count, 20000),
    dialect,
    pool: int('pool', values.pool, CONFIG_SCHEMA.SMTP_POOL_SIZE.default),
    maxMessages: int('max-messages', values['max-messages'], CONFIG_SCHEMA.SMTP_MAX_MESSAGES_PER_CONNECTION.default),
    concurrency: int('concurrency', values.concurrency, CONFIG_SCHEMA.WORKER_CONCURRENCY.default),
    batch: int('batch', values.batch, CONFIG_SCHEMA.WORKER_BATCH_SIZE.default),
    acceptConnections: int('accept-connections', values['accept-connections'], 32),
    synchronous,
    profile: values.profile!,
    sqlTiming: values['sql-timing']!,
    pgStatements: values['pg-statements']!,
    json: values.json!,
    keep: values.keep!,
  };
}

// ───────────────────────────── processes ─────────────────────────────

/** Our environment without any Postwire setting, plus `extra`: only what the bench sets counts. */

/** Where both Postwire processes keep their data, and how durably (SQLite). */
function databaseEnv(options: Options, db: TestDatabase): Record<string, string> {
  return {
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...(options.synchronous ? { SQLITE_SYNCHRONOUS: options.synchronous } : {}),
  };
}

/** The first pino line with this message, parsed. */
function logLine(stdout: string, msg: string): Record<string, any> | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.includes(`"msg":"${msg}"`)) continue;
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** VmRSS and VmHWM (peak) of a process in MiB, from /proc (undefined off Linux). */
function memoryMiB(pid: number | undefined): { rss: number; peak: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)![1]) / 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

// ───────────────────────────── the message ─────────────────────────────

/** A ~2 KB transactional HTML email. */
function orderHtml(): string {
  const rows = Array.from(
    { length: 14 },
    (_, i) =>
      `<tr><td style="padding:4px;border-bottom:1px solid #ddd">Item ${i + 1}: Widget, size M</td><td style="padding:4px;text-align:right">€${(10.5 + i).toFixed(2)}</td></tr>`,
  );
  return (
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222"><h1 style="font-size:20px">Your order #40213 has shipped</h1>' +
    `<p>Hello Alex,</p><p>The items below left our warehouse today.</p><table style="border-collapse:collapse;width:100%">${rows.join('')}</table>` +
    '<p>Track the parcel at <a href="https://shop.example.com/track/40213">shop.example.com/track/40213</a>.</p><p>The Example Shop team</p></body></html>'
  );
}

const recipient = (prefix: string, i: number) => `${prefix}${i}@${RECIPIENT_DOMAIN}`;

/** Runs `task(i)` for i in 0..count-1, at most `lanes` at a time. */
async function inLanes(count: number, lanes: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, count) }, lane));
}

// ───────────────────────────── phases ─────────────────────────────

interface Run {
  seconds: number;
  rate: number;
  /** CPU in % of one core over the run: the sender (Postwire's worker or this process) and the sink. */
  senderCpu: number | undefined;
  sinkCpu: number | undefined;
  /** The sender's CPU time per message, in ms: less sensitive than the rate to other load on the machine. */
  cpuPerMessageMs: number | undefined;
  load1: number;
}

function cpuPercent(before: number | undefined, after: number | undefined, wallMs: number): number | undefined {
  return before === undefined || after === undefined ? undefined : (100 * (after - before)) / wallMs;
}

async function acceptThroughApi(options: Options, db: TestDatabase, html: string, say: (s: string) => void): Promise<void> {
  const api = new Child(
    'postwire api',
    [path.join(ROOT, 'bin/postwire.mjs'), 'api'],
    postwireEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...databaseEnv(options, db),
    }),
  );
  try {
    await api.waitFor((out) => (out.includes('(the password is shown only this once)') ? true : undefined), 60_000, 'seeded credentials');
    const url = api.stdout.match(/API:\s+(\S+)/)![1]!;
    const email = api.stdout.match(/EmailAddress:\s+(\S+)/)![1]!;
    const password = api.stdout.match(/Password:\s+(\S+)/)![1]!;
    const login = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ EmailAddress: email, Password: password }),
    });
    if (login.status !== 200) throw new Error(`POST /token answered ${login.status}: ${await login.text()}`);
    const token = ((await login.json()) as any).resultObject.access_token as string;

    const started = Date.now();
    await inLanes(options.count, options.acceptConnections, async (i) => {
      const response = await fetch(`${url}/notify/v1/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ from: { email, name: 'Example Shop' }, to: [{ email: recipient('p', i) }], subject: SUBJECT, htmlContent: html }),
      });
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(
          `POST /notify/v1/send for ${recipient('p', i)} answered ${response.status}: ${text.slice(0, 300)}\n--- postwire api log ---\n${api.stdout.slice(-2000)}`,
        );
    });
    const seconds = (Date.now() - started) / 1000;
    say(
      `  accepted ${fmt(options.count)} messages in ${fmt(seconds, 1)} s (${fmt(options.count / seconds)}/s, ${options.acceptConnections} connections; not part of the figures)`,
    );
  } finally {
    const code = await api.stop();
    if (code !== 0) say(`  postwire api exited with ${code}: ${api.stderr.slice(-1000)}`);
  }
}

async function runBaseline(options: Options, sink: { port: number; pid: number | undefined }, html: string): Promise<Run> {
  const transport = nodemailer.createTransport({
    pool: true,
    host: '127.0.0.1',
    port: sink.port,
    maxConnections: options.pool,
    maxMessages: options.maxMessages,
  });
  const text = htmlToText(html);
  const load1 = os.loadavg()[0]!;
  const sinkBefore = cpuMs(sink.pid);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  try {
    await inLanes(options.count, options.concurrency, async (i) => {
      await transport.sendMail({ from: '"Example Shop" <shop@bench.example>', to: recipient('b', i), subject: SUBJECT, html, text });
    });
  } finally {
    transport.close();
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    seconds: wallMs / 1000,
    rate: (1000 * options.count) / wallMs,
    load1,
    senderCpu: (100 * (cpu.user + cpu.system)) / 1000 / wallMs,
    sinkCpu: cpuPercent(sinkBefore, cpuMs(sink.pid), wallMs),
    cpuPerMessageMs: (cpu.user + cpu.system) / 1000 / options.count,
  };
}

interface PostwireRun extends Run {
  memory: { start: number | undefined; end: number | undefined; peak: number | undefined };
  states: Record<string, number>;
}

async function runPostwireWorker(
  options: Options,
  db: TestDatabase,
  sink: { port: number; pid: number | undefined },
  say: (s: string) => void,
): Promise<PostwireRun> {
  const load1 = os.loadavg()[0]!;
  const sinkBefore = cpuMs(sink.pid);
  // --cpu-prof may not be set through NODE_OPTIONS, so it goes on the command line.
  const profileDir = path.join(db.dataDir, 'cpu-profile');
  const profileArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const sqlDir = path.join(db.dataDir, 'sql-timing');
  if (options.sqlTiming) {
    if (options.dialect !== 'sqlite') throw new Error('--sql-timing works with the sqlite dialect only.');
    fs.mkdirSync(sqlDir, { recursive: true });
    profileArgs.push('--import', pathToFileURL(path.join(ROOT, 'bench/sql-timing.mjs')).href);
  }
  const statementsFile = path.join(db.dataDir, 'pg-statements.json');
  if (options.pgStatements) {
    if (options.dialect !== 'postgres') throw new Error('--pg-statements works with the postgres dialect only.');
    profileArgs.push('--import', pathToFileURL(path.join(ROOT, 'bench/pg-statements.mjs')).href);
  }
  const worker = new Child(
    'postwire worker',
    [...profileArgs, path.join(ROOT, 'bin/postwire.mjs'), 'worker'],
    postwireEnv({
      ...databaseEnv(options, db),
      ...(options.sqlTiming ? { SQL_TIMING_DIR: sqlDir } : {}),
      ...(options.pgStatements ? { PG_STATEMENTS_FILE: statementsFile } : {}),
      LOG_LEVEL: 'info',
      TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SMTP_POOL_SIZE: String(options.pool),
      SMTP_MAX_MESSAGES_PER_CONNECTION: String(options.maxMessages),
      WORKER_CONCURRENCY: String(options.concurrency),
      WORKER_BATCH_SIZE: String(options.batch),
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
    }),
  );
  let stopped = false;
  try {
    const started = await worker.waitFor((out) => logLine(out, 'worker started'), 60_000, '"worker started" log line');
    const startedAt = started.time as number;
    const cpuStart = cpuMs(worker.proc.pid);
    const window = { fromUs: Number(process.hrtime.bigint() / 1000n), toUs: 0 };
    const memoryStart = memoryMiB(worker.proc.pid);
    const metricsUrl = logLine(worker.stdout, 'metrics served')?.url as string | undefined;
    if (!metricsUrl) throw new Error('the worker did not log its metrics address ("metrics served")');

    // Watch the queue drain; give up only when it stops moving for a minute.
    let last = Number.NaN;
    let lastChange = Date.now();
    let lastReport = Date.now();
    for (;;) {
      const text = await (await fetch(`${metricsUrl}/metrics`)).text();
      const jobs = Number(/^postwire_queue_jobs (\S+)$/m.exec(text)?.[1]);
      if (jobs === 0) break;
      if (jobs !== last) {
        last = jobs;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > 60_000) {
        throw new Error(`the queue has stayed at ${jobs} for a minute; worker stderr:\n${worker.stderr.slice(-2000)}`);
      }
      if (Date.now() - lastReport > 5000) {
        say(`    … ${fmt(options.count - jobs)} of ${fmt(options.count)} delivered`);
        lastReport = Date.now();
      }
      // Not faster: every scrape costs the worker a query and the process metrics,
      // and the end of the run is read from the database, not from when this loop noticed it.
      await sleep(1000);
    }
    const cpuEnd = cpuMs(worker.proc.pid);
    window.toUs = Number(process.hrtime.bigint() / 1000n);
    const memoryEnd = memoryMiB(worker.proc.pid);
    const sinkAfter = cpuMs(sink.pid);
    if (options.sqlTiming) say(await sqlTimingReport(worker, sqlDir, options.count));
    const code = await worker.stop();
    stopped = true;
    if (options.profile) say(keepProfile(profileDir, options, window));
    if (options.pgStatements) say(pgStatementsReport(statementsFile, options.count, 'the worker'));
    if (code !== 0) say(`  postwire worker exited with ${code}: ${worker.stderr.slice(-1000)}`);

    const { finishedAt, states } = await recordedOutcomes(db);
    const wallMs = Math.max(1, finishedAt - startedAt);
    // CPU was read from when this loop saw the start to when it saw the queue empty.
    const observedMs = Math.max(1, (window.toUs - window.fromUs) / 1000);
    return {
      seconds: wallMs / 1000,
      rate: (1000 * options.count) / wallMs,
      load1,
      senderCpu: cpuPercent(cpuStart, cpuEnd, observedMs),
      sinkCpu: cpuPercent(sinkBefore, sinkAfter, observedMs),
      cpuPerMessageMs: cpuStart === undefined || cpuEnd === undefined ? undefined : (cpuEnd - cpuStart) / options.count,
      memory: { start: memoryStart?.rss, end: memoryEnd?.rss, peak: memoryEnd?.peak },
      states,
    };
  } finally {
    if (!stopped) await worker.stop();
  }
}

/** The worker's SQL totals (bench/sql-timing.mjs writes them on SIGUSR2), heaviest first. */
async function sqlTimingReport(worker: Child, dir: string, count: number): Promise<string> {
  const file = path.join(dir, 'sql-1.json');
  worker.proc.kill('SIGUSR2');
  for (let i = 0; i < 400 && !fs.existsSync(file); i++) await sleep(25);
  if (!fs.existsSync(file)) return '  The worker wrote no SQL timing.';
  const stats = (JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: Record<string, { calls: number; ms: number; maxMs: number }> }).stats;
  const rows = Object.entries(stats).sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, v]) => sum + v.ms, 0);
  const lines = rows
    .slice(0, 15)
    .map(
      ([sql, v]) =>
        `  ${fmt(v.ms).padStart(7)} ms ${fmt(v.calls).padStart(8)} calls ${((1000 * v.ms) / v.calls).toFixed(0).padStart(6)} µs/call  ${sql.slice(0, 110)}`,
    );
  return `\nSQL in the worker (whole run, including start-up): ${fmt(total)} ms, ${(total / count).toFixed(3)} ms per message\n${lines.join('\n')}`;
}

/** Copies the worker's CPU profile under .tmp/ (ignored by git) and summarises the delivery window. */
function keepProfile(dir: string, options: Options, window: { fromUs: number; toUs: number }): string {
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
  if (!file) return '  No CPU profile was written.';
  const kept = path.join(ROOT, '.tmp', 'bench-profiles', `deliver-${options.dialect}-${file}`);
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.copyFileSync(path.join(dir, file), kept);
  return `\nCPU profile of the worker while it delivered (${path.relative(ROOT, kept)}):\n${summariseProfile(kept, window, 25)}`;
}

/** When the last outcome was recorded, and how many recipients are in each state (read after the worker stopped). */
async function recordedOutcomes(db: TestDatabase): Promise<{ finishedAt: number; states: Record<string, number> }> {
  const handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    const rows = await handle.db
      .selectFrom('message_recipients')
      .select((eb) => ['state', eb.fn.countAll().as('n'), eb.fn.max('updated_at').as('last')])
      .groupBy('state')
      .execute();
    return {
      finishedAt: Math.max(...rows.map((r) => Number(r.last))),
      states: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])),
    };
  } finally {
    await handle.close();
  }
}

// ───────────────────────────── checks ─────────────────────────────

interface SinkCounts {
  counts: [string, number][];
  connections: number;
  messages: number;
}

function sinkCounts(sink: Child): Promise<SinkCounts> {
  return new Promise((resolve) => {
    sink.proc.once('message', (reply: SinkCounts) => resolve(reply));
    sink.proc.send!({ type: 'counts' });
  });
}

/** Problems with "each of prefix0…prefixN-1 exactly once, nothing else". */
function exactlyOnce(received: Map<string, number>, prefix: string, count: number): string[] {
  const problems: string[] = [];
  let missing = 0;
  let duplicated = 0;
  for (let i = 0; i < count; i++) {
    const n = received.get(recipient(prefix, i)) ?? 0;
    if (n === 0) missing++;
    if (n > 1) duplicated++;
  }
  if (missing) problems.push(`${missing} of the ${prefix}* recipients never arrived`);
  if (duplicated) problems.push(`${duplicated} of the ${prefix}* recipients arrived more than once`);
  return problems;
}

// ───────────────────────────── main ─────────────────────────────

function fmt(n: number | undefined, digits = 0): string {
  if (n === undefined) return '?';
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = readOptions();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nRun with --help for the options.\n`);
    return 2;
  }
  const say = (line = '') => process.stdout.write(line + '\n');
  const cpus = os.cpus();
  say(
    `Delivery benchmark: ${fmt(options.count)} messages of one recipient, ${options.dialect}${options.synchronous ? ` (SQLITE_SYNCHRONOUS=${options.synchronous})` : ''}, ` +
      `SMTP pool ${options.pool} connections × ${options.maxMessages} messages, ${options.concurrency} in flight.`,
  );
  say(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );

  if (options.dialect === 'postgres') {
    // The fresh-database helper of the tests reads the server from TEST_DATABASE_URL.
    const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!server) {
      process.stderr.write(
        '--dialect postgres needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (a fresh database is created there and dropped afterwards).\n',
      );
      return 2;
    }
    process.env.TEST_DATABASE_URL = server;
  }
  const db = await createTestDatabase(options.dialect);
  const sink = new Child('sink', ['--import', 'tsx', path.join(ROOT, 'bench/deliver-sink.ts')], postwireEnv({}), true);
  let failed = false;
  try {
    const port = Number(await sink.waitFor((out) => /LISTENING (\d+)/.exec(out)?.[1], 30_000, 'LISTENING line'));
    const target = { port, pid: sink.proc.pid };
    const html = orderHtml();
    say(`Sink: smtp-server at 127.0.0.1:${port} (pid ${sink.proc.pid}). Message: ${fmt(html.length)} characters of HTML, one recipient.`);

    say('');
    say(`1. Accepting through the API (postwire api, ${options.dialect}) …`);
    await acceptThroughApi(options, db, html, say);

    say('2. Baseline: pooled nodemailer loop in this process …');
    const baseline = await runBaseline(options, target, html);
    say(`  ${fmt(baseline.rate)} messages/s (${fmt(baseline.seconds, 2)} s)`);

    await sleep(1000);
    say('3. Postwire: postwire worker, TRANSPORT=smtp …');
    const postwire = await runPostwireWorker(options, db, target, say);
    say(`  ${fmt(postwire.rate)} messages/s (${fmt(postwire.seconds, 2)} s)`);

    const received = await sinkCounts(sink);
    const counts = new Map(received.counts);
    const problems = [...exactlyOnce(counts, 'b', options.count), ...exactlyOnce(counts, 'p', options.count)];
    const strangers = received.counts.filter(([address]) => !/^[bp]\d+@/.test(address)).length;
    if (strangers) problems.push(`${strangers} unexpected recipients at the sink`);
    if ((postwire.states.delivered ?? 0) !== options.count)
      problems.push(`recipient states in the database: ${JSON.stringify(postwire.states)}, expected ${options.count} delivered`);

    const ratio = postwire.rate / baseline.rate;
    say('');
    say('Results (CPU% = % of one core over the run; load1 = the 1-minute load average when the run started):');
    say('  run        messages/s   seconds   sender CPU%   sender CPU ms/msg   sink CPU%   load1');
    for (const [name, r] of [
      ['baseline', baseline],
      ['postwire', postwire],
    ] as const) {
      say(
        `  ${name.padEnd(10)} ${fmt(r.rate).padStart(10)} ${fmt(r.seconds, 2).padStart(9)} ${fmt(r.senderCpu).padStart(13)} ` +
          `${fmt(r.cpuPerMessageMs, 2).padStart(19)} ${fmt(r.sinkCpu).padStart(11)} ${r.load1.toFixed(2).padStart(7)}`,
      );
    }
    say(`  RATIO postwire/baseline: ${ratio.toFixed(3)}   (target ≥ 0.85)`);
    if (baseline.cpuPerMessageMs && postwire.cpuPerMessageMs) {
      say(
        `  CPU per message, baseline/postwire: ${(baseline.cpuPerMessageMs / postwire.cpuPerMessageMs).toFixed(3)} ` +
          `(what the ratio would be if both were CPU-bound on one core; blind to time spent waiting for the disk).`,
      );
    }
    say(
      `  Postwire worker RSS: ${fmt(postwire.memory.start, 1)} MiB at start, ${fmt(postwire.memory.end, 1)} MiB at the end, peak ${fmt(postwire.memory.peak, 1)} MiB.`,
    );
    say(`  Sink: ${fmt(received.messages)} messages over ${fmt(received.connections)} connections.`);
    if (problems.length) {
      failed = true;
      for (const p of problems) say(`  CHECK FAILED: ${p}`);
    } else {
      say(`  OK: all ${fmt(2 * options.count)} messages arrived exactly once; all ${fmt(options.count)} Postwire recipients are delivered.`);
    }
    if (options.json) {
      say(
        JSON.stringify({
          count: options.count,
          dialect: options.dialect,
          pool: options.pool,
          maxMessages: options.maxMessages,
          concurrency: options.concurrency,
          baseline,
          postwire,
          ratio,
          problems,
        }),
      );
    }
  } catch (error) {
    failed = true;
    process.stderr.write(`\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n`);
  } finally {
    await sink.stop(5000);
    if (options.keep) say(`Kept DATA_DIR ${db.dataDir}${db.databaseUrl ? ` and ${db.databaseUrl}` : ''}`);
    else await db.drop().catch((error) => process.stderr.write(`Could not drop the bench database: ${(error as Error).message}\n`));
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();

/**
 * Send-path benchmark: POST /notify/v1/send of Postwire against a bare
 * Fastify route with the same body schema, on the same machine in the same run.
 *
 *   npm run bench:send -- [--duration 10] [--warmup 3] [--connections 50] [--rounds 1]
 *                         [--dialect sqlite|postgres] [--role start|api]
 *                         [--synchronous FULL|NORMAL] [--profile] [--sql-timing] [--json] [--keep]
 *                         [--template]
 *
 * Every flag can also come from the environment: BENCH_DURATION, BENCH_WARMUP,
 * BENCH_CONNECTIONS, BENCH_ROUNDS, BENCH_DIALECT, BENCH_ROLE. The postgres dialect needs DATABASE_URL
 * (a server Postwire may create a database on, e.g. postgres://postgres@127.0.0.1:5432/postgres);
 * the bench creates a fresh database there and drops it afterwards.
 *
 * What happens:
 *  1. The baseline (bench/baseline-server.ts) starts in a child process.
 *  2. Postwire starts in a child process as an operator starts it: `node bin/postwire.mjs start`
 *     with PORT=0, a fresh temporary DATA_DIR, LOG_LEVEL=warn and the default
 *     SQLITE_SYNCHRONOUS (FULL). The bench reads the printed URL and seeded credentials from
 *     its stdout and gets a token with POST /token.
 *  3. autocannon (in this process: the load generator shares the machine) drives each
 *     server with the same ~2 KB HTML message from the seeded sender to one recipient:
 *     a warm-up of each, then the measured runs, baseline then Postwire, repeated --rounds
 *     times (alternating spreads the noise of a shared machine over both; the ratio
 *     reported is the median of the rounds' ratios). Before every measured run the bench
 *     waits until Postwire is idle (its worker has delivered what the previous run
 *     accepted) and, for up to 30 s, until the machine is mostly idle.
 *  4. Every 2xx answer of Postwire carries the id of the accepted message; afterwards the
 *     bench lists all messages with GET /notify/v1/messages and checks that each answered
 *     id is stored (accepted = on disk) and compares totalCount.
 *  5. Both children are stopped with SIGTERM (Postwire drains and exits on its own).
 *
 * --template: the message is the 20-line-item receipt with its layout (bench/receipt.ts), sent
 * with `templateId` and `params`, and each round measures Postwire twice, with that template and
 * with the same receipt already rendered as plain `htmlContent` (the same size): the ratio
 * template/plain is the template's cost on the send path (compiled templates are cached).
 *
 * Diagnostics (they slow Postwire a little; use them to find costs, not for the figures):
 * --profile runs Postwire under `node --cpu-prof` and prints the top functions of the
 * measured runs (bench/profile-summary.ts; the profile is kept under .tmp/bench-profiles/).
 * --sql-timing (SQLite only) preloads bench/sql-timing.mjs and prints the time spent in
 * each SQL statement during the measured runs (most on the SQLite thread, src/db/sqlite-thread-dialect.ts).
 * --role api runs `postwire api` (no delivery worker in the process) to isolate the send path.
 *
 * There are no timing assertions. The exit code is 1 only when the bench could not run or
 * a correctness check failed (a non-2xx answer from Postwire, or an answered message that
 * is not stored); slow is never a failure, it is the figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import type { SendBody } from '../src/features/notify/messages/messages.schemas.ts';
import { summariseProfile } from './profile-summary.ts';
import { cpuMs } from './cpu.ts';
import { LAYOUT, RECEIPT, receiptParams } from './receipt.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEND_PATH = '/notify/v1/send';

// ───────────────────────────── options ─────────────────────────────

interface Options {
  duration: number;
  warmup: number;
  connections: number;
  rounds: number;
  dialect: 'sqlite' | 'postgres';
  role: 'start' | 'api';
  synchronous: 'FULL' | 'NORMAL' | undefined;
  profile: boolean;
  sqlTiming: boolean;
  json: boolean;
  keep: boolean;
  template: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      dialect: { type: 'string' },
      role: { type: 'string' },
      synchronous: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'sql-timing': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      template: { type: 'boolean', default: false },
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
  const int = (name: string, raw: string | undefined, fallback: number, min: number) => {
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got "${raw}"`);
    return value;
  };
  const oneOf = <T extends string>(name: string, raw: string | undefined, allowed: readonly T[], fallback: T | undefined): T | undefined => {
    if (raw === undefined || raw === '') return fallback;
    if (!(allowed as readonly string[]).includes(raw)) throw new Error(`--${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
    return raw as T;
  };
  return {
    duration: int('duration', values.duration ?? process.env.BENCH_DURATION, 10, 1),
    warmup: int('warmup', values.warmup ?? process.env.BENCH_WARMUP, 3, 0),
    connections: int('connections', values.connections ?? process.env.BENCH_CONNECTIONS, 50, 1),
    rounds: int('rounds', values.rounds ?? process.env.BENCH_ROUNDS, 1, 1),
    dialect: oneOf('dialect', values.dialect ?? process.env.BENCH_DIALECT, ['sqlite', 'postgres'] as const, 'sqlite')!,
    role: oneOf('role', values.role ?? process.env.BENCH_ROLE, ['start', 'api'] as const, 'start')!,
    synchronous: oneOf('synchronous', values.synchronous?.toUpperCase(), ['FULL', 'NORMAL'] as const, undefined),
    profile: values.profile!,
    sqlTiming: values['sql-timing']!,
    json: values.json!,
    keep: values.keep!,
    template: values.template!,
  };
}

// ───────────────────────────── children ─────────────────────────────

class Child {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private hasExited = false;

  constructor(
    readonly name: string,
    args: string[],
    env: NodeJS.ProcessEnv,
  ) {
    this.proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) =>
      this.proc.once('exit', (code, signal) => {
        this.hasExited = true;
        resolve({ code, signal });
      }),
    );
  }

  /** Resolves with the match once stdout matches `pattern`; rejects if the child exits or time runs out. */
  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.stdout.match(pattern);
      if (match) return match;
      if (this.hasExited) throw new Error(`${this.name} exited before it was ready.\n--- stdout ---\n${this.stdout}\n--- stderr ---\n${this.stderr}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name} was not ready after ${timeoutMs} ms.\n--- stdout ---\n${this.stdout}\n--- stderr ---\n${this.stderr}`);
      await sleep(25);
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  async stop(graceMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; forced: boolean }> {
    if (this.hasExited) return { ...(await this.exited), forced: false };
    this.proc.kill('SIGTERM');
    const timer = sleep(graceMs).then(() => 'timeout' as const);
    const first = await Promise.race([this.exited, timer]);
    if (first !== 'timeout') return { ...first, forced: false };
    this.proc.kill('SIGKILL');
    return { ...(await this.exited), forced: true };
  }
}

/** Commit and whether src/ differs from it: the figures belong to a version of the code. */
function gitDescription(): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const head = git('log', '-1', '--format=%h %s');
  if (head.status !== 0) return 'not a git checkout';
  const changed = git('status', '--porcelain', '--', 'src', 'migrations', 'bin', 'package.json').stdout.split('\n').filter(Boolean).length;
  return `commit ${head.stdout.trim()}${changed ? `, plus ${changed} uncommitted change(s) under src/, migrations/, bin/` : ''}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The environment a child gets: ours minus every Postwire setting, so only what we set counts. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const postwireKeys = new RegExp(
    '^(PORT|HOST|DATA_DIR|DATABASE_URL|BASE_URL|JWT_SECRET|TRANSPORT|LOG_LEVEL|ACCESS_TOKEN_TTL_SECONDS|REFRESH_TOKEN_TTL_SECONDS|' +
      'SESSION_CACHE_SECONDS|BODY_LIMIT_BYTES|WORKER_[A-Z_]+|SQLITE_SYNCHRONOUS|SEED_ACCOUNT|NODE_OPTIONS)$',
  );
  for (const [key, value] of Object.entries(process.env)) if (!postwireKeys.test(key) && !key.startsWith('npm_')) env[key] = value;
  return { ...env, ...extra };
}

// ───────────────────────────── HTTP helpers ─────────────────────────────

async function call(url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; json: any; text: string }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** A ~2 KB transactional HTML email, the kind the send path exists for. */
function htmlOf(bytes: number): string {
  const head =
    '<!doctype html><html><head><meta charset="utf-8"><title>Your order has shipped</title></head><body style="font-family:Arial,sans-serif;color:#222">' +
    '<h1 style="font-size:20px">Your order #40213 has shipped</h1><p>Hello Alex,</p>' +
    '<p>Good news: the items below left our warehouse today and are on their way to you.</p><table style="border-collapse:collapse;width:100%">';
  const tail =
    '</table><p>Track the parcel at <a href="https://shop.example.com/track/40213">shop.example.com/track/40213</a>.</p>' +
    '<p>Thank you for shopping with us.<br>The Example Shop team</p></body></html>';
  let rows = '';
  for (let i = 1; head.length + rows.length + tail.length < bytes; i++) {
    rows += `<tr><td style="padding:4px;border-bottom:1px solid #ddd">Item ${i}: Widget, size M</td><td style="padding:4px;text-align:right">€${(9.5 + i).toFixed(2)}</td></tr>`;
  }
  return head + rows + tail;
}

// ───────────────────────────── load ─────────────────────────────

interface Collected {
  ids: string[];
  idMissing: number;
  statuses: Map<number, number>;
  firstFailures: string[];
}

function newCollected(): Collected {
  return { ids: [], idMissing: 0, statuses: new Map(), firstFailures: [] };
}

const MESSAGE_ID = /"id":"([0-9a-f]{24})"/;

/** One autocannon run; every answer goes through the same small callback for both servers. */
async function load(url: string, token: string | undefined, body: string, seconds: number, connections: number, into: Collected): Promise<Result> {
  return autocannon({
    url: url + SEND_PATH,
    connections,
    duration: seconds,
    timeout: 30,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
    requests: [
      {
        onResponse: (status, text) => {
          into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
          if (status >= 200 && status < 300) {
            const match = MESSAGE_ID.exec(text);
            if (match) into.ids.push(match[1]!);
            else into.idMissing++;
          } else if (into.firstFailures.length < 5) {
            into.firstFailures.push(`${status} ${text.slice(0, 300)}`);
          }
        },
      },
    ],
  });
}

interface Figures {
  rate: number;
  autocannonAvg: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  /** The server's CPU (user + system, all its threads) over the run, in % of one core; undefined off Linux. */
  serverCpu: number | undefined;
  /** Server CPU microseconds per answered request. */
  cpuPerRequestUs: number | undefined;
  /** This process's CPU (the load generator) over the run, in % of one core. */
  generatorCpu: number;
}

function figures(result: Result, cpu: { ms: number | undefined; wallMs: number; generatorMs: number }): Figures {
  const answered = result['2xx'] + result.non2xx;
  return {
    generatorCpu: (100 * cpu.generatorMs) / cpu.wallMs,
    serverCpu: cpu.ms === undefined ? undefined : (100 * cpu.ms) / cpu.wallMs,
    cpuPerRequestUs: cpu.ms === undefined || answered === 0 ? undefined : (1000 * cpu.ms) / answered,
    rate: result['2xx'] / result.duration,
    autocannonAvg: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}

// ───────────────────────────── quiet ─────────────────────────────

/** Fraction of the machine's CPU time that was idle over `ms` (Linux /proc/stat; undefined elsewhere). */
async function machineIdle(ms: number): Promise<number | undefined> {
  const read = () => {
    try {
      const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3]! + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const a = read();
  await sleep(ms);
  const b = read();
  if (!a || !b || b.total === a.total) return undefined;
  return (b.idle - a.idle) / (b.total - a.total);
}

/**
 * Waits until Postwire uses under `busyBelow`% of a core (its worker has delivered the
 * backlog of the previous run; up to 5 minutes; 5% by default, more under --profile, where
 * the sampling profiler of each of its threads keeps an idle process busier), then, best
 * effort for up to 30 s, until the machine is at least 85% idle. Returns a line to print
 * when it had to wait, undefined otherwise.
 */
async function waitForQuiet(postwirePid: number | undefined, busyBelow: number): Promise<string | undefined> {
  const started = Date.now();
  let postwireBusy = 0;
  for (;;) {
    const before = cpuMs(postwirePid);
    if (before === undefined) return undefined;
    await sleep(1000);
    postwireBusy = ((cpuMs(postwirePid) ?? before) - before) / 10; // % of a core over 1 s
    if (postwireBusy < busyBelow || Date.now() - started > 300_000) break;
  }
  const postwireWait = (Date.now() - started) / 1000;
  let idle = await machineIdle(1000);
  while (idle !== undefined && idle < 0.85 && Date.now() - started < postwireWait * 1000 + 30_000) idle = await machineIdle(1000);
  const waited = (Date.now() - started) / 1000;
  const notes: string[] = [];
  if (postwireWait > 1.5)
    notes.push(
      `waited ${postwireWait.toFixed(0)} s for Postwire to go idle (its worker delivering the backlog)${postwireBusy >= busyBelow ? `, gave up at ${postwireBusy.toFixed(0)}% CPU` : ''}`,
    );
  if (idle !== undefined && idle < 0.85)
    notes.push(`the machine is only ${(100 * idle).toFixed(0)}% idle (other work running): this round's figures are less reliable`);
  else if (waited - postwireWait > 2.5) notes.push(`waited ${(waited - postwireWait).toFixed(0)} s for the machine to go idle`);
  return notes.length ? `  (${notes.join('; ')})` : undefined;
}

// ───────────────────────────── verification ─────────────────────────────

async function storedMessageIds(url: string, token: string): Promise<{ ids: Set<string>; totalCount: number }> {
  const ids = new Set<string>();
  let totalCount = -1;
  for (let page = 1; ; page++) {
    const res = await call(`${url}/notify/v1/messages?page=${page}&pageSize=500`, { token });
    if (res.status !== 200) throw new Error(`GET /notify/v1/messages page ${page} answered ${res.status}: ${res.text.slice(0, 300)}`);
    const list = res.json.resultObject as { totalCount: number; items: { id: string }[] };
    if (page === 1) totalCount = list.totalCount;
    for (const item of list.items) ids.add(item.id);
    if (list.items.length < 500) break;
  }
  return { ids, totalCount };
}

// ───────────────────────────── SQL timing (diagnostic) ─────────────────────────────

interface SqlSnapshot {
  at: number;
  stats: Record<string, { calls: number; ms: number; maxMs: number; slow: number }>;
}

let sqlSnapshots = 0;

/** Asks the preload in Postwire (bench/sql-timing.mjs) for its totals so far. */
async function sqlSnapshot(child: Child, dir: string): Promise<SqlSnapshot> {
  const file = path.join(dir, `sql-${++sqlSnapshots}.json`);
  child.proc.kill('SIGUSR2');
  for (let i = 0; i < 400 && !fs.existsSync(file); i++) await sleep(25);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SqlSnapshot;
}

// ───────────────────────────── postgres ─────────────────────────────

async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `postwire_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

// ───────────────────────────── main ─────────────────────────────

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function banner(text: string): string {
  const line = '!'.repeat(Math.min(100, text.length + 8));
  return `\n${line}\n!!! ${text} !!!\n${line}\n`;
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
  say(`Send-path benchmark: ${options.connections} connections, warm-up ${options.warmup} s, measured ${options.duration} s per server.`);
  say(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );
  say('The load generator (autocannon) runs in this process on the same machine.');
  say(`Code: ${gitDescription()}.`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-bench-'));
  const profileDir = path.join(dataDir, 'cpu-profile');
  let pgDb: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let baseline: Child | undefined;
  let postwire: Child | undefined;
  let failed = false;

  try {
    const postwireEnv: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    // On tmpfs an fsync costs nothing and synchronous=FULL would be measured for free.
    const TMPFS_MAGIC = 0x01021994;
    if (options.dialect === 'sqlite' && fs.statfsSync(dataDir).type === TMPFS_MAGIC) {
      say(banner(`DATA_DIR ${dataDir} is on tmpfs: fsync is free there, the figures do not show the cost of durability. Set TMPDIR to a disk-backed folder.`));
    }
    if (options.synchronous) postwireEnv.SQLITE_SYNCHRONOUS = options.synchronous;
    if (options.dialect === 'postgres') {
      const server = process.env.DATABASE_URL;
      if (!server)
        throw new Error(
          '--dialect postgres needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (a fresh database is created there and dropped afterwards).',
        );
      pgDb = await freshPostgresDatabase(server);
      postwireEnv.DATABASE_URL = pgDb.url;
    }
    // --cpu-prof may not be set through NODE_OPTIONS, so it goes on the command line.
    const profileArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const sqlDir = path.join(dataDir, 'sql-timing');
    if (options.sqlTiming) {
      if (options.dialect !== 'sqlite') throw new Error('--sql-timing works with the sqlite dialect only.');
      fs.mkdirSync(sqlDir);
      profileArgs.push('--import', pathToFileURL(path.join(ROOT, 'bench/sql-timing.mjs')).href);
      postwireEnv.SQL_TIMING_DIR = sqlDir;
    }

    baseline = new Child('baseline', ['--import', 'tsx', path.join(ROOT, 'bench/baseline-server.ts')], cleanEnv({ PORT: '0' }));
    postwire = new Child('postwire', [...profileArgs, path.join(ROOT, 'bin/postwire.mjs'), options.role], cleanEnv(postwireEnv));
    const baselineUrl = (await baseline.waitFor(/LISTENING (\S+)/, 30_000))[1]!;
    await postwire.waitFor(/\(the password is shown only this once\)/, 60_000);
    const url = postwire.stdout.match(/API:\s+(\S+)/)![1]!;
    const email = postwire.stdout.match(/EmailAddress:\s+(\S+)/)![1]!;
    const password = postwire.stdout.match(/Password:\s+(\S+)/)![1]!;
    const database = postwire.stdout.match(/Postwire is running \(([^)]*)\)/)?.[1] ?? '?';
    say(`Baseline: bare Fastify 5 + SendBody schema at ${baselineUrl} (pid ${baseline.proc.pid}).`);
    say(
      `Postwire: node ${
        profileArgs.length
          ? `${profileArgs
              .map((a) => (a.startsWith('--cpu-prof-dir') ? '' : a.replace(/^file:.*\//, 'bench/')))
              .filter(Boolean)
              .join(' ')} `
          : ''
      }bin/postwire.mjs ${options.role} at ${url} (pid ${postwire.proc.pid}; ${database}${options.dialect === 'sqlite' ? `; SQLITE_SYNCHRONOUS=${options.synchronous ?? 'FULL (default)'}` : ''}).`,
    );

    const login = await call(`${url}/token`, { method: 'POST', body: { EmailAddress: email, Password: password } });
    if (login.status !== 200) throw new Error(`POST /token answered ${login.status}: ${login.text}`);
    const token = login.json.resultObject.access_token as string;

    let message: SendBody = {
      from: { email, name: 'Example Shop' },
      to: [{ email: 'alex@example.net', name: 'Alex Example' }],
      subject: 'Your order #40213 has shipped',
      htmlContent: htmlOf(2048),
    };
    let templated: SendBody | undefined;
    if (options.template) {
      const create = async (template: Record<string, unknown>) => {
        const res = await call(`${url}/notify/v1/templates`, { method: 'POST', token, body: template });
        if (res.status !== 201) throw new Error(`POST /notify/v1/templates answered ${res.status}: ${res.text.slice(0, 300)}`);
        return res.json.resultObject.id as string;
      };
      const layoutId = await create(LAYOUT);
      const templateId = await create({ ...RECEIPT, layoutId });
      templated = { from: message.from, to: message.to, templateId, params: receiptParams() };
      const rendered = await call(`${url}/notify/v1/templates/${templateId}/render`, { method: 'POST', token, body: { params: receiptParams() } });
      if (rendered.status !== 200) throw new Error(`the receipt's render answered ${rendered.status}: ${rendered.text.slice(0, 300)}`);
      // The plain send of the same size: the receipt as the template renders it.
      message = { ...message, subject: rendered.json.resultObject.subject, htmlContent: rendered.json.resultObject.htmlContent };
    }
    const body = JSON.stringify(message);
    const templatedBody = templated ? JSON.stringify(templated) : undefined;
    say(
      `Request: POST ${SEND_PATH}, ${fmt(Buffer.byteLength(body))} bytes of JSON (htmlContent ${fmt(message.htmlContent!.length)} characters), one recipient.`,
    );
    if (templatedBody)
      say(`Template: the same receipt as templateId + params (20 line items, a layout), ${fmt(Buffer.byteLength(templatedBody))} bytes of JSON.`);

    // One request each first: a wrong setup fails here with its reason, not as a run of errors.
    const postwireCollected = newCollected();
    for (const [name, target, bearer] of [
      ['baseline', baselineUrl, undefined],
      ['Postwire', url, token],
    ] as const) {
      const probe = await call(target + SEND_PATH, { method: 'POST', token: bearer, body: message });
      if (probe.status !== 200) throw new Error(`${name} answered the first send with ${probe.status}: ${probe.text.slice(0, 500)}`);
      if (name === 'Postwire') postwireCollected.ids.push(probe.json.resultObject.id as string);
    }
    if (templated) {
      const probe = await call(url + SEND_PATH, { method: 'POST', token, body: templated });
      if (probe.status !== 200) throw new Error(`Postwire answered the first templated send with ${probe.status}: ${probe.text.slice(0, 500)}`);
      postwireCollected.ids.push(probe.json.resultObject.id as string);
    }

    const baselineCollected = newCollected();
    const targets = {
      baseline: { url: baselineUrl, token: undefined, collected: baselineCollected, pid: baseline.proc.pid, body },
      postwire: { url, token, collected: postwireCollected, pid: postwire.proc.pid, body },
      template: { url, token, collected: postwireCollected, pid: postwire.proc.pid, body: templatedBody ?? body },
    } as const;
    const measured = options.template ? (['baseline', 'postwire', 'template'] as const) : (['baseline', 'postwire'] as const);
    let warmupTrouble = 0;
    if (options.warmup > 0) {
      for (const name of measured) {
        say(`${name}: warm-up ${options.warmup} s …`);
        const t = targets[name];
        const result = await load(t.url, t.token, t.body, options.warmup, options.connections, t.collected);
        if (name !== 'baseline') warmupTrouble += result.errors + result.timeouts;
        await sleep(500);
      }
    }
    const rounds: { baseline: Figures; postwire: Figures; template?: Figures; load: string }[] = [];
    const measuredWindows: { fromUs: number; toUs: number }[] = [];
    const sqlTotals = { wallMs: 0, accepted: 0, stats: new Map<string, { calls: number; ms: number; maxMs: number; slow: number }>() };
    for (let round = 1; round <= options.rounds; round++) {
      const loadAvg = os.loadavg()[0]!.toFixed(2);
      const pair: Partial<Record<'baseline' | 'postwire' | 'template', Figures>> = {};
      for (const name of measured) {
        // Postwire's worker goes on delivering what the last run accepted; measuring the
        // baseline meanwhile would give it one core less. Every run starts from quiet.
        const quiet = await waitForQuiet(postwire.proc.pid, options.profile ? 20 : 5);
        if (quiet) say(quiet);
        say(`${name}: measuring ${options.duration} s${options.rounds > 1 ? ` (round ${round}/${options.rounds})` : ''} …`);
        const t = targets[name];
        const sqlBefore = name !== 'baseline' && options.sqlTiming ? await sqlSnapshot(postwire, sqlDir) : undefined;
        const acceptedBefore = t.collected.ids.length;
        const fromUs = Number(process.hrtime.bigint() / 1000n);
        const cpuBefore = cpuMs(t.pid);
        const generatorBefore = process.cpuUsage();
        const result = await load(t.url, t.token, t.body, options.duration, options.connections, t.collected);
        const toUs = Number(process.hrtime.bigint() / 1000n);
        const cpuAfter = cpuMs(t.pid);
        const generator = process.cpuUsage(generatorBefore);
        if (name !== 'baseline') measuredWindows.push({ fromUs, toUs });
        if (sqlBefore) {
          const after = await sqlSnapshot(postwire, sqlDir);
          sqlTotals.wallMs += (after.at - sqlBefore.at) / 1000;
          sqlTotals.accepted += t.collected.ids.length - acceptedBefore;
          for (const [k, v] of Object.entries(after.stats)) {
            const b0 = sqlBefore.stats[k] ?? { calls: 0, ms: 0, maxMs: 0, slow: 0 };
            const acc = sqlTotals.stats.get(k) ?? { calls: 0, ms: 0, maxMs: 0, slow: 0 };
            acc.calls += v.calls - b0.calls;
            acc.ms += v.ms - b0.ms;
            acc.slow += v.slow - b0.slow;
            acc.maxMs = Math.max(acc.maxMs, v.maxMs);
            if (acc.calls > 0) sqlTotals.stats.set(k, acc);
          }
        }
        pair[name] = figures(result, {
          ms: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
          wallMs: Math.max(1, (toUs - fromUs) / 1000),
          generatorMs: (generator.user + generator.system) / 1000,
        });
        await sleep(500);
      }
      rounds.push({ baseline: pair.baseline!, postwire: pair.postwire!, ...(pair.template ? { template: pair.template } : {}), load: loadAvg });
    }

    // ── results ──
    say('');
    say(`Results (measured ${options.duration} s per server per round, ${options.connections} connections; CPU% = the server's CPU in % of one core,`);
    say("gen% = the load generator's (this process), load1 = the machine's 1-minute load average before the round):");
    say('  round  server      2xx req/s   p50 ms   p90 ms   p99 ms   max ms       2xx  non-2xx  errors  timeouts  CPU%  CPU µs/req  gen%   ratio  load1');
    const row = (round: string, name: string, f: Figures, extra: string) =>
      say(
        `  ${round.padEnd(6)} ${name.padEnd(10)} ${fmt(f.rate).padStart(10)} ${fmt(f.p50, 1).padStart(8)} ${fmt(f.p90, 1).padStart(8)} ` +
          `${fmt(f.p99, 1).padStart(8)} ${fmt(f.max, 1).padStart(8)} ${fmt(f.ok).padStart(9)} ${fmt(f.non2xx).padStart(8)} ` +
          `${fmt(f.errors).padStart(7)} ${fmt(f.timeouts).padStart(9)} ${(f.serverCpu === undefined ? '?' : fmt(f.serverCpu)).padStart(5)} ` +
          `${(f.cpuPerRequestUs === undefined ? '?' : fmt(f.cpuPerRequestUs)).padStart(11)} ${fmt(f.generatorCpu).padStart(5)} ${extra}`,
      );
    rounds.forEach((r, i) => {
      row(String(i + 1), 'baseline', r.baseline, `${''.padStart(7)}  ${r.load.padStart(5)}`);
      row('', 'postwire', r.postwire, `${(r.postwire.rate / r.baseline.rate).toFixed(3).padStart(7)}`);
      if (r.template) row('', 'template', r.template, `${(r.template.rate / r.baseline.rate).toFixed(3).padStart(7)}`);
    });
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const ratios = rounds.map((r) => r.postwire.rate / r.baseline.rate);
    const ratio = median(ratios);
    const b = {
      rate: median(rounds.map((r) => r.baseline.rate)),
      p50: median(rounds.map((r) => r.baseline.p50)),
      p99: median(rounds.map((r) => r.baseline.p99)),
    };
    const p = {
      rate: median(rounds.map((r) => r.postwire.rate)),
      p50: median(rounds.map((r) => r.postwire.p50)),
      p99: median(rounds.map((r) => r.postwire.p99)),
      errors: rounds.reduce((n, r) => n + r.postwire.errors + (r.template?.errors ?? 0), 0),
      timeouts: rounds.reduce((n, r) => n + r.postwire.timeouts + (r.template?.timeouts ?? 0), 0),
    };
    say('');
    say(
      `  ${rounds.length > 1 ? `Medians over ${rounds.length} rounds` : 'Summary'}: baseline ${fmt(b.rate)} req/s (p50 ` +
        `${fmt(b.p50, 1)} ms, p99 ${fmt(b.p99, 1)} ms); postwire ${fmt(p.rate)} req/s (p50 ${fmt(p.p50, 1)} ms, p99 ${fmt(p.p99, 1)} ms).`,
    );
    say(`  RATIO postwire/baseline: ${ratio.toFixed(3)}   (target ≥ 0.5)   postwire p99 ${fmt(p.p99, 1)} ms   (target < 25 ms)`);
    if (options.template) {
      const templateRatios = rounds.map((r) => r.template!.rate / r.postwire.rate);
      say(
        `  RATIO template/plain: ${median(templateRatios).toFixed(3)} (rounds ${templateRatios.map((x) => x.toFixed(3)).join(', ')})   (target ≥ 0.8)   ` +
          `template ${fmt(median(rounds.map((r) => r.template!.rate)))} req/s, p99 ${fmt(median(rounds.map((r) => r.template!.p99)), 1)} ms`,
      );
    }
    const cpuRatios = rounds
      .filter((r) => r.baseline.cpuPerRequestUs && r.postwire.cpuPerRequestUs)
      .map((r) => r.baseline.cpuPerRequestUs! / r.postwire.cpuPerRequestUs!);
    if (cpuRatios.length)
      say(
        `  CPU per request, baseline/postwire: ${median(cpuRatios).toFixed(3)} (what the ratio would be if both servers ` +
          `were CPU-bound on one core; less sensitive to other load on the machine, blind to time spent waiting for the disk).`,
      );
    const starved = rounds.filter((r) => r.baseline.serverCpu !== undefined && r.baseline.serverCpu < 85).length;
    if (starved) {
      say(
        `  note: in ${starved} of ${rounds.length} round(s) the baseline server used under 85% of a core: something else (other work on the machine, or the load`,
      );
      say(
        "  generator, see gen%) held it back, so that round's ratio flatters Postwire. Compare the CPU per request line, or run again when the machine is quiet.",
      );
    }
    const baselineTrouble = rounds.reduce((n, r) => n + r.baseline.non2xx + r.baseline.errors + r.baseline.timeouts, 0);
    if (baselineTrouble > 0) say(`  note: the baseline had ${baselineTrouble} non-2xx answers, errors or timeouts.`);

    const pc = postwireCollected;
    const non2xx = [...pc.statuses].filter(([s]) => s < 200 || s >= 300);
    const postwireFailures = non2xx.reduce((n, [, c]) => n + c, 0) + p.errors + p.timeouts + warmupTrouble;
    if (postwireFailures > 0) {
      failed = true;
      say(
        banner(
          `POSTWIRE FAILED ${postwireFailures} REQUESTS: ${non2xx.map(([s, c]) => `${c}× HTTP ${s}`).join(', ') || 'no HTTP status'} ` +
            `(warm-up and measured); errors + timeouts: measured ${p.errors + p.timeouts}, warm-up ${warmupTrouble}`,
        ),
      );
      for (const f of pc.firstFailures) say(`  e.g. ${f}`);
    } else {
      say('  Postwire: 0 non-2xx answers, 0 errors, 0 timeouts.');
    }

    // ── accepted = on disk ──
    say('');
    say('Checking that every 2xx of Postwire is a stored message (GET /notify/v1/messages) …');
    const stored = await storedMessageIds(url, token);
    const missing = pc.ids.filter((id) => !stored.ids.has(id));
    const answered = new Set(pc.ids);
    const unanswered = [...stored.ids].filter((id) => !answered.has(id)).length;
    say(
      `  2xx answers with a message id (probe + warm-up + measured): ${fmt(pc.ids.length)}; totalCount ${fmt(stored.totalCount)}; ids listed ${fmt(stored.ids.size)}.`,
    );
    if (pc.idMissing) {
      failed = true;
      say(banner(`${pc.idMissing} 2xx ANSWERS CARRIED NO MESSAGE ID`));
    }
    if (missing.length || stored.totalCount < pc.ids.length) {
      failed = true;
      say(
        banner(
          `${missing.length} ACCEPTED MESSAGES ARE NOT STORED (e.g. ${missing.slice(0, 3).join(', ')}); totalCount ${stored.totalCount} < accepted ${pc.ids.length}?`,
        ),
      );
    } else {
      say(
        `  OK: all ${fmt(pc.ids.length)} accepted messages are ` +
          `stored.${unanswered ? ` ${unanswered} more are stored whose answers were still in flight when autocannon stopped a run (at most ${options.connections} per run).` : ''}`,
      );
    }
    if (stored.totalCount !== stored.ids.size) say(`  note: totalCount ${stored.totalCount} differs from the ${stored.ids.size} ids listed.`);

    if (options.sqlTiming && sqlTotals.wallMs > 0) {
      const rows = [...sqlTotals.stats].sort((x, y) => y[1].ms - x[1].ms);
      const inSql = rows.reduce((n, [, v]) => n + v.ms, 0);
      const batches = sqlTotals.stats.get(rows.find(([k]) => /^insert into "messages"/.test(k))?.[0] ?? '')?.calls ?? 0;
      say('');
      say(`SQLite statements during the measured Postwire runs (${fmt(sqlTotals.wallMs / 1000, 1)} s wall, ${fmt(sqlTotals.accepted)} sends answered):`);
      say(
        `  inside SQLite (on the SQLite thread, but for the look-ups through DbHandle.reads on the main thread): ${fmt(inSql)} ms = ${((100 * inSql) / sqlTotals.wallMs).toFixed(1)}% ` +
          `of wall time; ${fmt(batches)} group commits → ${batches ? (sqlTotals.accepted / batches).toFixed(1) : '?'} sends per commit on average.`,
      );
      say('       calls   total ms   µs/call   max ms  >5 ms   %wall  statement');
      for (const [k, v] of rows.slice(0, 20)) {
        say(
          `  ${fmt(v.calls).padStart(10)} ${fmt(v.ms).padStart(10)} ${fmt((1000 * v.ms) / v.calls).padStart(9)} ` +
            `${fmt(v.maxMs, 1).padStart(8)} ${fmt(v.slow).padStart(6)} ${((100 * v.ms) / sqlTotals.wallMs).toFixed(1).padStart(6)}%  ${k}`,
        );
      }
    }

    // ── stop ──
    const stopP = await postwire.stop(60_000);
    const stopB = await baseline.stop(10_000);
    say('');
    say(
      `Stopped: postwire ${stopP.forced ? 'did NOT exit on SIGTERM within 60 s; killed' : `exit ${stopP.code ?? stopP.signal}`}, ` +
        `baseline ${stopB.forced ? 'killed' : `exit ${stopB.code ?? stopB.signal}`}.`,
    );
    if (stopP.forced || stopP.code !== 0) say(`  postwire stderr:\n${postwire.stderr.slice(-2000)}`);
    if (postwire.stderr.trim() && !stopP.forced) say(`  postwire wrote to stderr:\n${postwire.stderr.slice(-1500)}`);

    if (options.profile) {
      const files = fs.existsSync(profileDir) ? fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')) : [];
      if (files.length === 0) {
        say('No CPU profile was written.');
      } else {
        const kept = path.join(ROOT, '.tmp', 'bench-profiles'); // .tmp/ is ignored by git
        fs.mkdirSync(kept, { recursive: true });
        for (const f of files) {
          const dest = path.join(kept, `send-${options.dialect}-${options.role}-${f}`);
          fs.copyFileSync(path.join(profileDir, f), dest);
          say('');
          say(`CPU profile of Postwire, measured runs only (${path.relative(ROOT, dest)}):`);
          say(summariseProfile(dest, measuredWindows, 25));
        }
      }
    }

    if (options.json) {
      say(
        JSON.stringify({
          connections: options.connections,
          duration: options.duration,
          dialect: options.dialect,
          role: options.role,
          synchronous: options.synchronous ?? 'FULL',
          rounds,
          ratio,
          accepted: pc.ids.length,
          stored: stored.totalCount,
          missing: missing.length,
        }),
      );
    }
  } catch (error) {
    failed = true;
    process.stderr.write(`\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n`);
  } finally {
    if (postwire) await postwire.stop(60_000);
    if (baseline) await baseline.stop(10_000);
    if (pgDb) await pgDb.drop().catch((error) => process.stderr.write(`Could not drop the bench database: ${(error as Error).message}\n`));
    if (options.keep) process.stdout.write(`Kept DATA_DIR ${dataDir}\n`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();

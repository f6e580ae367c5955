/**
 * SMTP submission benchmark (target: pooled submission to `postwire smtp` at no less
 * than half the rate of a plain smtp-server that only receives, same machine, same run).
 *
 *   npm run bench:smtp -- [--count 5000] [--rounds 1] [--dialect sqlite|postgres] [--connections 4]
 *                         [--concurrency 16] [--json] [--profile] [--pg-statements]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database,
 * e.g. postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
 *
 * What happens:
 *  1. Setup, not timed: `postwire api` on a fresh database seeds its first account; the
 *     bench logs in, creates an API key with the `send` scope, and stops it.
 *  2. Baseline: bench/deliver-sink.ts in its own process (smtp-server on 127.0.0.1 that
 *     reads each message and answers 250, keeping nothing). One pooled nodemailer
 *     transport (--connections connections, --concurrency messages in flight) submits N
 *     messages of one recipient each (~2 KB HTML with a text part, built by nodemailer as
 *     an application would). Timed from the first send to the last 250.
 *  3. Postwire: `postwire smtp` in its own process on the same database; the same client,
 *     authenticated with the key, submits the same N messages. Every 250 comes after the
 *     message's group commit: acceptance, durably stored, is inside the figure.
 *     Both sides are plain SMTP over loopback (no STARTTLS), so TLS costs neither.
 *     With --rounds N, steps 2 and 3 take turns N times (both servers stay up; each round
 *     sends to new addresses), and the ratio reported is the median of the rounds' ratios:
 *     on a machine shared with other work one round's ratio moved by a fifth either way.
 *  4. Checks: every submission got a 250; every id in Postwire's 250s is a message in the
 *     database with its recipient queued; the sink counted every baseline message.
 *
 * --profile runs `postwire smtp` under `node --cpu-prof` and prints its top functions (the
 * profile is kept under .tmp/bench-profiles/). --pg-statements (postgres only) preloads
 * bench/pg-statements.mjs and prints the statements `postwire smtp` sent per message and
 * the time each waited for PostgreSQL. Both are diagnostics: they slow the figure down.
 *
 * No timing assertions: the exit code is 1 only when the bench could not run or a check
 * failed. Run it alone on the machine; figures go to docs/performance.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { openDatabase } from '../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import { callApi, childEnv, logIn, resultOf, startPostwire, stopPostwire } from '../test/helpers/process.ts';
import { cpuMs, postgresCpuMs, spent } from './cpu.ts';
import { pgStatementsReport } from './pg-statements-report.ts';
import { summariseProfile } from './profile-summary.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HTML = `<html><body><h1>Your order has shipped</h1>${'<p>Thank you for your order. It is on its way and should arrive within three working days.</p>'.repeat(18)}</body></html>`;

interface Options {
  count: number;
  rounds: number;
  dialect: 'sqlite' | 'postgres';
  connections: number;
  concurrency: number;
  json: boolean;
  profile: boolean;
  pgStatements: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '5000' },
      rounds: { type: 'string', default: '1' },
      dialect: { type: 'string', default: 'sqlite' },
      connections: { type: 'string', default: '4' },
      concurrency: { type: 'string', default: '16' },
      json: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'pg-statements': { type: 'boolean', default: false },
    },
  });
  const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'postgres' && !process.env.DATABASE_URL) throw new Error('--dialect postgres needs DATABASE_URL');
  if (values['pg-statements'] && dialect !== 'postgres') throw new Error('--pg-statements works with --dialect postgres only');
  return {
    count: Number(values.count),
    rounds: Math.max(1, Number(values.rounds)),
    dialect,
    connections: Number(values.connections),
    concurrency: Number(values.concurrency),
    json: values.json,
    profile: values.profile,
    pgStatements: values['pg-statements'],
  };
}

/** A child process whose output is watched for a line. */
function spawnWatched(args: string[], env: NodeJS.ProcessEnv, ipc = false): { proc: ChildProcess; waitFor(pattern: RegExp): Promise<string> } {
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  return {
    proc,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const match = pattern.exec(out);
          if (match) {
            clearInterval(timer);
            resolve(match[1]!);
          } else if (proc.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`process exited before ${pattern}:\n${out}`));
          }
        }, 20);
      }),
  };
}

interface Run {
  seconds: number;
  perSecond: number;
  /** The 250 reply of each message, in submission order. */
  replies: string[];
  /** CPU ms per message over the timed run: the receiving server's process, PostgreSQL's, this client's. */
  cpuPerMessage: { server: number | undefined; postgres: number | undefined; client: number };
}

/**
 * Submits `count` messages through one pooled transport, `concurrency` in flight; times first
 * send to last 250, and reads the CPU the receiving process (`serverPid`), PostgreSQL and
 * this client spent meanwhile: on a shared machine the rate moves with the load, the CPU
 * per message far less.
 */
async function submit(
  o: Options,
  port: number,
  serverPid: number | undefined,
  from: string,
  to: (i: number) => string,
  auth?: { user: string; pass: string },
): Promise<Run> {
  const transport = nodemailer.createTransport({
    pool: true,
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    maxConnections: o.connections,
    maxMessages: Infinity,
    ...(auth ? { auth } : {}),
  });
  const replies: string[] = new Array(o.count);
  let next = 0;
  const cpuBefore = { server: cpuMs(serverPid), postgres: postgresCpuMs(), client: process.cpuUsage() };
  const started = performance.now();
  const lane = async () => {
    while (next < o.count) {
      const i = next++;
      const info = await transport.sendMail({
        from: { name: 'Shop', address: from },
        to: to(i),
        subject: `Your order #${i} has shipped`,
        html: HTML,
        text: 'Your order has shipped.',
      });
      replies[i] = info.response;
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  const perMessage = (ms: number | undefined) => (ms === undefined ? undefined : ms / o.count);
  const client = process.cpuUsage(cpuBefore.client);
  const cpuPerMessage = {
    server: perMessage(spent(cpuBefore.server, cpuMs(serverPid))),
    postgres: o.dialect === 'postgres' ? perMessage(spent(cpuBefore.postgres, postgresCpuMs())) : undefined,
    client: (client.user + client.system) / 1000 / o.count,
  };
  transport.close();
  return { seconds, perSecond: o.count / seconds, replies, cpuPerMessage };
}

function rounded(c: Run['cpuPerMessage']): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v === undefined ? undefined : Number(v.toFixed(3))]));
}

/** Prints what --profile and --pg-statements collected from `postwire smtp`. */
function reportDiagnostics(o: Options, dir: string, statementsFile: string, say: (line: string) => void): void {
  if (o.pgStatements) say(pgStatementsReport(statementsFile, o.count, 'postwire smtp'));
  if (o.profile) {
    const kept = path.join(ROOT, '.tmp', 'bench-profiles'); // .tmp/ is ignored by git
    fs.mkdirSync(kept, { recursive: true });
    for (const f of fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
      const dest = path.join(kept, `smtp-${o.dialect}-${f}`);
      fs.copyFileSync(path.join(dir, f), dest);
      say(`CPU profile of postwire smtp, whole process (${path.relative(ROOT, dest)}):`);
      say(summariseProfile(dest, {}, 30));
    }
  }
}

async function main(): Promise<number> {
  const o = options();
  const say = (line: string) => {
    if (!o.json) process.stdout.write(`${line}\n`);
  };
  // The database helper reads TEST_DATABASE_URL; the bench's server is DATABASE_URL.
  if (o.dialect === 'postgres') process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  const db: TestDatabase = await createTestDatabase(o.dialect);
  const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, LOG_LEVEL: 'warn' };
  const children: ChildProcess[] = [];
  try {
    say(`setup: account and API key on a fresh ${o.dialect} database`);
    const api = await startPostwire('api', env);
    const from = api.credentials!.email;
    const token = await logIn(api, api.credentials!);
    const key = resultOf(await callApi(api.url, '/account/apikeys', { token, json: { name: 'bench', scopes: ['send'] } }), 201).key as string;
    await stopPostwire(api);

    const sink = spawnWatched(['--import', 'tsx', path.join(ROOT, 'bench/deliver-sink.ts')], childEnv({}), true);
    children.push(sink.proc);
    const sinkPort = Number(await sink.waitFor(/LISTENING (\d+)/));

    // Diagnostics (--profile, --pg-statements): written by `postwire smtp` when it exits.
    const diagnostics = path.join(db.dataDir, 'diagnostics');
    fs.mkdirSync(diagnostics, { recursive: true });
    const statementsFile = path.join(diagnostics, 'pg-statements.json');
    const nodeArgs = [
      ...(o.profile ? ['--cpu-prof', `--cpu-prof-dir=${diagnostics}`] : []),
      ...(o.pgStatements ? ['--import', path.join(ROOT, 'bench/pg-statements.mjs')] : []),
    ];
    const smtp = spawnWatched(
      [...nodeArgs, 'bin/postwire.mjs', 'smtp'],
      childEnv({
        ...env,
        SMTP_SUBMISSION_PORT: '0',
        SMTP_SUBMISSION_HOST: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '0',
        ...(o.pgStatements ? { PG_STATEMENTS_FILE: statementsFile } : {}),
      }),
    );
    children.push(smtp.proc);
    const smtpPort = Number(await smtp.waitFor(/SMTP: smtp:\/\/[^:]+:(\d+)/));

    const rounds: { baseline: Run; postwire: Run; ratio: number }[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      const tag = o.rounds > 1 ? `round ${round}: ` : '';
      say(`${tag}baseline: ${o.count} messages to a plain smtp-server over ${o.connections} connections`);
      const baseline = await submit(o, sinkPort, sink.proc.pid, from, (i) => `b${round}.${i}@bench.example`);
      say(`${tag}postwire: ${o.count} messages to postwire smtp over ${o.connections} connections`);
      const postwire = await submit(o, smtpPort, smtp.proc.pid, from, (i) => `p${round}.${i}@bench.example`, { user: 'apikey', pass: key });
      rounds.push({ baseline, postwire, ratio: postwire.perSecond / baseline.perSecond });
      if (o.rounds > 1)
        say(
          `${tag}baseline ${Math.round(baseline.perSecond)}/s, postwire ${Math.round(postwire.perSecond)}/s, ratio ${(postwire.perSecond / baseline.perSecond).toFixed(3)}`,
        );
    }
    // The median round (the lower middle one of an even number) stands for the run.
    const { baseline, postwire } = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor((rounds.length - 1) / 2)]!;
    const total = o.count * o.rounds;

    // Checks: every 250 names a message that is on disk, with its recipient queued.
    const ids = rounds.flatMap((r) => r.postwire.replies).map((r) => /queued as (\w+)/.exec(r ?? '')?.[1]);
    const missingIds = ids.filter((id) => !id).length;
    const handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    let stored = 0;
    let queued = 0;
    try {
      const known = ids.filter((id): id is string => !!id);
      for (let i = 0; i < known.length; i += 500) {
        const chunk = known.slice(i, i + 500);
        stored += (await handle.db.selectFrom('messages').select('id').where('id', 'in', chunk).execute()).length;
        queued += (await handle.db.selectFrom('delivery_jobs').select('id').where('message_id', 'in', chunk).execute()).length;
      }
    } finally {
      await handle.close();
    }
    const baselineOk = rounds.every((r) => r.baseline.replies.every((reply) => reply?.startsWith('250')));
    const ratio = postwire.perSecond / baseline.perSecond;
    const result = {
      dialect: o.dialect,
      count: o.count,
      rounds: rounds.map((r) => Number(r.ratio.toFixed(3))),
      connections: o.connections,
      concurrency: o.concurrency,
      baselinePerSecond: Math.round(baseline.perSecond),
      postwirePerSecond: Math.round(postwire.perSecond),
      ratio: Number(ratio.toFixed(3)),
      cpuMsPerMessage: { baseline: rounded(baseline.cpuPerMessage), postwire: rounded(postwire.cpuPerMessage) },
      checks: { every250HasAnId: missingIds === 0, onDisk: stored, queued, baselineAll250: baselineOk },
    };
    if (nodeArgs.length) {
      // The profile and the counts are written at exit: stop it and wait.
      const exited = new Promise((resolve) => smtp.proc.once('exit', resolve));
      smtp.proc.kill('SIGTERM');
      await exited;
      reportDiagnostics(o, diagnostics, statementsFile, say);
    }
    if (o.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      say(`baseline  ${result.baselinePerSecond} messages/s (${baseline.seconds.toFixed(2)} s)`);
      say(`postwire  ${result.postwirePerSecond} messages/s (${postwire.seconds.toFixed(2)} s)`);
      say(`ratio     ${result.ratio}${o.rounds > 1 ? ` (the median of ${result.rounds.join(', ')})` : ''} (the target is at least 0.5)`);
      const cpu = (c: Run['cpuPerMessage']) =>
        `server ${c.server?.toFixed(3) ?? '?'}${c.postgres === undefined ? '' : `, PostgreSQL ${c.postgres.toFixed(3)}`}, client ${c.client.toFixed(3)}`;
      say(`CPU ms per message: baseline ${cpu(baseline.cpuPerMessage)}; postwire ${cpu(postwire.cpuPerMessage)}`);
      say(
        `checks    ${stored} of ${total} answered messages on disk, ${queued} queued; every 250 with an id: ${missingIds === 0}; baseline all 250: ${baselineOk}`,
      );
    }
    return missingIds === 0 && stored === total && queued === total && baselineOk ? 0 : 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await db.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(1);
  },
);

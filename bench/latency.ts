/**
 * Time-to-inbox benchmark: from the API's answer to a send until the message
 * arrives at a local SMTP relay, at a steady rate of sends.
 *
 *   npm run bench:latency -- [--mode start|split] [--rates 100,300] [--duration 20] [--warmup 3]
 *                            [--workers 2] [--idle 10] [--set KEY=VALUE …] [--json]
 *
 * --mode start (default): `postwire start` on the embedded SQLite file, as `npm start` runs it.
 * --mode split: PostgreSQL (DATABASE_URL, a server where a fresh database is created and
 * dropped), one `postwire api` and --workers `postwire worker` processes, as a scaled-out
 * installation runs; then also --idle single messages, one every second with nothing else
 * going on (what a worker that waits for its poll would show), once right after start (each
 * worker's first delivery opens its first relay connection) and once after the rates.
 * --set passes a Postwire setting to every Postwire process (repeatable), e.g. --set COMPOSE_NICE=0.
 *
 * What happens:
 *  1. The relay (bench/latency-relay.ts): smtp-server on 127.0.0.1 in a process of its own
 *     (plain SMTP, accepts everything), noting when each message's DATA ends, by the message
 *     id in its Message-ID header.
 *  2. Postwire starts as an operator starts it, with TRANSPORT=smtp to that relay, and the
 *     bench logs in with the seeded account.
 *  3. For each rate: sends are started on a fixed schedule (open loop: one every 1000/rate
 *     ms whether or not earlier ones were answered, as independent clients would), for
 *     --warmup + --duration seconds; only the sends started after the warm-up count. For each
 *     answered send: latency = arrival at the relay − the moment the answer was read here.
 *     The bench waits (up to 120 s) until every answered message arrived; one that never
 *     arrives is reported and fails the run.
 *  4. Figures: p50, p90, p99 and max per rate, and the answer times (client's view).
 *
 * No timing assertions: the exit code is 1 only when the bench could not run or a message
 * answered 200 never reached the relay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import { Child, postwireEnv, ROOT, sleep } from './child.ts';

interface Options {
  mode: 'start' | 'split';
  rates: number[];
  duration: number;
  warmup: number;
  workers: number;
  idle: number;
  json: boolean;
  settings: Record<string, string>;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: 'start' },
      rates: { type: 'string', default: '100,300' },
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      workers: { type: 'string', default: '2' },
      idle: { type: 'string', default: '10' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      set: { type: 'string', multiple: true, default: [] },
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
  if (values.mode !== 'start' && values.mode !== 'split') throw new Error('--mode is start or split');
  const positive = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0, not "${raw}"`);
    return n;
  };
  return {
    mode: values.mode,
    rates: values
      .rates!.split(',')
      .map((r) => positive('rates', r))
      .filter((r) => r > 0),
    duration: positive('duration', values.duration!),
    warmup: positive('warmup', values.warmup!),
    workers: Math.max(1, Math.round(positive('workers', values.workers!))),
    idle: Math.round(positive('idle', values.idle!)),
    json: values.json!,
    settings: Object.fromEntries(
      values.set!.map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`--set takes KEY=VALUE, not "${pair}"`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
    ),
  };
}

/** The relay (bench/latency-relay.ts) in its own process; `arrivals` fills as its reports come in. */
async function startRelay(): Promise<{ port: number; arrivals: Map<string, number>; refresh: () => Promise<void>; child: Child }> {
  const child = new Child('relay', ['--import', 'tsx', path.join(ROOT, 'bench/latency-relay.ts')], postwireEnv({}), true);
  const port = Number(await child.waitFor((out) => /LISTENING (\d+)/.exec(out)?.[1], 30_000, 'LISTENING line'));
  const arrivals = new Map<string, number>();
  const refresh = () =>
    new Promise<void>((resolve) => {
      child.proc.once('message', (reply: { arrivals: [string, number][] }) => {
        for (const [id, at] of reply.arrivals) if (!arrivals.has(id)) arrivals.set(id, at);
        resolve();
      });
      child.proc.send({ type: 'arrivals' });
    });
  return { port, arrivals, refresh, child };
}

interface Sent {
  startedAt: number;
  answeredAt: number;
  id: string | undefined;
  status: number;
}

async function sendOne(url: string, token: string, body: string): Promise<Sent> {
  const startedAt = performance.timeOrigin + performance.now();
  try {
    const response = await fetch(`${url}/notify/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    const answeredAt = performance.timeOrigin + performance.now();
    return { startedAt, answeredAt, status: response.status, id: /"id":"([0-9a-f]{24})"/.exec(text)?.[1] };
  } catch {
    return { startedAt, answeredAt: performance.timeOrigin + performance.now(), status: 0, id: undefined };
  }
}

/** Starts a send every 1000/rate ms for `seconds`, whatever the earlier ones are doing (open loop). */
async function steadyRate(url: string, token: string, body: string, rate: number, seconds: number): Promise<Sent[]> {
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const sends: Promise<Sent>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    sends.push(sendOne(url, token, body));
  }
  return Promise.all(sends);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figures {
  label: string;
  sends: number;
  notOk: number;
  missing: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  answerMs: { p50: number; p99: number };
}

async function measure(label: string, sent: Sent[], relay: { arrivals: Map<string, number>; refresh: () => Promise<void> }): Promise<Figures> {
  const { arrivals } = relay;
  const ok = sent.filter((s) => s.status === 200 && s.id);
  const deadline = Date.now() + 120_000;
  for (;;) {
    await relay.refresh();
    if (!ok.some((s) => !arrivals.has(s.id!)) || Date.now() > deadline) break;
    await sleep(50);
  }
  const latencies = ok
    .filter((s) => arrivals.has(s.id!))
    .map((s) => arrivals.get(s.id!)! - s.answeredAt)
    .sort((a, b) => a - b);
  const answers = sent.map((s) => s.answeredAt - s.startedAt).sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    label,
    sends: sent.length,
    notOk: sent.length - ok.length,
    missing: ok.length - latencies.length,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
    answerMs: { p50: round(percentile(answers, 50)), p99: round(percentile(answers, 99)) },
  };
}

async function main(): Promise<number> {
  const options = readOptions();
  const say = (line = '') => {
    if (!options.json) process.stdout.write(line + '\n');
  };
  const cpus = os.cpus();
  say(
    `Time-to-inbox benchmark, mode ${options.mode}: rates ${options.rates.join(', ')}/s for ${options.duration} s each (after ${options.warmup} s of warm-up).`,
  );
  say(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );

  const relay = await startRelay();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-latency-'));
  const children: Child[] = [];
  let database: TestDatabase | undefined;
  const results: Figures[] = [];
  try {
    const env: Record<string, string> = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      INBOUND_SMTP_PORT: '0',
      JWT_SECRET: 'latency-bench-secret-latency-bench-secret',
      ...(process.env.XTRA ? JSON.parse(process.env.XTRA) : {}),
    };
    if (options.mode === 'split') {
      if (!process.env.DATABASE_URL)
        throw new Error('--mode split needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres (a fresh database is created there and dropped).');
      process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
      database = await createTestDatabase('postgres');
      env.DATABASE_URL = database.databaseUrl!;
    }
    const api = new Child('postwire', [path.join(ROOT, 'bin/postwire.mjs'), options.mode === 'start' ? 'start' : 'api'], postwireEnv(env));
    children.push(api);
    const banner = await api.waitFor((out) => (/\(the password is shown only this once\)/.test(out) ? out : undefined), 60_000, 'start-up banner');
    const url = /API:\s+(\S+)/.exec(banner)![1]!;
    const email = /EmailAddress:\s+(\S+)/.exec(banner)![1]!;
    const password = /Password:\s+(\S+)/.exec(banner)![1]!;
    if (options.mode === 'split') {
      for (let i = 0; i < options.workers; i++) {
        const worker = new Child(
          `worker ${i + 1}`,
          [path.join(ROOT, 'bin/postwire.mjs'), 'worker'],
          // LOG_LEVEL info: a worker-only process prints no banner, and 'worker started' is
          // an info line; at warn the wait below timed out after 60 s for each worker.
          postwireEnv({ ...env, LOG_LEVEL: 'info', HELO_NAME: `worker${i + 1}.bench` }),
        );
        children.push(worker);
        await worker.waitFor((out) => (/worker started/.test(out) ? true : undefined), 60_000, '"worker started" log line');
      }
    }
    say(
      `Postwire: ${options.mode === 'start' ? 'postwire start (SQLite)' : `postwire api + ${options.workers} × postwire worker (PostgreSQL)`} at ${url}; relay smtp://127.0.0.1:${relay.port}.`,
    );
    const login = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ EmailAddress: email, Password: password }),
    });
    const token = ((await login.json()) as { resultObject: { access_token: string } }).resultObject.access_token;
    const body = JSON.stringify({
      from: { email, name: 'Example Shop' },
      to: [{ email: 'alex@example.net', name: 'Alex Example' }],
      subject: 'Your order #40213 has shipped',
      htmlContent: `<p>Hello Alex,</p><p>${'Your parcel is on its way. '.repeat(60)}</p>`,
    });
    const first = await sendOne(url, token, body);
    if (first.status !== 200) throw new Error(`the first send was answered ${first.status}`);
    await measure('first send', [first], relay);

    // Idle single messages, twice: right after start, when each worker's first delivery also
    // opens its first connection to the relay (smtp-server, like a relay with a greeting
    // pause, answers a new connection after 100 ms), and again after the rates, when the
    // workers' connections are open.
    const idlePhase = async (when: string) => {
      const idle: Sent[] = [];
      for (let i = 0; i < options.idle; i++) {
        await sleep(1000);
        idle.push(await sendOne(url, token, body));
      }
      results.push(await measure(`idle ${when}, one message a second × ${options.idle}`, idle, relay));
      const inOrder = idle.map((s) => (s.id && relay.arrivals.has(s.id) ? Math.round(relay.arrivals.get(s.id)! - s.answeredAt) : 'never'));
      say(`Idle messages ${when}, answer → relay in send order (ms): ${inOrder.join(', ')}`);
    };
    const idleToo = options.mode === 'split' && options.idle > 0;
    if (idleToo) await idlePhase('after start');
    for (const rate of options.rates) {
      const all = await steadyRate(url, token, body, rate, options.warmup + options.duration);
      const measuredFrom = all[0] ? all[0].startedAt + options.warmup * 1000 : 0;
      results.push(
        await measure(
          `${rate}/s`,
          all.filter((s) => s.startedAt >= measuredFrom),
          relay,
        ),
      );
      await sleep(2000);
    }
    if (idleToo && options.rates.length > 0) await idlePhase('after the rates');
  } finally {
    for (const child of children.reverse()) await child.stop(30_000);
    await relay.child.stop(5_000);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (options.json) process.stdout.write(JSON.stringify({ mode: options.mode, results }, null, 2) + '\n');
  say('');
  say('| load | sends | not 200 | never arrived | p50 ms | p90 ms | p99 ms | max ms | answer p50/p99 ms |');
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    say(
      `| ${r.label} | ${r.sends} | ${r.notOk} | ${r.missing} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.answerMs.p50} / ${r.answerMs.p99} |`,
    );
  }
  return results.some((r) => r.missing > 0 || r.notOk > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);

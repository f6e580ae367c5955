/**
 * Inbound mail benchmark. Targets: messages per second accepted, parsed and handed to a
 * local webhook at no less than half the rate of a bare smtp-server sink (same machine,
 * same run); and, at 50 messages per second, the webhook call's p99 after the 250 at most
 * 250 ms.
 *
 *   npm run bench:inbound -- [--count 1000] [--dialect sqlite|postgres] [--concurrency 8]
 *                            [--rate 50] [--seconds 10] [--json]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database).
 *
 * What happens:
 *  1. Setup, not timed: a DNS server on 127.0.0.1 (DNS_RESOLVER: every SPF, DKIM and DMARC
 *     look-up is answered at once, none leaves the machine), a webhook receiver in this
 *     process, `postwire start` on a fresh database with INBOUND_SMTP_PORT; the bench logs
 *     in, adds a receiving domain and a webhook route to the receiver. spamd is not used.
 *  2. Baseline: bench/deliver-sink.ts in its own process (smtp-server that reads each
 *     message and answers 250). A pooled nodemailer transport (--concurrency in flight)
 *     sends N messages (~3 KB, text and HTML, one attachment). Timed first send to last 250.
 *  3. Postwire: the same N messages to the listener; timed from the first send until the
 *     webhook has had every one (accepted, stored, parsed, authenticated, called).
 *     The ratio is Postwire's rate over the sink's.
 *  4. Latency: --rate messages per second for --seconds (open loop: one every 1/rate s
 *     whatever the answers), each on the pool; for each, the time from its 250 to its
 *     webhook call's arrival. p50, p99, max.
 *  5. Checks: every message got a 250 and reached the webhook once or more.
 *
 * No timing assertions: the exit code is 1 only when the bench could not run or a check
 * failed. Run it alone on the machine; figures go to docs/performance.md.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { createTestDatabase } from '../test/helpers/db.ts';
import { startDnsServer } from '../test/helpers/dns-server.ts';
import { cpuMs, spent } from './cpu.ts';
import { callApi, childEnv, logIn, resultOf, startPostwire, stopPostwire } from '../test/helpers/process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOMAIN = 'in.bench.example.test';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    dialect: { type: 'string', default: 'sqlite' },
    concurrency: { type: 'string', default: '8' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});
const o = {
  count: Number(values.count),
  dialect: values.dialect === 'postgres' ? ('postgres' as const) : ('sqlite' as const),
  concurrency: Number(values.concurrency),
  rate: Number(values.rate),
  seconds: Number(values.seconds),
  json: values.json,
};
if (o.dialect === 'postgres' && !process.env.DATABASE_URL) throw new Error('--dialect postgres needs DATABASE_URL');

const say = (line: string) => {
  if (!o.json) process.stdout.write(`${line}\n`);
};

function message(i: number, to: string) {
  return {
    from: `Customer ${i} <customer${i}@sender.example.test>`,
    to,
    subject: `Question about order #${i}`,
    text: `Hello,\n\nwhere is my order #${i}?\n\nThanks\n\nOn Mon, Shop wrote:\n> Your order has shipped.\n> ${'Thank you for your order. '.repeat(20)}\n`,
    html: `<p>Hello,</p><p>where is my order #${i}?</p><blockquote>${'<p>Thank you for your order.</p>'.repeat(20)}</blockquote>`,
    attachments: [{ filename: `photo-${i}.txt`, content: 'x'.repeat(512) }],
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The webhook receiver: when each received message's call arrived (performance.now()). */
async function startReceiver() {
  const arrived = new Map<string, number>();
  let calls = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const at = performance.now();
      calls++;
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
      if (!arrived.has(id)) arrived.set(id, at);
      response.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    arrived,
    calls: () => calls,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbound`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function pool(port: number) {
  return nodemailer.createTransport({
    pool: true,
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    maxConnections: o.concurrency,
    maxMessages: Infinity,
  });
}

/** Sends `count` messages, `concurrency` in flight; the 250 replies and the seconds to the last one. */
async function burst(port: number, count: number, to: (i: number) => string): Promise<{ replies: string[]; seconds: number }> {
  const transport = pool(port);
  const replies: string[] = new Array(count);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < count) {
        const i = next++;
        replies[i] = (await transport.sendMail(message(i, to(i)))).response;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return { replies, seconds };
}

const idOf = (reply: string) => /\(([0-9a-f]{24})\)/.exec(reply)?.[1];

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const dns = await startDnsServer();
  const receiver = await startReceiver();
  const database = await createTestDatabase(o.dialect);
  const port = await freePort();
  const sink = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/deliver-sink.ts')], {
    cwd: ROOT,
    env: childEnv({}),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  try {
    const sinkPort = await new Promise<number>((resolve, reject) => {
      let out = '';
      sink.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const match = /LISTENING (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      sink.once('exit', () => reject(new Error(`the sink exited: ${out}`)));
    });
    const postwire = await startPostwire('start', {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      INBOUND_SMTP_PORT: String(port),
      INBOUND_MX_HOST: 'mx.bench.example.test',
      // One client sends everything from 127.0.0.1: the per-IP limit would be the figure.
      INBOUND_SMTP_MESSAGES_PER_IP: '0',
      DNS_RESOLVER: dns.address,
      OUTBOUND_ALLOW: '127.0.0.1',
      TRANSPORT: 'capture',
      LOG_LEVEL: 'warn',
    });
    try {
      const token = await logIn(postwire, postwire.credentials!);
      const domain = resultOf(await callApi(postwire.url, '/notify/v1/inbound/domains', { token, json: { name: DOMAIN } }), 201);
      resultOf(
        await callApi(postwire.url, '/notify/v1/inbound/routes', {
          token,
          json: { domainId: domain.id, pattern: '*', action: 'webhook', webhookUrl: receiver.url },
        }),
        201,
      );
      // Warm-up, not timed: the first connections, the parser's and mailauth's first run.
      await burst(port, 20, (i) => `warm${i}@${DOMAIN}`);
      await until(() => receiver.arrived.size >= 20, 60_000, 'the warm-up calls');

      say(`inbound bench: ${o.count} messages, ${o.concurrency} in flight, ${o.dialect}`);
      const baseline = await burst(sinkPort, o.count, (i) => `base${i}@${DOMAIN}`);
      const sinkRate = o.count / baseline.seconds;
      say(`  bare smtp-server sink: ${sinkRate.toFixed(0)} messages/s`);

      const cpuBefore = { postwire: cpuMs(postwire.child.pid), bench: process.cpuUsage() };
      const started = performance.now();
      const run = await burst(port, o.count, (i) => `box${i}@${DOMAIN}`);
      const ids = run.replies.map(idOf);
      if (ids.some((id) => id === undefined)) throw new Error('a message got no 250 with its id');
      await until(() => ids.every((id) => receiver.arrived.has(id!)), 300_000, 'every webhook call');
      const handed = (Math.max(...ids.map((id) => receiver.arrived.get(id!)!)) - started) / 1000;
      const postwireRate = o.count / handed;
      const postwireCpu = spent(cpuBefore.postwire, cpuMs(postwire.child.pid));
      const benchCpu = process.cpuUsage(cpuBefore.bench);
      const acceptedRate = o.count / run.seconds;
      say(`  Postwire, accepted (250): ${acceptedRate.toFixed(0)} messages/s`);
      say(`  Postwire, accepted, parsed and handed to the webhook: ${postwireRate.toFixed(0)} messages/s`);
      say(`  ratio to the sink: ${(postwireRate / sinkRate).toFixed(2)} (target >= 0.5)`);
      say(
        `  CPU per message: postwire ${postwireCpu === undefined ? '?' : (postwireCpu / o.count).toFixed(1)} ms, ` +
          `this process (client, DNS, webhook receiver) ${((benchCpu.user + benchCpu.system) / 1000 / o.count).toFixed(1)} ms`,
      );

      // Latency at a steady rate.
      const transport = pool(port);
      const total = Math.round(o.rate * o.seconds);
      const answeredAt = new Map<string, number>();
      const sends: Promise<void>[] = [];
      const t0 = performance.now();
      for (let i = 0; i < total; i++) {
        const due = t0 + (i * 1000) / o.rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        sends.push(
          transport.sendMail(message(i, `steady${i}@${DOMAIN}`)).then((info) => {
            const at = performance.now();
            answeredAt.set(idOf(info.response)!, at);
          }),
        );
      }
      await Promise.all(sends);
      transport.close();
      await until(() => [...answeredAt.keys()].every((id) => receiver.arrived.has(id)), 120_000, 'every steady-rate webhook call');
      const latencies = [...answeredAt].map(([id, at]) => receiver.arrived.get(id)! - at).sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      const max = latencies.at(-1)!;
      say(
        `  webhook after the 250 at ${o.rate}/s (${total} messages): p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${max.toFixed(0)} ms (target p99 <= 250 ms)`,
      );
      if (o.json) {
        process.stdout.write(
          `${JSON.stringify({ dialect: o.dialect, count: o.count, sinkRate, acceptedRate, postwireRate, ratio: postwireRate / sinkRate, rate: o.rate, p50, p99, max })}\n`,
        );
      }
    } finally {
      await stopPostwire(postwire);
    }
  } finally {
    sink.kill();
    await receiver.close();
    await dns.close();
    await database.drop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

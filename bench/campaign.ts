/**
 * Campaign benchmark: a campaign to N contacts delivered to a local relay, against raw
 * pooled nodemailer to the same relay in the same run; memory of
 * the Postwire process over the campaign; and one transactional send a second while the
 * campaign delivers, timed from the API's answer to its arrival at the relay.
 *
 *   npm run bench:campaign -- [--count 100000] [--dialect sqlite|postgres] [--pool 5] [--concurrency 16] [--dispatch-page 500] [--json]
 *                             [--profile] [--pg-statements]
 *
 * Diagnostics, as in bench/smtp.ts: --profile runs `postwire start` under `node --cpu-prof`
 * (whole process, import and baseline included; kept under .tmp/bench-profiles/);
 * --pg-statements (postgres only) preloads bench/pg-statements.mjs and prints the statements
 * the process sent per campaign recipient (the import's statements included).
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database).
 *
 * What happens:
 *  1. The relay (bench/latency-relay.ts, its own process) notes when each message with one
 *     of our Message-IDs arrived.
 *  2. `postwire start` (API + worker, TRANSPORT=smtp to the relay) on a fresh database; the
 *     contacts are imported through the API (10,000 per import), not timed.
 *  3. Baseline: a pooled nodemailer loop in this process sends N messages to the relay
 *     (same pool size, --concurrency in flight), timed from the first send to the last 250.
 *  4. The campaign (POST /inbox/v1/campaigns/custom, ~2 KB of HTML with `#email#`): timed from
 *     its creation to its status `sent` (every recipient delivered), which covers dispatch
 *     (paging the audience, writing and queueing the messages) and delivery. Meanwhile one
 *     transactional send a second; RSS of the Postwire process every second.
 *  5. Checks: the campaign's counters say N delivered; every transactional send arrived.
 *
 * Targets (not asserted): campaign rate / baseline rate ≥ 0.7; RSS flat; transactional
 * answer-to-relay p99 < 500 ms. The exit code is 1 only when the bench could not run or a
 * check failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { CONFIG_SCHEMA } from '../src/config.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { apiUrlOf, importContacts, signIn } from './bench-api.ts';
import { Child, postwireEnv, ROOT, sleep } from './child.ts';
import { summariseProfile } from './profile-summary.ts';

const DOMAIN = 'bench.example';

function html(): string {
  const rows = Array.from({ length: 14 }, (_, i) => `<tr><td style="padding:4px">Story ${i + 1}: what changed this month</td><td>read more</td></tr>`);
  return `<!doctype html><html><body><h1>Our news</h1><p>Hello #email#,</p><table>${rows.join('')}</table><p>The Example team</p></body></html>`;
}

function rssMiB(pid: number | undefined): number | undefined {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '?' : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      dialect: { type: 'string' },
      pool: { type: 'string' },
      concurrency: { type: 'string' },
      'dispatch-page': { type: 'string' },
      json: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'pg-statements': { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count ?? 100_000);
  const dialect = values.dialect ?? 'sqlite';
  const pool = Number(values.pool ?? CONFIG_SCHEMA.SMTP_POOL_SIZE.default);
  const concurrency = Number(values.concurrency ?? CONFIG_SCHEMA.WORKER_CONCURRENCY.default);
  const dispatchPage = Number(values['dispatch-page'] ?? CONFIG_SCHEMA.CAMPAIGN_DISPATCH_PAGE_SIZE.default);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(dispatchPage) || dispatchPage < 1 || (dialect !== 'sqlite' && dialect !== 'postgres')) {
    process.stderr.write(
      'Usage: npm run bench:campaign -- [--count N] [--dialect sqlite|postgres] [--pool N] [--concurrency N] [--dispatch-page N] [--json]\n',
    );
    return 2;
  }
  if (dialect === 'postgres') {
    const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!server) {
      process.stderr.write('--dialect postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres\n');
      return 2;
    }
    process.env.TEST_DATABASE_URL = server;
  }
  if (values['pg-statements'] && dialect !== 'postgres') {
    process.stderr.write('--pg-statements works with --dialect postgres only\n');
    return 2;
  }
  const say = (line = '') => process.stdout.write(`${line}\n`);
  say(`Campaign benchmark: ${fmt(count)} contacts, ${dialect}, SMTP pool ${pool}, ${concurrency} in flight, dispatch pages of ${fmt(dispatchPage)}.`);
  say(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );

  const db = await createTestDatabase(dialect);
  const relay = new Child('relay', ['--import', 'tsx', path.join(ROOT, 'bench/latency-relay.ts')], postwireEnv({}), true);
  let postwire: Child | undefined;
  let failed = false;
  // Diagnostics (--profile, --pg-statements): written by `postwire start` when it exits.
  const diagnostics = path.join(db.dataDir, 'diagnostics');
  fs.mkdirSync(diagnostics, { recursive: true });
  const statementsFile = path.join(diagnostics, 'pg-statements.json');
  try {
    const port = Number(await relay.waitFor((out) => /LISTENING (\d+)/.exec(out)?.[1], 30_000, 'LISTENING line'));
    const arrivals = new Map<string, number>();
    const refresh = () =>
      new Promise<void>((resolve) => {
        relay.proc.once('message', (reply: { arrivals: [string, number][] }) => {
          for (const [id, at] of reply.arrivals) if (!arrivals.has(id)) arrivals.set(id, at);
          resolve();
        });
        relay.proc.send!({ type: 'arrivals' });
      });

    postwire = new Child(
      'postwire start',
      [
        ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${diagnostics}`] : []),
        ...(values['pg-statements'] ? ['--import', path.join(ROOT, 'bench/pg-statements.mjs')] : []),
        path.join(ROOT, 'bin/postwire.mjs'),
        'start',
      ],
      postwireEnv({
        ...(values['pg-statements'] ? { PG_STATEMENTS_FILE: statementsFile } : {}),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: db.dataDir,
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
        INBOUND_SMTP_PORT: '0',
        SMTP_SUBMISSION_PORT: '0',
        TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SMTP_POOL_SIZE: String(pool),
        WORKER_CONCURRENCY: String(concurrency),
        CAMPAIGN_DISPATCH_PAGE_SIZE: String(dispatchPage),
        BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
      }),
    );
    await postwire.waitFor((out) => (out.includes('(the password is shown only this once)') ? true : undefined), 90_000, 'seeded credentials');
    const url = apiUrlOf(postwire.stdout);
    const { email, api } = await signIn(postwire.stdout, () => url);

    const sender = (await api('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: email, ReplyEmail: email })).id;
    const list = (await api('POST', '/inbox/v1/contactlists', { listName: 'Everyone' })).id;
    const importStarted = Date.now();
    await importContacts(api, list, count, DOMAIN);
    say(`1. Imported ${fmt(count)} contacts in ${fmt((Date.now() - importStarted) / 1000, 1)} s (not part of the figures).`);

    const body = html();
    const transport = nodemailer.createTransport({ pool: true, host: '127.0.0.1', port, maxConnections: pool });
    const baselineStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          await transport.sendMail({ from: email, to: `b${i}@${DOMAIN}`, subject: 'Our news', html: body.replace('#email#', `b${i}@${DOMAIN}`) });
        }
      }),
    );
    transport.close();
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    say(`2. Baseline (pooled nodemailer): ${fmt(count / baselineSeconds)} messages/s (${fmt(baselineSeconds, 2)} s).`);

    const memory: number[] = [];
    const sends: { answeredAt: number; id: string }[] = [];
    let campaignDone = false;
    const transactional = (async () => {
      for (let i = 0; !campaignDone; i++) {
        const tick = sleep(1000);
        const answer = await api('POST', '/notify/v1/send', {
          from: { email },
          to: [{ email: `t${i}@${DOMAIN}` }],
          subject: 'Your code',
          htmlContent: '<p>123456</p>',
        });
        sends.push({ answeredAt: performance.timeOrigin + performance.now(), id: answer.id });
        await tick;
      }
    })();
    const started = performance.now();
    const id = await api('POST', '/inbox/v1/campaigns/custom', {
      subject: 'Our news for #email#',
      htmlContent: body,
      language: 'en-US',
      senderAccountId: sender,
      listType: 2,
      lists: [list],
    });
    let campaign: any;
    let lastReport = Date.now();
    for (;;) {
      memory.push(rssMiB(postwire.proc.pid) ?? NaN);
      campaign = await api('GET', `/inbox/v1/campaigns/${id}`);
      if (campaign.status === 3) break;
      if (Date.now() - lastReport > 10_000) {
        say(`   … ${fmt(campaign.totalRecipients)} dispatched, ${fmt(campaign.delivered)} delivered`);
        lastReport = Date.now();
      }
      await sleep(1000);
    }
    // The campaign's own times: its end is recorded by the commit of its last outcome (the
    // poll above only notices it, up to a second later).
    const campaignSeconds = (Date.parse(campaign.endTime) - Date.parse(campaign.createTime)) / 1000;
    const polledSeconds = (performance.now() - started) / 1000;
    campaignDone = true;
    await transactional;
    say(
      `3. Campaign: ${fmt(count / campaignSeconds)} messages/s (${fmt(campaignSeconds, 2)} s from creation to its last recipient's outcome; ${fmt(polledSeconds, 1)} s as polled).`,
    );

    await sleep(2000);
    await refresh();
    const latencies = sends
      .filter((s) => arrivals.has(s.id))
      .map((s) => arrivals.get(s.id)! - s.answeredAt)
      .sort((x, y) => x - y);
    const missing = sends.length - latencies.length;
    const ratio = campaignSeconds > 0 ? count / campaignSeconds / (count / baselineSeconds) : NaN;
    const samples = memory.filter((m) => !Number.isNaN(m));
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    say('');
    say(`RATIO campaign/baseline: ${ratio.toFixed(3)}   (target ≥ 0.7)`);
    say(
      `Postwire RSS over the campaign: first ${fmt(samples[0], 1)} MiB, min ${fmt(Math.min(...samples), 1)}, max ${fmt(Math.max(...samples), 1)}, last ${fmt(samples.at(-1), 1)} MiB (${samples.length} samples; mean of the first quarter ${fmt(samples.slice(0, quarter).reduce((a, b) => a + b, 0) / quarter, 1)}, of the last ${fmt(samples.slice(-quarter).reduce((a, b) => a + b, 0) / quarter, 1)}).`,
    );
    say(
      `Transactional sends during the campaign: ${sends.length}, answer → relay p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(latencies.at(-1))} ms (target p99 < 500 ms).`,
    );
    // When the slow ones were answered tells dispatch (the campaign's first seconds) from delivery.
    const createdAt = Date.parse(campaign.createTime);
    const slow = sends.filter((s) => arrivals.has(s.id) && arrivals.get(s.id)! - s.answeredAt >= 500);
    if (slow.length)
      say(
        `   ${slow.length} took 500 ms or more; answered at (s after the campaign's creation) → ms: ${slow
          .slice(0, 20)
          .map((s) => `${fmt((s.answeredAt - createdAt) / 1000, 1)} → ${fmt(arrivals.get(s.id)! - s.answeredAt)}`)
          .join(', ')}${slow.length > 20 ? ', …' : ''}.`,
      );
    const problems: string[] = [];
    if (campaign.delivered !== count || campaign.totalRecipients !== count)
      problems.push(`the campaign counted ${campaign.totalRecipients} recipients, ${campaign.delivered} delivered; expected ${count}`);
    if (missing) problems.push(`${missing} transactional sends never arrived`);
    for (const p of problems) say(`CHECK FAILED: ${p}`);
    if (!problems.length) say(`OK: ${fmt(count)} delivered, every transactional send arrived.`);
    failed = problems.length > 0;
    if (values.json) say(JSON.stringify({ count, dialect, pool, concurrency, baselineSeconds, campaignSeconds, ratio, memory: samples, latencies, problems }));
  } catch (error) {
    failed = true;
    process.stderr.write(`\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n${postwire?.stderr.slice(-2000) ?? ''}\n`);
  } finally {
    await postwire?.stop();
    reportDiagnostics(values, count, diagnostics, statementsFile, dialect, say);
    await relay.stop(5000);
    await db.drop().catch(() => undefined);
  }
  return failed ? 1 : 0;
}

/** Prints what --profile and --pg-statements collected from `postwire start`. */
function reportDiagnostics(
  values: { profile?: boolean; 'pg-statements'?: boolean },
  count: number,
  dir: string,
  statementsFile: string,
  dialect: string,
  say: (line?: string) => void,
): void {
  if (values['pg-statements'] && fs.existsSync(statementsFile)) {
    const stats = JSON.parse(fs.readFileSync(statementsFile, 'utf8')) as Record<string, { calls: number; ms: number }>;
    const rows = Object.entries(stats).sort(([, a], [, b]) => b.calls - a.calls);
    const calls = rows.reduce((n, [, v]) => n + v.calls, 0);
    say(`PostgreSQL statements of postwire start (import included): ${calls} (${(calls / count).toFixed(2)} per campaign recipient)`);
    say('   calls  per rcpt  ms waited  ms/call  statement');
    for (const [sql, v] of rows.slice(0, 40))
      say(
        `${String(v.calls).padStart(8)}  ${(v.calls / count).toFixed(3).padStart(8)}  ${v.ms.toFixed(0).padStart(9)}  ${(v.ms / v.calls).toFixed(2).padStart(7)}  ${sql}`,
      );
  }
  if (values.profile) {
    const kept = path.join(ROOT, '.tmp', 'bench-profiles'); // .tmp/ is ignored by git
    fs.mkdirSync(kept, { recursive: true });
    for (const f of fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
      const dest = path.join(kept, `campaign-${dialect}-${f}`);
      fs.copyFileSync(path.join(dir, f), dest);
      say(`CPU profile of postwire start, whole process (${path.relative(ROOT, dest)}):`);
      say(summariseProfile(dest, {}, 30));
    }
  }
}

process.exitCode = await main();

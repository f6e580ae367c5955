/**
 * Storage benchmark: bytes the database keeps per transactional message and per campaign
 * recipient, after delivery (events included), measured on the embedded SQLite file or on
 * PostgreSQL.
 *
 *   npm run bench:storage -- [--dialect sqlite|postgres] [--messages 2000] [--recipients 2000]
 *                            [--html-kb 2] [--campaign-kb 5,250] [--transport smtp|capture]
 *                            [--purge yes|no] [--autovacuum yes|no] [--keep] [--json]
 *
 * What happens: `postwire start` on a fresh database, delivering to a local relay
 * (bench/latency-relay.ts) or keeping copies in the capture inbox. The contacts are imported
 * first; then, one phase at a time, N transactional sends of --html-kb of HTML, and one
 * campaign per --campaign-kb size to all the contacts (personalised with `#email#`, as
 * newsletters are). Each phase ends with every copy delivered and a clean stop of the
 * process; then the database's size is read:
 *  - SQLite: pages in use, (page_count - freelist_count) × page_size, after the stop has
 *    checkpointed the WAL;
 *  - PostgreSQL: the sum of pg_total_relation_size over the schema's tables (heap, TOAST,
 *    indexes), after a VACUUM (which makes dead row versions reusable; it returns no space).
 * A phase's cost is the growth over the phase divided by its messages or recipients.
 * PostgreSQL's autovacuum runs while the mail is delivered, as on a server with its default
 * settings: where the server has it off, a stand-in does its job (bench/pg-autovacuum.ts);
 * --autovacuum no leaves every dead row version in place until the measurement's VACUUM.
 *
 * After the purge (--purge yes, the default): each phase then clears every body as the
 * retention purge does (the real RetentionPurge on the stopped database, its clock past the
 * body retention; on SQLite it ends with its incremental vacuum) and reads the size again, on
 * PostgreSQL after a VACUUM FULL: the space a plain VACUUM frees stays in the files and later
 * mail reuses it, so what a year of mail keeps per message is its rows as they are compacted.
 * The start is compacted the same way, so no phase's growth fills space freed before it.
 * --keep leaves the database in place (its path is printed) for a look at its rows.
 *
 * Targets (not asserted): a campaign copy ≤ 2 KiB per recipient whatever the content size;
 * a 2 KB transactional message ≤ 5 KiB while its body is retained, ≤ 1.5 KiB after the purge.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import BetterSqlite from '../src/db/sqlite-driver.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import { openDatabase } from '../src/db/database.ts';
import { RetentionPurge } from '../src/features/system/retention/retention.service.ts';
import { apiUrlOf, importContacts, signIn } from './bench-api.ts';
import { Child, postwireEnv, ROOT, sleep } from './child.ts';
import { AutovacuumStandIn } from './pg-autovacuum.ts';

const DOMAIN = 'bench.example';

/** HTML of about `kb` kilobytes, with the `#email#` placeholder once. */
function htmlOf(kb: number, title: string): string {
  const row = (i: number) =>
    `<tr><td style="padding:4px;font-family:Arial">Item ${i}: what changed this month, and why it matters to you</td><td>more</td></tr>`;
  const head = `<!doctype html><html><body><h1>${title}</h1><p>Hello #email#,</p><table>`;
  const tail = '</table><p>The Example team</p></body></html>';
  const rows: string[] = [];
  for (let i = 1; head.length + tail.length + rows.join('').length < kb * 1024; i++) rows.push(row(i));
  return head + rows.join('') + tail;
}

/** Bytes in use in all, and by table (its indexes and, on PostgreSQL, its TOAST included). */
async function databaseBytes(db: TestDatabase, options: { compact?: boolean } = {}): Promise<{ total: number; tables: Map<string, number> }> {
  const tables = new Map<string, number>();
  if (!db.databaseUrl) {
    const file = new BetterSqlite(path.join(db.dataDir, 'postwire.db'), { readonly: true });
    try {
      const pragma = (name: string) => Number(file.pragma(name, { simple: true }));
      // dbstat names each index by itself: its bytes go to the table it indexes.
      const owners = new Map(
        (file.prepare(`select name, tbl_name from sqlite_schema where type in ('table', 'index')`).all() as { name: string; tbl_name: string }[]).map((r) => [
          r.name,
          r.tbl_name,
        ]),
      );
      for (const row of file.prepare('select name, sum(pgsize - unused) as bytes from dbstat group by name').all() as { name: string; bytes: number }[]) {
        const table = owners.get(row.name) ?? row.name;
        tables.set(table, (tables.get(table) ?? 0) + Number(row.bytes));
      }
      return { total: (pragma('page_count') - pragma('freelist_count')) * pragma('page_size'), tables };
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  try {
    // After the purge, VACUUM FULL: the space a plain VACUUM makes reusable stays in the table
    // files, and later mail fills it; what is left of each row is what a year of mail keeps.
    // A plain VACUUM after it too: VACUUM FULL leaves the tables without their free-space and
    // visibility maps, which the next VACUUM makes again, a few pages per table.
    if (options.compact) await client.query('vacuum full');
    await client.query('vacuum');
    const { rows } = await client.query<{ name: string; bytes: string }>(
      `select c.relname as name, pg_total_relation_size(c.oid) as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema()`,
    );
    for (const r of rows) tables.set(r.name, Number(r.bytes));
    return { total: rows.reduce((sum, r) => sum + Number(r.bytes), 0), tables };
  } finally {
    await client.end();
  }
}

/**
 * Clears every body as the retention purge does once the bodies' retention has passed: the
 * real RetentionPurge on the stopped database, its clock two days on and bodies kept one day
 * (metadata kept). On SQLite the purge ends by giving the freed pages back (incremental vacuum).
 */
async function purgeBodies(db: TestDatabase): Promise<{ bodies: number; pagesFreed: number }> {
  const handle = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    const later = Date.now() + 2 * 86_400_000;
    const settings = {
      captureDays: 36_500,
      captureMaxRows: Number.MAX_SAFE_INTEGER,
      webhookLogDays: 36_500,
      jobsDays: 36_500,
      bodyDays: 1,
      metadataDays: 36_500,
      intervalMs: 3_600_000,
      batchRows: 1000,
      budgetMs: 3_600_000,
    };
    const purge = new RetentionPurge(handle.db, settings, { now: () => later }, { dialect: handle.dialect });
    let bodies = 0;
    let pagesFreed = 0;
    for (;;) {
      const run = await purge.run();
      bodies += run.bodies;
      pagesFreed += run.pagesFreed;
      if (run.complete) return { bodies, pagesFreed };
    }
  } finally {
    await handle.close();
  }
}

/** "a 3, b 1": how often each name occurs, most first. */
function countsOf(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return (
    [...counts]
      .sort((x, y) => y[1] - x[1])
      .map(([name, n]) => `${name} ${n}`)
      .join(', ') || 'none'
  );
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'sqlite' },
      messages: { type: 'string', default: '2000' },
      recipients: { type: 'string', default: '2000' },
      'html-kb': { type: 'string', default: '2' },
      'campaign-kb': { type: 'string', default: '5,250' },
      transport: { type: 'string', default: 'smtp' },
      json: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      purge: { type: 'string', default: 'yes' },
      autovacuum: { type: 'string', default: 'yes' },
    },
  });
  const dialect = values.dialect!;
  const messages = Number(values.messages);
  const recipients = Number(values.recipients);
  const htmlKb = Number(values['html-kb']);
  const campaignKbs = values['campaign-kb']!.split(',').map(Number);
  const transport = values.transport!;
  const purge = values.purge === 'yes';
  const valid = [messages, recipients, htmlKb, ...campaignKbs].every((n) => Number.isFinite(n) && n > 0);
  if (
    !valid ||
    (dialect !== 'sqlite' && dialect !== 'postgres') ||
    (transport !== 'smtp' && transport !== 'capture') ||
    (values.purge !== 'yes' && values.purge !== 'no') ||
    (values.autovacuum !== 'yes' && values.autovacuum !== 'no')
  ) {
    process.stderr.write(
      'Usage: npm run bench:storage -- [--dialect sqlite|postgres] [--messages N] [--recipients N] [--html-kb KB] [--campaign-kb KB,KB] [--transport smtp|capture] [--purge yes|no] [--autovacuum yes|no] [--keep] [--json]\n',
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
  const say = (line = '') => process.stdout.write(`${line}\n`);
  say(
    `Storage benchmark: ${dialect}, transport ${transport}; ${fmt(messages)} sends of ${htmlKb} KB, campaigns of ${campaignKbs.join(' and ')} KB to ${fmt(recipients)} contacts.`,
  );
  say(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}.`);

  const db = await createTestDatabase(dialect);
  const relay = transport === 'smtp' ? new Child('relay', ['--import', 'tsx', path.join(ROOT, 'bench/latency-relay.ts')], postwireEnv({}), true) : undefined;
  let postwire: Child | undefined;
  const results: { phase: string; count: number; bytes: number; perItem: number }[] = [];
  let failed = false;
  let autovacuum: AutovacuumStandIn | undefined;
  try {
    if (db.databaseUrl && values.autovacuum === 'yes') {
      autovacuum = await AutovacuumStandIn.startFor(db.databaseUrl);
      say(autovacuum ? "The server's autovacuum is off: a stand-in does its job (bench/pg-autovacuum.ts)." : "The server's autovacuum is on.");
    }
    const relayPort = relay ? Number(await relay.waitFor((out) => /LISTENING (\d+)/.exec(out)?.[1], 30_000, 'LISTENING line')) : undefined;
    const env = postwireEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      INBOUND_SMTP_PORT: '0',
      SMTP_SUBMISSION_PORT: '0',
      TRANSPORT: transport,
      ...(relayPort ? { SMTP_URL: `smtp://127.0.0.1:${relayPort}` } : {}),
      BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
    });
    let url = '';
    const start = async (first: boolean) => {
      postwire = new Child('postwire start', [path.join(ROOT, 'bin/postwire.mjs'), 'start'], env);
      const ready = first ? '(the password is shown only this once)' : 'API:';
      await postwire.waitFor((out) => (out.includes(ready) ? true : undefined), 90_000, 'its start');
      url = apiUrlOf(postwire.stdout);
    };
    await start(true);
    const { email, api } = await signIn(postwire!.stdout, () => url);

    const sender = (await api('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: email, ReplyEmail: email })).id;
    const list = (await api('POST', '/inbox/v1/contactlists', { listName: 'Everyone' })).id;
    await importContacts(api, list, recipients, DOMAIN);
    say(`Imported ${fmt(recipients)} contacts.`);

    /**
     * Stops the process cleanly, reads the size; then (but for the first call) clears the
     * bodies as the retention purge does and reads it again; and starts the process again.
     */
    let before = { total: 0, tables: new Map<string, number>() };
    const report = (phase: string, count: number, bytes: typeof before, from: typeof before) => {
      const grown = bytes.total - from.total;
      results.push({ phase, count, bytes: grown, perItem: grown / count });
      say(`${phase}: ${fmt(grown / 1024)} KiB for ${fmt(count)}, ${fmt(grown / count / 1024, 2)} KiB each.`);
      // Where they went: the tables that grew by more than 16 bytes each, most first.
      const byTable = [...bytes.tables]
        .map(([name, size]) => [name, (size - (from.tables.get(name) ?? 0)) / count] as const)
        .filter(([, each]) => each > 16)
        .sort((x, y) => y[1] - x[1]);
      say(`  by table (bytes each): ${byTable.map(([name, each]) => `${name} ${fmt(each)}`).join(', ')}`);
    };
    const measure = async (phase: string, count: number) => {
      await postwire!.stop();
      // The start, like every state after a purge, compacted on PostgreSQL: a phase's growth never fills space freed before it.
      let bytes = await databaseBytes(db, { compact: purge && !phase });
      if (phase) {
        report(phase, count, bytes, before);
        if (purge) {
          const purged = await purgeBodies(db);
          say(`  the purge cleared ${fmt(purged.bodies)} bodies${purged.pagesFreed ? ` and gave ${fmt(purged.pagesFreed)} pages back` : ''}.`);
          bytes = await databaseBytes(db, { compact: true });
          report(`${phase}, after the body purge`, count, bytes, before);
        }
      }
      before = bytes;
      await start(false);
    };
    await measure('', 0);

    const html = htmlOf(htmlKb, 'Your receipt');
    for (let i = 0; i < messages; i += 50) {
      const batch = Array.from({ length: Math.min(50, messages - i) }, (_, j) => ({
        from: { email },
        to: [{ email: `t${i + j}@${DOMAIN}` }],
        subject: `Your receipt ${i + j}`,
        htmlContent: html.replace('#email#', `t${i + j}@${DOMAIN}`),
      }));
      await Promise.all(batch.map((send) => api('POST', '/notify/v1/send', send)));
    }
    for (;;) {
      const queue = await api('GET', '/notify/v1/stats/queue');
      if (queue.queued + queue.deferred + queue.sending === 0) break;
      await sleep(500);
    }
    await measure(`transactional ${htmlKb} KB`, messages);

    for (const kb of campaignKbs) {
      const id = await api('POST', '/inbox/v1/campaigns/custom', {
        subject: 'Our news for #email#',
        htmlContent: htmlOf(kb, `Our news (${kb} KB)`),
        language: 'en-US',
        senderAccountId: sender,
        listType: 2,
        lists: [list],
      });
      for (;;) {
        const campaign = await api('GET', `/inbox/v1/campaigns/${id}`);
        if (campaign.status === 3) break;
        if (campaign.status === 6) throw new Error(`the ${kb} KB campaign failed: ${campaign.failureReason}`);
        await sleep(1000);
      }
      await measure(`campaign ${kb} KB`, recipients);
    }
    say('');
    say('| phase | count | KiB in all | KiB each |');
    say('| --- | --- | --- | --- |');
    for (const r of results) say(`| ${r.phase} | ${fmt(r.count)} | ${fmt(r.bytes / 1024)} | ${fmt(r.perItem / 1024, 2)} |`);
    if (values.json) say(JSON.stringify({ dialect, transport, messages, recipients, htmlKb, campaignKbs, results }));
  } catch (error) {
    failed = true;
    process.stderr.write(`\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n${postwire?.stderr.slice(-2000) ?? ''}\n`);
  } finally {
    await postwire?.stop();
    if (autovacuum) {
      await autovacuum.stop();
      say(`The autovacuum stand-in vacuumed ${autovacuum.vacuumed.length} times: ${countsOf(autovacuum.vacuumed)}.`);
    }
    await relay?.stop(5000);
    if (values.keep) say(`Kept the database: ${db.databaseUrl ?? path.join(db.dataDir, 'postwire.db')}`);
    else await db.drop().catch(() => undefined);
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();

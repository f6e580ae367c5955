/**
 * Migration benchmark: how long each migration takes on a database that already holds N
 * messages, and what it holds while it runs, on the embedded SQLite file or on PostgreSQL.
 *
 *   npm run bench:migrations -- [--dialect sqlite|postgres] [--messages 1000000] [--from NNNN]
 *                               [--contacts 250000] [--html-kb 2]
 *                               [--database-url postgres://…/postgres] [--json]
 *
 * What happens: a fresh database (SQLite: a file in a temporary folder, opened as the service
 * opens it; PostgreSQL: a new database on the server of --database-url, dropped at the end) is
 * migrated up to just before --from. Then N messages are written as the schema of that point
 * has them: one account and sender, one recipient per message (delivered), an `accepted` and
 * a `delivered` event per message and an `opened` one for every second message, one or two
 * tags per message, the HTML body (--html-kb) and its composed MIME where the schema keeps
 * them; where the schema has campaigns, every second message is a campaign's copy
 * (campaign_recipients, 5,000 copies a campaign, each naming one of the contacts). Where the
 * schema has contacts, --contacts of them (default 250,000, about what an installation with a
 * million messages keeps; one in twenty soft-deleted, addresses of varied names and domains, so
 * an index over their text, 0036's trigram one, is built on realistic text). Rows are made in
 * SQL (generate_series, a recursive CTE on SQLite), in chunks of one transaction each. Tables
 * the schema only gets later stay empty, so campaign tables are only filled with --from after
 * 0012. Nothing is seeded for what a timed migration creates itself (0031's
 * message_contents): an installation upgrading across it has no rows there yet.
 *
 * Then every later migration the `migrations/` folder holds is applied alone, each in a
 * transaction of its own (the service puts all pending ones in one), and timed. So a migration
 * added later is timed by running this again; at the end, the program's own list
 * (src/db/migrate.ts) must find nothing pending and nothing unknown. For each one it prints what it holds while it runs:
 *  - SQLite: a migration is one write transaction, so it holds the writer throughout: every
 *    send and delivery waits for it (reads go on, WAL);
 *  - PostgreSQL: the table locks it has taken by its end (held to the commit), read from
 *    pg_locks inside its transaction: AccessExclusive stops reads and writes of the table,
 *    Share/ShareRowExclusive/Exclusive stop its writes, RowExclusive only the rows written.
 * The service applies all pending migrations in ONE transaction (Kysely's migrator on both
 * dialects), so an upgrade holds these for the sum of their times.
 *
 * --from: the first migration timed (default 0004, the first one after the message tables
 * exist that rewrites or scans them; see docs/upgrading.md for the list).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../src/db/database.ts';
import { migrationStatus } from '../src/db/migrate.ts';
import { ROOT } from './child.ts';

const MIGRATION_TABLE = 'postwire_migrations';
const LOCK_TABLE = 'postwire_migrations_lock';
const ACCOUNT = 'acc000000000000000000001';
const SENDER = 'snd000000000000000000001';
/** Row times: one message every 30 ms, over about a year for a million. */
const T0 = 1_750_000_000_000;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The migrations the folder holds, in name order, as the migrator names them. */
async function loadMigrations(): Promise<Array<[string, Migration]>> {
  const dir = path.join(ROOT, 'migrations');
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.ts$/.test(f))
    .sort();
  const out: Array<[string, Migration]> = [];
  for (const file of files) out.push([file.replace(/\.ts$/, ''), (await import(path.join(dir, file))) as Migration]);
  return out;
}

type Dialect = 'sqlite' | 'postgres';

/** SQL a dialect writes differently: a zero-padded number, and N rows numbered lo..hi. */
function dialectSql(dialect: Dialect) {
  return {
    pad: (expr: string, width: number) => (dialect === 'sqlite' ? `printf('%0${width}d', ${expr})` : `lpad((${expr})::text, ${width}, '0')`),
    /** `insert into t (cols) <rows(lo, hi, select-list)>`: the select runs once per i. */
    rows: (lo: number, hi: number, select: string, extra = '') =>
      dialect === 'sqlite'
        ? `with recursive n(i) as (select ${lo} union all select i + 1 from n where i < ${hi}) select ${select} from n ${extra}`
        : `select ${select} from generate_series(${lo}, ${hi}) as n(i) ${extra}`,
  };
}

interface Column {
  name: string;
  isNullable: boolean;
  hasDefaultValue: boolean;
  dataType: string;
}

/**
 * The insert list for a table as the schema has it now: the values given for the columns
 * it has, a neutral value for any other required column without a default (a column a
 * migration before --from added), and nothing for the rest (NULL or the default).
 */
function columnsFor(table: Column[] | undefined, given: Record<string, string>): { names: string; values: string } | undefined {
  if (!table) return undefined;
  const names: string[] = [];
  const values: string[] = [];
  for (const col of table) {
    if (col.name in given) {
      names.push(col.name);
      values.push(given[col.name]!);
    } else if (!col.isNullable && !col.hasDefaultValue) {
      names.push(col.name);
      values.push(/int|numeric/i.test(col.dataType) ? '0' : `''`);
    }
  }
  return { names: names.join(', '), values: values.join(', ') };
}

function htmlOf(kb: number): string {
  const row = (i: number) => `<tr><td style="padding:4px;font-family:Arial">Line ${i} of your order: item, quantity and price</td><td>12.00</td></tr>`;
  const head = '<!doctype html><html><body><h1>Your receipt</h1><p>Hello,</p><table>';
  const tail = '</table><p>The Example team</p></body></html>';
  const rows: string[] = [];
  for (let i = 1; head.length + tail.length + rows.join('').length < kb * 1024; i++) rows.push(row(i));
  return head + rows.join('') + tail;
}

const FIRST_NAMES = [
  'anna',
  'ben',
  'chloe',
  'david',
  'emma',
  'felix',
  'grace',
  'hugo',
  'ines',
  'jonas',
  'karin',
  'lucas',
  'maria',
  'noah',
  'olga',
  'pierre',
  'quinn',
  'rosa',
  'sven',
  'tomasz',
];
const LAST_NAMES = [
  'schmidt',
  'dubois',
  'rossi',
  'garcia',
  'smith',
  'nowak',
  'jansen',
  'silva',
  'novak',
  'larsen',
  'murphy',
  'kowalski',
  'martin',
  'weber',
  'ferrari',
  'lopez',
  'brown',
  'moreau',
  'fischer',
  'berg',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'gmx.de', 'web.de', 'orange.fr', 'icloud.com', 'proton.me'];

/** A SQL expression picking one of `words` by `index` (an integer expression). */
const pick = (words: string[], index: string) => `case (${index}) % ${words.length} ${words.map((w, k) => `when ${k} then '${w}'`).join(' ')} end`;

async function seed(db: Kysely<any>, dialect: Dialect, messages: number, contacts: number, htmlKb: number, log: (line: string) => void): Promise<void> {
  const tables = new Map((await db.introspection.getTables()).map((t) => [t.name, t.columns as Column[]]));
  if (!tables.has('messages') || !tables.has('message_recipients')) throw new Error('--from must come after the migration that creates the message tables');
  const { pad, rows } = dialectSql(dialect);
  const html = htmlOf(htmlKb);
  // The composed copy: headers, the HTML quoted-printable (a little longer) and a text part.
  const mime = `${'X-Header: value\r\n'.repeat(20)}\r\n${html}${html.slice(0, html.length / 2)}`;
  const one = (table: string, given: Record<string, string>) => {
    const cols = columnsFor(tables.get(table), given);
    return cols ? sql.raw(`insert into ${table} (${cols.names}) values (${cols.values})`).execute(db) : undefined;
  };
  const audit = { created_at: String(T0), updated_at: String(T0) };
  await one('accounts', { id: `'${ACCOUNT}'`, name: `'Bench'`, email: `'owner@bench.example'`, ...audit });
  await one('senders', {
    id: `'${SENDER}'`,
    account_id: `'${ACCOUNT}'`,
    display_name: `'Bench'`,
    email: `'receipts@bench.example'`,
    email_normalized: `'receipts@bench.example'`,
    confirmed_at: String(T0),
    ...audit,
  });

  const at = (offset = '0') => `${T0} + n.i * 30 + ${offset}`;
  const messageId = pad('n.i', 21);
  const messageCols = columnsFor(tables.get('messages'), {
    id: `'msg' || ${messageId}`,
    account_id: `'${ACCOUNT}'`,
    sender_id: `'${SENDER}'`,
    from_email: `'receipts@bench.example'`,
    from_name: `'Bench'`,
    subject: `'Your receipt ' || n.i`,
    html_content: `'${html}'`,
    text_content: `'Your receipt ' || n.i`,
    message_id_header: `'<' || n.i || '.bench@bench.example>'`,
    mime: `'${mime}'`,
    recipient_count: '1',
    created_at: at(),
    updated_at: at('2000'),
  })!;
  const recipientCols = columnsFor(tables.get('message_recipients'), {
    id: `'rcp' || ${messageId}`,
    message_id: `'msg' || ${messageId}`,
    account_id: `'${ACCOUNT}'`,
    position: '0',
    email: `'user' || n.i || '@d' || (n.i % 5000) || '.example'`,
    name: `''`,
    state: `'delivered'`,
    attempts: '1',
    last_response: `'250 2.0.0 OK queued'`,
    sent_at: at('1500'),
    kind: `'to'`,
    created_at: at(),
    updated_at: at('2000'),
  })!;
  // k: 0 accepted, 1 delivered, 2 opened (every second message).
  const eventCols = columnsFor(tables.get('events'), {
    id: `'evt' || ${pad('n.i * 3 + k.k', 21)}`,
    account_id: `'${ACCOUNT}'`,
    message_id: `'msg' || ${messageId}`,
    recipient_id: `'rcp' || ${messageId}`,
    email: `'user' || n.i || '@d' || (n.i % 5000) || '.example'`,
    type: `case k.k when 0 then 'accepted' when 1 then 'delivered' else 'opened' end`,
    details: `case k.k when 1 then '{"response":"250 2.0.0 OK queued"}' else '{}' end`,
    created_at: `${T0} + n.i * 30 + k.k * 1000`,
  });
  // k: 0 the message's kind, 1 a second tag on every third message.
  const tagCols = columnsFor(tables.get('message_tags'), {
    message_id: `'msg' || ${messageId}`,
    account_id: `'${ACCOUNT}'`,
    tag: `case k.k when 0 then 'kind-' || (n.i % 5) else 'campaign-' || (n.i % 50) end`,
  });
  // Every second message is a campaign's copy where the schema has campaigns, 5,000 copies a campaign.
  const campaignOf = (i: string) => `'cmp' || ${pad(`${i} / 10000`, 21)}`;
  const campaignCols = columnsFor(tables.get('campaigns'), {
    id: campaignOf('n.i'),
    account_id: `'${ACCOUNT}'`,
    subject: `'News ' || n.i`,
    language: `'en'`,
    html_content: `'${html}'`,
    sender_id: `'${SENDER}'`,
    from_name: `'Bench'`,
    from_email: `'receipts@bench.example'`,
    reply_email: `'receipts@bench.example'`,
    lists: `'[]'`,
    planned_at: at(),
    started_at: at(),
    ended_at: at('3600000'),
    status: '4',
    created_at: at(),
    updated_at: at(),
  });
  const copyCols = columnsFor(tables.get('campaign_recipients'), {
    recipient_id: `'rcp' || ${messageId}`,
    campaign_id: campaignOf('n.i'),
    account_id: `'${ACCOUNT}'`,
    message_id: `'msg' || ${messageId}`,
    email_normalized: `'user' || n.i || '@d' || (n.i % 5000) || '.example'`,
    domain: `'d' || (n.i % 5000) || '.example'`,
    outcome: `'delivered'`,
    delivered_at: at('2000'),
    created_at: at(),
    ...(tables.has('contacts') ? { contact_id: `'cnt' || ${pad(`n.i % ${contacts} + 1`, 21)}` } : {}),
  });
  // Half the addresses at a common provider, half at one of 5,000 company domains.
  const contactEmail = `${pick(FIRST_NAMES, 'n.i')} || '.' || ${pick(LAST_NAMES, 'n.i / 20')} || n.i || '@' || case when n.i % 2 = 0 then ${pick(DOMAINS, 'n.i / 2')} else 'company' || (n.i % 5000) || '.example' end`;
  const contactCols = columnsFor(tables.get('contacts'), {
    id: `'cnt' || ${pad('n.i', 21)}`,
    account_id: `'${ACCOUNT}'`,
    email: contactEmail,
    email_normalized: contactEmail,
    status: `case when n.i % 50 = 0 then 3 else 1 end`,
    created_at: `${T0} + n.i * 60`,
    updated_at: `${T0} + n.i * 60`,
    deleted_at: `case when n.i % 20 = 0 then ${T0} + n.i * 60 + 1000 else null end`,
  });
  if (campaignCols && copyCols) {
    await sql
      .raw(`insert into campaigns (${campaignCols.names}) ${rows(0, Math.floor(messages / 10000), campaignCols.values.replaceAll('n.i', '(n.i * 10000)'))}`)
      .execute(db);
  }
  const ks = `cross join (select 0 as k union all select 1 union all select 2) k`;

  const chunk = 50_000;
  if (contactCols) {
    const contactsStarted = performance.now();
    for (let lo = 1; lo <= contacts; lo += chunk) {
      const hi = Math.min(contacts, lo + chunk - 1);
      await db.transaction().execute((trx) => sql.raw(`insert into contacts (${contactCols.names}) ${rows(lo, hi, contactCols.values)}`).execute(trx));
    }
    log(`  seeded ${fmt(contacts)} contacts (${fmt((performance.now() - contactsStarted) / 1000, 1)} s)`);
  }
  const started = performance.now();
  for (let lo = 1; lo <= messages; lo += chunk) {
    const hi = Math.min(messages, lo + chunk - 1);
    await db.transaction().execute(async (trx) => {
      await sql.raw(`insert into messages (${messageCols.names}) ${rows(lo, hi, messageCols.values)}`).execute(trx);
      await sql.raw(`insert into message_recipients (${recipientCols.names}) ${rows(lo, hi, recipientCols.values)}`).execute(trx);
      if (eventCols)
        await sql.raw(`insert into events (${eventCols.names}) ${rows(lo, hi, eventCols.values, `${ks} where k.k < 2 or n.i % 2 = 0`)}`).execute(trx);
      if (campaignCols && copyCols)
        await sql.raw(`insert into campaign_recipients (${copyCols.names}) ${rows(lo, hi, copyCols.values, 'where n.i % 2 = 0')}`).execute(trx);
      if (tagCols)
        await sql
          .raw(`insert into message_tags (${tagCols.names}) ${rows(lo, hi, tagCols.values, `${ks} where k.k = 0 or (k.k = 1 and n.i % 3 = 0)`)}`)
          .execute(trx);
    });
    const seconds = (performance.now() - started) / 1000;
    if (hi === messages || Math.floor(hi / chunk) % 10 === 0) log(`  seeded ${fmt(hi)} messages (${fmt(seconds, 1)} s)`);
  }
  const counts: string[] = [];
  for (const table of ['messages', 'message_recipients', 'events', 'message_tags', 'campaigns', 'campaign_recipients', 'contacts']) {
    if (!tables.has(table)) continue;
    const { rows: found } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts.push(`${table} ${fmt(Number(found[0]!.n))}`);
  }
  log(`  rows: ${counts.join(', ')}`);
  // What the server would have done by the time an upgrade comes: statistics, a checkpoint.
  if (dialect === 'postgres') {
    await sql`analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  } else {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}

/** The table locks the current PostgreSQL transaction holds, strongest per table. */
async function pgLocks(trx: Kysely<any>, existed: Set<string>): Promise<string> {
  const { rows } = await sql<{ relname: string; mode: string }>`
    select c.relname, l.mode from pg_locks l
      join pg_class c on c.oid = l.relation
     where l.pid = pg_backend_pid() and c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace
       and c.relname not in (${sql.lit(MIGRATION_TABLE)}, ${sql.lit(LOCK_TABLE)})`.execute(trx);
  const order = [
    'AccessShareLock',
    'RowShareLock',
    'RowExclusiveLock',
    'ShareUpdateExclusiveLock',
    'ShareLock',
    'ShareRowExclusiveLock',
    'ExclusiveLock',
    'AccessExclusiveLock',
  ];
  const strongest = new Map<string, string>();
  // A table the migration creates is locked too, but nobody waits for it: left out.
  for (const row of rows.filter((r) => existed.has(r.relname))) {
    const held = strongest.get(row.relname);
    if (!held || order.indexOf(row.mode) > order.indexOf(held)) strongest.set(row.relname, row.mode);
  }
  const effect = (mode: string) =>
    mode === 'AccessExclusiveLock'
      ? 'reads and writes wait'
      : order.indexOf(mode) >= order.indexOf('ShareLock')
        ? 'writes wait'
        : mode === 'RowExclusiveLock'
          ? 'rows written'
          : 'no wait';
  const parts = [...strongest]
    .filter(([, mode]) => order.indexOf(mode) >= order.indexOf('RowExclusiveLock'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, mode]) => `${table} ${mode.replace(/Lock$/, '')} (${effect(mode)})`);
  return parts.length ? parts.join(', ') : 'no table lock';
}

interface Timing {
  name: string;
  seconds: number;
  holds: string;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'sqlite' },
      messages: { type: 'string', default: '1000000' },
      contacts: { type: 'string', default: '250000' },
      from: { type: 'string', default: '0004' },
      'html-kb': { type: 'string', default: '2' },
      'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      json: { type: 'boolean', default: false },
    },
  });
  const dialect = values.dialect as Dialect;
  const messages = Number(values.messages);
  const contacts = Number(values.contacts);
  const htmlKb = Number(values['html-kb']);
  if (
    (dialect !== 'sqlite' && dialect !== 'postgres') ||
    !Number.isInteger(messages) ||
    messages < 1 ||
    !Number.isInteger(contacts) ||
    contacts < 1 ||
    !(htmlKb > 0) ||
    !/^\d{4}$/.test(values.from!)
  ) {
    process.stderr.write(
      'Usage: npm run bench:migrations -- [--dialect sqlite|postgres] [--messages N] [--from NNNN] [--contacts N] [--html-kb KB] [--database-url URL] [--json]\n',
    );
    return 2;
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);

  const all = await loadMigrations();
  const firstTimed = all.findIndex(([name]) => name >= values.from!);
  if (firstTimed < 1) {
    process.stderr.write(`--from ${values.from}: no migration after the first one starts there\n`);
    return 2;
  }
  const migrations = Object.fromEntries(all);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-bench-migrations-'));
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  const pgName = `postwire_bench_mig_${process.pid}`;
  if (dialect === 'postgres') {
    admin = new pg.Client({ connectionString: values['database-url'] });
    await admin.connect();
    await admin.query(`create database ${pgName}`);
    const url = new URL(values['database-url']!);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  let handle: DbHandle | undefined;
  try {
    handle = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
    const db = handle.db as unknown as Kysely<any>;
    const before = all[firstTimed - 1]![0];
    log(`${dialect}: migrating to ${before}`);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: LOCK_TABLE,
    });
    const { error } = await migrator.migrateTo(before);
    if (error) throw error;

    log(`seeding ${fmt(messages)} messages`);
    const seedStart = performance.now();
    await seed(db, dialect, messages, contacts, htmlKb, log);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const timings: Timing[] = [];
    for (const [name, migration] of all.slice(firstTimed)) {
      const existed = new Set((await db.introspection.getTables()).map((t) => t.name));
      const started = performance.now();
      let holds = '';
      // As the migrator runs it: the migration and its record in one transaction.
      await db.transaction().execute(async (trx) => {
        await migration.up(trx);
        holds = dialect === 'sqlite' ? 'the writer (one write transaction)' : await pgLocks(trx, existed);
        await trx.insertInto(MIGRATION_TABLE).values({ name, timestamp: new Date().toISOString() }).execute();
      });
      const seconds = (performance.now() - started) / 1000;
      timings.push({ name, seconds, holds });
      log(`  ${name}: ${fmt(seconds, 2)} s`);
    }
    // The program's own list must agree: nothing pending means every migration it knows was timed.
    const status = await migrationStatus(handle.db);
    if (status.pending.length || status.unknown.length) {
      throw new Error(
        `src/db/migrate.ts and migrations/ disagree: pending ${status.pending.join(', ') || '-'}, unknown ${status.unknown.map((m) => m.name).join(', ') || '-'}`,
      );
    }

    const total = timings.reduce((sum, t) => sum + t.seconds, 0);
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ dialect, messages, contacts, htmlKb, from: all[firstTimed]![0], seedSeconds, timings, totalSeconds: total }, null, 2)}\n`,
      );
    } else {
      const width = Math.max(...timings.map((t) => t.name.length));
      process.stdout.write(
        `\nbench:migrations ${dialect}, ${fmt(messages)} messages (${htmlKb} KB HTML), ${fmt(contacts)} contacts, seeded in ${fmt(seedSeconds, 0)} s\n\n`,
      );
      for (const t of timings) process.stdout.write(`${t.name.padEnd(width)}  ${fmt(t.seconds, 2).padStart(9)} s  holds ${t.holds}\n`);
      process.stdout.write(`${'total'.padEnd(width)}  ${fmt(total, 2).padStart(9)} s  (one transaction when the service upgrades)\n`);
    }
    return 0;
  } finally {
    await handle?.close();
    if (admin) {
      await admin.query(`drop database if exists ${pgName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * Contact import benchmark (target: a 1,000,000-row CSV into one list at no less than
 * half the rate of plain multi-row INSERTs of the same rows, same machine, same run,
 * memory flat while streaming).
 *
 *   npm run bench:import -- [--rows 1000000] [--dialect sqlite|postgres] [--chunk 1000] [--json]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create
 * databases, e.g. postgres://postgres@127.0.0.1:5432/postgres); fresh ones are created and dropped.
 *
 * What happens (one process, the same driver and the same database settings for both):
 *  1. A CSV file of --rows rows (`email,City`, every address distinct) is written to a
 *     temporary folder. Not timed.
 *  2. Baseline, on a fresh database: the rows go into `contacts` and `contact_list_members`
 *     (the two tables an import must fill) as plain multi-row INSERTs, --chunk rows per
 *     transaction, the list's count moved once per chunk, generated in memory: no file,
 *     no parsing, no lookups, no checks. Timed from the first INSERT to the last commit.
 *  3. Postwire, on another fresh database: the file is streamed through the service as
 *     the CSV upload route does (`storeUpload`, `acceptCsv`), then the import task runs
 *     (`run`: parse, check, look up, upsert, count, one transaction per --chunk rows, each
 *     with its cursor). Timed from the first byte read to the import's end; the upload is
 *     reported apart as well.
 *  4. Memory: the process's RSS and heap sampled every 250 ms while the import runs; the
 *     peak is compared with the RSS at its start (flat: the file is never held whole).
 *  5. Checks: the import's counters (total = added = rows), the list's count, the file gone.
 *
 * No timing assertions: the exit code is 1 only when the bench could not run or a check
 * failed. Run it alone on the machine; figures go to docs/performance.md.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { newActiveContact, type NewContactRow } from '../src/features/marketing/contacts/contacts.table.ts';
import { loadConfig } from '../src/config.ts';
import { createAccount } from '../src/features/account/accounts/accounts.service.ts';
import type { Principal } from '../src/http/principal.ts';
import { newId } from '../src/lib/ids.ts';
import { createLogger, createRuntime, type Runtime } from '../src/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';

interface Options {
  rows: number;
  dialect: 'sqlite' | 'postgres';
  chunk: number;
  json: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      dialect: { type: 'string', default: 'sqlite' },
      chunk: { type: 'string', default: '1000' },
      json: { type: 'boolean', default: false },
    },
  });
  const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'postgres' && !process.env.DATABASE_URL) throw new Error('--dialect postgres needs DATABASE_URL');
  return { rows: Number(values.rows), dialect, chunk: Number(values.chunk), json: values.json };
}

const address = (i: number) => `person${i}@bench-import.example.net`;
const CITIES = ['Berlin', 'Paris', 'Rome', 'Oslo', 'Lisbon'];

async function writeCsv(file: string, rows: number): Promise<number> {
  const out = createWriteStream(file);
  out.write('email,City\n');
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${address(i)},${CITIES[i % CITIES.length]}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return out.bytesWritten;
}

async function startOn(database: TestDatabase, chunk: number): Promise<{ runtime: Runtime; principal: Principal; listId: string; cityId: string }> {
  const config = loadConfig(
    { LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '4', IMPORT_CHUNK_ROWS: String(chunk) },
    { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
  );
  const runtime = await createRuntime(config, { api: false, worker: false }, createLogger(config));
  const created = await createAccount(runtime.services.handle, { email: `bench${process.pid}@example.com`, password: 'correct horse battery' });
  const principal: Principal = {
    accountId: created.accountId,
    userId: created.userId,
    credential: 'session',
    sessionId: null,
    apiKeyId: null,
    role: 'owner',
    scopes: [],
  } as Principal;
  const listId = (await runtime.services.marketing.contactLists.create(principal, { listName: 'Bench' } as never)).id;
  const cityId = (await runtime.services.marketing.customFields.create(principal, { Name: 'City', Type: 0 } as never)).id;
  return { runtime, principal, listId, cityId };
}

/** Plain multi-row INSERTs of the same rows and their values into the tables an import fills. */
async function baseline(o: Options, database: TestDatabase): Promise<number> {
  const { runtime, principal, listId, cityId } = await startOn(database, o.chunk);
  const db = runtime.services.handle.db;
  const started = process.hrtime.bigint();
  for (let from = 0; from < o.rows; from += o.chunk) {
    const now = Date.now();
    const ids: string[] = [];
    const contacts: NewContactRow[] = [];
    for (let i = from; i < Math.min(o.rows, from + o.chunk); i++) {
      const id = newId(now);
      ids.push(id);
      contacts.push(newActiveContact(principal.accountId, { id, email: address(i), email_normalized: address(i) }, now));
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('contacts').values(contacts).execute();
      await trx
        .insertInto('contact_list_members')
        .values(ids.map((contact_id) => ({ list_id: listId, contact_id, account_id: principal.accountId, created_at: now, last_import_id: null })))
        .execute();
      await trx
        .insertInto('contact_field_values')
        .values(
          ids.map((contact_id, k) => ({ contact_id, custom_field_id: cityId, account_id: principal.accountId, value: CITIES[(from + k) % CITIES.length]! })),
        )
        .execute();
      await trx
        .updateTable('contact_lists')
        .set({ contacts_count: sql`contacts_count + ${ids.length}` })
        .where('id', '=', listId)
        .execute();
    });
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await runtime.close();
  return seconds;
}

interface ImportFigures {
  uploadSeconds: number;
  applySeconds: number;
  rssStartMb: number;
  rssPeakMb: number;
  heapPeakMb: number;
  status: Record<string, unknown>;
  listCount: number;
  piecesLeft: number;
}

async function postwireImport(o: Options, database: TestDatabase, file: string): Promise<ImportFigures> {
  const { runtime, principal, listId } = await startOn(database, o.chunk);
  const imports = runtime.services.marketing.imports;
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 250);
  const started = process.hrtime.bigint();
  const upload = await imports.storeUpload(createReadStream(file));
  const importId = await imports.acceptCsv(principal, listId, { file: upload });
  const uploaded = process.hrtime.bigint();
  await imports.run(importId);
  const ended = process.hrtime.bigint();
  clearInterval(sampler);
  const status = await imports.status(principal, listId, importId);
  const db = runtime.services.handle.db;
  const list = await db.selectFrom('contact_lists').select('contacts_count').where('id', '=', listId).executeTakeFirstOrThrow();
  const pieces = await db
    .selectFrom('contact_import_files')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  await runtime.close();
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  return {
    uploadSeconds: Number(uploaded - started) / 1e9,
    applySeconds: Number(ended - uploaded) / 1e9,
    rssStartMb: mb(rssStart),
    rssPeakMb: mb(rssPeak),
    heapPeakMb: mb(heapPeak),
    status: status as unknown as Record<string, unknown>,
    listCount: Number(list.contacts_count),
    piecesLeft: Number(pieces.n),
  };
}

async function main(): Promise<number> {
  const o = options();
  const say = (line: string) => {
    if (!o.json) process.stdout.write(`${line}\n`);
  };
  if (o.dialect === 'postgres') process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'postwire-bench-import-'));
  const databases: TestDatabase[] = [];
  try {
    const file = path.join(folder, 'contacts.csv');
    const bytes = await writeCsv(file, o.rows);
    say(`file: ${o.rows} rows, ${(bytes / 1e6).toFixed(1)} MB; ${o.dialect}, ${o.chunk} rows per transaction`);

    databases.push(await createTestDatabase(o.dialect));
    say('baseline: plain multi-row INSERTs of the same contacts, memberships and values');
    const base = await baseline(o, databases[0]!);
    say(`  ${base.toFixed(1)} s, ${Math.round(o.rows / base)} rows/s`);

    databases.push(await createTestDatabase(o.dialect));
    say('postwire: CSV stored as uploaded, then the import task');
    const p = await postwireImport(o, databases[1]!, file);
    const total = p.uploadSeconds + p.applySeconds;
    say(`  upload ${p.uploadSeconds.toFixed(1)} s, import ${p.applySeconds.toFixed(1)} s: ${total.toFixed(1)} s, ${Math.round(o.rows / total)} rows/s`);
    say(`  memory: RSS ${p.rssStartMb} MB at the start, peak ${p.rssPeakMb} MB; heap peak ${p.heapPeakMb} MB`);
    const ratio = base / total;
    say(`ratio (postwire rate / baseline rate, upload included): ${ratio.toFixed(2)} (target >= 0.5)`);
    say(`ratio (import task only): ${(base / p.applySeconds).toFixed(2)}`);

    const failures: string[] = [];
    const s = p.status;
    if (s.status !== 2 || s.total !== o.rows || s.added !== o.rows) failures.push(`counters: ${JSON.stringify(s)}`);
    if (p.listCount !== o.rows) failures.push(`list count ${p.listCount}`);
    if (p.piecesLeft !== 0) failures.push(`${p.piecesLeft} file pieces left`);
    if (o.json)
      process.stdout.write(
        `${JSON.stringify({ rows: o.rows, dialect: o.dialect, chunk: o.chunk, baselineSeconds: base, ...p, status: undefined, ratio, failures })}\n`,
      );
    for (const f of failures) process.stderr.write(`check failed: ${f}\n`);
    return failures.length ? 1 : 0;
  } finally {
    for (const d of databases) await d.drop().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);

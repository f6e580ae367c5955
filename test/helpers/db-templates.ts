/**
 * Migrated template databases for one run of the suite, made by scripts/run-tests.mjs before the
 * first test file starts and removed after the last.
 *
 * Why: nearly every integration test starts Postwire on a fresh database (helpers/app.ts), and a
 * fresh database used to mean running all the migrations again: on PostgreSQL about 1.5 s of
 * round trips and catalog work per start, hundreds of starts per run, the largest single cost of a
 * CI run after the tests' own work. A database made from a template already has the schema:
 * PostgreSQL copies it (`CREATE DATABASE … TEMPLATE`), SQLite is a file copy. The program still
 * runs its migrator at start, which finds every migration applied, so the start path is the one an
 * upgraded installation takes. The tests of the migrations themselves and of a first start ask
 * createTestDatabase for an empty database and never see a template.
 *
 * Run as a script (`node dist/test/helpers/db-templates.js make|drop …`) by the runner, which
 * passes what it prints (TEST_SQLITE_TEMPLATE, TEST_PG_TEMPLATE) to every test process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

async function migrate(options: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Makes the templates; returns the environment that points test processes at them. */
export async function makeTemplates(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-template-'));
  await migrate({ dataDir });
  env.TEST_SQLITE_TEMPLATE = path.join(dataDir, 'postwire.db');

  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `postwire_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    await migrate({ databaseUrl: databaseUrl(base, name), dataDir });
    env.TEST_PG_TEMPLATE = name;
  }
  return env;
}

/** Removes what makeTemplates made (given the environment it returned). */
export async function dropTemplates(env: Record<string, string | undefined>): Promise<void> {
  if (env.TEST_SQLITE_TEMPLATE) fs.rmSync(path.dirname(env.TEST_SQLITE_TEMPLATE), { recursive: true, force: true });
  const base = process.env.TEST_DATABASE_URL;
  if (base && env.TEST_PG_TEMPLATE) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${env.TEST_PG_TEMPLATE} with (force)`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [command, json] = process.argv.slice(2);
  if (command === 'make') process.stdout.write(`${JSON.stringify(await makeTemplates())}\n`);
  else if (command === 'drop') await dropTemplates(JSON.parse(json ?? '{}'));
  else {
    console.error('usage: db-templates.js make | drop <json>');
    process.exit(2);
  }
}

/**
 * A fresh database per test file, for each dialect under test: SQLite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Every call makes a new
 * SQLite file or a new PostgreSQL database, so test files never share state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Dialect } from '../../src/db/database.js';

/**
 * The dialects every integration suite loops over. TEST_DIALECTS=postgres (npm run test:pg)
 * narrows them to PostgreSQL for a quick pass over the server-side dialect alone.
 */
function dialectsUnderTest(): Dialect[] {
  const all: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = process.env.TEST_DIALECTS?.split(',').map((name) => name.trim());
  if (!only) return all;
  if (only.includes('postgres') && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DIALECTS=postgres needs TEST_DATABASE_URL (see README, "Tests")');
  return all.filter((dialect) => only.includes(dialect));
}

export const DIALECTS: Dialect[] = dialectsUnderTest();

export interface TestDatabase {
  dialect: Dialect;
  /** DATABASE_URL for the service (undefined for SQLite). */
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * `migrated`: the database may start with the schema already in place, copied from the run's
 * template (helpers/db-templates.ts) when the runner made one; the program's migrator then finds
 * nothing to do. Without it, or without a template, the database is empty and the program
 * migrates it at start, as on a first start.
 */
export async function createTestDatabase(dialect: Dialect, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-test-'));
  const sqliteTemplate = options.migrated ? process.env.TEST_SQLITE_TEMPLATE : undefined;
  const pgTemplate = options.migrated ? process.env.TEST_PG_TEMPLATE : undefined;
  if (dialect === 'sqlite') {
    if (sqliteTemplate) fs.copyFileSync(sqliteTemplate, path.join(dataDir, 'postwire.db'));
    return { dialect, databaseUrl: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests need a server (see README, "Tests")');
  const name = `postwire_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at TEST_DATABASE_URL is not reachable (${(error as Error).message}); start it or unset TEST_DATABASE_URL`);
  }
  await admin.query(`create database ${name}${pgTemplate ? ` template ${pgTemplate}` : ''}`);
  // A commit answers before the server's WAL reaches the disk: the tests kill Postwire, never
  // the PostgreSQL server, so nothing they assert depends on that flush, and every commit of
  // the suite no longer waits a disk sync (milliseconds each on these machines, thousands of
  // commits per file). What a commit makes visible to other sessions is unchanged.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dialect,
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // A pool that has just ended may still have connections closing; dropping with
      // force under them makes the server kill them, which surfaces as an uncaught
      // "terminating connection" error in the test process. Wait for them first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the database chosen by configuration: the embedded SQLite file (default) or
 * PostgreSQL when DATABASE_URL is a postgres:// URL. This is the one place that knows
 * which dialect is in use; code that must differ asks `db.dialect` (see delivery/queue.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for log lines (no password). */
  describe: string;
  close(): Promise<void>;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A store function takes either the database or an open transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  sqliteFile?: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openSqlite(options.sqliteFile ?? path.join(options.dataDir, 'postwire.db'), options.sqliteSynchronous ?? 'FULL');
}

async function openSqlite(file: string, synchronous: 'FULL' | 'NORMAL'): Promise<DbHandle> {
  const { default: SqliteDatabase } = await import('better-sqlite3');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers (the API) proceed while the worker writes; FULL makes every
  // commit durable before the API answers (an accepted message survives power loss).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', describe: `sqlite:${file}`, close: () => db.destroy() };
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const pg = await import('pg');
  // Timestamps are epoch milliseconds in BIGINT columns, and counts come back as
  // BIGINT too: both fit a JavaScript number exactly.
  pg.default.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = url.replace(/\/\/[^@/]*@/, '//');
  return { db, dialect: 'postgres', describe: safe, close: () => db.destroy() };
}

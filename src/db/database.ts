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
  /** Told about idle PostgreSQL connections the server closed (they are replaced). */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onIdleError ?? (() => {}));
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', describe: `sqlite:${file}`, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and on the send path preparing cost about as much
 * as running. better-sqlite3 statements can be run again and again, and Kysely runs
 * each to completion synchronously (no streaming here), so one prepared statement per
 * distinct SQL text is safe to reuse. The cache is bounded: multi-row INSERTs of
 * varying sizes each have their own text, and the least recently used are dropped.
 */
function withStatementCache(sqlite: import('better-sqlite3').Database) {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

async function openPostgres(url: string, poolSize: number, onIdleError: (error: Error) => void): Promise<DbHandle> {
  const pg = await import('pg');
  // Timestamps are epoch milliseconds in BIGINT columns, and counts come back as
  // BIGINT too: both fit a JavaScript number exactly.
  pg.default.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server ends (restart, failover, pg_terminate_backend)
  // emits 'error' on the pool; unheard, that would crash the process. The pool replaces
  // the connection on next use, so logging is all there is to do.
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = url.replace(/\/\/[^@/]*@/, '//');
  return { db, dialect: 'postgres', describe: safe, close: () => db.destroy() };
}

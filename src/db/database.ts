/**
 * Opens the database chosen by configuration: the embedded SQLite file (default) or
 * PostgreSQL when DATABASE_URL is a postgres:// URL. This is the one place that knows
 * which dialect is in use; code that must differ asks `db.dialect` (see delivery/queue.ts).
 */
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { DATA_FILES, secureDatabaseFile } from '../lib/data-dir.js';
import { PgWriteBehindDialect } from './pg-write-behind.js';
import { preparingClient } from './pg-prepared.js';
import { statementCache } from './statement-cache.js';
import { SqliteHost, ThreadedSqliteDialect } from './sqlite-thread-dialect.js';
import { readFileTail } from './file-tail.js';
import { StorageHealth } from './storage-health.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * One database, several ways in. `db` is the default: transactions that read what they
 * write. The others are for the paths measured to need them (docs/performance.md): group
 * commits (`writeBehind`), the delivery worker's bookkeeping (`workerWrites`), indexed
 * look-ups of committed rows (`reads`) and lists, searches and counts (`longReads`). The two
 * read handles are typed `Reads`: a write through one of them does not compile.
 */
export interface DbHandle {
  db: Kysely<Database>;
  /**
   * The same database for group-commit writers: writers that never read the result of a
   * write (affected-row counts) inside their transactions. On SQLite such a transaction's
   * writes travel to the SQLite thread with its next read or its COMMIT, one round trip
   * instead of one per statement (sqlite-thread-dialect.ts); on PostgreSQL, on the same pool as
   * `db`, such a transaction's plain INSERTs go to the server as one statement, without
   * BEGIN and COMMIT when nothing else is in it (pg-write-behind.ts).
   */
  writeBehind: Kysely<Database>;
  /**
   * `writeBehind` for the delivery worker's own bookkeeping (claims, captured copies,
   * outcomes), whose commits on SQLite do not wait for the disk: a power loss can undo the
   * last of them, which only repeats a delivery (at least once, as the queue promises),
   * and every later commit that does wait (an accepted send) makes them durable too
   * (sqlite-thread.entry.ts, "Commits that need not wait for the disk"). On PostgreSQL it is `db`.
   */
  workerWrites: Kysely<Database>;
  /**
   * For look-ups of committed rows outside any transaction where a round trip costs more
   * than the read (the send path's group commit, see group-commit.ts `read`). On SQLite a
   * read-only connection on this thread: with WAL it never waits for the writer, and an
   * indexed look-up costs microseconds, less than one trip to the SQLite thread and back
   * through a busy event loop. On PostgreSQL it is `db`.
   */
  reads: Reads;
  /**
   * For reads that may take long: the message log's lists and searches, dashboards, later
   * segment counts. On SQLite a read-only connection on a thread of its own (started on
   * first use), so that neither the event loop (`reads`) nor the writer's thread (`db`, where
   * a long read would hold up every group commit behind it) waits for them; with WAL it sees
   * every committed row and blocks no writer. On PostgreSQL it is `db`.
   */
  longReads: Reads;
  dialect: Dialect;
  /** Whether the database has room to write (storage-health.ts): a full disk answers 503 and shows in /readyz. */
  storage: StorageHealth;
  /** Where the data lives, for log lines (no password). */
  describe: string;
  /**
   * Runs `work` (a bulk writer: the purge) with SQLite's WAL checkpoints on a thread of their
   * own instead of inside commits (sqlite-checkpoint.entry.ts). PostgreSQL: runs it.
   */
  checkpointsAside<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Reads the SQLite file's last `pages` pages into the OS's cache, outside any transaction,
   * for the vacuum step that moves them next (file-tail.ts); the bytes read. PostgreSQL: none.
   */
  readFileTail(pages: number): Promise<number>;
  close(): Promise<void>;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A store function takes either the database or an open transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
/**
 * What a read needs of a handle or a transaction. The read-only handles (`reads`,
 * `longReads`) have this type, so a write through one of them does not compile; a store
 * function that only reads takes `Reads` and so accepts every handle.
 */
export type Reads = Pick<Kysely<Database>, 'selectFrom' | 'selectNoFrom' | 'with' | 'fn' | 'dynamic' | 'getExecutor' | 'executeQuery'>;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  poolSize?: number;
  /** Told about idle PostgreSQL connections the server closed (they are replaced). */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onIdleError ?? (() => {}));
  return openSqlite(path.join(options.dataDir, DATA_FILES.database), options.sqliteSynchronous ?? 'FULL');
}

async function openSqlite(file: string, synchronous: 'FULL' | 'NORMAL'): Promise<DbHandle> {
  secureDatabaseFile(file);
  // The connection lives on a thread of its own (sqlite-thread-dialect.ts): its statements and
  // disk syncs do not stop this thread's event loop. All three Kysely instances lend the same
  // one connection. Opening it here, not on first use, makes a bad file fail at start.
  const host = new SqliteHost({ file, synchronous });
  const lend = (writeBehind: boolean, relaxed: boolean) => new Kysely<Database>({ dialect: new ThreadedSqliteDialect(host, { writeBehind, relaxed }) });
  const db = lend(false, false);
  const writeBehind = lend(true, false);
  const workerWrites = lend(true, true);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await host.close();
    throw error;
  }
  // Opened after the thread has set the file up (WAL): a read-only connection cannot.
  const { default: SqliteDatabase } = await import('./sqlite-driver.js');
  const reader = new SqliteDatabase(file, { readonly: true });
  reader.pragma('busy_timeout = 10000');
  const reads = new Kysely<Database>({ dialect: new SqliteDialect({ database: { close: () => reader.close(), prepare: statementCache(reader, 100) } }) });
  const longReads = new Kysely<Database>({
    dialect: new ThreadedSqliteDialect(new SqliteHost({ file, synchronous, readonly: true }), { writeBehind: false, relaxed: false }),
  });
  return {
    db,
    writeBehind,
    workerWrites,
    reads,
    longReads,
    dialect: 'sqlite',
    storage: new StorageHealth(db, 'sqlite'),
    describe: `sqlite:${file}`,
    checkpointsAside: (work) => host.checkpointsAside(work),
    readFileTail: (pages) => readFileTail(file, reader, pages),
    close: async () => {
      await longReads.destroy();
      await reads.destroy();
      await workerWrites.destroy();
      await writeBehind.destroy();
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, poolSize: number, onIdleError: (error: Error) => void): Promise<DbHandle> {
  const pg = await import('pg');
  // Timestamps are epoch milliseconds in BIGINT columns, and counts come back as
  // BIGINT too: both fit a JavaScript number exactly.
  pg.default.types.setTypeParser(20, (value: string) => Number(value));
  // The send path's hot statements go prepared (pg-prepared.ts).
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize, Client: preparingClient(pg.default.Client) });
  // An idle connection that the server ends (restart, failover, pg_terminate_backend)
  // emits 'error' on the pool; unheard, that would crash the process. The pool replaces
  // the connection on next use, so logging is all there is to do.
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The same pool; its transactions hold back plain INSERTs and send them as one statement (pg-write-behind.ts).
  const writeBehind = new Kysely<Database>({ dialect: new PgWriteBehindDialect({ pool }) });
  const safe = url.replace(/\/\/[^@/]*@/, '//');
  return {
    db,
    writeBehind,
    workerWrites: db,
    reads: db,
    longReads: db,
    dialect: 'postgres',
    storage: new StorageHealth(db, 'postgres'),
    describe: safe,
    checkpointsAside: (work) => work(),
    readFileTail: async () => 0,
    close: async () => {
      await writeBehind.destroy();
      await db.destroy();
    },
  };
}

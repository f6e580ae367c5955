/**
 * The SQLite thread: owns the process's one connection to the SQLite file and runs the
 * statements the main thread sends it (sqlite-thread-dialect.ts is the other end).
 *
 * better-sqlite3 is synchronous. On the main thread every statement, and every commit's
 * disk sync under `synchronous=FULL`, stopped the event loop: on the send path that was a
 * large share of the main thread's time, taken from parsing and answering requests. Here
 * the same statements run one after another, as they did on the one connection before,
 * while the main thread goes on with other work.
 *
 * Protocol: `{ id, session, first, statements }` runs the statements in order and is
 * answered with the result of the last: `{ id, rows }` (a statement that returns rows),
 * `{ id, changes, lastInsertRowid }` (one that does not), or `{ id, error }` for the first
 * that failed (the rest are not run). A list lets a transaction's writes travel with its
 * next read or its COMMIT (sqlite-thread-dialect.ts, write-behind). `{ close: true }` closes the
 * database and ends the thread. The first message the thread sends is `{ ready: true }`
 * once the file is open and set up, or `{ failed }`.
 *
 * Turn-taking (sessions). A `session` is one lending of the connection on the other side:
 * one query, or one transaction and all its round trips. The one connection can be in one
 * transaction at a time, so while a session's transaction is open (after a list that left
 * SQLite inside a transaction, until a list that ends it), lists of other sessions wait
 * here, in two lines: `first` (the group commits, whose callers wait for their answer)
 * ahead of the rest. When the transaction ends the waiting lists run at once, without a
 * round trip to the main thread: a transaction that travels as one list (BEGIN … COMMIT,
 * write-behind) never leaves the connection idle while the main thread is busy, which is
 * what a mutex on the main thread did (it was released only when the main thread got to
 * the COMMIT's answer, a millisecond or more later under load). Nobody starves: a writer
 * posts its next list only after the answer to its previous one, so the `first` line
 * empties between those answers and the rest go.
 *
 * Commits that need not wait for the disk (`relaxed`). The delivery worker's own
 * bookkeeping (claims, captured copies, outcomes) commits with `synchronous=NORMAL`: in WAL
 * mode such a commit is atomic and survives the process being killed (its pages are in
 * the WAL, written before the commit returns); only a power loss or an OS crash can undo
 * it, and then only if no `FULL` commit came after it, since that commit's sync covers
 * every page written to the WAL before it. What such a loss undoes is a claim (the job is
 * due again) or an outcome with its captured copy (the recipient is delivered again): the
 * at-least-once delivery the queue already has. Accepting a message is never relaxed. The
 * setting cannot change inside a transaction, so it is switched before a relaxed session's
 * transaction begins and back once it has ended; other sessions wait meanwhile anyway.
 *
 * Page size. A commit writes every page it changed to the WAL, whole, and the disk sync
 * waits for all of those bytes. A send commit changes a page or two at the right-hand end
 * of each of some twenty b-trees (the four tables' rows and indexes) for a few dozen bytes
 * of new entries in each, so most of what it writes is index pages rewritten whole. With
 * 2 KB pages instead of SQLite's default 4 KB the commit writes more pages but fewer bytes,
 * and costs less where syncing is paid by the byte. The price: a message's row (its HTML,
 * later its MIME) spills into overflow pages sooner, so scans that read past it (a subject
 * search) are slower. docs/performance.md, "Why 2 KB pages", has the measurements. The size
 * is fixed when a file is created: an existing database keeps the one it has and works as
 * before (docs/architecture.md).
 *
 * Waiting for another process's writer. With split roles (or the retention purge of a
 * worker process) another process can hold the write lock when BEGIN IMMEDIATE asks for it.
 * SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25… ms between tries, so a writer
 * that came a moment into another's 5 ms transaction often slept through the gap before
 * the next one and waited tens of milliseconds. BEGIN IMMEDIATE here tries again every
 * millisecond instead, for as long as the busy timeout; every other statement keeps SQLite's
 * handler (docs/performance.md, "Purge").
 *
 * A transaction SQLite itself rolled back (some errors do: SQLITE_FULL, an I/O error, a
 * failed COMMIT) leaves its session "broken": every later list of that session fails
 * until the session's ROLLBACK, instead of running outside any transaction.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import SqliteDatabase from './sqlite-driver.js';
import { statementCache } from './statement-cache.js';

export interface SqliteThreadOptions {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  /** A read-only connection (database.ts `longReads`): it sets nothing up and never writes. */
  readonly?: boolean;
}

export interface Statement {
  sql: string;
  params: readonly unknown[];
}

export interface ThreadStatements {
  id: number;
  /** Which lending of the connection sent it (see "Turn-taking" above). */
  session: number;
  /** Ahead of the other waiting lists when a transaction ends (the group commits). */
  first: boolean;
  /** Commit without waiting for the disk (see "Commits that need not wait for the disk"). */
  relaxed: boolean;
  statements: Statement[];
}

export type ThreadRequest = ThreadStatements | { close: true };

/** What the main thread gets back for a failed statement: enough to rebuild the error (its `code` decides, e.g. unique violations). */
export interface ThreadError {
  message: string;
  name: string;
  code: string | undefined;
}

export type ThreadReply =
  | { ready: true }
  | { failed: ThreadError }
  | ({ id: number; rows: unknown[] } & Held)
  | ({ id: number; changes: number; lastInsertRowid: number | bigint } & Held)
  | { id: number; error: ThreadError };

/**
 * How long the list held the write lock, in milliseconds: from the moment its BEGIN got the
 * lock to the end of its COMMIT (or ROLLBACK), for each transaction it ended, a write run on
 * its own included. Absent when it held nothing (reads, or a transaction still open).
 */
interface Held {
  heldMs?: number;
}

const STATEMENT_CACHE_SIZE = 500;

const INCREMENTAL_VACUUM = /^pragma incremental_vacuum\(\d+\)$/;

/** As the dialect sends it (sqlite-thread-dialect.ts BEGIN). */
const BEGIN_IMMEDIATE = 'begin immediate';

/** An INSERT, UPDATE or DELETE (with RETURNING too): run outside a transaction, it is one. */
const PLAIN_WRITE = /^\s*(insert|update|delete|replace)\s/i;

/** How long a statement waits for another process's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/** Bytes per page of a new database file (see "Page size" above). */
const PAGE_SIZE = 2048;

function threadError(error: unknown): ThreadError {
  const e = error instanceof Error ? error : new Error(String(error));
  return { message: e.message, name: e.name, code: (e as NodeJS.ErrnoException).code };
}

function open({ file, synchronous, readonly }: SqliteThreadOptions) {
  if (readonly) {
    // With WAL a reader never waits for the writer, nor the writer for it; the file was set up by the writer's thread.
    const reader = new SqliteDatabase(file, { readonly: true });
    reader.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return reader;
  }
  const sqlite = new SqliteDatabase(file);
  // Only a new, empty file takes it; an existing one keeps the size it was made with (see "Page size").
  sqlite.pragma(`page_size = ${PAGE_SIZE}`);
  // Before WAL: switching to WAL writes the header of a new file, after which the mode needs a VACUUM.
  switchToIncrementalVacuum(sqlite);
  // WAL lets readers (the API) proceed while the worker writes; FULL makes every
  // commit durable before the API answers (an accepted message survives power loss).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/**
 * Incremental auto-vacuum, so the retention purge can give freed pages back to the file
 * system (PRAGMA incremental_vacuum, db/space.ts). A new file takes the mode before its
 * first table. A file made without it needs one VACUUM, which rewrites the whole file
 * (time and free disk in proportion to its size; docs/operations.md): done once here, at
 * the first start of this version. If another process holds the file (split roles), or the
 * disk has no room for the copy it writes, the VACUUM cannot run; the file keeps its mode and
 * the next start tries again.
 */
function switchToIncrementalVacuum(sqlite: Database.Database): void {
  if (sqlite.pragma('auto_vacuum', { simple: true }) === 2) return;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  const tables = sqlite.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
  if (tables.n === 0) return;
  try {
    sqlite.exec('VACUUM');
  } catch {
    // Busy (another process), or no room for the copy VACUUM writes (SQLITE_FULL): the service
    // runs as before, without giving space back, and the next start tries again.
  }
}

function serve(port: NonNullable<typeof parentPort>, options: SqliteThreadOptions): void {
  let sqlite: Database.Database;
  try {
    sqlite = open(options);
  } catch (error) {
    port.postMessage({ failed: threadError(error) } satisfies ThreadReply);
    return;
  }
  const prepare = statementCache(sqlite, STATEMENT_CACHE_SIZE);
  /** The session whose transaction is open, if any; the others' lists wait in `waiting`. */
  let owner: number | undefined;
  const waiting: { first: ThreadStatements[]; rest: ThreadStatements[] } = { first: [], rest: [] };
  /** Sessions whose transaction SQLite rolled back on its own: they fail until their ROLLBACK. */
  const broken = new Set<number>();

  /** Whether `synchronous` is switched to NORMAL for a relaxed session's transaction. */
  let relaxing = false;
  /** When the open transaction got the write lock (performance.now()). */
  let lockedAt = 0;

  const nap = new Int32Array(new SharedArrayBuffer(4));
  /** BEGIN IMMEDIATE, tried every millisecond while another process writes (see "Waiting for another process's writer"). */
  const beginImmediate = () => {
    const giveUpAt = performance.now() + BUSY_TIMEOUT_MS;
    prepare('pragma busy_timeout = 0').get();
    try {
      for (;;) {
        try {
          return prepare(BEGIN_IMMEDIATE).run();
        } catch (error) {
          if (!String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY') || performance.now() >= giveUpAt) throw error;
          Atomics.wait(nap, 0, 0, 1);
        }
      }
    } finally {
      prepare(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).get();
    }
  };

  const execute = (request: ThreadStatements): ThreadReply => {
    const { id, session, statements } = request;
    if (broken.has(session)) {
      if (statements[0]?.sql !== 'rollback') {
        return { id, error: { message: 'the transaction was rolled back after an earlier error; roll it back', name: 'SqliteError', code: 'SQLITE_ABORT' } };
      }
      broken.delete(session);
    }
    if (request.relaxed && options.synchronous === 'FULL' && !sqlite.inTransaction && !relaxing) {
      sqlite.pragma('synchronous = NORMAL');
      relaxing = true;
    }
    // Whether this session had a transaction open when a statement failed (not a BEGIN that failed).
    let opened = owner === session;
    let reply: ThreadReply = { id, rows: [] };
    let held: number | undefined;
    const hold = (ms: number) => {
      held = (held ?? 0) + ms;
    };
    try {
      for (const { sql, params } of statements) {
        // A ROLLBACK after a failed BEGIN (or a COMMIT that SQLite already undid) has nothing to undo.
        if (sql === 'rollback' && !sqlite.inTransaction) continue;
        const inTransaction = sqlite.inTransaction;
        const vacuum = INCREMENTAL_VACUUM.test(sql);
        // A write on its own is its own transaction, begun here so that what it holds is
        // measured from the lock on, as a transaction's is: without the wait for the lock
        // (another process's writer).
        const alone = !inTransaction && (vacuum || PLAIN_WRITE.test(sql));
        if (alone) {
          beginImmediate();
          lockedAt = performance.now();
        }
        try {
          // incremental_vacuum gives back one page per step of its statement and run() steps
          // once: exec() steps it to the end (db/space.ts).
          if (vacuum) {
            sqlite.exec(sql);
            reply = { id, rows: [] };
          } else if (sql === BEGIN_IMMEDIATE) {
            const { changes, lastInsertRowid } = beginImmediate();
            reply = { id, changes, lastInsertRowid };
          } else {
            const statement = prepare(sql);
            if (statement.reader) {
              reply = { id, rows: statement.all(params) };
            } else {
              const { changes, lastInsertRowid } = statement.run(params);
              reply = { id, changes, lastInsertRowid };
            }
          }
          if (alone) prepare('commit').run();
        } catch (error) {
          if (alone && sqlite.inTransaction) sqlite.exec('rollback');
          throw error;
        }
        // The lock is the writer's from the moment BEGIN IMMEDIATE returns.
        if (!inTransaction && sqlite.inTransaction) lockedAt = performance.now();
        if ((inTransaction || alone) && !sqlite.inTransaction) hold(performance.now() - lockedAt);
        opened ||= sqlite.inTransaction;
      }
    } catch (error) {
      reply = { id, error: threadError(error) };
      const ended = statements.some((s) => s.sql === 'rollback');
      if (opened && !ended && !sqlite.inTransaction) broken.add(session);
    }
    if (held !== undefined && !('error' in reply)) reply.heldMs = held;
    if (relaxing && !sqlite.inTransaction) {
      sqlite.pragma(`synchronous = ${options.synchronous}`);
      relaxing = false;
    }
    owner = sqlite.inTransaction ? session : undefined;
    return reply;
  };

  port.on('message', (request: ThreadRequest) => {
    if ('close' in request) {
      sqlite.close();
      port.close();
      return;
    }
    if (owner !== undefined && request.session !== owner) {
      (request.first ? waiting.first : waiting.rest).push(request);
      return;
    }
    port.postMessage(execute(request));
    // The transaction (if any) ended: the lists that waited for it run now.
    while (owner === undefined) {
      const next = waiting.first.shift() ?? waiting.rest.shift();
      if (!next) break;
      port.postMessage(execute(next));
    }
  });
  port.postMessage({ ready: true } satisfies ThreadReply);
}

if (parentPort) serve(parentPort, (workerData as { options: SqliteThreadOptions }).options);

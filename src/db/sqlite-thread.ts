/**
 * The SQLite thread: owns the process's one connection to the SQLite file and runs the
 * statements the main thread sends it (threaded-sqlite.ts is the other end).
 *
 * better-sqlite3 is synchronous. On the main thread every statement, and every commit's
 * disk sync under `synchronous=FULL`, stopped the event loop: on the send path that was
 * about 40 % of the main thread's time, taken from parsing and answering requests. Here
 * the same statements run one after another, as they did on the one connection before,
 * while the main thread goes on with other work.
 *
 * Protocol: `{ id, statements }` runs the statements in order and is answered with the
 * result of the last: `{ id, rows }` (a statement that returns rows), `{ id, changes,
 * lastInsertRowid }` (one that does not), or `{ id, error }` for the first that failed (the
 * rest are not run). A list lets a transaction's writes travel with its next read or its
 * COMMIT (threaded-sqlite.ts, write-behind). `{ close: true }` closes the database and ends
 * the thread. The first message the thread sends is `{ ready: true }` once the file is open
 * and set up, or `{ failed }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { statementCache } from './statement-cache.js';

export interface SqliteThreadOptions {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
}

export interface Statement {
  sql: string;
  params: readonly unknown[];
}

export type ThreadRequest = { id: number; statements: Statement[] } | { close: true };

/** What the main thread gets back for a failed statement: enough to rebuild the error (its `code` decides, e.g. unique violations). */
export interface ThreadError {
  message: string;
  name: string;
  code: string | undefined;
}

export type ThreadReply =
  | { ready: true }
  | { failed: ThreadError }
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; error: ThreadError };

const STATEMENT_CACHE_SIZE = 500;

function threadError(error: unknown): ThreadError {
  const e = error instanceof Error ? error : new Error(String(error));
  return { message: e.message, name: e.name, code: (e as NodeJS.ErrnoException).code };
}

function open({ file, synchronous }: SqliteThreadOptions) {
  const sqlite = new Database(file);
  // WAL lets readers (the API) proceed while the worker writes; FULL makes every
  // commit durable before the API answers (an accepted message survives power loss).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
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
  port.on('message', (request: ThreadRequest) => {
    if ('close' in request) {
      sqlite.close();
      port.close();
      return;
    }
    let reply: ThreadReply = { id: request.id, rows: [] };
    try {
      for (const { sql, params } of request.statements) {
        // A ROLLBACK after a failed BEGIN (or a COMMIT that SQLite already undid) has nothing to undo.
        if (sql === 'rollback' && !sqlite.inTransaction) continue;
        const statement = prepare(sql);
        if (statement.reader) {
          reply = { id: request.id, rows: statement.all(params) };
        } else {
          const { changes, lastInsertRowid } = statement.run(params);
          reply = { id: request.id, changes, lastInsertRowid };
        }
      }
    } catch (error) {
      reply = { id: request.id, error: threadError(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies ThreadReply);
}

if (parentPort) serve(parentPort, (workerData as { options: SqliteThreadOptions }).options);

/**
 * Kysely's SQLite dialect with the connection on a thread of its own (sqlite-thread.entry.ts).
 *
 * Everything Kysely does stays on the caller's thread (building and compiling queries,
 * the adapter, the introspector); only running compiled statements crosses over. SQLite
 * has one writer at a time and better-sqlite3 one statement at a time, so, as in Kysely's
 * own SQLite driver, there is one connection, lent to one query or transaction at a time;
 * the difference is that while statements run, or a commit waits for the disk, the event
 * loop is free. Each lending is a numbered session, and the turn-taking between sessions
 * happens in the thread (sqlite-thread.entry.ts, "Turn-taking"), so that one transaction follows
 * another there without waiting for this thread to read the first one's answer.
 *
 * Write-behind: every statement is a round trip to the thread, and under load the answer
 * waits for the event loop's next turn, a millisecond or more; a group commit of eight
 * statements held the connection for all eight turns. So a dialect made with
 * `writeBehind` holds back, inside a transaction, the statements whose answers nobody
 * needs before the end (BEGIN, and INSERT/UPDATE/DELETE without RETURNING, built or raw)
 * and sends them with the transaction's next read or with its COMMIT, as one list run in
 * order. Their results (affected-row counts) are therefore not known: only writers that
 * never look at them use it (the group commits, see database.ts `writeBehind`). A
 * held-back write that fails makes its transaction fail at that next read or COMMIT, which
 * rolls it back.
 *
 * A thread that dies: a transaction is a run of statements on the same connection. If the
 * thread ends in the middle (it should not: statement errors are answered, not thrown),
 * SQLite rolls back what that connection had not committed when the file is next opened,
 * and the connection that was lent out fails every later statement, its COMMIT included:
 * its caller sees an error, never a half-applied transaction reported as committed. The
 * next borrower gets a new thread.
 */
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../lib/thread-entry.js';
import { recordWriterHold } from './writer-hold.js';
import {
  type CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  UpdateQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { SqliteThreadOptions, Statement, ThreadError, ThreadReply, ThreadRequest } from './sqlite-thread.entry.js';
import type { CheckpointOptions } from './sqlite-checkpoint.entry.js';

/** How a Kysely instance borrows the connection (ThreadedSqliteDialect's options). */
export interface Lending {
  /** Hold back plain writes inside a transaction (see above); also first in the thread's waiting line. */
  writeBehind: boolean;
  /** Commit without waiting for the disk (sqlite-thread.entry.ts: only for work a loss merely repeats). */
  relaxed: boolean;
}

/** A list's result, and how long it held the write lock (sqlite-thread.entry.ts). */
interface Answer {
  result: QueryResult<unknown>;
  heldMs: number | undefined;
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

function toError(error: ThreadError): Error {
  return Object.assign(new Error(error.message), { name: error.name, code: error.code });
}

/** One SQLite thread and the statement lists it has not answered yet. */
class SqliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private exitReason: Error | undefined;
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;

  constructor(options: SqliteThreadOptions) {
    // Compiled: the .js sibling; from the sources: through tsx's loader (lib/thread-entry.ts).
    const { script, entry } = threadEntry(new URL('./sqlite-thread.entry.ts', import.meta.url), import.meta.url);
    this.worker = new Worker(script, { workerData: { entry, options } });
    let opened: () => void;
    let openFailed: (error: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      opened = resolve;
      openFailed = reject;
    });
    // An idle thread does not keep the process alive; one opening the file or running
    // statements does.
    this.worker.on('message', (reply: ThreadReply) => {
      if ('ready' in reply) {
        if (this.pending.size === 0) this.worker.unref();
        return opened();
      }
      if ('failed' in reply) return openFailed(toError(reply.failed));
      const request = this.pending.get(reply.id);
      if (!request) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) request.reject(toError(reply.error));
      else if ('rows' in reply) request.resolve({ result: { rows: reply.rows }, heldMs: reply.heldMs });
      else request.resolve({ result: { rows: [], numAffectedRows: BigInt(reply.changes), insertId: BigInt(reply.lastInsertRowid) }, heldMs: reply.heldMs });
    });
    const fail = (error: Error) => {
      this.exitReason ??= error;
      openFailed(error);
      for (const request of this.pending.values()) request.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.exited = new Promise((resolve) => {
      this.worker.on('exit', (code) => {
        fail(new Error(`the SQLite thread ended (exit code ${code})`));
        resolve();
      });
    });
  }

  get alive(): boolean {
    return this.exitReason === undefined;
  }

  /** Runs a list of statements for a session, `how` it is lent (see sqlite-thread.entry.ts). */
  run(session: number, how: Lending, statements: Statement[]): Promise<Answer> {
    if (this.exitReason) return Promise.reject(this.exitReason);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, session, first: how.writeBehind, relaxed: how.relaxed, statements } satisfies ThreadRequest);
    });
  }

  async close(): Promise<void> {
    if (this.alive) {
      this.worker.ref(); // until it has exited
      this.worker.postMessage({ close: true } satisfies ThreadRequest);
    }
    await this.exited;
  }
}

/** SQLite's own: a commit that takes the WAL past this many pages checkpoints it. */
const COMMIT_CHECKPOINT_PAGES = 1000;

/**
 * The same while checkpoints run aside: only if the checkpointer stops. SQLite counts the WAL's
 * frames since it last started over, not those still to copy, and a WAL that readers keep using
 * does not start over: at 20,000 pages the threshold was soon crossed, and then the purge's
 * commits checkpointed inside their holds as if nothing ran aside (docs/performance.md,
 * "Purge"). 2 GB: more than a run of the purge writes in its 10 seconds.
 */
const FALLBACK_CHECKPOINT_PAGES = 1_000_000;

/**
 * The checkpointer (sqlite-checkpoint.entry.ts): a thread and connection of its own. It never
 * keeps the process alive; if it fails, the writer's fallback threshold checkpoints instead.
 */
class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(options: CheckpointOptions) {
    const { script, entry } = threadEntry(new URL('./sqlite-checkpoint.entry.ts', import.meta.url), import.meta.url);
    this.worker = new Worker(script, { workerData: { entry, options } });
    this.worker.unref();
    this.worker.on('error', () => {});
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Copies what the WAL still holds; resolves at once if the thread has ended. */
  async drain(): Promise<void> {
    this.worker.ref(); // until it has answered
    const drained = new Promise<void>((resolve) => this.worker.once('message', () => resolve()));
    this.worker.postMessage({ drain: true });
    await Promise.race([drained, this.exited]);
    this.worker.unref();
  }

  async close(): Promise<void> {
    this.worker.ref(); // until it has exited
    this.worker.postMessage({ close: true });
    await this.exited;
  }
}

/**
 * The file's one connection (its thread). Shared by the Kysely instances of one DbHandle
 * (plain, write-behind, and the worker's), whose lendings take turns in the thread.
 */
export class SqliteHost {
  private thread: SqliteThread | undefined;
  private closed: Promise<void> | undefined;
  private nextSession = 0;
  /** Runs of `checkpointsAside` not yet ended, and their checkpointer. */
  private aside = 0;
  private checkpointer: Checkpointer | undefined;

  constructor(private readonly options: SqliteThreadOptions) {}

  async start(): Promise<void> {
    await this.liveThread().ready;
  }

  /** Lends the connection: its thread and a session number of its own. */
  async lend(): Promise<{ thread: SqliteThread; session: number }> {
    const thread = this.liveThread();
    await thread.ready;
    return { thread, session: this.nextSession++ };
  }

  /**
   * Runs `work` with the WAL checkpointed beside the writer instead of inside its commits
   * (sqlite-checkpoint.entry.ts says why). For bulk writes, the purge: a steady send load
   * alone keeps SQLite's own, as each of its commits would otherwise share the disk with the
   * checkpointer's syncs.
   */
  async checkpointsAside<T>(work: () => Promise<T>): Promise<T> {
    if (this.aside++ === 0) {
      this.checkpointer = new Checkpointer({ file: this.options.file, synchronous: this.options.synchronous });
      await this.commitCheckpoints(FALLBACK_CHECKPOINT_PAGES);
    }
    try {
      return await work();
    } finally {
      if (--this.aside === 0) {
        const checkpointer = this.checkpointer;
        this.checkpointer = undefined;
        // The backlog first: with SQLite's own threshold back, the next commit (a send's, the
        // job runner's) would copy all of it inside its hold.
        await checkpointer?.drain();
        // Not after close(): lending would start a new thread. Not if a run began meanwhile.
        if (!this.closed && this.aside === 0) await this.commitCheckpoints(COMMIT_CHECKPOINT_PAGES).catch(() => {});
        await checkpointer?.close();
      }
    }
  }

  /** Sets the WAL's size at which a commit checkpoints it; a thread started later has SQLite's own. */
  private async commitCheckpoints(pages: number): Promise<void> {
    const { thread, session } = await this.lend();
    await thread.run(session, { writeBehind: false, relaxed: false }, [{ sql: `pragma wal_autocheckpoint = ${pages}`, params: [] }]);
  }

  /** The thread, or a new one if there is none yet or the last has died. */
  private liveThread(): SqliteThread {
    if (!this.thread?.alive) this.thread = new SqliteThread(this.options);
    return this.thread;
  }

  /** Ends the thread; safe to call from every Kysely instance sharing it. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      await this.checkpointer?.close();
      await this.thread?.close();
    })();
    return this.closed;
  }
}

const BEGIN: Statement = { sql: 'begin immediate', params: [] };
const COMMIT: Statement = { sql: 'commit', params: [] };
const ROLLBACK: Statement = { sql: 'rollback', params: [] };

/**
 * A write in raw SQL that returns nothing: held back like a built one. Sent at once, it would
 * send the BEGIN with it and keep the write lock across trips through the event loop until
 * the COMMIT, the very hold write-behind is there to avoid.
 */
const RAW_PLAIN_WRITE = /^\s*(?:insert|replace|update|delete)\b(?![\s\S]*\breturning\b)/i;

/** A statement whose answer nobody inside a write-behind transaction waits for. */
function isPlainWrite(compiled: CompiledQuery): boolean {
  const node = compiled.query;
  if (RawNode.is(node)) return RAW_PLAIN_WRITE.test(compiled.sql);
  return (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) && node.returning === undefined;
}

/** The connection as lent to one query or transaction: bound to the thread it was lent on. */
class ThreadConnection implements DatabaseConnection {
  /** Statements held back until the transaction's next read or its end (write-behind only). */
  private held: Statement[] = [];
  private inTransaction = false;

  constructor(
    private readonly thread: SqliteThread,
    private readonly session: number,
    private readonly how: Lending,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = { sql: compiled.sql, params: compiled.parameters };
    if (this.how.writeBehind && this.inTransaction && isPlainWrite(compiled)) {
      this.held.push(statement);
      return Promise.resolve({ rows: [] });
    }
    return this.send(statement) as Promise<QueryResult<R>>;
  }

  // Nothing here streams; the rows of a select come as one chunk.
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }

  begin(): Promise<unknown> {
    this.inTransaction = true;
    if (!this.how.writeBehind) return this.send(BEGIN);
    this.held.push(BEGIN);
    return Promise.resolve();
  }

  async commit(): Promise<void> {
    this.inTransaction = false;
    await this.send(COMMIT);
  }

  async rollback(): Promise<void> {
    this.inTransaction = false;
    const neverSent = this.held.length > 0 && this.held[0] === BEGIN;
    this.held = [];
    // A transaction whose BEGIN is still held back never started: nothing to undo.
    if (!neverSent) await this.send(ROLLBACK);
  }

  private async send(statement: Statement): Promise<QueryResult<unknown>> {
    const statements = this.held;
    this.held = [];
    statements.push(statement);
    const { result, heldMs } = await this.thread.run(this.session, this.how, statements);
    // Told to whoever measures the work this list belongs to (writer-hold.ts), in its async
    // context; a list that held nothing (a read, a transaction still open) counts as nothing.
    recordWriterHold(heldMs ?? 0);
    return result;
  }
}

class ThreadedSqliteDriver implements Driver {
  constructor(
    private readonly host: SqliteHost,
    private readonly how: Lending,
  ) {}

  init(): Promise<void> {
    return this.host.start();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const { thread, session } = await this.host.lend();
    return new ThreadConnection(thread, session, this.how);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as ThreadConnection).begin();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as ThreadConnection).commit();
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as ThreadConnection).rollback();
  }

  // Nothing to give back here: the thread knows the session's transaction has ended.
  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    return this.host.close();
  }
}

/**
 * SQLite's DDL is transactional, but Kysely's SQLite adapter says otherwise and takes no
 * migration lock, so two processes starting at once on a new file both ran the
 * migrations and one failed (`table "accounts" already exists`). Saying so makes Kysely's
 * Migrator run all pending migrations in one transaction, and a transaction here begins
 * IMMEDIATE: the second process waits for the write lock (busy_timeout), then finds the
 * migrations applied.
 */
class MigratingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * BEGIN IMMEDIATE (see ThreadConnection): a transaction takes the write lock when it
 * begins, waiting for it up to busy_timeout. A plain (deferred) BEGIN that reads and then
 * writes fails at once with SQLITE_BUSY when another connection (another process on the
 * file) wrote in between, since its snapshot can no longer become a write; waiting cannot
 * help it.
 *
 * Migrations run in one such transaction (`MigratingSqliteAdapter`).
 */
export class ThreadedSqliteDialect implements Dialect {
  constructor(
    private readonly host: SqliteHost,
    private readonly how: Lending,
  ) {}

  createDriver(): Driver {
    return new ThreadedSqliteDriver(this.host, this.how);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new MigratingSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Group commit: many concurrent requests share one transaction and so one disk sync.
 *
 * A request that must be durable before it is answered calls `submit(item)` and waits.
 * Items submitted while a commit is running (or in the same tick) queue up and are
 * written together by the next commit, up to `maxBatch` at a time. The promise of each
 * item settles only after its transaction has committed: durability per request is
 * unchanged, the cost of a sync is shared.
 *
 * Lingering (`lingerMs`): by default a commit starts as soon as the event loop has
 * taken in what is ready, which suits a request waiting for its answer. A writer whose
 * callers need not wait (the delivery worker's outcomes: nobody is answered, and every
 * commit costs a disk sync) may instead wait up to `lingerMs` after the first item, or
 * until `flushAt` items are waiting, so that one sync covers many items.
 *
 * Reading first (`read`): a writer that must look something up for its items (the send
 * path: the suppression list and the accounts' webhooks) can do so before the transaction,
 * through `DbHandle.reads`, and get the result with the items. Then the transaction is
 * writes only, which on SQLite travels to the SQLite thread as one list (sqlite-thread-dialect.ts):
 * one round trip per commit instead of one per read. Only for look-ups of rows the
 * transaction does not write and that may as well have been read a moment before it.
 *
 * Pipelining (`inFlight`): by default one transaction runs at a time and the next batch is
 * what queued meanwhile. But the next transaction only starts once this thread has taken
 * the last one's answer, and on a busy event loop that is a millisecond or more after the
 * database finished it: on the send path the SQLite thread sat idle for much of a run,
 * waiting for its next batch. With `inFlight: 2` a second batch goes out while
 * the first commits, and the database goes from one to the next (SQLite queues it in its
 * thread, PostgreSQL runs it on a second connection). Items are independent, so their order of
 * commit does not matter; each still settles only after its own transaction committed.
 *
 * Failure isolation: if a batch's transaction fails and it held more than one item,
 * each item is retried alone in its own transaction, so one bad item fails only its
 * own request. Items must therefore be plain data, re-writable from scratch.
 */
import { CompiledQuery, createQueryId, InsertQueryNode, PostgresAdapter, TableNode, UpdateQueryNode, type Insertable } from 'kysely';
import type { Db, DbOrTrx, Trx } from './database.js';
import type { Database } from './schema.js';

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Items written by one transaction at most. Default 500. */
  maxBatch?: number;
  /** How long the first waiting item may wait for others before a commit starts. Default 0: at once. */
  lingerMs?: number;
  /** With lingerMs: commit without waiting further once this many items wait. Default maxBatch. */
  flushAt?: number;
  /** Transactions running at once (see "Pipelining" above). Default 1. */
  inFlight?: number;
}

export class GroupCommit<T, R = undefined> {
  private queue: Pending<T>[] = [];
  private running = 0;
  private scheduled = false;
  private lingering: NodeJS.Timeout | undefined;
  private readonly maxBatch: number;
  private readonly lingerMs: number;
  private readonly flushAt: number;
  private readonly inFlight: number;

  constructor(
    private readonly db: Db,
    private readonly write: (trx: Trx, items: T[], read: R) => Promise<void>,
    options: GroupCommitOptions = {},
    /** Looks up what the items' write needs, before its transaction (see above). */
    private readonly read: (items: T[]) => Promise<R> = async () => undefined as R,
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.lingerMs = options.lingerMs ?? 0;
    this.flushAt = Math.min(options.flushAt ?? this.maxBatch, this.maxBatch);
    this.inFlight = Math.max(1, options.inFlight ?? 1);
  }

  submit(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when everything submitted so far has settled (used at shutdown). */
  async drain(): Promise<void> {
    while (this.queue.length || this.running) await new Promise((r) => setTimeout(r, 5));
  }

  private schedule(): void {
    // With `inFlight` transactions running, the first of them to end schedules the next.
    if (this.running >= this.inFlight || this.scheduled) return;
    if (this.lingerMs > 0 && this.queue.length < this.flushAt) {
      this.lingering ??= setTimeout(() => {
        this.lingering = undefined;
        void this.flush();
      }, this.lingerMs);
      return;
    }
    this.scheduled = true;
    // setImmediate lets every request already parsed in this turn of the event loop join.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running >= this.inFlight || this.queue.length === 0) return;
    if (this.lingering) {
      clearTimeout(this.lingering);
      this.lingering = undefined;
    }
    this.running++;
    const batch = this.queue.splice(0, this.maxBatch);
    try {
      await this.commit(batch);
    } finally {
      this.running--;
      if (this.queue.length) this.schedule();
    }
  }

  private async commit(batch: Pending<T>[]): Promise<void> {
    let read: R;
    try {
      read = await this.read(batch.map((p) => p.item));
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    try {
      await this.db.transaction().execute((trx) =>
        this.write(
          trx,
          batch.map((p) => p.item),
          read,
        ),
      );
      for (const p of batch) p.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    for (const p of batch) {
      try {
        // What was read for the batch covers each of its items.
        await this.db.transaction().execute((trx) => this.write(trx, [p.item], read));
        p.resolve();
      } catch (error) {
        p.reject(error);
      }
    }
  }
}

/** Splits rows for multi-row INSERTs so no statement exceeds the dialects' parameter limits. */
export function chunkRows<R extends object>(rows: R[], maxParameters = 30_000): R[][] {
  if (rows.length === 0) return [];
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.floor(maxParameters / perRow));
  const chunks: R[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

export interface InsertRowsOptions {
  /**
   * SQL text put after the values, an `on conflict …` clause: fixed identifiers written in
   * the code, never input. Rows it skips are not counted as inserted.
   */
  onConflict?: string;
  /** A column whose value in each row really inserted is returned; the statement is sent at once. */
  returning?: string;
}

/**
 * Many rows into one table, one multi-row INSERT per chunk, the statement written out
 * here instead of by Kysely's builder. On the send path the builder's work (parsing every
 * value of every row into nodes, then compiling them) was a large share of the main
 * thread's time; the text is the same `insert into "t" ("a", …) values (?, …), …`.
 * Every row must have the columns of the first (ours are built by one function each).
 * The query node marks the statement as a plain INSERT, so a write-behind transaction
 * holds it back like a built one (sqlite-thread-dialect.ts).
 */
export async function insertRows<T extends keyof Database & string>(db: DbOrTrx, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  await insertRowsCounting(db, table, rows);
}

/**
 * insertRows with an `on conflict` clause or `returning`: the number of rows really
 * inserted, and the returned column of each. The count is unknown (0) in a write-behind
 * transaction, which holds the statement back; callers that need it use one that does not.
 */
export async function insertRowsCounting<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  rows: Insertable<Database[T]>[],
  options: InsertRowsOptions = {},
): Promise<{ inserted: number; returned: unknown[] }> {
  const result = { inserted: 0, returned: [] as unknown[] };
  if (rows.length === 0) return result;
  const columns = Object.keys(rows[0]!).filter((c) => (rows[0] as Record<string, unknown>)[c] !== undefined);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const tail = (options.onConflict ? ` ${options.onConflict}` : '') + (options.returning ? ` returning "${options.returning}"` : '');
  const query = InsertQueryNode.create(TableNode.create(table));
  // SQLite's placeholders are all `?`: one row's group serves every row.
  const sqliteGroup = `(${columns.map(() => '?').join(', ')})`;
  for (const chunk of chunkRows(rows)) {
    const parameters: unknown[] = [];
    const groups: string[] = [];
    for (const row of chunk) {
      const values = row as Record<string, unknown>;
      const first = parameters.length + 1;
      for (const column of columns) parameters.push(values[column] ?? null);
      groups.push(postgres ? `(${columns.map((_, i) => `$${first + i}`).join(', ')})` : sqliteGroup);
    }
    const text = head + groups.join(', ') + tail;
    if (options.returning) {
      const column = options.returning;
      const { rows: returned } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters));
      result.inserted += returned.length;
      for (const r of returned) result.returned.push(r[column]);
    } else {
      const done = await db.executeQuery({ query, queryId: createQueryId(), sql: text, parameters });
      result.inserted += Number(done.numAffectedRows ?? 0);
    }
  }
  return result;
}

/** A column that `updateRowsById` sets, and the cast PostgreSQL needs to type its parameters (numbers). */
export interface UpdatedColumn {
  name: string;
  cast?: 'integer' | 'bigint';
}

/**
 * Many rows of one table, each set to values of its own, in one statement written out
 * here: `update "t" set "c" = case "id" when ? then ? … end, … where "id" in (…) [and …]`.
 * The worker records a batch's outcomes this way; built with Kysely (a fragment per row and
 * column, each parsed and compiled) it took a visible share of the main thread per delivered
 * message. `values` of each row follow `columns`. `onlyWhere` leaves rows out: those whose
 * column holds one of `notIn`, or (`isNull`) holds anything. With `returning`, the ids of
 * the rows changed are returned, and the statement is sent at once (it is not a plain
 * write for a write-behind transaction to hold back). `idColumn`: the key column when it
 * is not `id`.
 */
export async function updateRowsById<T extends keyof Database & string>(
  db: DbOrTrx,
  table: T,
  columns: UpdatedColumn[],
  rows: { id: string; values: unknown[] }[],
  options: { onlyWhere?: { column: string; notIn: readonly unknown[] } | { column: string; isNull: true }; returning?: boolean; idColumn?: string } = {},
): Promise<string[]> {
  if (rows.length === 0) return [];
  const id = `"${options.idColumn ?? 'id'}"`;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const parameters: unknown[] = [];
  const param = (value: unknown, cast?: string) => {
    parameters.push(value);
    const placeholder = postgres ? `$${parameters.length}` : '?';
    return cast && postgres ? `cast(${placeholder} as ${cast})` : placeholder;
  };
  const sets = columns.map((column, c) => {
    let whens = '';
    for (const row of rows) whens += ` when ${param(row.id)} then ${param(row.values[c] ?? null, column.cast)}`;
    return `"${column.name}" = case ${id}${whens} end`;
  });
  let where = `${id} in (${rows.map((row) => param(row.id)).join(', ')})`;
  const only = options.onlyWhere;
  if (only && 'isNull' in only) where += ` and "${only.column}" is null`;
  else if (only?.notIn.length) where += ` and "${only.column}" not in (${only.notIn.map((v) => param(v)).join(', ')})`;
  const text = `update "${table}" set ${sets.join(', ')} where ${where}`;
  if (!options.returning) {
    await db.executeQuery({ query: UpdateQueryNode.create([TableNode.create(table)]), queryId: createQueryId(), sql: text, parameters });
    return [];
  }
  const result = await db.executeQuery<{ id: string }>(CompiledQuery.raw(`${text} returning ${id} as "id"`, parameters));
  return result.rows.map((row) => row.id);
}

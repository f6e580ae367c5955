/**
 * Write-behind on PostgreSQL: `DbHandle.writeBehind` for group-commit writers that never
 * read the result of a write inside their transactions (database.ts), as
 * sqlite-thread-dialect.ts is on SQLite.
 *
 * Every statement is a round trip to the server and back through the event loop. The send
 * path's accept commit was BEGIN, an INSERT for each of messages, recipients, queue rows
 * and events, the queue's pg_notify and COMMIT: seven round trips, one after the other,
 * while the client that submitted the message waits for its answer (in bench:smtp each
 * connection waits for its 250, so those round trips set its rate).
 *
 * So inside a transaction this dialect holds back the plain INSERTs (a VALUES list of
 * parameters, nothing read, nothing returned) and the pg_notify calls of `notifyOnCommit`,
 * and sends them as one statement, each INSERT a data-modifying CTE:
 *
 *   with "w1" as (insert into "messages" …), "w2" as (insert into "message_recipients" …), …
 *   select pg_notify($n, $m)
 *
 * with the transaction's next other statement or with its COMMIT. When nothing else was
 * sent, BEGIN was never needed either: the one statement is its own transaction, sent
 * without BEGIN and COMMIT (atomic, and durable when answered as any commit is). One round
 * trip instead of seven.
 *
 * Why it is the same transaction: INSERTs of VALUES read no rows, so that sibling CTEs do
 * not see each other's rows (they share one snapshot) changes nothing; unique indexes see
 * every row inserted, and foreign keys are checked at the end of the statement, when all
 * the rows are in. One failing INSERT fails the whole statement, as it failed the
 * transaction before, and the error surfaces at that next statement or at COMMIT.
 * Anything else (an UPDATE, a SELECT … FOR UPDATE, an INSERT … ON CONFLICT or … SELECT)
 * first sends what is held, then runs in order, as before.
 */
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type Driver,
  InsertQueryNode,
  type Kysely,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  type TransactionSettings,
} from 'kysely';
import { PREPARED } from './pg-prepared.js';
import type { Database } from './schema.js';

/** PostgreSQL's limit on the parameters of one statement. */
const MAX_PARAMETERS = 65_535;

/** Marks the statements of notifyOnCommit, which a write-behind transaction holds back. */
const NOTIFY = RawNode.createWithSql('select pg_notify($1, $2)');

/**
 * `pg_notify(channel, '')` in the writer's transaction, delivered by the server when it
 * commits (queue/notifications.ts). PostgreSQL only. `db` may be a transaction.
 */
export async function notifyOnCommit(db: Kysely<Database>, channel: string): Promise<void> {
  await db.executeQuery({ query: NOTIFY, queryId: createQueryId(), sql: 'select pg_notify($1, $2)', parameters: [channel, ''] });
}

/**
 * An INSERT of a VALUES list of parameters only (insertRows in group-commit.ts, or built by
 * Kysely from plain values): no string literal that could hide a `$1`, no sub-select, no
 * ON CONFLICT, no RETURNING.
 */
const PLAIN_INSERT =
  /^insert into "\w+" \("\w+"(?:, "\w+")*\) values \((?:\$\d+|default)(?:, (?:\$\d+|default))*\)(?:, \((?:\$\d+|default)(?:, (?:\$\d+|default))*\))*$/;

/**
 * A statement's `$1`, `$2`, … as `$(1 + by)`, … so that it can follow another's parameters in
 * one statement. Only for statements Kysely or insertRows wrote: their values are all
 * parameters, so a `$` and digits are nowhere else (no string literals, no dollar quoting).
 */
export function shiftPlaceholders(sql: string, by: number): string {
  return by === 0 ? sql : sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);
}

function isHeld(compiled: CompiledQuery): boolean {
  if (compiled.query === NOTIFY) return true;
  return InsertQueryNode.is(compiled.query) && PLAIN_INSERT.test(compiled.sql);
}

/** The held statements as few statements as the parameter limit allows, in order. */
function combined(held: CompiledQuery[]): { sql: string; parameters: unknown[] }[] {
  const out: { sql: string; parameters: unknown[] }[] = [];
  let inserts: string[] = [];
  let notifies: string[] = [];
  let parameters: unknown[] = [];
  const close = () => {
    if (inserts.length + notifies.length === 0) return;
    let sql: string;
    if (notifies.length) sql = `${inserts.length ? `with ${inserts.map((s, i) => `"w${i + 1}" as (${s})`).join(', ')} ` : ''}select ${notifies.join(', ')}`;
    else if (inserts.length === 1) sql = inserts[0]!;
    else
      sql = `with ${inserts
        .slice(0, -1)
        .map((s, i) => `"w${i + 1}" as (${s})`)
        .join(', ')} ${inserts[inserts.length - 1]}`;
    out.push({ sql, parameters });
    inserts = [];
    notifies = [];
    parameters = [];
  };
  for (const statement of held) {
    if (parameters.length + statement.parameters.length > MAX_PARAMETERS) close();
    const offset = parameters.length;
    const sql = shiftPlaceholders(statement.sql, offset);
    if (statement.query === NOTIFY) notifies.push(sql.slice('select '.length));
    else inserts.push(sql);
    for (const value of statement.parameters) parameters.push(value);
  }
  close();
  return out;
}

/** A pooled connection lent to one query or transaction, holding back its plain INSERTs. */
class HoldingConnection implements DatabaseConnection {
  private held: CompiledQuery[] = [];
  private inTransaction = false;
  /** Whether BEGIN has been sent: not until a statement other than a held one needs it. */
  private begun = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction && isHeld(compiled)) {
      this.held.push(compiled);
      return { rows: [] };
    }
    if (this.inTransaction) await this.start();
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.inTransaction) throw new Error('write-behind transactions do not stream');
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }

  async begin(settings: TransactionSettings): Promise<void> {
    this.inTransaction = true;
    this.begun = false;
    this.held = [];
    // A transaction with settings starts at once, as Kysely's own driver starts it.
    if (settings.isolationLevel || settings.accessMode) await this.start(settings);
  }

  /** Sends BEGIN if it has not been, then what is held. */
  async start(settings: TransactionSettings = {}): Promise<void> {
    if (!this.begun) {
      this.begun = true;
      let sql = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin';
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) sql += ` ${settings.accessMode}`;
      await this.inner.executeQuery(CompiledQuery.raw(sql));
    }
    const statements = combined(this.held);
    this.held = [];
    for (const s of statements) await this.inner.executeQuery(CompiledQuery.raw(s.sql, s.parameters));
  }

  async commit(): Promise<void> {
    if (!this.begun) {
      const statements = combined(this.held);
      // Nothing but held INSERTs and notifications: one statement is its own transaction.
      if (statements.length <= 1) {
        this.held = [];
        this.inTransaction = false;
        // Prepared: on the send path this one statement is the whole accept commit (pg-prepared.ts).
        if (statements[0]) await this.inner.executeQuery(CompiledQuery.raw(PREPARED + statements[0].sql, statements[0].parameters));
        return;
      }
    }
    await this.start();
    await this.inner.executeQuery(CompiledQuery.raw('commit'));
    this.inTransaction = false;
    this.begun = false;
  }

  async rollback(): Promise<void> {
    this.held = [];
    this.inTransaction = false;
    // A transaction whose BEGIN was never sent never started: nothing to undo.
    if (this.begun) {
      this.begun = false;
      await this.inner.executeQuery(CompiledQuery.raw('rollback'));
    }
  }
}

class WriteBehindDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new HoldingConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as HoldingConnection).begin(settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as HoldingConnection).commit();
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return (connection as HoldingConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    const holding = connection as HoldingConnection;
    await holding.start();
    await this.inner.savepoint!(holding.inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    // Held statements came after the savepoint: they are what is rolled back.
    const holding = connection as HoldingConnection;
    await holding.start();
    await this.inner.rollbackToSavepoint!(holding.inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    const holding = connection as HoldingConnection;
    await holding.start();
    await this.inner.releaseSavepoint!(holding.inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as HoldingConnection).inner);
  }

  /** The pool is the handle's `db`'s: that one ends it. */
  async destroy(): Promise<void> {}
}

/** PostgresDialect on the same pool, its transactions write-behind (see above). */
export class PgWriteBehindDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new WriteBehindDriver(super.createDriver());
  }
}

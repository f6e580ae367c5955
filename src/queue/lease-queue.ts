/**
 * One lease queue, written once for every table of due work (delivery_jobs,
 * webhook_deliveries). A row is due when `run_at` has come and nobody holds it.
 *
 * Leases. A holder claims due rows by writing its id into `locked_by` and a deadline
 * into `locked_until`, in one UPDATE … RETURNING, so two holders never claim the same
 * row at the same time. While the deadline is in the future the row is the holder's;
 * after it, any holder may claim it again. A holder keeps what it is working on by
 * renewing the deadline (lease-heartbeat.ts), so leases can be short: a process that
 * dies stops renewing and its rows come back within one lease. At start, a process
 * also takes back at once the rows of dead processes on its own host (dead-leases.ts).
 * The cost is at-least-once work: a row handed on just before a crash may be done again.
 *
 * On PostgreSQL the candidate rows are picked `FOR UPDATE SKIP LOCKED`, so concurrent
 * holders each take different rows instead of queueing behind one another's locks.
 * SQLite has one writer at a time, so the plain statement is already exclusive. The
 * outer WHERE repeats the lease test so that a row re-read after a lock wait is claimed
 * only if it is still free.
 *
 * Why a class parameterised by table and not a Kysely builder per table: the two
 * queues were the same five statements twice, differing only in which rows count as
 * due (a webhook delivery must also be pending and its webhook live) and in what a
 * claim returns. Those two differences are the options; the SQL is here once.
 */
import { systemClock } from '../lib/clock.js';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DbOrTrx, Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The columns every leased table has. */
export interface LeaseColumns {
  id: string;
  run_at: number;
  attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
}

/** The tables whose rows are leased. */
export type LeasedTable = { [T in keyof Database]: Database[T] extends { locked_by: string | null; locked_until: number | null } ? T : never }[keyof Database];

/** Any leased table seen through its lease columns only: one body of SQL serves them all. */
type LeaseDb = Kysely<Record<string, LeaseColumns>>;
// Kysely's builder types cannot follow a table chosen at run time; the option callbacks get it untyped.
type DueQuery = SelectQueryBuilder<any, any, any>;

export interface LeaseQueueOptions {
  /** Narrows the due rows beyond "run_at has come, nobody holds it" (a webhook delivery: pending, webhook live). */
  due?: (query: DueQuery, now: number) => DueQuery;
  /** The order due rows are claimed in; default oldest `run_at` first. */
  order?: (query: DueQuery) => DueQuery;
}

/** What every claim returns, plus the columns the caller asked for. */
export interface ClaimedRow {
  id: string;
  attempts: number;
  locked_until: number;
}

export interface ClaimRequest {
  holder: string;
  limit: number;
  leaseMs: number;
  now?: number;
  /** Narrows the due rows of this claim further (a lane of the queue), after the queue's own `due`. */
  due?: LeaseQueueOptions['due'];
  /** This claim's order, instead of the queue's. */
  order?: LeaseQueueOptions['order'];
}

export class LeaseQueue<Claimed extends ClaimedRow = ClaimedRow> {
  constructor(
    readonly table: LeasedTable,
    /** Columns a claim returns besides id, attempts and locked_until. */
    private readonly returning: readonly string[] = [],
    private readonly options: LeaseQueueOptions = {},
  ) {}

  private of(db: DbOrTrx): LeaseDb {
    return db as unknown as LeaseDb;
  }

  /** Leases up to `limit` due rows to `holder` until now + leaseMs; each claim counts as an attempt. */
  async claim(db: DbOrTrx, dialect: Dialect, request: ClaimRequest): Promise<Claimed[]> {
    return (await this.claimStatement(db, dialect, request).execute()) as unknown as Claimed[];
  }

  /** The claim's UPDATE … RETURNING, unexecuted (tests read its query plan). */
  claimStatement(db: DbOrTrx, dialect: Dialect, { holder, limit, leaseMs, now = systemClock.now(), ...lane }: ClaimRequest) {
    const table = this.table;
    return this.of(db)
      .updateTable(table)
      .set((eb) => ({ locked_by: holder, locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => {
        let due: DueQuery = eb
          .selectFrom(table)
          .select(`${table}.id`)
          .where(`${table}.run_at`, '<=', now)
          .where((w) => w.or([w(`${table}.locked_until`, 'is', null), w(`${table}.locked_until`, '<=', now)]));
        if (this.options.due) due = this.options.due(due, now);
        if (lane.due) due = lane.due(due, now);
        const order = lane.order ?? this.options.order;
        due = (order ? order(due) : due.orderBy(`${table}.run_at`)).limit(limit);
        if (dialect === 'postgres') due = due.forUpdate().skipLocked();
        return due;
      })
      .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
      .returning(['id', 'attempts', 'locked_until', ...this.returning] as (keyof LeaseColumns)[]);
  }

  /**
   * Extends the lease of the rows `ids` that `holder` still holds to now + leaseMs (the
   * heartbeat); returns the ids it still holds. A row done meanwhile (deleted or
   * settled) or passed on (its lease ran out and another holder claimed it) is not renewed.
   */
  async renew(db: DbOrTrx, holder: string, ids: string[], leaseMs: number, now = systemClock.now()): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.of(db)
      .updateTable(this.table)
      .set({ locked_until: now + leaseMs })
      .where('id', 'in', ids)
      .where('locked_by', '=', holder)
      .returning('id')
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Gives claimed rows back untouched (stopping before they were started): the claim's attempt is undone. */
  async release(db: DbOrTrx, holder: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.of(db)
      .updateTable(this.table)
      .set((eb) => ({ locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
      .where('id', 'in', ids)
      .where('locked_by', '=', holder)
      .execute();
  }

  /** The rows are done and leave the queue. */
  async complete(db: DbOrTrx, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.of(db).deleteFrom(this.table).where('id', 'in', ids).execute();
  }

  /**
   * Try again at `runAt`; the lease is given up and `lastError` kept. With `holder`, only
   * while the row is still that holder's (an expired lease may have passed it on).
   */
  /** Back to the queue until `runAt`, as if never claimed: the lease is given up and the claim's attempt not counted. */
  async postpone(db: DbOrTrx, id: string, runAt: number): Promise<void> {
    await this.of(db)
      .updateTable(this.table)
      .set((eb) => ({ run_at: runAt, locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async reschedule(db: DbOrTrx, id: string, runAt: number, lastError: string, holder?: string): Promise<void> {
    let update = this.of(db)
      .updateTable(this.table)
      .set({ run_at: runAt, locked_by: null, locked_until: null, last_error: lastError.slice(0, 1000) })
      .where('id', '=', id);
    if (holder !== undefined) update = update.where('locked_by', '=', holder);
    await update.execute();
  }

  /**
   * Ends the lease of a row the holder keeps in the table (a webhook delivery marked
   * delivered or failed), writing `values` with it; only while the row is still the holder's
   * (false: it was not, and nothing was written).
   */
  async settle(db: DbOrTrx, id: string, holder: string, values: Record<string, unknown>): Promise<boolean> {
    const result = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .updateTable(this.table)
      .set({ ...values, locked_by: null, locked_until: null })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The distinct holders of live leases (few: one per process at work), for dead-leases.ts. */
  async liveHolders(db: DbOrTrx, now = systemClock.now()): Promise<string[]> {
    const rows = await this.of(db)
      .selectFrom(this.table)
      .select('locked_by')
      .distinct()
      .where('locked_by', 'is not', null)
      .where('locked_until', '>', now)
      .execute();
    return rows.map((r) => r.locked_by!);
  }

  /** Frees every row `holders` hold (they are dead): due again at once, the attempt kept. */
  async releaseHolders(db: DbOrTrx, holders: string[]): Promise<number> {
    if (holders.length === 0) return 0;
    const result = await this.of(db).updateTable(this.table).set({ locked_by: null, locked_until: null }).where('locked_by', 'in', holders).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/**
 * Reads that must agree with each other, in one snapshot of the database.
 *
 * Two reads run side by side through the pool (`Promise.all`) take two connections on
 * PostgreSQL, and under READ COMMITTED each statement sees what was committed when it
 * started. A commit that lands between them shows in one and not the other: a message's
 * detail once listed a recipient as `sent` with no `sent` event in its timeline, although
 * the worker writes the state and the event in one transaction (caught by
 * test/features/suppressions.test.ts on PostgreSQL). Inside one REPEATABLE READ
 * transaction every statement sees the snapshot its first statement took, on one
 * connection. On SQLite a read transaction does the same in WAL mode: its snapshot is
 * fixed at its first read and held until it ends.
 *
 * For short reads only (a page, one record and its details): a snapshot held open keeps
 * old row versions alive on PostgreSQL and stops SQLite's checkpoint from passing it.
 */
import type { Db, Reads } from './database.js';

/** `db` is a handle (a read-only one included), never a transaction. */
export function inOneSnapshot<T>(db: Reads, read: (trx: Reads) => Promise<T>): Promise<T> {
  return (db as Db).transaction().setIsolationLevel('repeatable read').execute(read);
}

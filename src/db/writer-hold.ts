/**
 * How long a piece of work held the database's writer, measured where the writer is.
 *
 * On SQLite the time between a transaction's BEGIN getting the write lock and its COMMIT
 * ending is measured in the SQLite thread (sqlite-thread.entry.ts) and reported back with
 * the answer; `measureWriterHold` adds up what the statements run inside `work` held, so
 * neither the caller's event loop nor the wait for the lock counts. PostgreSQL has no single
 * writer: there `holding` times a transaction from the caller's side (its row locks are held
 * that long), and work that says nothing is timed whole.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Meter {
  ms: number;
  measured: boolean;
}

const meters = new AsyncLocalStorage<Meter>();

/** Called by the SQLite dialect with what each list of statements held, 0 for none (in the caller's async context). */
export function recordWriterHold(ms: number): void {
  const meter = meters.getStore();
  if (!meter) return;
  meter.ms += ms;
  meter.measured = true;
}

/** Runs `work`; what it held the writer, in milliseconds (its whole run time when nothing was measured inside). */
export async function measureWriterHold<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> {
  const meter: Meter = { ms: 0, measured: false };
  const started = performance.now();
  const result = await meters.run(meter, work);
  return { result, heldMs: meter.measured ? meter.ms : performance.now() - started };
}

/**
 * Marks `transaction` as the part of `work` that holds the writer where the database does not
 * measure it (PostgreSQL): its run time counts instead of the whole.
 */
export async function holding<T>(transaction: () => Promise<T>): Promise<T> {
  const meter = meters.getStore();
  if (!meter) return transaction();
  const inner: Meter = { ms: 0, measured: false };
  const started = performance.now();
  const result = await meters.run(inner, transaction);
  meter.ms += inner.measured ? inner.ms : performance.now() - started;
  meter.measured = true;
  return result;
}

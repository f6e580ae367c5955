/**
 * The SQLite checkpointer: copies the pages the WAL holds back into the database file, on a
 * connection and a thread of its own, while a bulk writer (the purge) runs
 * (SqliteHost.checkpointsAside).
 *
 * SQLite checkpoints inside the COMMIT that takes the WAL past a threshold
 * (`wal_autocheckpoint`, 1,000 pages): that commit copies every page written since the last
 * checkpoint into the file and syncs it. The SQLite thread runs one list at a time, so the
 * sends waiting behind such a commit wait for the copy and the sync too. The purge's batches
 * and vacuum steps write hundreds of pages each, so their commits crossed the threshold often,
 * and one whose sync was slow held the writer many times its own work. A PASSIVE checkpoint
 * needs no write lock (it copies what no reader still needs and leaves the rest for the
 * next), so here it runs beside the writer every INTERVAL_MS, while the writer's own threshold
 * is raised to a fallback. Not all the time: with a send load alone, the syncs of a
 * checkpointer beside every commit cost more than the checkpoints inside them
 * (docs/performance.md, "Purge").
 *
 * Protocol: `{ drain: true }` checkpoints until the WAL holds nothing left to copy (while a
 * reader keeps some of it, for at most DRAIN_MS) and answers `{ drained: true }`;
 * `{ close: true }` closes the connection and ends the thread. A failure to open ends it: the
 * writer's fallback threshold then checkpoints.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from './sqlite-driver.js';

export interface CheckpointOptions {
  file: string;
  /** The writer's: a checkpoint syncs the file unless this is OFF. */
  synchronous: 'FULL' | 'NORMAL';
}

/** A PASSIVE checkpoint with nothing new in the WAL only reads the WAL's header. */
const INTERVAL_MS = 100;
/**
 * A drain tries every DRAIN_RETRY_MS for at most this long: a reader's snapshot keeps the
 * pages after it in the WAL until the reader ends (the storage metric's counts take seconds).
 */
const DRAIN_MS = 2000;
const DRAIN_RETRY_MS = 10;

type CheckpointRequest = { close: true } | { drain: true };

function serve(port: NonNullable<typeof parentPort>, { file, synchronous }: CheckpointOptions): void {
  let sqlite: InstanceType<typeof SqliteDatabase>;
  try {
    sqlite = new SqliteDatabase(file);
    sqlite.pragma(`synchronous = ${synchronous}`);
  } catch {
    return;
  }
  const statement = sqlite.prepare('pragma wal_checkpoint(PASSIVE)');
  /** True when every page the WAL holds is in the file. */
  const checkpoint = (): boolean => {
    try {
      const { log, checkpointed } = statement.get() as { log: number; checkpointed: number };
      return checkpointed >= log;
    } catch {
      // Busy (another process's checkpoint) or no room to grow the file (SQLITE_FULL): the
      // pages stay in the WAL, where readers find them, and the next tick tries again.
      return false;
    }
  };
  const timer = setInterval(checkpoint, INTERVAL_MS);
  const nap = new Int32Array(new SharedArrayBuffer(4));
  port.on('message', (request: CheckpointRequest) => {
    if ('drain' in request) {
      const giveUpAt = performance.now() + DRAIN_MS;
      while (!checkpoint() && performance.now() < giveUpAt) Atomics.wait(nap, 0, 0, DRAIN_RETRY_MS);
      port.postMessage({ drained: true });
      return;
    }
    clearInterval(timer);
    sqlite.close();
    port.close();
  });
}

if (parentPort) serve(parentPort, (workerData as { options: CheckpointOptions }).options);

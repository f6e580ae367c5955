/**
 * Taking back, at start, the leases of dead processes on this host (holder-id.ts says
 * which are dead), so that work a killed process held is due again at once instead of
 * when its leases run out. Leases of live processes, and of other hosts, are left alone.
 */
import type { Logger } from 'pino';
import type { DbOrTrx } from '../db/database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { isDeadHolder } from './holder-id.js';
import type { LeaseQueue } from './lease-queue.js';

/** Frees the rows of `queue` held by dead processes of this host; returns how many. */
export async function reclaimDeadLeases(db: DbOrTrx, queue: LeaseQueue<any>, now = systemClock.now()): Promise<{ holders: string[]; rows: number }> {
  const dead = (await queue.liveHolders(db, now)).filter(isDeadHolder);
  return { holders: dead, rows: await queue.releaseHolders(db, dead) };
}

/** reclaimDeadLeases at a holder's start, logged; a failure only leaves the rows to their leases. */
export async function reclaimDeadLeasesAtStart(db: DbOrTrx, queue: LeaseQueue<any>, log: Logger, clock: Clock = systemClock): Promise<void> {
  try {
    const { holders, rows } = await reclaimDeadLeases(db, queue, clock.now());
    if (rows > 0) log.info({ holders, rows, table: queue.table }, 'took back the rows of dead processes');
  } catch (error) {
    log.warn({ err: error, table: queue.table }, 'could not take back the rows of dead processes; they are due when their leases end');
  }
}

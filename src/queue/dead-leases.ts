/**
 * Taking back, at start, the leases of dead processes on this host (holder-id.ts says
 * which are dead), so that work a killed process held is due again at once instead of
 * when its leases run out. Leases of live processes, and of other hosts, are left alone.
 */
import type { DbOrTrx } from '../db/database.js';
import { isDeadHolder } from './holder-id.js';
import type { LeaseQueue } from './lease-queue.js';

/** Frees the rows of `queue` held by dead processes of this host; returns how many. */
export async function reclaimDeadLeases(db: DbOrTrx, queue: LeaseQueue<any>, now = Date.now()): Promise<{ holders: string[]; rows: number }> {
  const dead = (await queue.liveHolders(db, now)).filter(isDeadHolder);
  return { holders: dead, rows: await queue.releaseHolders(db, dead) };
}

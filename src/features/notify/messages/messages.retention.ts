/**
 * What the retention purge (features/system/retention) does to messages, one batch at a
 * time: each call is one short transaction, so a send waits at most one batch behind it.
 * The SQL is the stores'; the order and the transaction are here.
 */
import type { Db } from '../../../db/database.js';
import { deleteEventsOfMessages } from '../events/events.store.js';
import { rollUpEventsOf } from '../stats/stats.store.js';
import { clearBodies, deleteMessages, messagesBefore, messagesWithBodyBefore } from './messages.store.js';

export type BodyScope = { accountId: string } | { exceptAccounts: string[] };

/** Clears the bodies of up to `limit` messages made before `before`; how many. */
export async function purgeBodiesBatch(db: Db, scope: BodyScope, before: number, limit: number, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = await messagesWithBodyBefore(trx, scope, before, limit);
    await clearBodies(trx, ids, now);
    return ids.length;
  });
}

/**
 * Deletes up to `limit` messages made before `before` with their recipients, tags and
 * events; their events' counts go into stats_daily in the same transaction, so /stats
 * reads the same before and after. How many messages.
 */
export async function purgeMetadataBatch(db: Db, before: number, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = await messagesBefore(trx, before, limit);
    await rollUpEventsOf(trx, ids);
    await deleteEventsOfMessages(trx, ids);
    return deleteMessages(trx, ids);
  });
}

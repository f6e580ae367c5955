/**
 * What the retention purge (features/system/retention) does to messages, one batch at a
 * time: each call is one short transaction, so a send waits at most one batch behind it.
 * The SQL is the stores'; the order and the transaction are here.
 */
import type { Db, DbOrTrx } from '../../../db/database.js';
import { holding } from '../../../db/writer-hold.js';
import { deleteEventsOfMessages } from '../events/events.store.js';
import { rollUpEventsOf } from '../stats/stats.store.js';
import { trackableLinks } from '../../../lib/tracked-html.js';
import { clearBodies, deleteMessages, keepLinks, messagesBefore, messagesWithBodyBefore, trackedHtmlOf } from './messages.store.js';

export type BodyScope = { accountId: string } | { exceptAccounts: string[] };

/**
 * Clears the bodies of up to `limit` messages made before `before`; how many it chose.
 *
 * The reads (which messages, the HTML whose links are kept) come first, outside the
 * transaction: on SQLite every statement is a trip to the SQLite thread and back through
 * the event loop, and a transaction holds the one writer across all of its trips. The
 * writes then go through `writes` (database.ts `workerWrites`) as one trip: BEGIN, the
 * writes and COMMIT run together on the SQLite thread, and the COMMIT does not wait for the
 * disk (a power loss may undo the last batches; the next run clears those bodies again).
 * What changed in between is harmless: each write applies only to a message that may still
 * be cleared (messages.store.ts `stillPurgeable`).
 */
export async function purgeBodiesBatch(db: Db, writes: Db, scope: BodyScope, before: number, limit: number, now: number): Promise<number> {
  const ids = await messagesWithBodyBefore(db, scope, before, limit);
  if (ids.length === 0) return 0;
  // The links of mail still in people's mailboxes keep leading where they did (migration 0037).
  const tracked = await trackedHtmlOf(db, ids);
  const linksOf = (html: string) => JSON.stringify(trackableLinks(html));
  const messages = tracked.messages.map((m) => ({ id: m.id, links: linksOf(m.html_content) }));
  const copies = tracked.copies.map((c) => ({ id: c.id, links: linksOf((JSON.parse(c.content!) as { html?: string }).html ?? '') }));
  await holding(() =>
    writes.transaction().execute(async (trx) => {
      await keepLinks(trx, messages, copies);
      await clearBodies(trx, ids, now);
    }),
  );
  return ids.length;
}

/**
 * Looks at up to `limit` messages made before `before`, after the id `after`, and deletes
 * those that may go (messages.store.ts `messagesBefore`) with their recipients, tags and
 * events; their events' counts go into stats_daily in the same transaction, so /stats reads
 * the same before and after. How many were looked at and deleted, and the last id looked at.
 *
 * As for bodies, the choice is read first, and the writes go through `writes` as one trip.
 * A message that may go stays so: its recipients are final (none is queued again) and a
 * campaign's copy is one from the start. The events are counted by the writes themselves,
 * so one that came after the choice is counted too.
 */
export async function purgeMetadataBatch(
  db: Db,
  writes: Db,
  before: number,
  limit: number,
  after?: string,
): Promise<{ examined: number; deleted: number; last: string | undefined }> {
  const { ids, last, examined } = await messagesBefore(db, before, limit, after);
  if (ids.length > 0) await holding(() => writes.transaction().execute((trx) => deleteCounted(trx, ids)));
  return { examined, deleted: ids.length, last };
}

/** The metadata batch's writes: these messages' events counted into stats_daily, then the messages deleted with them. */
export async function deleteCounted(trx: DbOrTrx, ids: string[]): Promise<void> {
  await rollUpEventsOf(trx, ids);
  await deleteEventsOfMessages(trx, ids);
  await deleteMessages(trx, ids);
}

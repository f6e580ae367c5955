/** SQL for statistics: events of one account counted per UTC day and type. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../db/database.js';
import type { EventType } from '../events/events.table.js';

export const DAY_MS = 86_400_000;

/** Rows of (day number since the epoch, type, count) for events in [fromMs, toMs). */
export async function countEventsPerDay(
  db: DbOrTrx,
  accountId: string,
  range: { fromMs: number; toMs: number; tag?: string; types: readonly EventType[] },
): Promise<{ day: number; type: EventType; n: number }[]> {
  // Integer division of epoch milliseconds is the UTC day on both dialects (bigint / integer truncates).
  const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
  let query = db
    .selectFrom('events')
    .select([day.as('day'), 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', range.fromMs)
    .where('created_at', '<', range.toMs)
    .where('type', 'in', [...range.types]);
  if (range.tag !== undefined) {
    const tag = range.tag;
    query = query.where('message_id', 'in', (eb) =>
      eb.selectFrom('message_tags').select('message_id').where('account_id', '=', accountId).where('tag', '=', tag),
    );
  }
  const rows = await query.groupBy([day, 'type']).execute();
  return rows.map((r) => ({ day: Number(r.day), type: r.type, n: Number(r.n) }));
}

/** SQL for statistics: events of one account counted per UTC day and type. */
import { type OnConflictBuilder, sql } from 'kysely';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { idFloor } from '../../../lib/ids.js';
import type { EventType } from '../events/events.table.js';

export const DAY_MS = 86_400_000;

/** Rows of (day number since the epoch, type, count) for events in [fromMs, toMs). */
export async function countEventsPerDay(
  db: Reads,
  accountId: string,
  range: { fromMs: number; toMs: number; tag?: string; types: readonly EventType[] },
): Promise<{ day: number; type: EventType; n: number }[]> {
  // Integer division of epoch milliseconds is the UTC day on both dialects (bigint / integer truncates).
  const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
  let query = db
    .selectFrom('events')
    .select([day.as('day'), 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('account_id', '=', accountId)
    // The id bound lets the key (account_id, id) start at fromMs: an event's id is never earlier than its time.
    .where('id', '>=', idFloor(range.fromMs))
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

export interface QueueCounts {
  queued: number;
  deferred: number;
  sending: number;
  scheduled: number;
  /** created_at of the oldest job that is not scheduled; null when there is none. */
  oldest: number | null;
}

/**
 * The account's rows of the delivery queue at `now`, by lease state (src/queue/lease-queue.ts):
 * a live lease is `sending`; otherwise a job attempted before is `deferred`, one never attempted
 * is `queued` when due and `scheduled` when not. One pass over the account's rows on the
 * delivery_jobs_account index (migration 0016), never over other accounts' backlogs.
 */
export async function countQueueByState(db: Reads, accountId: string, now: number): Promise<QueueCounts> {
  const leased = sql`locked_until is not null and locked_until > ${now}`;
  const free = sql`(locked_until is null or locked_until <= ${now})`;
  const scheduled = sql`${free} and attempts = 0 and run_at > ${now}`;
  const count = (condition: ReturnType<typeof sql>) => sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
  const row = await db
    .selectFrom('delivery_jobs')
    .select([
      count(sql`${free} and attempts = 0 and run_at <= ${now}`).as('queued'),
      count(sql`${free} and attempts > 0`).as('deferred'),
      count(leased).as('sending'),
      count(scheduled).as('scheduled'),
      sql<number | string | null>`min(case when ${scheduled} then null else created_at end)`.as('oldest'),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return {
    queued: Number(row.queued ?? 0),
    deferred: Number(row.deferred ?? 0),
    sending: Number(row.sending ?? 0),
    scheduled: Number(row.scheduled ?? 0),
    oldest: row.oldest === null ? null : Number(row.oldest),
  };
}

/** The rows of stats_daily for [fromMs, toMs): what purged messages' events counted (tag '' for all events). */
export async function countRolledUpPerDay(
  db: Reads,
  accountId: string,
  range: { fromMs: number; toMs: number; tag?: string; types: readonly EventType[] },
): Promise<{ day: number; type: EventType; n: number }[]> {
  const rows = await db
    .selectFrom('stats_daily')
    .select(['day', 'type', 'n'])
    .where('account_id', '=', accountId)
    .where('tag', '=', range.tag ?? '')
    .where('day', '>=', Math.floor(range.fromMs / DAY_MS))
    .where('day', '<', Math.ceil(range.toMs / DAY_MS))
    .where('type', 'in', [...range.types])
    .execute();
  return rows.map((r) => ({ day: Number(r.day), type: r.type as EventType, n: Number(r.n) }));
}

/**
 * Adds the events of these messages to stats_daily, per account, day, type, and per tag of
 * their message: run in the transaction that deletes them, so /stats counts each event
 * exactly once, before and after. Two INSERT … SELECTs counted where they write (no answer
 * awaited: a write-behind transaction sends them with its COMMIT).
 */
export async function rollUpEventsOf(db: DbOrTrx, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  const day = sql<number>`e.created_at / ${sql.lit(DAY_MS)}`;
  await db
    .insertInto('stats_daily')
    .columns(STATS_COLUMNS)
    .expression(
      db
        .selectFrom('events as e')
        .select(['e.account_id', sql.lit('').as('tag'), day.as('day'), 'e.type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('e.message_id', 'in', messageIds)
        .groupBy(['e.account_id', day, 'e.type']),
    )
    .onConflict(addedToCount)
    .execute();
  await db
    .insertInto('stats_daily')
    .columns(STATS_COLUMNS)
    .expression(
      db
        .selectFrom('events as e')
        .innerJoin('message_tags as t', 't.message_id', 'e.message_id')
        .select(['e.account_id', 't.tag', day.as('day'), 'e.type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('e.message_id', 'in', messageIds)
        .groupBy(['e.account_id', 't.tag', day, 'e.type']),
    )
    .onConflict(addedToCount)
    .execute();
}

const STATS_COLUMNS = ['account_id', 'tag', 'day', 'type', 'n'] as const;

/** A day's count already there: the rolled-up events are added to it. */
function addedToCount(oc: OnConflictBuilder<Database, 'stats_daily'>) {
  return oc.columns(['account_id', 'tag', 'day', 'type']).doUpdateSet((eb) => ({ n: eb('stats_daily.n', '+', eb.ref('excluded.n')) }));
}

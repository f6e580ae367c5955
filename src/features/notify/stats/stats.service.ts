/**
 * Sending statistics: per UTC day, how many recipients were accepted, sent, delivered,
 * deferred, bounced, complained about, opened and clicked, counted from the event log
 * (one event per state change, so a recipient deferred twice counts twice as deferred),
 * plus the counts kept in stats_daily for the events the metadata purge deleted.
 */
import type { Reads } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso } from '../../../lib/api-shape.js';
import { MAX_STATS_DAYS, type QueueDepth, STAT_TYPES, type StatsQuery, type StatsResult, type StatType } from './stats.schemas.js';
import { countEventsPerDay, countQueueByState, countRolledUpPerDay, DAY_MS } from './stats.store.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

const zeros = (): Record<StatType, number> => Object.fromEntries(STAT_TYPES.map((t) => [t, 0])) as Record<StatType, number>;

function dayOf(text: string, field: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; a real day prints back the same.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) throw AppError.field(field, 'must be a calendar day, YYYY-MM-DD');
  return ms / DAY_MS;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export class StatsService {
  constructor(
    private readonly db: Reads,
    private readonly clock: Clock = systemClock,
  ) {}

  async perDay(principal: Principal, query: StatsQuery): Promise<StatsResult> {
    const to = query.to === undefined ? Math.floor(this.clock.now() / DAY_MS) : dayOf(query.to, 'to');
    const from = query.from === undefined ? to - 29 : dayOf(query.from, 'from');
    if (to < from) throw AppError.field('to', 'must not be before from');
    if (to - from + 1 > MAX_STATS_DAYS) throw AppError.field('from', `the range may span at most ${MAX_STATS_DAYS} days`);
    const range = { fromMs: from * DAY_MS, toMs: (to + 1) * DAY_MS, tag: query.tag, types: STAT_TYPES };
    // The events still kept, and the counts of those the metadata purge deleted (docs/retention.md).
    const [live, purged] = await Promise.all([
      countEventsPerDay(this.db, principal.accountId, range),
      countRolledUpPerDay(this.db, principal.accountId, range),
    ]);
    const rows = [...live, ...purged];
    const days = new Map<number, Record<StatType, number>>();
    for (let d = from; d <= to; d++) days.set(d, zeros());
    const totals = zeros();
    for (const r of rows) {
      const counts = days.get(r.day);
      if (!counts || !(STAT_TYPES as readonly string[]).includes(r.type)) continue;
      counts[r.type as StatType] += r.n;
      totals[r.type as StatType] += r.n;
    }
    return {
      from: dateOf(from),
      to: dateOf(to),
      tag: query.tag ?? null,
      totals,
      days: [...days].map(([d, counts]) => ({ date: dateOf(d), ...counts })),
    };
  }

  /** The account's recipients still in the delivery queue now, by state, and how long the oldest has waited. */
  async queueDepth(principal: Principal): Promise<QueueDepth> {
    const now = this.clock.now();
    const counts = await countQueueByState(this.db, principal.accountId, now);
    return {
      time: iso(now),
      queued: counts.queued,
      deferred: counts.deferred,
      sending: counts.sending,
      scheduled: counts.scheduled,
      total: counts.queued + counts.deferred + counts.sending + counts.scheduled,
      oldestTime: counts.oldest === null ? null : iso(counts.oldest),
      oldestAgeSeconds: counts.oldest === null ? null : Math.max(0, Math.floor((now - counts.oldest) / 1000)),
    };
  }
}

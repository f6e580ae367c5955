import { Type, type Static } from 'typebox';
import { MAX_TAG_LENGTH } from '../messages/messages.schemas.js';

export const STAT_TYPES = ['accepted', 'sent', 'delivered', 'deferred', 'bounced', 'complained', 'opened', 'clicked'] as const;
export type StatType = (typeof STAT_TYPES)[number];

export const MAX_STATS_DAYS = 366;

const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, examples: ['2026-11-01'] });

export const StatsQuery = Type.Object({
  from: Type.Optional(Day('First day (UTC), inclusive; default: 29 days before `to`.')),
  to: Type.Optional(Day('Last day (UTC), inclusive; default: today.')),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_TAG_LENGTH, description: 'Only messages sent with this tag.', examples: ['welcome'] })),
});
export type StatsQuery = Static<typeof StatsQuery>;

const Counts = Object.fromEntries(STAT_TYPES.map((t) => [t, Type.Integer({ minimum: 0 })])) as Record<StatType, ReturnType<typeof Type.Integer>>;

export const StatsDay = Type.Object(
  {
    date: Type.String({ description: 'The UTC day, YYYY-MM-DD.' }),
    ...Counts,
  },
  {
    description:
      'Events of the day by type: accepted (recipients accepted), sent (stored by the capture inbox), delivered (2xx from a relay or ' +
      'MX), deferred (temporary failures), bounced, complained, opened, clicked.',
  },
);

export const StatsResult = Type.Object({
  from: Type.String(),
  to: Type.String(),
  tag: Type.Union([Type.String(), Type.Null()]),
  totals: Type.Object(Counts),
  days: Type.Array(StatsDay, { description: 'Every day of the range, oldest first, zeros included.' }),
});
export type StatsResult = Static<typeof StatsResult>;

export const QueueDepth = Type.Object(
  {
    time: Type.String({ description: 'When the queue was counted (ISO 8601).' }),
    queued: Type.Integer({ minimum: 0, description: 'Due now, not yet attempted: waiting for a worker.' }),
    deferred: Type.Integer({ minimum: 0, description: 'Attempted before and waiting to be tried again (a temporary failure, a retry).' }),
    sending: Type.Integer({ minimum: 0, description: 'Held by a worker at this moment: being composed or handed to the transport.' }),
    scheduled: Type.Integer({
      minimum: 0,
      description: 'Not yet attempted and not due yet: a scheduled send (`scheduledAt`), or held back to pace a destination.',
    }),
    total: Type.Integer({ minimum: 0, description: 'All of the above: every recipient still in the queue.' }),
    oldestTime: Type.Union([Type.String(), Type.Null()], {
      description: 'When the longest-waiting recipient that is queued, deferred or sending entered the queue; null when there is none.',
    }),
    oldestAgeSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'How long ago that was, in whole seconds.' }),
  },
  { description: "The account's recipients still waiting for delivery, by where they are in the queue." },
);
export type QueueDepth = Static<typeof QueueDepth>;

/** HTTP for sending statistics. */
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, success } from '../../../http/envelope.js';
import { QueueDepth, StatsQuery, StatsResult } from './stats.schemas.js';
import type { StatsService } from './stats.service.js';

export function registerStatsRoutes(app: TypedApp, stats: StatsService): void {
  app.get(
    '/notify/v1/stats',
    {
      schema: {
        tags: ['Statistics'],
        security: [{ bearerAuth: [] }],
        summary: 'Per-day counts of accepted, sent, delivered, deferred, bounced, complained, opened and clicked',
        description: 'Counted from the event log, per UTC day. `tag` narrows to messages sent with that tag. At most 366 days at once.',
        querystring: StatsQuery,
        response: { 200: EnvelopeSchema(StatsResult) },
      },
    },
    async (request) => success(await stats.perDay(request.principal, request.query)),
  );

  app.get(
    '/notify/v1/stats/queue',
    {
      schema: {
        tags: ['Statistics'],
        security: [{ bearerAuth: [] }],
        summary: 'Recipients waiting for delivery now: queued, deferred, sending, scheduled, and how long the oldest has waited',
        description:
          'Counted from the delivery queue at the moment of the request (not from events): the backlog to watch when mail is slow to arrive. ' +
          'A recipient leaves the queue when it reaches a final state (delivered, sent, bounced, failed…).',
        response: { 200: EnvelopeSchema(QueueDepth) },
      },
    },
    async (request) => success(await stats.queueDepth(request.principal)),
  );
}

/** HTTP for sending statistics. */
import type { FastifyInstance } from 'fastify';
import { EnvelopeSchema, success } from '../../../http/envelope.js';
import { StatsQuery, StatsResult } from './stats.schemas.js';
import type { StatsService } from './stats.service.js';

export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
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
    async (request) => success(await stats.perDay(request.principal, request.query as StatsQuery)),
  );
}

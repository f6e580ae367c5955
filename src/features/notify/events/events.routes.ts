/** HTTP for the event log: schema in, one service call, envelope out. */
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { Event, EventsQuery } from './events.schemas.js';
import type { EventsService } from './events.service.js';

const security = [{ bearerAuth: [] }];

export function registerEventRoutes(app: TypedApp, events: EventsService): void {
  app.get(
    '/notify/v1/events',
    {
      schema: {
        tags: ['Events'],
        security,
        summary: 'List delivery events, newest first',
        description:
          "Every change of a recipient's state: accepted, sent, delivered, deferred, bounced, complained, suppressed. Filter by type, message, address and time.",
        querystring: EventsQuery,
        response: { 200: EnvelopeSchema(ListSchema(Event)) },
      },
    },
    async (request) => success(await events.list(request.principal, request.query)),
  );
}

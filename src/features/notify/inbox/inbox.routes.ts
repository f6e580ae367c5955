/** HTTP for the development inbox (the capture transport's copies): schema in, one service call, envelope out. */
import type { FastifyInstance } from 'fastify';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { CapturedEmail, CapturedSummary, InboxQuery, SimulateBody, SimulateResult } from './inbox.schemas.js';
import type { InboxService } from './inbox.service.js';

const tags = ['Development inbox'];
const security = ANY_CREDENTIAL;
const onlyCapture = 'Exists only when the server runs with TRANSPORT=capture (404 otherwise).';

export function registerInboxRoutes(app: FastifyInstance, inbox: InboxService): void {
  app.get(
    '/notify/v1/inbox',
    {
      schema: {
        tags,
        security,
        summary: 'List the mail the capture transport kept, newest first',
        description: `One item per recipient delivered. ${onlyCapture}`,
        querystring: InboxQuery,
        response: { 200: EnvelopeSchema(ListSchema(CapturedSummary)) },
      },
    },
    async (request) => success(await inbox.list(request.principal, request.query as InboxQuery)),
  );

  app.get(
    '/notify/v1/inbox/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One captured message: headers, HTML, text, attachments and raw source',
        description: onlyCapture,
        params: IdParams,
        response: { 200: EnvelopeSchema(CapturedEmail) },
      },
    },
    async (request) => success(await inbox.get(request.principal, (request.params as IdParams).id)),
  );

  app.post(
    '/notify/v1/inbox/:id/simulate',
    {
      schema: {
        tags,
        security,
        summary: 'Simulate a bounce or a spam complaint for the recipient of a captured message',
        description:
          'Recorded exactly as a real DSN or ARF report would be: the recipient state, an event (with details.simulated true), the suppression list, ' +
          `statistics and webhooks. ${onlyCapture}`,
        params: IdParams,
        body: SimulateBody,
        response: { 200: EnvelopeSchema(SimulateResult) },
      },
    },
    async (request) => success(await inbox.simulate(request.principal, (request.params as IdParams).id, request.body as SimulateBody)),
  );
}

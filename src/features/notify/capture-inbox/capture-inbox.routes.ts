/** HTTP for the capture inbox (the capture transport's copies): schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { AttachmentParams, DOWNLOAD_ANSWER, DOWNLOAD_PRODUCES, sendDownload } from '../../../http/download.js';
import { EnvelopeSchema, ErrorResponse, ListSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { CapturedEmail, CapturedSummary, ClearResult, InboxQuery, SimulateBody, SimulateResult } from './capture-inbox.schemas.js';
import type { CaptureInboxService } from './capture-inbox.service.js';

const tags = ['Capture inbox'];
const security = ANY_CREDENTIAL;
const onlyCapture = 'Exists only when the server runs with TRANSPORT=capture (404 otherwise).';

export function registerCaptureInboxRoutes(app: TypedApp, inbox: CaptureInboxService): void {
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
    async (request) => success(await inbox.list(request.principal, request.query)),
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
    async (request) => success(await inbox.get(request.principal, request.params.id)),
  );

  app.delete(
    '/notify/v1/inbox',
    {
      schema: {
        tags,
        security,
        summary: 'Empty the capture inbox',
        description: `Deletes every captured copy of the account; the messages, their events and statistics stay. ${onlyCapture}`,
        response: { 200: EnvelopeSchema(ClearResult) },
      },
    },
    async (request) => success(await inbox.clear(request.principal)),
  );

  app.delete(
    '/notify/v1/inbox/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one captured message from the capture inbox',
        description: `The message, its recipient's state and events stay. ${onlyCapture}`,
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await inbox.remove(request.principal, request.params.id);
      return success(true);
    },
  );

  app.get(
    '/notify/v1/inbox/:id/attachments/:index',
    {
      schema: {
        tags,
        security,
        summary: 'Download an attachment of a captured message',
        description: `\`index\` is the attachment's position in GET /notify/v1/inbox/{id}'s \`attachments\` (from 0); 404 when it has none there. ${onlyCapture}`,
        params: AttachmentParams,
        produces: DOWNLOAD_PRODUCES,
        response: { 200: DOWNLOAD_ANSWER },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      return sendDownload(reply, await inbox.attachment(request.principal, id, index));
    },
  );

  app.post(
    '/notify/v1/inbox/:id/simulate',
    {
      schema: {
        tags,
        security,
        summary: 'Simulate a bounce, a spam complaint, an open or a click for the recipient of a captured message',
        description:
          'A bounce or a complaint is recorded exactly as a real DSN or ARF report would be: the recipient state, an event (with details.simulated true), ' +
          'the suppression list, statistics and webhooks. An open or a click is recorded as the open pixel and the click redirect record one: ' +
          `an opened or clicked event (details.simulated true, flagged false), statistics, campaign counters and webhooks. ${onlyCapture}`,
        params: IdParams,
        body: SimulateBody,
        response: {
          200: EnvelopeSchema(SimulateResult),
          409: ErrorResponse('An open or a click for a message sent without that tracking (trackOpens, trackClicks), or a click on a message without links.'),
        },
      },
    },
    async (request) => success(await inbox.simulate(request.principal, request.params.id, request.body)),
  );
}

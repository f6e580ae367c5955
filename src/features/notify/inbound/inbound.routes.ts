/** HTTP for inbound mail: receiving domains, routes, received messages. Schema in, one service call, envelope out. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AttachmentParams, DOWNLOAD_ANSWER, DOWNLOAD_PRODUCES, sendDownload } from '../../../http/download.js';
import { EnvelopeSchema, ErrorResponse, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import {
  CreateInboundDomainBody,
  CreateInboundRouteBody,
  InboundDomain,
  InboundMessage,
  InboundRoute,
  MessageListQuery,
  PatchInboundRouteBody,
  RouteListQuery,
} from './inbound.schemas.js';
import type { InboundService } from './inbound.service.js';

const tags = ['Inbound mail'];
const security = [{ bearerAuth: [] }];
const base = '/notify/v1/inbound';
/** The raw answer: bytes, not a JSON string (8-bit and NUL bytes come back exactly as received). */
const RAW_ANSWER: Record<string, unknown> = {
  type: 'string',
  format: 'binary',
  description: 'The raw message, byte for byte as received.',
  examples: ['Received: from mail.example.net …\r\nFrom: Ann <ann@example.net>\r\nTo: support@in.example.com\r\nSubject: Help …'],
};

export function registerInboundRoutes(scope: FastifyInstance, inbound: InboundService): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    `${base}/domains`,
    { schema: { tags, security, summary: 'List the receiving domains', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(InboundDomain)) } } },
    async (request) => success(await inbound.listDomains(request.principal, toPage(request.query))),
  );

  app.post(
    `${base}/domains`,
    {
      schema: {
        tags,
        security,
        summary: 'Add a receiving domain',
        description:
          'Answers the MX record to publish so that the domain’s mail comes to this server. A domain receives mail for one account only: ' +
          'a domain already added (by any account) is 409.',
        body: CreateInboundDomainBody,
        response: { 201: EnvelopeSchema(InboundDomain), 409: ErrorResponse('The domain already receives mail through this server.') },
      },
    },
    async (request, reply) => {
      const domain = await inbound.createDomain(request.principal, request.body);
      return reply.status(201).send(success(domain, 201, `Created. Publish the MX record, then check it with POST ${base}/domains/{id}/verify.`));
    },
  );

  app.get(
    `${base}/domains/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Get a receiving domain with its MX record and the last check',
        params: IdParams,
        response: { 200: EnvelopeSchema(InboundDomain) },
      },
    },
    async (request) => success(await inbound.getDomain(request.principal, request.params.id)),
  );

  app.post(
    `${base}/domains/:id/verify`,
    {
      schema: {
        tags,
        security,
        summary: 'Check the MX record of a receiving domain now',
        description:
          'Looks the domain’s MX records up: verified when one points at this server (INBOUND_MX_HOST). 503 when the DNS server does not answer (nothing changes).',
        params: IdParams,
        response: { 200: EnvelopeSchema(InboundDomain), 503: ErrorResponse('The DNS server did not answer.') },
      },
    },
    async (request) => {
      const domain = await inbound.verifyDomain(request.principal, request.params.id);
      return success(domain, 200, domain.verified ? 'The MX record is in place.' : 'The MX record is not in place: see mx.found.');
    },
  );

  app.delete(
    `${base}/domains/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a receiving domain and its routes',
        description: 'Mail to the domain is refused from then on; messages already received stay.',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await inbound.removeDomain(request.principal, request.params.id);
      return success(true);
    },
  );

  app.get(
    `${base}/routes`,
    { schema: { tags, security, summary: 'List the routes', querystring: RouteListQuery, response: { 200: EnvelopeSchema(ListSchema(InboundRoute)) } } },
    async (request) => success(await inbound.listRoutes(request.principal, toPage(request.query), request.query.domainId)),
  );

  app.post(
    `${base}/routes`,
    {
      schema: {
        tags,
        security,
        summary: 'Add a route on a receiving domain',
        description:
          'Mail to addresses matching `pattern` goes to the action. The most specific route wins: an exact local part, then the pattern with the most ' +
          'literal characters, then the catch-all. A recipient no route matches is refused at RCPT with 550. A pattern already routed on the domain is 409.',
        body: CreateInboundRouteBody,
        response: { 201: EnvelopeSchema(InboundRoute), 409: ErrorResponse('The domain already has a route with this pattern.') },
      },
    },
    async (request, reply) => reply.status(201).send(success(await inbound.createRoute(request.principal, request.body), 201, 'Created.')),
  );

  app.get(
    `${base}/routes/:id`,
    { schema: { tags, security, summary: 'Get a route', params: IdParams, response: { 200: EnvelopeSchema(InboundRoute) } } },
    async (request) => success(await inbound.getRoute(request.principal, request.params.id)),
  );

  app.patch(
    `${base}/routes/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Change a route: its pattern, action and target, or description',
        description:
          'Fields not given stay as they are; the domain does not change. Keeping the action keeps its target unless a new one is given; a new action ' +
          'needs its own target (webhookUrl for webhook, forwardTo for forward; rejectCode and rejectMessage default as on create), and the old target ' +
          'is dropped. Checked as on create: every invalid field is named (400). A route of another account is 404; a pattern another route on the ' +
          'domain already has is 409. Mail arriving from then on takes the changed route.',
        params: IdParams,
        body: PatchInboundRouteBody,
        response: { 200: EnvelopeSchema(InboundRoute), 409: ErrorResponse('The domain already has a route with this pattern.') },
      },
    },
    async (request) => success(await inbound.updateRoute(request.principal, request.params.id, request.body), 200, 'Updated.'),
  );

  app.delete(
    `${base}/routes/:id`,
    { schema: { tags, security, summary: 'Delete a route', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } } },
    async (request) => {
      await inbound.removeRoute(request.principal, request.params.id);
      return success(true);
    },
  );

  app.get(
    `${base}/messages`,
    {
      schema: {
        tags,
        security,
        summary: 'List the received messages, newest first',
        description: 'Summaries; the whole document is in GET …/messages/{id}.',
        querystring: MessageListQuery,
        response: { 200: EnvelopeSchema(ListSchema(InboundMessage)) },
      },
    },
    async (request) =>
      success(await inbound.listMessages(request.principal, toPage(request.query), { routeId: request.query.routeId, domainId: request.query.domainId })),
  );

  app.get(
    `${base}/messages/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'One received message with its document',
        description: 'Addresses, subject, text, HTML, the reply without quotes and signature, attachments, headers, SPF/DKIM/DMARC/ARC and spam results.',
        params: IdParams,
        response: { 200: EnvelopeSchema(InboundMessage) },
      },
    },
    async (request) => success(await inbound.getMessage(request.principal, request.params.id)),
  );

  app.post(
    `${base}/messages/:id/replay`,
    {
      schema: {
        tags,
        security,
        summary: 'Call the route’s webhook with a received message again',
        description:
          'Queues a new call with the message (the same JSON as GET …/messages/{id}) to its route’s webhook URL, signed and retried like the first; 409 when the route no longer posts to a webhook.',
        params: IdParams,
        response: { 202: EnvelopeSchema(InboundMessage) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(success(await inbound.replay(request.principal, request.params.id), 202, 'Queued: the webhook is called again.')),
  );

  app.get(
    `${base}/messages/:id/raw`,
    {
      schema: {
        tags,
        security,
        summary: 'The received message exactly as it arrived (message/rfc822)',
        params: IdParams,
        produces: ['message/rfc822'],
        response: { 200: RAW_ANSWER },
      },
    },
    async (request, reply) => reply.type('message/rfc822').send(await inbound.raw(request.principal, request.params.id)),
  );

  app.get(
    `${base}/messages/:id/attachments/:index`,
    {
      schema: {
        tags,
        security,
        summary: 'Download an attachment of a received message',
        description: "`index` is the attachment's `index` in the message's document (from 0); 404 when there is none.",
        params: AttachmentParams,
        produces: DOWNLOAD_PRODUCES,
        response: { 200: DOWNLOAD_ANSWER },
      },
    },
    async (request, reply) => sendDownload(reply, await inbound.attachment(request.principal, request.params.id, request.params.index)),
  );
}

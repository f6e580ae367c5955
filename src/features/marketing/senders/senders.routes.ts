/** HTTP for marketing senders (M36–M40 of the compatibility reference, plus GET one). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { MarketingSender, MarketingSenderBody, PatchMarketingSenderBody } from './senders.schemas.js';
import type { MarketingSendersService } from './senders.service.js';

const tags = ['Marketing: senders'];
const security = ANY_CREDENTIAL;

export function registerMarketingSenderRoutes(app: TypedApp, senders: MarketingSendersService): void {
  app.get(
    '/inbox/v1/senders',
    {
      schema: {
        tags,
        security,
        summary: 'List campaign senders, newest first',
        querystring: PageQuery,
        response: { 200: EnvelopeSchema(ListSchema(MarketingSender)) },
      },
    },
    async (request) => success(await senders.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/senders',
    {
      schema: {
        tags,
        security,
        summary: 'Create a campaign sender',
        description:
          "Keys `DisplayName`, `Email`, `ReplyEmail` as the original's clients send them (any case works). The address also becomes a Notify " +
          'sender if it is not one, which mails it a confirmation link when verified senders are required.',
        body: MarketingSenderBody,
        response: { 201: EnvelopeSchema(MarketingSender) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await senders.create(request.principal, request.body), 201, 'Created')),
  );

  app.get(
    '/inbox/v1/senders/:id',
    {
      schema: { tags, security, summary: 'A campaign sender', params: IdParams, response: { 200: EnvelopeSchema(MarketingSender) } },
    },
    async (request) => success(await senders.get(request.principal, request.params.id)),
  );

  app.put(
    '/inbox/v1/senders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a campaign sender',
        params: IdParams,
        body: MarketingSenderBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await senders.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.patch(
    '/inbox/v1/senders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a campaign sender or change its reply address',
        params: IdParams,
        body: PatchMarketingSenderBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await senders.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/senders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a campaign sender (its Notify sender stays)',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await senders.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

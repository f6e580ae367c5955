/** HTTP for senders: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { EnvelopeSchema, ListSchema, success } from '../../http/envelope.js';
import { PageQuery, toPage } from '../../http/pagination.js';
import { IdParams } from '../../http/resource.js';
import { CreateSenderBody, PatchSenderBody, ReplaceSenderBody, Sender } from './senders.schemas.js';
import type { SendersService } from './senders.service.js';

const tags = ['Senders'];
const security = [{ bearerAuth: [] }];

export function registerSenderRoutes(app: FastifyInstance, senders: SendersService): void {
  app.get('/notify/v1/senders', {
    schema: { tags, security, summary: 'List the senders', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Sender)) } },
  }, async (request) => success(await senders.list(request.principal, toPage(request.query as PageQuery))));

  app.post('/notify/v1/senders', {
    schema: { tags, security, summary: 'Create a sender', body: CreateSenderBody, response: { 201: EnvelopeSchema(Sender) } },
  }, async (request, reply) => {
    const sender = await senders.create(request.principal, request.body as CreateSenderBody);
    return reply.status(201).send(success(sender, 201, 'Created'));
  });

  app.get('/notify/v1/senders/:id', {
    schema: { tags, security, summary: 'Get a sender', params: IdParams, response: { 200: EnvelopeSchema(Sender) } },
  }, async (request) => success(await senders.get(request.principal, (request.params as IdParams).id)));

  app.put('/notify/v1/senders/:id', {
    schema: { tags, security, summary: 'Replace a sender', params: IdParams, body: ReplaceSenderBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
  }, async (request) => {
    await senders.update(request.principal, (request.params as IdParams).id, request.body as ReplaceSenderBody);
    return success(true);
  });

  app.patch('/notify/v1/senders/:id', {
    schema: { tags, security, summary: 'Change some fields of a sender', params: IdParams, body: PatchSenderBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
  }, async (request) => {
    await senders.update(request.principal, (request.params as IdParams).id, request.body as PatchSenderBody);
    return success(true);
  });

  app.delete('/notify/v1/senders/:id', {
    schema: { tags, security, summary: 'Delete a sender', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
  }, async (request) => {
    await senders.remove(request.principal, (request.params as IdParams).id);
    return success(true);
  });
}

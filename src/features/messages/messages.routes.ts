/** HTTP for sending and for the message log. */
import type { FastifyInstance } from 'fastify';
import { EnvelopeSchema, ListSchema, success } from '../../http/envelope.js';
import { PageQuery, toPage } from '../../http/pagination.js';
import { IdParams } from '../../http/resource.js';
import { Message, MessageDetail, SendBody, SendResult } from './messages.schemas.js';
import type { MessagesService } from './messages.service.js';

const security = [{ bearerAuth: [] }];

export function registerMessageRoutes(app: FastifyInstance, messages: MessagesService): void {
  app.post('/notify/v1/send', {
    schema: {
      tags: ['Send'], security, summary: 'Send a transactional email',
      description: 'Answers 200 only once the message and one queue row per recipient are durably stored; delivery happens in the background.',
      body: SendBody, response: { 200: EnvelopeSchema(SendResult) },
    },
  }, async (request) => success(await messages.send(request.principal, request.body as SendBody), 200, 'The message was accepted for delivery.'));

  app.get('/notify/v1/messages', {
    schema: { tags: ['Messages'], security, summary: 'List accepted messages, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Message)) } },
  }, async (request) => success(await messages.list(request.principal, toPage(request.query as PageQuery))));

  app.get('/notify/v1/messages/:id', {
    schema: { tags: ['Messages'], security, summary: 'A message with each recipient\'s state', params: IdParams, response: { 200: EnvelopeSchema(MessageDetail) } },
  }, async (request) => success(await messages.get(request.principal, (request.params as IdParams).id)));

  app.get('/notify/v1/messages/:id/raw', {
    schema: {
      tags: ['Messages'], security, summary: 'The message as MIME (RFC 5322), exactly as handed to the transport',
      params: IdParams, produces: ['message/rfc822'],
      response: { 200: { type: 'string', description: 'The raw message.' } },
    },
  }, async (request, reply) => {
    const mime = await messages.raw(request.principal, (request.params as IdParams).id);
    return reply.type('message/rfc822').send(mime);
  });
}

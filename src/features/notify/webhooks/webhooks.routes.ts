/** HTTP for webhooks: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import {
  CreateWebhookBody,
  DeliveriesQuery,
  PatchWebhookBody,
  ReplayBody,
  ReplayResult,
  Webhook,
  DeliveryParams,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookWithSecret,
} from './webhooks.schemas.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['Webhooks'];
const security = [{ bearerAuth: [] }];
const SIGNING =
  'Each call is a JSON POST signed with X-Postwire-Signature: v1=<hex HMAC-SHA256(secret, X-Postwire-Timestamp + "." + body)>; see docs/webhooks.md.';

export function registerWebhookRoutes(app: TypedApp, webhooks: WebhooksService): void {
  app.get(
    '/notify/v1/webhooks',
    {
      schema: { tags, security, summary: 'List the webhooks, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Webhook)) } },
    },
    async (request) => success(await webhooks.list(request.principal, request.query)),
  );

  app.post(
    '/notify/v1/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Register a webhook',
        description:
          `Events of the account (all types, or those listed in \`events\`) are POSTed to \`url\` from now on, retried ` +
          `with backoff until answered 2xx. ${SIGNING} The answer is the only one that shows the signing secret.`,
        body: CreateWebhookBody,
        response: { 201: EnvelopeSchema(WebhookWithSecret) },
      },
    },
    async (request, reply) => {
      const webhook = await webhooks.create(request.principal, request.body);
      return reply.status(201).send(success(webhook, 201, 'Created'));
    },
  );

  app.get(
    '/notify/v1/webhooks/:id',
    {
      schema: { tags, security, summary: 'Get a webhook (its secret only as a preview)', params: IdParams, response: { 200: EnvelopeSchema(Webhook) } },
    },
    async (request) => success(await webhooks.get(request.principal, request.params.id)),
  );

  app.patch(
    '/notify/v1/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change the URL, description, event types or enabled state of a webhook',
        params: IdParams,
        body: PatchWebhookBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await webhooks.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/notify/v1/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a webhook',
        description: 'No more calls are made to it, including the retries still pending.',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await webhooks.remove(request.principal, request.params.id);
      return success(true);
    },
  );

  app.post(
    '/notify/v1/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the signing secret',
        description: 'The new secret signs every call from now on, retries of older events included; the answer is the only one that shows it.',
        params: IdParams,
        response: { 200: EnvelopeSchema(WebhookWithSecret) },
      },
    },
    async (request) => success(await webhooks.rotateSecret(request.principal, request.params.id)),
  );

  app.get(
    '/notify/v1/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        summary: 'List the calls of a webhook, newest first',
        description: 'One item per event sent (or being sent) to the webhook: its status, attempts, last answer or error, and times.',
        params: IdParams,
        querystring: DeliveriesQuery,
        response: { 200: EnvelopeSchema(ListSchema(WebhookDelivery)) },
      },
    },
    async (request) => success(await webhooks.deliveries(request.principal, request.params.id, request.query)),
  );

  app.get(
    '/notify/v1/webhooks/:id/deliveries/:deliveryId',
    {
      schema: {
        tags,
        security,
        summary: 'One call of a webhook: the JSON it sent and what the receiver answered',
        params: DeliveryParams,
        response: { 200: EnvelopeSchema(WebhookDeliveryDetail) },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      return success(await webhooks.delivery(request.principal, id, deliveryId));
    },
  );

  app.post(
    '/notify/v1/webhooks/:id/replay',
    {
      schema: {
        tags,
        security,
        summary: 'Send events again',
        description: `Queues a new delivery of each selected event of the account (by id, by time, or both) that the webhook's event types take. At most 10000 events per request. ${SIGNING}`,
        params: IdParams,
        body: ReplayBody,
        response: { 200: EnvelopeSchema(ReplayResult) },
      },
    },
    async (request) => success(await webhooks.replay(request.principal, request.params.id, request.body)),
  );
}

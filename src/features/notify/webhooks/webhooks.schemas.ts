import { Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';
import { ResourceFields } from '../../../http/resource.js';
import { ID_PATTERN } from '../../../lib/ids.js';
import { EVENT_TYPES, EventTypeEnum } from '../events/events.schemas.js';
import { ORIGINAL_EVENT_IDS } from './webhooks.event-ids.js';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** One replay request queues at most this many events; a wider range is refused, not cut short. */
export const MAX_REPLAY_EVENTS = 10_000;

const UrlField = Type.String({
  minLength: 1,
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  examples: ['https://example.com/hooks/postwire'],
  description: 'Where events are POSTed: an http:// or https:// URL.',
});
const DescriptionField = Type.String({ maxLength: 500, examples: ['Bounces to the CRM'], description: 'A note for people; not sent anywhere.' });
const EventsField = Type.Array(
  Type.Union([
    EventTypeEnum,
    Type.Integer({
      description: `The original service's event id: ${ORIGINAL_EVENT_IDS.map((type, id) => `${id} ${type}`).join(', ')} (docs/webhooks.md).`,
    }),
  ]),
  {
    // Each type once by name and once by id, at most.
    maxItems: EVENT_TYPES.length + ORIGINAL_EVENT_IDS.length,
    examples: [['delivered', 'bounced'], [5]],
    description: "The event types to send, by name or by the original service's id (answers name them); empty means every type.",
  },
);
const EnabledField = Type.Boolean({ description: 'false pauses the webhook: no new deliveries are queued for it and pending ones wait.' });

export const Webhook = Type.Object(
  {
    ...ResourceFields,
    customerId: Type.String({ description: 'The owning account.' }),
    url: UrlField,
    description: Type.String(),
    events: Type.Array(EventTypeEnum, { description: 'The event types sent; empty means every type.' }),
    enabled: Type.Boolean(),
    secretPreview: Type.String({
      description: 'The end of the signing secret, to tell secrets apart; the secret itself is shown only on creation and rotation.',
      examples: ['whsec_…3f9a'],
    }),
  },
  { description: "An address that receives the account's events, signed with the webhook's secret." },
);

export type Webhook = Static<typeof Webhook>;

export const WebhookWithSecret = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({
      description: 'The signing secret (HMAC-SHA256 key of X-Postwire-Signature). Shown only in this answer: store it now.',
      examples: ['whsec_5b0c6d2e8f1a4b7c9d3e5f60718293a4b5c6d7e8f9a0b1c2'],
    }),
  },
  { description: 'A webhook with its signing secret, as answered once on creation and on rotation.' },
);

export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const CreateWebhookBody = Type.Object({
  url: UrlField,
  description: Type.Optional(DescriptionField),
  events: Type.Optional(EventsField),
  enabled: Type.Optional(EnabledField),
});

export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const PatchWebhookBody = Type.Object({
  url: Type.Optional(UrlField),
  description: Type.Optional(DescriptionField),
  events: Type.Optional(EventsField),
  enabled: Type.Optional(EnabledField),
});

export type PatchWebhookBody = Static<typeof PatchWebhookBody>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ description: 'Id of the delivery, also sent as X-Postwire-Delivery-Id.' }),
    webhookId: Type.String(),
    eventId: Type.String({ description: 'The event sent (GET /notify/v1/events); also X-Postwire-Event-Id.' }),
    eventType: EventTypeEnum,
    status: Type.Enum([...DELIVERY_STATUSES], {
      description:
        'pending: not answered with 2xx yet, tried again at nextAttemptTime; delivered: the receiver answered 2xx; ' +
        'failed: given up after WEBHOOK_MAX_ATTEMPTS attempts or WEBHOOK_MAX_AGE_SECONDS.',
    }),
    attempts: Type.Integer({ description: 'Calls made so far.' }),
    lastStatus: Type.Union([Type.Integer(), Type.Null()], {
      description: 'HTTP status of the last answer; null when there was none (timeout, connection refused…).',
    }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed; null after a success.' }),
    createTime: Type.String({ format: 'date-time', description: 'When the delivery was queued (with its event, or by a replay).' }),
    lastAttemptTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    nextAttemptTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When a pending delivery is tried next; null once it is delivered or failed.',
    }),
    deliveredTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    failedTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { description: 'One event on its way to one webhook, with the outcome of its attempts.' },
);

export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryDetail = Type.Object(
  {
    ...WebhookDelivery.properties,
    payload: Type.Object({}, { additionalProperties: true, description: 'The JSON body each call of this delivery sent (docs/webhooks.md).' }),
    lastResponse: Type.Union([Type.String(), Type.Null()], {
      description: 'The start (at most 2 KB) of the body the receiver answered the last call with; null when there was no answer.',
    }),
  },
  { description: 'One delivery with what it sent and what the receiver answered.' },
);
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>;

export const DeliveryParams = Type.Object({
  id: Type.String({ description: 'Webhook id' }),
  deliveryId: Type.String({ description: 'Delivery id' }),
});
export type DeliveryParams = Static<typeof DeliveryParams>;

export const DeliveriesQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum([...DELIVERY_STATUSES], { description: 'Only deliveries in this status.' })),
});

export type DeliveriesQuery = Static<typeof DeliveriesQuery>;

export const ReplayBody = Type.Object(
  {
    eventIds: Type.Optional(
      Type.Array(Type.String({ pattern: ID_PATTERN }), {
        minItems: 1,
        maxItems: 1000,
        description: 'Events to send again, by id (GET /notify/v1/events).',
      }),
    ),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Events at or after this time (ISO 8601).' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Events at or before this time (ISO 8601).' })),
  },
  {
    description: 'Which events to send again: by id, by time, or both (then an event must match both). At least one of the three is required.',
    examples: [{ eventIds: ['0193a5b2c4d1e2f3a4b5c6d7'] }, { from: '2026-11-22T09:00:00Z', to: '2026-11-22T10:00:00Z' }],
  },
);

export type ReplayBody = Static<typeof ReplayBody>;

export const ReplayResult = Type.Object(
  {
    queued: Type.Integer({ description: "New deliveries queued: the matching events of this account that the webhook's event filter selects." }),
  },
  { description: 'What a replay queued; the calls follow within moments (GET …/deliveries).' },
);

export type ReplayResult = Static<typeof ReplayResult>;

import { Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';
import { ID_PATTERN } from '../../../lib/ids.js';
import { MAX_EMAIL_LENGTH } from '../../../lib/email-address.js';
import type { EventType } from './events.table.js';

export const EVENT_TYPES = [
  'accepted',
  'sent',
  'delivered',
  'deferred',
  'bounced',
  'complained',
  'suppressed',
  'opened',
  'unique_opened',
  'clicked',
  'unsubscribed',
  'cancelled',
] as const satisfies readonly EventType[];

export const EventTypeEnum = Type.Enum([...EVENT_TYPES], {
  description:
    'accepted: the send was committed; sent: stored in the capture inbox; delivered: the relay or receiving server answered 2xx; ' +
    'deferred: a temporary failure, retried later; bounced: refused for good (5xx, an asynchronous bounce, or deferred past MAX_RETRY_AGE_SECONDS); ' +
    'complained: the recipient reported the message as spam; suppressed: not attempted, the address is on the suppression list; ' +
    'cancelled: a scheduled send was cancelled before it began; ' +
    'opened, clicked: a tracked copy was opened or one of its links followed (details: url, linkIndex, userAgentClass, flagged, reason); ' +
    "unique_opened: besides `opened`, the copy's first open only (the same details); " +
    'unsubscribed: the recipient used its unsubscribe link (details: via). See docs/tracking.md.',
});

export const Event = Type.Object(
  {
    id: Type.String({ description: '24 lowercase hex characters, ordered by creation time.' }),
    createTime: Type.String({ format: 'date-time', description: 'When it happened: ISO 8601 UTC with milliseconds.' }),
    type: EventTypeEnum,
    messageId: Type.Union([Type.String(), Type.Null()], { description: 'Id of the message (GET /notify/v1/messages/{id}).' }),
    recipientId: Type.Union([Type.String(), Type.Null()], { description: 'Id of the recipient within the message.' }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'The recipient address.' }),
    details: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'What is known about it: `response` (the remote reply), `attempt` (delivery attempt number), `reason`, `expired`…',
      },
    ),
  },
  { description: "One change of a recipient's state." },
);

export type Event = Static<typeof Event>;

export const EventsQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(EventTypeEnum),
  messageId: Type.Optional(Type.String({ pattern: ID_PATTERN, description: 'Only the events of this message.' })),
  email: Type.Optional(
    Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH, description: 'Only the events of this recipient address (compared without case).' }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Only events at or after this time (ISO 8601).' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Only events at or before this time (ISO 8601).' })),
});

export type EventsQuery = Static<typeof EventsQuery>;

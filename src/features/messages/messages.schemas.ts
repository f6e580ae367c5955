import { Type, type Static } from 'typebox';
import { EmailField, NameField, ResourceFields } from '../../http/resource.js';
import { Event } from '../events/events.schemas.js';

export const MAX_RECIPIENTS = 1000;
export const MAX_SUBJECT_LENGTH = 998;
export const MAX_HTML_LENGTH = 5 * 1024 * 1024;

const Address = (what: string) => Type.Object({
  email: EmailField(`${what} address.`),
  name: Type.Optional(NameField(`${what} display name.`)),
});

export const SendBody = Type.Object({
  from: Address('Sender'),
  to: Type.Array(Address('Recipient'), { minItems: 1, maxItems: MAX_RECIPIENTS, description: `Recipients, 1 to ${MAX_RECIPIENTS}; each gets its own copy and its own delivery state.` }),
  subject: Type.String({ format: 'single-line', minLength: 1, maxLength: MAX_SUBJECT_LENGTH, examples: ['Your order has shipped'] }),
  htmlContent: Type.String({ minLength: 1, maxLength: MAX_HTML_LENGTH, examples: ['<p>Hello!</p>'] }),
}, {
  description: 'The email message of the specification. Field names are matched without regard to case.',
  examples: [{ from: { name: 'Example', email: 'hello@example.com' }, to: [{ email: 'customer@example.net' }], subject: 'Welcome', htmlContent: '<p>Hello!</p>' }],
});

export type SendBody = Static<typeof SendBody>;

export const RecipientStateEnum = Type.Union([
  Type.Literal('queued'), Type.Literal('sent'), Type.Literal('delivered'), Type.Literal('deferred'),
  Type.Literal('bounced'), Type.Literal('suppressed'), Type.Literal('failed'),
], { description: 'queued: waiting for the worker; sent: stored in the capture inbox; delivered: the relay or receiving server accepted it (2xx); deferred: a temporary failure, will be retried; bounced: refused for good (5xx, or deferred past MAX_RETRY_AGE_SECONDS); suppressed: on the suppression list, not attempted; failed: could not be attempted.' });

export const Recipient = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  state: RecipientStateEnum,
  attempts: Type.Integer(),
  lastResponse: Type.Union([Type.String(), Type.Null()], { description: 'The transport\'s last reply, if any.' }),
  sentTime: Type.Union([Type.String(), Type.Null()]),
  updateTime: Type.String(),
});

export const SendResult = Type.Object({
  id: Type.String({ description: 'Id of the accepted message; GET /notify/v1/messages/{id} shows its progress.' }),
  messageId: Type.String({ description: 'The Message-ID header the message carries, stable across retries.' }),
  queuedAt: Type.String(),
  accepted: Type.Array(Type.String(), { description: 'Addresses accepted for delivery.' }),
  rejected: Type.Array(Type.String(), { description: 'Addresses not accepted (always empty here: any invalid address fails the whole request).' }),
  recipients: Type.Array(Recipient),
});

export type SendResult = Static<typeof SendResult>;

export const Message = Type.Object({
  ...ResourceFields,
  customerId: Type.String(),
  senderId: Type.String(),
  messageId: Type.String(),
  from: Type.Object({ email: Type.String(), name: Type.String() }),
  subject: Type.String(),
  recipientCount: Type.Integer(),
  recipients: Type.Array(Recipient, { description: 'In lists, the first 100 recipients; GET /notify/v1/messages/{id} shows all of them.' }),
});

export type Message = Static<typeof Message>;

export const RecipientWithEvents = Type.Object({
  ...Recipient.properties,
  events: Type.Array(Event, { description: 'The recipient\'s timeline, oldest first: accepted, then sent/delivered, deferred, bounced, suppressed, complained…' }),
});

export const MessageDetail = Type.Object({
  ...Message.properties,
  recipients: Type.Array(RecipientWithEvents, { description: 'Every recipient, each with its event timeline.' }),
  htmlContent: Type.String(),
});

export type MessageDetail = Static<typeof MessageDetail>;

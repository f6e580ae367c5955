import { type TObject, Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';
import { EmailField, NameField, RecipientEmailField, ResourceFields } from '../../../http/resource.js';
import { Event } from '../events/events.schemas.js';
import { ID_PATTERN } from '../../../lib/ids.js';
import { MAX_MAILBOX_LENGTH } from '../../../lib/mailbox.js';

export const MAX_RECIPIENTS = 1000;
export const MAX_SUBJECT_LENGTH = 998;
export const MAX_HTML_LENGTH = 5 * 1024 * 1024;

export const MAX_COPY_RECIPIENTS = 100;
export const MAX_HEADERS = 50;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 64;
export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_KEY_LENGTH = 64;
export const MAX_METADATA_VALUE_LENGTH = 500;
/** The JSON of all metadata together. */
export const MAX_METADATA_BYTES = 4096;
export const MAX_SCHEDULE_DAYS = 30;

const Address = (what: string) =>
  Type.Object({
    email: EmailField(`${what} address.`),
    name: Type.Optional(NameField(`${what} display name.`)),
  });

/** A recipient (to, cc, bcc): its address may have a non-ASCII local part, delivered only where the relay announces SMTPUTF8. */
const RecipientAddress = (what: string) =>
  Type.Object({
    email: RecipientEmailField(`${what} address; a non-ASCII part before @ is delivered only through a server that announces SMTPUTF8.`),
    name: Type.Optional(NameField(`${what} display name.`)),
  });

/** The string form of an address, as other providers' clients write it: `"Name <address>"` or `address` alone (lib/mailbox.ts). */
const MailboxString = (what: string, format: 'mailbox' | 'recipient-mailbox') =>
  Type.String({
    format,
    maxLength: MAX_MAILBOX_LENGTH,
    description: `${what} as one string: "Name <address>" or the address alone.`,
    examples: ['Ann Example <ann@example.net>'],
  });

/** An address as `{ email, name }` or as one string. */
const AddressOrString = <T extends TObject>(object: T, what: string, format: 'mailbox' | 'recipient-mailbox') =>
  Type.Union([object, MailboxString(what, format)]);

export const Variables = (description: string) =>
  Type.Object({}, { additionalProperties: true, description, examples: [{ firstName: 'Ann', order: { id: 'A-1001' } }] });

const ToRecipient = Type.Object({
  ...RecipientAddress('Recipient').properties,
  params: Type.Optional(Variables("Template variables for this recipient only, merged over the message's `params`: the recipient gets a copy of its own.")),
});

export const SendAttachment = Type.Object({
  filename: Type.String({ format: 'single-line', minLength: 1, maxLength: 255, examples: ['invoice.pdf'] }),
  content: Type.String({
    description: 'The file in base64 (standard alphabet; line breaks allowed). In a multipart request, a file part instead.',
    examples: ['JVBERi0xLjQK'],
  }),
  contentType: Type.String({
    format: 'single-line',
    maxLength: 255,
    pattern: '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\\s*;.*)?$',
    description: 'MIME type, such as image/png.',
    examples: ['application/pdf'],
  }),
  contentId: Type.Optional(
    Type.String({
      format: 'single-line',
      minLength: 1,
      maxLength: 255,
      pattern: '^[^<>\\s]+$',
      description: 'Makes the attachment an inline part that the HTML shows with `<img src="cid:…">`.',
      examples: ['logo@shop'],
    }),
  ),
});

export const SendBody = Type.Object(
  {
    from: AddressOrString(Address('Sender'), 'The sender', 'mailbox'),
    to: Type.Union([
      Type.Array(AddressOrString(ToRecipient, 'A recipient', 'recipient-mailbox'), {
        minItems: 1,
        maxItems: MAX_RECIPIENTS,
        description: `Recipients, 1 to ${MAX_RECIPIENTS}; each gets its own copy and its own delivery state.`,
      }),
      MailboxString('The one recipient', 'recipient-mailbox'),
    ]),
    subject: Type.Optional(
      Type.String({
        format: 'single-line',
        minLength: 1,
        maxLength: MAX_SUBJECT_LENGTH,
        description: "Required unless `templateId` is given (then it overrides the template's subject).",
        examples: ['Your order has shipped'],
      }),
    ),
    htmlContent: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_HTML_LENGTH,
        description: 'Required unless `templateId` or `textContent` is given; with `textContent` alone the message is text only.',
        examples: ['<p>Hello!</p>'],
      }),
    ),
    cc: Type.Optional(
      Type.Array(AddressOrString(RecipientAddress('Cc recipient'), 'A Cc recipient', 'recipient-mailbox'), {
        maxItems: MAX_COPY_RECIPIENTS,
        description: 'Copy recipients: named in the Cc header, each with its own delivery state.',
        examples: [[{ email: 'manager@example.net', name: 'Manager' }]],
      }),
    ),
    bcc: Type.Optional(
      Type.Array(AddressOrString(RecipientAddress('Bcc recipient'), 'A Bcc recipient', 'recipient-mailbox'), {
        maxItems: MAX_COPY_RECIPIENTS,
        description: 'Blind copy recipients: delivered to, never named in the message headers.',
        examples: [[{ email: 'archive@example.com' }]],
      }),
    ),
    replyTo: Type.Optional(
      AddressOrString(
        Type.Object(Address('Reply-To').properties, {
          description: 'Where replies go (the Reply-To header).',
          examples: [{ email: 'support@example.com', name: 'Support' }],
        }),
        'Where replies go',
        'mailbox',
      ),
    ),
    textContent: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_HTML_LENGTH,
        description: 'The text/plain part; absent: derived from the HTML. Without `htmlContent` (and template) the message is text only.',
        examples: ['Hello!'],
      }),
    ),
    headers: Type.Optional(
      Type.Record(Type.String(), Type.String({ format: 'single-line', maxLength: 998 }), {
        maxProperties: MAX_HEADERS,
        description:
          'Extra message headers, name → value. Names must be header tokens; the headers Postwire sets itself (From, To, Cc, Bcc, Subject, ' +
          'Reply-To, Sender, Message-ID, Date, Return-Path, MIME-Version, Content-*, DKIM-Signature, Received, X-Postwire-*) cannot be ' +
          'given; besides any X-… header, only List-*, In-Reply-To, References, Thread-Topic, Thread-Index, Precedence, Auto-Submitted, ' +
          'Importance, Priority, Sensitivity, Keywords, Comments, Organization, Feedback-ID and Require-Recipient-Valid-Since may be.',
        examples: [{ 'X-Campaign': 'spring', 'List-Unsubscribe': '<https://example.com/u/1>' }],
      }),
    ),
    tags: Type.Optional(
      Type.Array(Type.String({ format: 'single-line', minLength: 1, maxLength: MAX_TAG_LENGTH }), {
        maxItems: MAX_TAGS,
        description: "Labels for filtering statistics (GET /notify/v1/stats?tag=) and events; carried in every event's details.",
        examples: [['welcome', 'onboarding']],
      }),
    ),
    metadata: Type.Optional(
      Type.Record(Type.String(), Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'], maxLength: MAX_METADATA_VALUE_LENGTH }), {
        maxProperties: MAX_METADATA_KEYS,
        description:
          `Your own flat key → value data (strings, numbers, booleans; at most ${MAX_METADATA_KEYS} keys of ${MAX_METADATA_KEY_LENGTH} ` +
          `characters, ${MAX_METADATA_BYTES} bytes in all), carried in every event's details and so in webhooks.`,
        examples: [{ orderId: 'A-1001', customerTier: 'gold' }],
      }),
    ),
    attachments: Type.Optional(
      Type.Array(SendAttachment, {
        description: 'Files to attach (limits: ATTACHMENTS_MAX_COUNT, ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX_TOTAL_BYTES).',
        examples: [
          [
            { filename: 'invoice.pdf', content: 'JVBERi0xLjQK', contentType: 'application/pdf' },
            { filename: 'logo.png', content: 'iVBORw0KGgo=', contentType: 'image/png', contentId: 'logo@shop' },
          ],
        ],
      }),
    ),
    scheduledAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description: `Deliver at this time (ISO 8601 with a zone), in the future and at most ${MAX_SCHEDULE_DAYS} days ahead. DELETE /notify/v1/messages/{id}/schedule cancels it until then.`,
        examples: ['2026-12-01T09:00:00Z'],
      }),
    ),
    templateId: Type.Optional(
      Type.String({
        pattern: ID_PATTERN,
        description: 'A stored template (POST /notify/v1/templates) supplying subject, htmlContent and textContent.',
        examples: ['0193a5b2c4d1e2f3a4b5c6d7'],
      }),
    ),
    params: Type.Optional(Variables('Values for the `{{ name }}` placeholders of the template (or of subject, htmlContent and textContent).')),
    customFields: Type.Optional(Variables("Values for the original service's `#key#` placeholders.")),
    trackOpens: Type.Optional(
      Type.Boolean({
        description:
          "Add an open-tracking pixel to each recipient's HTML copy; each fetch is an `opened` event (docs/tracking.md). " +
          'Off by default; no effect on a text-only message.',
      }),
    ),
    trackClicks: Type.Optional(
      Type.Boolean({
        description: "Route each recipient's http(s) links through a per-recipient redirect; each click is a `clicked` event naming the link. Off by default.",
      }),
    ),
    listUnsubscribe: Type.Optional(
      Type.Boolean({
        description:
          'Give each recipient a signed unsubscribe link in `List-Unsubscribe`, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): ' +
          "using it puts the address on the account's suppression list (reason unsubscribe) and records an `unsubscribed` event. Overrides a " +
          'List-Unsubscribe given in `headers`. Off by default.',
      }),
    ),
  },
  {
    // The rule on subject and content is checked with the schema (missingContentFields in
    // messages.send-options.ts): as if/then/else here it would make the OpenAPI document invalid.
    description:
      'The email message of the specification, plus optional fields. Field names are matched without regard to case. ' +
      'Addresses (from, each of to, cc and bcc, replyTo) may also be one string, "Name <address>" or the address alone, and `to` a single such string. ' +
      'Required: from, to, and either templateId (the template supplies subject and content) or subject with htmlContent, textContent or both ' +
      '(textContent alone sends a text-only message).',
    examples: [
      { from: { name: 'Example', email: 'hello@example.com' }, to: [{ email: 'customer@example.net' }], subject: 'Welcome', htmlContent: '<p>Hello!</p>' },
      {
        from: { email: 'hello@example.com' },
        to: [{ email: 'ann@example.net', params: { name: 'Ann' } }],
        cc: [{ email: 'manager@example.net' }],
        templateId: '0193a5b2c4d1e2f3a4b5c6d7',
        params: { name: 'customer', order: { id: 'A-1001' } },
        tags: ['order'],
        metadata: { orderId: 'A-1001' },
        headers: { 'X-Campaign': 'autumn' },
        scheduledAt: '2026-12-01T09:00:00Z',
      },
    ],
  },
);

/** A send body as a client may write it: addresses as objects or strings. */
export type SendRequest = Static<typeof SendBody>;

type Addressed<T> = Exclude<T, string>;

/** A send body with every address as an object (messages.addresses.ts makes it from a SendRequest). */
export type SendBody = Omit<SendRequest, 'from' | 'to' | 'cc' | 'bcc' | 'replyTo'> & {
  from: Addressed<SendRequest['from']>;
  to: Addressed<Exclude<SendRequest['to'], string>[number]>[];
  cc?: Addressed<NonNullable<SendRequest['cc']>[number]>[];
  bcc?: Addressed<NonNullable<SendRequest['bcc']>[number]>[];
  replyTo?: Addressed<NonNullable<SendRequest['replyTo']>>;
};

export const RecipientStateEnum = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('sent'),
    Type.Literal('delivered'),
    Type.Literal('deferred'),
    Type.Literal('bounced'),
    Type.Literal('suppressed'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ],
  {
    description:
      'queued: waiting for the worker (or for scheduledAt); sent: stored in the capture inbox; delivered: the relay or receiving server ' +
      'accepted it (2xx); deferred: a temporary failure, will be retried; bounced: refused for good (5xx, or deferred past ' +
      'MAX_RETRY_AGE_SECONDS); suppressed: on the suppression list, not attempted; failed: could not be attempted; cancelled: its ' +
      'scheduled send was cancelled.',
  },
);

export const Recipient = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  state: RecipientStateEnum,
  attempts: Type.Integer(),
  lastResponse: Type.Union([Type.String(), Type.Null()], { description: "The transport's last reply, if any." }),
  sentTime: Type.Union([Type.String(), Type.Null()]),
  updateTime: Type.String(),
  type: Type.Optional(
    Type.Union([Type.Literal('cc'), Type.Literal('bcc')], {
      description: 'Present for copy recipients only: cc (named in the Cc header) or bcc (never named).',
    }),
  ),
});

export type Recipient = Static<typeof Recipient>;

export const SendResult = Type.Object({
  id: Type.String({ description: 'Id of the accepted message; GET /notify/v1/messages/{id} shows its progress.' }),
  messageId: Type.String({ description: 'The Message-ID header the message carries, stable across retries.' }),
  queuedAt: Type.String(),
  accepted: Type.Array(Type.String(), { description: 'Addresses accepted for delivery.' }),
  rejected: Type.Array(Type.String(), { description: 'Addresses not accepted (always empty here: any invalid address fails the whole request).' }),
  recipients: Type.Array(Recipient),
  scheduledAt: Type.Optional(Type.String({ description: 'Present when the send is scheduled: delivery starts then.' })),
  suppressed: Type.Optional(
    Type.Array(Type.String(), { description: 'Present when some addresses are on the suppression list: they are recorded as suppressed and not sent to.' }),
  ),
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
  // The send options below appear only when the send used them.
  replyTo: Type.Optional(Type.Object({ email: Type.String(), name: Type.String() })),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  tags: Type.Optional(Type.Array(Type.String())),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'] }))),
  scheduledAt: Type.Optional(Type.String({ description: 'When delivery is (or was) due to start.' })),
  templateId: Type.Optional(Type.String()),
  trackOpens: Type.Optional(Type.Boolean({ description: 'Present (true) when the send turned open tracking on.' })),
  trackClicks: Type.Optional(Type.Boolean({ description: 'Present (true) when the send turned click tracking on.' })),
  listUnsubscribe: Type.Optional(Type.Boolean({ description: 'Present (true) when each copy carries a List-Unsubscribe link.' })),
});

export type Message = Static<typeof Message>;

export const RecipientWithEvents = Type.Object({
  ...Recipient.properties,
  events: Type.Array(Event, {
    description: "The recipient's timeline, oldest first: accepted, then sent/delivered, deferred, bounced, suppressed, complained…",
  }),
});

export const MessageDetail = Type.Object({
  ...Message.properties,
  recipients: Type.Array(RecipientWithEvents, { description: 'Every recipient, each with its event timeline.' }),
  htmlContent: Type.Optional(Type.String({ description: 'Absent for a text-only message, and once the body was purged.' })),
  textContent: Type.Optional(
    Type.String({ description: 'Present when the send gave one (otherwise derived from the HTML); absent once the body was purged.' }),
  ),
  bodyPurgedTime: Type.Optional(
    Type.String({
      description:
        "When the retention purge cleared the message's content (HTML, text, attachments, MIME) (docs/retention.md); GET …/raw and the attachments then answer 410. Absent while the body is kept.",
      examples: ['2026-12-27T03:00:00.000Z'],
    }),
  ),
  attachments: Type.Optional(
    Type.Array(
      Type.Object({
        filename: Type.String(),
        contentType: Type.String(),
        contentId: Type.Union([Type.String(), Type.Null()]),
        size: Type.Integer({ description: 'Bytes, decoded.' }),
      }),
    ),
  ),
});

export type MessageDetail = Static<typeof MessageDetail>;

export const BatchBody = Type.Object(
  {
    messages: Type.Array(Type.Unknown({ description: 'A body of POST /notify/v1/send.' }), {
      minItems: 1,
      maxItems: 500,
      description:
        'Up to 500 messages, each a body of POST /notify/v1/send. Each is validated on its own: the valid ones are accepted (committed together), the others rejected with their field errors.',
    }),
  },
  { examples: [{ messages: [{ from: { email: 'hello@example.com' }, to: [{ email: 'a@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' }] }] },
);

export type BatchBody = Static<typeof BatchBody>;

export const BatchItemResult = Type.Object({
  index: Type.Integer({ description: 'Position of the message in the request.' }),
  status: Type.Union([Type.Literal('accepted'), Type.Literal('rejected')]),
  result: Type.Optional(SendResult),
  errors: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
      description: 'Why a rejected message was not accepted; fields are relative to the message (`to[0].email`).',
    }),
  ),
});

export const BatchResult = Type.Object({
  acceptedCount: Type.Integer(),
  rejectedCount: Type.Integer(),
  results: Type.Array(BatchItemResult),
});

export type BatchResult = Static<typeof BatchResult>;

export const ScheduleCancelResult = Type.Object({
  id: Type.String(),
  cancelled: Type.Array(Type.String(), { description: 'Addresses whose delivery was cancelled.' }),
});

/** The message log's search (the dashboard's Messages page); every filter narrows, all are optional. */
export const MessagesQuery = Type.Object({
  ...PageQuery.properties,
  recipient: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Only messages with this recipient address (exact, case-insensitive).' })),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only messages whose subject contains this text (case-insensitive).' })),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only messages sent with this tag.' })),
  state: Type.Optional(RecipientStateEnum),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'Only messages accepted at or after this time (ISO 8601).' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'Only messages accepted at or before this time (ISO 8601).' })),
});
export type MessagesQuery = Static<typeof MessagesQuery>;

import { Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';

export const InboxQuery = Type.Object({
  ...PageQuery.properties,
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'Only mail captured for this recipient address (exact, case-insensitive).' })),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Only mail whose subject, recipient address, sender address or sender name contains this text (any case).',
      examples: ['invoice'],
    }),
  ),
});
export type InboxQuery = Static<typeof InboxQuery>;

export const CapturedSummary = Type.Object({
  id: Type.String({ description: 'Id of the captured copy (one per recipient delivered).' }),
  createTime: Type.String({ description: 'When the capture transport stored it.' }),
  messageId: Type.String({ description: 'The accepted message (GET /notify/v1/messages/{id}).' }),
  recipientId: Type.String(),
  envelopeFrom: Type.String({ description: 'The SMTP MAIL FROM (the VERP return path).' }),
  envelopeTo: Type.String({ description: 'The SMTP RCPT TO: who would have received it.' }),
  fromEmail: Type.String(),
  fromName: Type.String(),
  subject: Type.String(),
  recipientState: Type.String({ description: "The recipient's state now (sent, bounced, …)." }),
  sizeBytes: Type.Integer(),
});
export type CapturedSummary = Static<typeof CapturedSummary>;

export const CapturedAttachment = Type.Object({
  filename: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});

export const CapturedEmail = Type.Object({
  ...CapturedSummary.properties,
  headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), { description: 'Every header line, in order, unfolded.' }),
  html: Type.Union([Type.String(), Type.Null()], { description: 'The HTML part, decoded; null when there is none.' }),
  text: Type.Union([Type.String(), Type.Null()], { description: 'The text part, decoded; null when there is none.' }),
  attachments: Type.Array(CapturedAttachment),
  raw: Type.String({ description: 'The exact bytes the transport was given (RFC 5322).' }),
});
export type CapturedEmail = Static<typeof CapturedEmail>;

export const SimulateBody = Type.Object(
  {
    outcome: Type.Union([Type.Literal('bounce'), Type.Literal('complaint'), Type.Literal('open'), Type.Literal('click')], {
      description:
        'bounce: as a hard-bounce DSN for this recipient would be recorded; complaint: as a spam report (ARF); both add the address to the ' +
        'suppression list. open, click: as the open pixel and the click redirect record them (the message must have been sent with ' +
        '`trackOpens` or `trackClicks`: 409 otherwise), never flagged as a machine, with details.simulated true.',
    }),
    url: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
        description: "Only with outcome click: the link followed, one of the message's http(s) links as written in its HTML. Default: its first link.",
        examples: ['https://shop.example.com/orders/1001'],
      }),
    ),
  },
  { examples: [{ outcome: 'bounce' }, { outcome: 'complaint' }, { outcome: 'open' }, { outcome: 'click', url: 'https://shop.example.com/orders/1001' }] },
);
export type SimulateBody = Static<typeof SimulateBody>;

export const SimulateResult = Type.Object({
  recipientId: Type.String(),
  email: Type.String(),
  recorded: Type.Boolean({
    description: 'False when the same bounce or complaint was already recorded for this recipient (nothing changed); an open or a click is always recorded.',
  }),
  suppressed: Type.Boolean({ description: 'True when this added the address to the suppression list.' }),
  url: Type.Optional(Type.String({ description: 'A click: the link followed.' })),
});

export const ClearResult = Type.Object({ deleted: Type.Integer({ description: 'How many captured copies were deleted.' }) });
export type ClearResult = Static<typeof ClearResult>;

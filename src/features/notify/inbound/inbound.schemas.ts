/** TypeBox schemas of inbound mail: receiving domains, routes, and the received message document. */
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';
import { ResourceFields } from '../../../http/resource.js';

export const InboundDomain = Type.Object(
  {
    ...ResourceFields,
    customerId: Type.String({ description: 'The owning account.' }),
    name: Type.String({ description: 'The domain, lowercase.', examples: ['in.example.com'] }),
    mx: Type.Object(
      {
        type: Type.Literal('MX'),
        name: Type.String({ description: 'The DNS name to publish the record at: the domain itself.', examples: ['in.example.com'] }),
        value: Type.String({ description: 'The record to publish: priority and host (INBOUND_MX_HOST).', examples: ['10 mx.postwire.example'] }),
        status: Type.Union([Type.Literal('unchecked'), Type.Literal('found'), Type.Literal('missing'), Type.Literal('wrong')], {
          description:
            'Result of the last check: unchecked (never checked), found (an MX record points at INBOUND_MX_HOST), missing (no MX record), wrong (MX records point elsewhere; see found).',
        }),
        found: Type.Array(Type.String(), { description: 'The MX records the DNS answered at the last check, as "priority host".' }),
      },
      { description: 'The MX record that sends the domain’s mail to this server.' },
    ),
    verified: Type.Boolean({ description: 'The last check found the MX record in place.' }),
    lastCheckTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the MX record was last checked; null: never.' }),
  },
  { description: 'A domain this server receives mail for on behalf of the account.' },
);
export type InboundDomain = Static<typeof InboundDomain>;

export const CreateInboundDomainBody = Type.Object({
  name: Type.String({ maxLength: 253, description: 'The domain to receive mail for, like in.example.com.', examples: ['in.example.com'] }),
});
export type CreateInboundDomainBody = Static<typeof CreateInboundDomainBody>;

const ActionField = Type.Union([Type.Literal('webhook'), Type.Literal('store'), Type.Literal('forward'), Type.Literal('reject')], {
  description:
    'webhook: the message document is POSTed to webhookUrl (and kept for fetching). store: kept for fetching through GET /notify/v1/inbound/messages. ' +
    'forward: sent on to forwardTo (and kept). reject: refused at RCPT with rejectCode and rejectMessage, never accepted.',
});

export const InboundRoute = Type.Object(
  {
    ...ResourceFields,
    customerId: Type.String(),
    domainId: Type.String({ description: 'The receiving domain the route is on.' }),
    domain: Type.String({ description: 'That domain’s name.', examples: ['in.example.com'] }),
    pattern: Type.String({
      description: 'The local part matched: exact (support), with * for any run of characters (reply+*), or * alone (catch-all). Most specific wins.',
      examples: ['support', 'reply+*', '*'],
    }),
    action: ActionField,
    webhookUrl: Type.Union([Type.String(), Type.Null()]),
    webhookSecret: Type.Union([Type.String(), Type.Null()], {
      description:
        'For action webhook: the key of the calls’ X-Postwire-Signature (as a webhook’s, docs/webhooks.md). Whole only in the answer that creates the route; a preview after.',
    }),
    forwardTo: Type.Union([Type.String(), Type.Null()]),
    rejectCode: Type.Union([Type.Integer(), Type.Null()]),
    rejectMessage: Type.Union([Type.String(), Type.Null()]),
    description: Type.Union([Type.String(), Type.Null()]),
  },
  { description: 'Where mail to matching addresses of a receiving domain goes.' },
);
export type InboundRoute = Static<typeof InboundRoute>;

export const CreateInboundRouteBody = Type.Object({
  domainId: Type.String({ description: 'The receiving domain (from POST /notify/v1/inbound/domains).' }),
  pattern: Type.String({ maxLength: 64, description: 'Local part to match: support, reply+*, or * (catch-all).', examples: ['support'] }),
  action: ActionField,
  webhookUrl: Type.Optional(
    Type.String({ maxLength: 2048, description: 'For action webhook: a public http(s) URL.', examples: ['https://app.example.com/inbound'] }),
  ),
  forwardTo: Type.Optional(Type.String({ maxLength: 254, format: 'email', description: 'For action forward: the address to send the message on to.' })),
  rejectCode: Type.Optional(
    Type.Integer({ minimum: 400, maximum: 599, description: 'For action reject: the SMTP reply code, 4xx (try later) or 5xx (refused); default 550.' }),
  ),
  rejectMessage: Type.Optional(Type.String({ maxLength: 200, format: 'single-line', description: 'For action reject: the text of the SMTP reply.' })),
  description: Type.Optional(Type.String({ maxLength: 200, format: 'single-line' })),
});
export type CreateInboundRouteBody = Static<typeof CreateInboundRouteBody>;

/** Every field of a route but its domain, each optional: what is not given stays as it is. */
export const PatchInboundRouteBody = Type.Object({
  pattern: Type.Optional(CreateInboundRouteBody.properties.pattern),
  action: Type.Optional(ActionField),
  webhookUrl: CreateInboundRouteBody.properties.webhookUrl,
  forwardTo: CreateInboundRouteBody.properties.forwardTo,
  rejectCode: CreateInboundRouteBody.properties.rejectCode,
  rejectMessage: CreateInboundRouteBody.properties.rejectMessage,
  description: Type.Optional(Type.String({ maxLength: 200, format: 'single-line', description: 'An empty string removes the description.' })),
});
export type PatchInboundRouteBody = Static<typeof PatchInboundRouteBody>;

export const RouteListQuery = Type.Object({
  ...PageQuery.properties,
  domainId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', description: 'Only the routes on this receiving domain.' })),
});
export type RouteListQuery = Static<typeof RouteListQuery>;

export const MessageListQuery = Type.Object({
  ...PageQuery.properties,
  routeId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', description: 'Only the messages this route took.' })),
  domainId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$', description: 'Only the messages to this receiving domain.' })),
});
export type MessageListQuery = Static<typeof MessageListQuery>;

const Mailbox = Type.Object({ name: Type.String(), address: Type.String() });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const InboundDocument = Type.Object(
  {
    envelope: Type.Object({
      mailFrom: Type.String({ description: 'MAIL FROM; empty for a null sender (<>).' }),
      rcptTo: Type.Array(Type.String()),
      clientIp: Type.Union([Type.String(), Type.Null()]),
      helo: Type.Union([Type.String(), Type.Null()]),
      receivedTime: Type.String({ format: 'date-time' }),
    }),
    messageId: Type.Union([Type.String(), Type.Null()]),
    inReplyTo: Type.Union([Type.String(), Type.Null()]),
    references: Type.Array(Type.String()),
    from: Type.Array(Mailbox),
    to: Type.Array(Mailbox),
    cc: Type.Array(Mailbox),
    replyTo: Type.Array(Mailbox),
    subject: Type.String(),
    date: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'The Date header; null when missing or unreadable.' }),
    text: Type.Union([Type.String(), Type.Null()]),
    html: Type.Union([Type.String(), Type.Null()]),
    reply: Type.String({ description: 'The text the sender wrote: quoted history and signature removed.' }),
    attachments: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'Position for GET …/attachments/{index}.' }),
        filename: Type.String(),
        contentType: Type.String(),
        size: Type.Integer(),
        contentId: Type.Union([Type.String(), Type.Null()]),
        inline: Type.Boolean(),
      }),
    ),
    headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), { description: 'Every header field in order, unfolded, undecoded.' }),
    auth: Type.Object({
      spf: Type.Object({ result: Type.String(), domain: NullableString }),
      dkim: Type.Array(Type.Object({ result: Type.String(), domain: NullableString, selector: NullableString })),
      dmarc: Type.Object({ result: Type.String(), domain: NullableString, policy: NullableString }),
      arc: Type.Object({ result: Type.String() }),
    }),
    spam: Type.Union([
      Type.Object({ score: Type.Number(), threshold: Type.Number(), isSpam: Type.Boolean(), symbols: Type.Array(Type.String()) }),
      Type.Null(),
    ]),
    parsed: Type.Object(
      {
        complete: Type.Boolean({ description: 'false: the message was malformed and the document holds what could be read (the raw message is kept whole).' }),
        problems: Type.Array(Type.String()),
      },
      { description: 'How completely the message could be read.' },
    ),
  },
  { description: 'A received message as the application gets it.' },
);
export type InboundDocument = Static<typeof InboundDocument>;

export const InboundMessage = Type.Object({
  id: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  domainId: Type.String(),
  routeId: Type.String(),
  action: ActionField,
  mailFrom: Type.String(),
  recipients: Type.Array(Type.String()),
  subject: Type.String(),
  size: Type.Integer({ description: 'Bytes of the raw message.' }),
  replyToMessageId: Type.Union([Type.String(), Type.Null()], { description: 'The message Postwire sent that this one answers (In-Reply-To or References).' }),
  replyToCampaignId: Type.Union([Type.String(), Type.Null()], { description: 'That message’s campaign, when it was campaign mail.' }),
  document: Type.Optional(InboundDocument),
});
export type InboundMessage = Static<typeof InboundMessage>;

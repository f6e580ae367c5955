import { Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';
import { RecipientEmailField } from '../../../http/resource.js';

export const PersonBody = Type.Object({
  email: RecipientEmailField('The address whose data is exported or erased, within the calling account (compared without case).'),
});
export type PersonBody = Static<typeof PersonBody>;

const Time = (description: string) => Type.Union([Type.String({ description }), Type.Null()]);
const Json = (description: string) => Type.Object({}, { additionalProperties: true, description });

const Event = Type.Object({
  id: Type.String(),
  type: Type.String(),
  createTime: Type.String(),
  details: Json('The event as recorded: responses, links, user agents.'),
});

const Message = Type.Object(
  {
    messageId: Type.String(),
    recipientId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    kind: Type.String({ description: 'to, cc or bcc.' }),
    state: Type.String(),
    from: Type.String(),
    subject: Type.String(),
    htmlContent: Type.String({ description: "The copy's HTML (its own, when it was personalised); empty once bodies were purged." }),
    textContent: Type.Union([Type.String(), Type.Null()]),
    tags: Type.Array(Type.String()),
    metadata: Json('The metadata the sender attached.'),
    attempts: Type.Integer(),
    lastResponse: Type.Union([Type.String(), Type.Null()]),
    sentTime: Time('When it was handed over; null before.'),
    firstOpenTime: Time('When it was first opened (tracking); null when never.'),
    createTime: Type.String(),
    events: Type.Array(Event),
  },
  { description: 'One message sent to the address, with its events.' },
);

const Contact = Type.Object({
  id: Type.String(),
  email: Type.String(),
  status: Type.Integer({ description: '1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported.' }),
  createTime: Type.String(),
  updateTime: Type.String(),
  isDeleted: Type.Boolean(),
  fields: Type.Array(Type.Object({ customFieldId: Type.String(), name: Type.String(), value: Type.String() })),
  tags: Type.Array(Type.String()),
  lists: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), addedTime: Type.String() })),
  consents: Type.Array(Type.Object({ source: Type.String(), ip: Type.String(), consentTime: Type.String(), confirmTime: Type.String() })),
});

export const PersonData = Type.Object(
  {
    email: Type.String(),
    exportTime: Type.String(),
    contacts: Type.Array(Contact),
    formSignups: Type.Array(
      Type.Object({
        id: Type.String(),
        formId: Type.String(),
        email: Type.String(),
        ip: Type.String(),
        createTime: Type.String(),
        confirmTime: Time('null: never confirmed.'),
      }),
    ),
    suppressions: Type.Array(Type.Object({ reason: Type.String(), details: Json('What caused it.'), createTime: Type.String(), isDeleted: Type.Boolean() })),
    messages: Type.Array(Message),
    campaigns: Type.Array(
      Type.Object({
        campaignId: Type.String(),
        subject: Type.String(),
        messageId: Type.String(),
        outcome: Type.Union([Type.String(), Type.Null()]),
        deliveredTime: Time('null: not delivered.'),
        firstOpenTime: Time('null: never opened.'),
        firstClickTime: Time('null: never clicked.'),
        complainedTime: Time('null: no complaint.'),
        unsubscribedTime: Time('null: did not unsubscribe.'),
      }),
    ),
    inboundMessages: Type.Array(
      Type.Object({
        id: Type.String(),
        mailFrom: Type.String(),
        subject: Type.String(),
        receiveTime: Type.String(),
        document: Json('The parsed message as the inbound API shows it.'),
      }),
      { description: 'Mail received from the address: sent from it, or with it as From or Reply-To.' },
    ),
    forwardedMessages: Type.Array(
      Type.Object({
        messageId: Type.String(),
        from: Type.String(),
        replyTo: Type.Union([Type.String(), Type.Null()]),
        subject: Type.String(),
        htmlContent: Type.String(),
        textContent: Type.Union([Type.String(), Type.Null()]),
        createTime: Type.String(),
      }),
      { description: "Messages Postwire made itself (an inbound route's forwards) that name the address in their Reply-To, sender name, subject or body." },
    ),
    importRows: Type.Array(
      Type.Object({ importId: Type.String(), row: Type.Integer(), email: Type.String(), customFields: Type.Array(Json('A value of the row.')) }),
      { description: 'Rows of imports still running that hold the address and are not applied yet.' },
    ),
  },
  { description: 'Everything the account stores about one address.' },
);
export type PersonData = Static<typeof PersonData>;

export const ErasureCounts = Type.Object(
  {
    contacts: Type.Integer({ description: 'Contacts deleted, with their field values, tags and list memberships.' }),
    consentsAndSignups: Type.Integer({ description: 'Consents and form sign-ups deleted.' }),
    recipients: Type.Integer({ description: 'Message recipients whose address became its hash and whose copy was cleared.' }),
    messagesCleared: Type.Integer({ description: 'Messages sent to nobody else, whose content was cleared.' }),
    events: Type.Integer({ description: 'Events scrubbed of the address and their details.' }),
    capturedCopies: Type.Integer({ description: 'Capture-inbox copies deleted.' }),
    campaignCopies: Type.Integer({ description: 'Campaign records kept under the hash (counters and reports stay).' }),
    suppressions: Type.Integer({ description: 'Suppressions of the address replaced by the one hashed suppression.' }),
    inboundMessages: Type.Integer({ description: 'Inbound messages from the address (sent from it, or with it as From or Reply-To) deleted.' }),
    forwards: Type.Integer({
      description:
        "Messages Postwire made itself naming the address (an inbound route's forwards) whose content was cleared; a delivery still queued ends cancelled.",
    }),
    submissionsCleared: Type.Integer({
      description: 'SMTP submissions sent to others too whose submitted bytes (naming every addressee) were cleared, none of their deliveries waiting.',
    }),
    importRows: Type.Integer({ description: 'Rows of running imports, or invalid rows an import reports, whose address became its hash.' }),
    idempotencyAnswers: Type.Integer({ description: 'Idempotency-Key answers kept 24 hours whose address became its hash.' }),
  },
  { additionalProperties: false },
);
export type ErasureCounts = Static<typeof ErasureCounts>;

export const Erasure = Type.Object(
  {
    id: Type.String(),
    emailHash: Type.String({
      description: 'The address as the suppression list keeps it: `erased:` and the SHA-256 of the account id and the normalized address.',
    }),
    actor: Type.Enum(['user', 'apiKey', 'operator'], { description: "Who asked: a person's session, an API key, or the operator's `postwire erase`." }),
    userId: Type.Union([Type.String(), Type.Null()], { description: 'The person (for a key, who created it); null for the operator.' }),
    apiKeyId: Type.Union([Type.String(), Type.Null()], { description: 'The API key used; null otherwise.' }),
    counts: ErasureCounts,
    createTime: Type.String(),
  },
  { description: 'One erasure: who erased which address (as its hash), what, and when.' },
);
export type Erasure = Static<typeof Erasure>;

export const ErasuresQuery = Type.Object({ ...PageQuery.properties });
export type ErasuresQuery = Static<typeof ErasuresQuery>;

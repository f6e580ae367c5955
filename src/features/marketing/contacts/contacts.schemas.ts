import { Type, type Static } from 'typebox';
import { EmailField, ResourceFields } from '../../../http/resource.js';
import { PageQuery } from '../../../http/pagination.js';

export const MAX_TAGS = 100;
export const MAX_VALUE_LENGTH = 10_000;

const FieldValueIn = Type.Object({
  customFieldId: Type.String({ description: 'A custom field of the account.', examples: ['0193a5b2c4d1e2f3a4b5c6d7'] }),
  value: Type.Union([Type.String({ maxLength: MAX_VALUE_LENGTH }), Type.Number(), Type.Boolean(), Type.Null()], {
    description: 'Stored as text, as sent; null or "" removes the contact\'s value of the field.',
    examples: ['Berlin'],
  }),
});

const CustomFieldsIn = Type.Union([Type.Array(FieldValueIn, { maxItems: 500 }), Type.Null()], {
  description: 'Values of custom fields to set; null or [] set none. Fields not named keep their values.',
});

const TagsIn = Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: MAX_TAGS }), Type.Null()], {
  description: "The contact's tags, replacing the ones it has; null or absent: unchanged.",
  examples: [['vip', 'berlin']],
});

export const AddContactBody = Type.Object(
  {
    email: EmailField("The contact's address; a contact of the account with this address is updated, not duplicated."),
    customFields: Type.Optional(CustomFieldsIn),
    tags: Type.Optional(TagsIn),
  },
  { examples: [{ email: 'ann@example.net', customFields: [{ customFieldId: '0193a5b2c4d1e2f3a4b5c6d7', value: 'Berlin' }] }] },
);
export type AddContactBody = Static<typeof AddContactBody>;

export const UpdateContactBody = Type.Object(
  {
    tags: Type.Optional(TagsIn),
    customFields: Type.Optional(CustomFieldsIn),
  },
  { examples: [{ tags: ['vip'], customFields: [{ customFieldId: '0193a5b2c4d1e2f3a4b5c6d7', value: 'Hamburg' }] }] },
);
export type UpdateContactBody = Static<typeof UpdateContactBody>;

export const ContactStatusBody = Type.Object({
  status: Type.Integer({ minimum: 1, maximum: 4, description: '1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported.', examples: [3] }),
});
export type ContactStatusBody = Static<typeof ContactStatusBody>;

export const ListMemberParams = Type.Object({
  id: Type.String({ description: 'Contact list id' }),
  contactId: Type.String({ description: 'Contact id' }),
});
export type ListMemberParams = Static<typeof ListMemberParams>;

export const ContactsQuery = Type.Object({
  ...PageQuery.properties,
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Only the contact with this address (any case).' })),
  listId: Type.Optional(Type.String({ maxLength: 24, description: 'Only contacts on this list.' })),
  tag: Type.Optional(Type.String({ maxLength: 100, description: 'Only contacts with this tag.' })),
  search: Type.Optional(Type.String({ maxLength: 320, description: 'Only contacts whose address contains this text (any case).', examples: ['example.net'] })),
  status: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 4, description: 'Only contacts shown with this status: 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported.' }),
  ),
  fieldId: Type.Optional(Type.String({ maxLength: 24, description: 'With `fieldValue`: only contacts whose value of this custom field is `fieldValue`.' })),
  fieldValue: Type.Optional(Type.String({ maxLength: MAX_VALUE_LENGTH, description: 'With `fieldId`: the value (any case) the field must have.' })),
});
export type ContactsQuery = Static<typeof ContactsQuery>;

export const Contact = Type.Object({
  ...ResourceFields,
  email: Type.String(),
  rank: Type.Integer(),
  status: Type.Integer({
    description:
      "1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported; a hard bounce or complaint on the account's suppression list shows here too (docs/marketing.md).",
  }),
  tags: Type.Array(Type.String()),
  customFields: Type.Array(Type.Object({ customFieldId: Type.String(), name: Type.String(), type: Type.Integer(), value: Type.String() })),
  listIds: Type.Array(Type.String(), { description: 'The lists the contact is on.' }),
});
export type Contact = Static<typeof Contact>;

export const Tag = Type.Object({ tag: Type.String(), contactsCount: Type.Integer() });
export type Tag = Static<typeof Tag>;

/** What happened to a contact: the reason for its status, and the campaign mail it was sent with what the person did. */
export const ContactActivity = Type.Object({
  statusReason: Type.Union([Type.String(), Type.Null()], {
    description:
      'Why the contact has its status when the suppression list says so: hard_bounce, complaint or unsubscribe (with suppressedTime); null otherwise.',
  }),
  suppressedTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  mail: Type.Array(
    Type.Object({
      campaignId: Type.String(),
      subject: Type.String(),
      messageId: Type.String({ description: 'The message of this copy (GET /notify/v1/messages/{id}).' }),
      sentTime: Type.String({ format: 'date-time' }),
      outcome: Type.Union([Type.String(), Type.Null()], {
        description: 'delivered, bounced_hard, bounced_soft, suppressed, cancelled, failed; null while on its way.',
      }),
      deliveredTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      firstOpenTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      firstClickTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      unsubscribedTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      complainedTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
    { description: 'The newest 100 campaign copies sent to the contact, newest first.' },
  ),
});
export type ContactActivity = Static<typeof ContactActivity>;

export const MAX_BULK_CONTACTS = 1000;

export const BULK_ACTIONS = ['addToList', 'removeFromList', 'tag', 'untag', 'unsubscribe', 'delete'] as const;

export const BulkContactsBody = Type.Object(
  {
    contactIds: Type.Array(Type.String({ maxLength: 24 }), { minItems: 1, maxItems: MAX_BULK_CONTACTS, description: 'The contacts to act on.' }),
    action: Type.Union(
      BULK_ACTIONS.map((a) => Type.Literal(a)),
      { description: 'addToList / removeFromList (with listId), tag / untag (with tag), unsubscribe (status 3), delete (everywhere).' },
    ),
    listId: Type.Optional(Type.String({ maxLength: 24, description: 'The list of addToList and removeFromList.' })),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The tag of tag and untag.' })),
  },
  { examples: [{ contactIds: ['0193a5b2c4d1e2f3a4b5c6d7'], action: 'addToList', listId: '0193a5b2c4d1e2f3a4b5c6d8' }] },
);
export type BulkContactsBody = Static<typeof BulkContactsBody>;

export const BulkResult = Type.Object({
  matched: Type.Integer({ description: 'How many of the ids are live contacts of the account (the others are ignored).' }),
  changed: Type.Integer({ description: 'How many contacts the action changed (one already on the list, or already tagged, is not changed).' }),
});
export type BulkResult = Static<typeof BulkResult>;

import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

const fields = {
  listName: Type.String({ minLength: 1, maxLength: 200, description: "The list's name.", examples: ['Customers'] }),
  groupId: Type.Union([Type.String({ maxLength: 24 }), Type.Null()], {
    description: 'The group the list is filed in; absent, null or empty: none.',
    examples: ['0193a5b2c4d1e2f3a4b5c6d7'],
  }),
  legislation: Type.Integer({ minimum: 0, maximum: 3, description: 'The law its consent follows: 0 none, 1 GDPR, 2 CASL, 3 CAN-SPAM.', examples: [1] }),
};

/** POST and PUT: PUT replaces, so what it leaves out is reset (no group, legislation 0). */
export const ContactListBody = Type.Object(
  {
    listName: fields.listName,
    groupId: Type.Optional(fields.groupId),
    legislation: Type.Optional(fields.legislation),
  },
  { examples: [{ listName: 'Customers', legislation: 1 }] },
);
export type ContactListBody = Static<typeof ContactListBody>;

export const PatchContactListBody = Type.Object(
  {
    listName: Type.Optional(fields.listName),
    groupId: Type.Optional(fields.groupId),
    legislation: Type.Optional(fields.legislation),
  },
  { examples: [{ listName: 'Customers (EU)' }] },
);
export type PatchContactListBody = Static<typeof PatchContactListBody>;

export const ContactList = Type.Object({
  ...ResourceFields,
  listName: Type.String(),
  groupId: Type.Union([Type.String(), Type.Null()]),
  legislation: Type.Integer(),
  count: Type.Integer({ description: 'Contacts on the list, as of this answer.' }),
});
export type ContactList = Static<typeof ContactList>;

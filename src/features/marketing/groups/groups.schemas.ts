import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

const groupName = Type.String({ minLength: 1, maxLength: 200, description: "The group's name.", examples: ['Newsletters'] });

export const GroupBody = Type.Object({ groupName }, { examples: [{ groupName: 'Newsletters' }] });
export type GroupBody = Static<typeof GroupBody>;

export const PatchGroupBody = Type.Object({ groupName: Type.Optional(groupName) }, { examples: [{ groupName: 'Weekly' }] });
export type PatchGroupBody = Static<typeof PatchGroupBody>;

export const Group = Type.Object({
  ...ResourceFields,
  groupName: Type.String(),
  contactsCount: Type.Integer({ description: "Contacts on the group's lists (a contact on two of them counts once), as of this answer." }),
});
export type Group = Static<typeof Group>;

import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

// PascalCase as the original's clients send them; keys are matched case-insensitively, so `name`/`type` work too.
const fields = {
  Name: Type.String({ minLength: 1, maxLength: 200, description: "The field's name.", examples: ['City'] }),
  Type: Type.Integer({
    minimum: -2147483648,
    maximum: 2147483647,
    description: 'Your type code, stored and returned as given; values are never refused because of it.',
    examples: [0],
  }),
};

export const CustomFieldBody = Type.Object({ Name: fields.Name, Type: fields.Type }, { examples: [{ Name: 'City', Type: 0 }] });
export type CustomFieldBody = Static<typeof CustomFieldBody>;

export const PatchCustomFieldBody = Type.Object({ Name: Type.Optional(fields.Name), Type: Type.Optional(fields.Type) }, { examples: [{ Name: 'Town' }] });
export type PatchCustomFieldBody = Static<typeof PatchCustomFieldBody>;

export const CustomField = Type.Object({
  ...ResourceFields,
  name: Type.String(),
  type: Type.Integer(),
  items: Type.Null({ description: "Always null (the original's option list; none are kept)." }),
});
export type CustomField = Static<typeof CustomField>;

import { Type, type Static } from 'typebox';
import { EmailField, NameField, ResourceFields } from '../../http/resource.js';

export const Sender = Type.Object({
  ...ResourceFields,
  customerId: Type.String({ description: 'The owning account.' }),
  displayName: Type.String(),
  email: Type.String(),
  notifyDedicatedIps: Type.Null({ description: 'Dedicated sending addresses; always null (not offered).' }),
}, { description: 'A sender address the account may send from.' });

export type Sender = Static<typeof Sender>;

export const CreateSenderBody = Type.Object({
  email: EmailField('The address messages are sent from.'),
  displayName: Type.Optional(NameField('Shown as the From name; defaults to the part of the address before @.')),
});

export const ReplaceSenderBody = Type.Object({
  email: EmailField(),
  displayName: NameField(),
});

export const PatchSenderBody = Type.Object({
  email: Type.Optional(EmailField()),
  displayName: Type.Optional(NameField()),
});

export type CreateSenderBody = Static<typeof CreateSenderBody>;
export type PatchSenderBody = Static<typeof PatchSenderBody>;
export type ReplaceSenderBody = Static<typeof ReplaceSenderBody>;

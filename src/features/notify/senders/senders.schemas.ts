import { Type, type Static } from 'typebox';
import { EmailField, NameField, ResourceFields } from '../../../http/resource.js';

export const Sender = Type.Object(
  {
    ...ResourceFields,
    customerId: Type.String({ description: 'The owning account.' }),
    displayName: Type.String(),
    email: Type.String(),
    notifyDedicatedIps: Type.Null({ description: 'Dedicated sending addresses; always null (not offered).' }),
    verified: Type.Boolean({
      description: 'The address is confirmed or its domain is verified; with REQUIRE_VERIFIED_SENDERS only verified senders can be used in from.',
    }),
    verifiedBy: Type.Union([Type.Literal('address'), Type.Literal('domain'), Type.Null()], {
      description: 'address: its owner followed the confirmation link; domain: the account has verified its domain (or a parent domain); null: not verified.',
    }),
  },
  { description: 'A sender address the account may send from.' },
);

export const SenderConfirmationQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the confirmation link.' }),
});

export type SenderConfirmationQuery = Static<typeof SenderConfirmationQuery>;

export const ConfirmedSender = Type.Object({
  email: Type.String({ description: 'The address that is now confirmed.', examples: ['billing@example.com'] }),
  verified: Type.Literal(true),
});

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

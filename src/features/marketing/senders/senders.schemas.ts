import { Type, type Static } from 'typebox';
import { EmailField, NameField, ResourceFields } from '../../../http/resource.js';

// PascalCase as the original's clients send them; keys are matched case-insensitively.
const fields = {
  DisplayName: NameField('Shown as the From name of campaigns.'),
  Email: EmailField('The From address of campaigns.'),
  ReplyEmail: EmailField('Where replies go (Reply-To).'),
};

export const MarketingSenderBody = Type.Object(
  { DisplayName: fields.DisplayName, Email: fields.Email, ReplyEmail: fields.ReplyEmail },
  {
    examples: [{ DisplayName: 'Example News', Email: 'news@example.com', ReplyEmail: 'hello@example.com' }],
  },
);
export type MarketingSenderBody = Static<typeof MarketingSenderBody>;

export const PatchMarketingSenderBody = Type.Object(
  { DisplayName: Type.Optional(fields.DisplayName), ReplyEmail: Type.Optional(fields.ReplyEmail) },
  {
    examples: [{ DisplayName: 'Example Weekly' }],
  },
);
export type PatchMarketingSenderBody = Static<typeof PatchMarketingSenderBody>;

export const MarketingSender = Type.Object({
  ...ResourceFields,
  email: Type.String(),
  displayName: Type.String(),
  replyEmail: Type.String(),
  spf: Type.Boolean({ description: "The last check of the address's sending domain (POST /notify/v1/domains/{id}/verify) found its SPF record." }),
  dkim: Type.Boolean({ description: 'The last check found its DKIM record.' }),
  dmarc: Type.Boolean({ description: 'The last check found a DMARC record.' }),
  activation: Type.Boolean({ description: 'The address may be used: confirmed from its mailbox (the link Postwire mails to it) or at a verified domain.' }),
  fullName: Type.String({ description: 'The From header: `Display Name <address>`.' }),
});
export type MarketingSender = Static<typeof MarketingSender>;

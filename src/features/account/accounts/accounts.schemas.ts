import { Type, type Static } from 'typebox';
import { EmailField, NameField, ResourceFields } from '../../../http/resource.js';
import { AccountBilling } from '../billing/billing.schemas.js';

/** The range an account may choose its body retention in, days. */
export const MIN_BODY_RETENTION_DAYS = 1;
export const MAX_BODY_RETENTION_DAYS = 3650;

export const Account = Type.Object(
  {
    ...ResourceFields,
    name: Type.String({ examples: ['Example Ltd'] }),
    email: Type.String({ description: "The account's contact address (not a login; users log in with their own).", examples: ['billing@example.com'] }),
    plan: Type.String({ description: 'A label set by the operator.', examples: ['self-hosted'] }),
    postalAddress: Type.String({
      description: "The sender's postal address, printed in the footer of every campaign copy; empty until set (the campaign pages warn then).",
      examples: ['Example Ltd, 1 Market Street, Springfield 12345, USA'],
    }),
    bodyRetentionDays: Type.Integer({
      minimum: MIN_BODY_RETENTION_DAYS,
      maximum: MAX_BODY_RETENTION_DAYS,
      description:
        "Days a message's content (HTML, text, attachments, MIME) is kept before the purge clears it: the account's own setting, or the server's RETENTION_BODY_DAYS when it has none.",
      examples: [30],
    }),
    ...AccountBilling,
    limits: Type.Object(
      {
        recipientsPerMessage: Type.Integer({ description: 'Most recipients in the to of one POST /notify/v1/send.', examples: [1000] }),
        requestBodyBytes: Type.Integer({ description: 'Largest request body accepted (413 above).', examples: [10485760] }),
      },
      { additionalProperties: true },
    ),
    usage: Type.Object(
      {
        periodStart: Type.String({ format: 'date-time', description: 'Start of the current calendar month, UTC.', examples: ['2026-11-01T00:00:00.000Z'] }),
        recipientsAccepted: Type.Integer({ description: 'Recipients accepted for delivery since periodStart.', examples: [1234] }),
      },
      { additionalProperties: true },
    ),
  },
  { description: "The account: profile, plan, limits and this month's usage.", additionalProperties: true },
);
export type Account = Static<typeof Account>;

export const PatchAccountBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, format: 'single-line', examples: ['Example Ltd'] })),
  email: Type.Optional(EmailField("The account's contact address.")),
  postalAddress: Type.Optional(
    Type.String({
      maxLength: 500,
      description: "The sender's postal address for the footer of campaign mail; line breaks are kept. Empty removes it.",
      examples: ['Example Ltd, 1 Market Street, Springfield 12345, USA'],
    }),
  ),
  bodyRetentionDays: Type.Optional(
    Type.Union([Type.Integer({ minimum: MIN_BODY_RETENTION_DAYS, maximum: MAX_BODY_RETENTION_DAYS }), Type.Null()], {
      description: `Days message bodies are kept for this account, ${MIN_BODY_RETENTION_DAYS}–${MAX_BODY_RETENTION_DAYS}, shorter or longer than the server's RETENTION_BODY_DAYS; null goes back to the server's setting.`,
      examples: [7],
    }),
  ),
});
export type PatchAccountBody = Static<typeof PatchAccountBody>;

export const SignUpBody = Type.Object({
  email: EmailField("The owner's login address; also the account's first sender."),
  password: Type.String({ minLength: 8, maxLength: 1024, description: 'At least 8 characters.', examples: ['correct horse battery staple'] }),
  name: Type.Optional(NameField("The account's name; defaults to the part of the address before @.")),
});
export type SignUpBody = Static<typeof SignUpBody>;

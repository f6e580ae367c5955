import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';
import { ID_PATTERN } from '../../../lib/ids.js';

const title = Type.String({ minLength: 1, maxLength: 200, description: 'Shown as the heading of the page.', examples: ['Our newsletter'] });
const listIds = Type.Array(Type.String({ pattern: ID_PATTERN }), {
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  description: 'Contact lists a confirmed sign-up is put on.',
});
const fromEmail = Type.String({
  maxLength: 320,
  description:
    "A sender of the account (GET /notify/v1/senders), usable as the send path's from.email, that the confirmation mail comes from; any other address is a 400. Absent or '': the account's first sender.",
});

export const FormBody = Type.Object(
  { title, listIds, fromEmail: Type.Optional(fromEmail) },
  { examples: [{ title: 'Our newsletter', listIds: ['0193a5b2c4d1e2f3a4b5c6d7'] }] },
);
export type FormBody = Static<typeof FormBody>;

export const PatchFormBody = Type.Object({ title: Type.Optional(title), listIds: Type.Optional(listIds), fromEmail: Type.Optional(fromEmail) });
export type PatchFormBody = Static<typeof PatchFormBody>;

export const Form = Type.Object({
  ...ResourceFields,
  title: Type.String(),
  formUrl: Type.String({ description: 'The hosted sign-up page: link to it, or embed it in an iframe.' }),
  listIds: Type.Array(Type.String()),
  fromEmail: Type.String({ description: "The confirmation mail's from address ('' : the account's first sender)." }),
});
export type Form = Static<typeof Form>;

/** What the page posts (application/x-www-form-urlencoded); every field optional, each answered by the page itself. */
export const SignupBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  website: Type.Optional(Type.String({ maxLength: 1000 })),
  token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SignupBody = Static<typeof SignupBody>;

export const ConfirmQuery = Type.Object({ s: Type.String({ maxLength: 100 }), sig: Type.String({ maxLength: 200 }) });
export type ConfirmQuery = Static<typeof ConfirmQuery>;

export const Consent = Type.Object({
  source: Type.String({ description: '`form:<id>` for a sign-up form.' }),
  ip: Type.String({ description: 'The address the sign-up came from.' }),
  consentTime: Type.String({ format: 'date-time', description: 'When the form was submitted.' }),
  confirmTime: Type.String({ format: 'date-time', description: 'When the confirmation link was followed (double opt-in).' }),
});
export type Consent = Static<typeof Consent>;

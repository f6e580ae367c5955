import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

const subject = Type.String({ format: 'single-line', minLength: 1, maxLength: 998, description: 'Subject line; `#fieldname#` placeholders allowed.' });
const language = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
  description: 'A language tag.',
  examples: ['en-US'],
});
const htmlContent = Type.String({ minLength: 1, maxLength: 2_000_000, description: 'The HTML body; `#fieldname#` placeholders allowed.' });

export const NewsletterBody = Type.Object(
  { subject, language, htmlContent },
  { examples: [{ subject: 'Our June news', language: 'en-US', htmlContent: '<p>Hello #name#</p>' }] },
);
export type NewsletterBody = Static<typeof NewsletterBody>;

export const PatchNewsletterBody = Type.Object(
  { subject: Type.Optional(subject), language: Type.Optional(language), htmlContent: Type.Optional(htmlContent) },
  { examples: [{ subject: 'Our July news' }] },
);
export type PatchNewsletterBody = Static<typeof PatchNewsletterBody>;

export const Newsletter = Type.Object({
  ...ResourceFields,
  name: Type.String({ description: 'The name a picker shows: the subject (a newsletter has no name of its own).' }),
  subject: Type.String(),
  language: Type.String(),
  htmlContent: Type.String(),
  type: Type.Integer({ description: '0 for designs made through the API.' }),
});
export type Newsletter = Static<typeof Newsletter>;

/** The base fields every resource object carries (specification: "Base resource fields"). */
import { Type, type Static } from 'typebox';
import { MAX_EMAIL_LENGTH } from '../lib/email-address.js';

export { iso, resourceFields, type AuditedRow } from '../lib/api-shape.js';

export const ResourceFields = {
  id: Type.String({ description: '24 lowercase hex characters, ordered by creation time.', examples: ['0193a5b2c4d1e2f3a4b5c6d7'] }),
  createTime: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
  createUserId: Type.String(),
  updateTime: Type.String({ format: 'date-time' }),
  updateUserId: Type.String(),
  isDeleted: Type.Boolean(),
};

/** An email address field of a request body. */
export const EmailField = (description?: string) =>
  Type.String({ format: 'email', maxLength: MAX_EMAIL_LENGTH, examples: ['hello@example.com'], ...(description ? { description } : {}) });

/** A message recipient's address: as `EmailField`, and a non-ASCII local part is accepted (delivered over SMTPUTF8 only). */
export const RecipientEmailField = (description?: string) =>
  Type.String({
    format: 'recipient-email',
    maxLength: MAX_EMAIL_LENGTH,
    examples: ['ann@example.net'],
    ...(description ? { description } : {}),
  });

/** A display name: ends up in a header, so one line only. */
export const NameField = (description?: string) =>
  Type.String({ format: 'single-line', maxLength: 200, examples: ['Example Ltd'], ...(description ? { description } : {}) });

export const IdParams = Type.Object({ id: Type.String({ description: 'Resource id' }) });
export type IdParams = Static<typeof IdParams>;

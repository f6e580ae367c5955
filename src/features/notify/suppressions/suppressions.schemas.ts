import { Type, type Static } from 'typebox';
import { PageQuery } from '../../../http/pagination.js';
import { EmailField, ResourceFields } from '../../../http/resource.js';
import { MAX_EMAIL_LENGTH } from '../../../lib/email-address.js';
import type { SuppressionReason } from './suppressions.table.js';

export const SUPPRESSION_REASONS = ['hard_bounce', 'complaint', 'unsubscribe', 'manual'] as const satisfies readonly SuppressionReason[];

export const SuppressionReasonEnum = Type.Enum([...SUPPRESSION_REASONS], {
  description:
    'hard_bounce: a receiving server refused the address for good; complaint: the recipient reported a message as spam; unsubscribe: the ' +
    "recipient used a message's unsubscribe link (docs/tracking.md); manual: added through the API.",
});

export const Suppression = Type.Object(
  {
    ...ResourceFields,
    email: Type.String({
      description: 'The suppressed address; messages to it are not attempted. An erased address (docs/privacy.md) shows as `erased:` and its hash.',
    }),
    reason: SuppressionReasonEnum,
    details: Type.Object({}, { additionalProperties: true, description: 'What caused it: the remote response, the message and recipient ids…' }),
  },
  { description: 'An address the account does not send to.' },
);

export type Suppression = Static<typeof Suppression>;

export const SuppressionsQuery = Type.Object({
  ...PageQuery.properties,
  email: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH, description: 'Only this address (compared without case).' })),
});

export type SuppressionsQuery = Static<typeof SuppressionsQuery>;

export const SuppressionsExportQuery = Type.Object({ email: SuppressionsQuery.properties.email });
export type SuppressionsExportQuery = Static<typeof SuppressionsExportQuery>;

export const CreateSuppressionBody = Type.Object({
  email: EmailField('The address to stop sending to.'),
  reason: Type.Optional(
    Type.Enum([...SUPPRESSION_REASONS], {
      description: 'Why; defaults to manual (use hard_bounce, complaint or unsubscribe when importing a list from elsewhere).',
    }),
  ),
});

export type CreateSuppressionBody = Static<typeof CreateSuppressionBody>;

export const EmailParams = Type.Object({ email: Type.String({ description: 'The suppressed address (URL-encoded).' }) });
export type EmailParams = Static<typeof EmailParams>;

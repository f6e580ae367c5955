import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

export const BILLING_MODES = ['off', 'credits'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const Payment = Type.Object(
  {
    ...ResourceFields,
    customerId: Type.String({ description: 'The account the credits went to.' }),
    amount: Type.Integer({ description: 'What was paid, in the minor unit of the currency (cents for EUR and USD, yen for JPY).', examples: [4900] }),
    currency: Type.String({ description: 'ISO 4217 code.', examples: ['EUR'] }),
    credits: Type.Integer({ description: 'Credits added to the balance; one credit pays for one accepted recipient.', examples: [10000] }),
    method: Type.String({ description: 'How it was paid, as the operator recorded it.', examples: ['bank_transfer'] }),
    reference: Type.Union([Type.String(), Type.Null()], {
      description: "The operator's reference (invoice number, transfer id…).",
      examples: ['INV-2026-0042'],
    }),
    status: Type.Literal('completed', { description: 'completed: the credits are on the balance.' }),
    createdBy: Type.String({ description: 'How the operator recorded it: cli (postwire payment add) or admin-api.', examples: ['cli'] }),
  },
  { description: 'A payment recorded by the operator, with the credits it bought.' },
);

export type Payment = Static<typeof Payment>;

export const RecordPaymentBody = Type.Object({
  credits: Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'Credits to add (one per recipient).', examples: [10000] }),
  amount: Type.Integer({
    minimum: 0,
    maximum: 1_000_000_000_000,
    description: 'Amount paid in minor units (4900 = 49.00 EUR); 0 for free credits.',
    examples: [4900],
  }),
  currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 code (case does not matter).', examples: ['EUR'] }),
  method: Type.Optional(
    Type.String({ format: 'single-line', minLength: 1, maxLength: 50, description: 'How it was paid; defaults to manual.', examples: ['bank_transfer'] }),
  ),
  reference: Type.Optional(
    Type.String({ format: 'single-line', minLength: 1, maxLength: 200, description: 'Invoice number, transfer id…', examples: ['INV-2026-0042'] }),
  ),
});

export type RecordPaymentBody = Static<typeof RecordPaymentBody>;

export const PaymentRecorded = Type.Object({
  payment: Payment,
  creditBalance: Type.Integer({ description: "The account's balance after the payment.", examples: [10000] }),
});

export type PaymentRecorded = Static<typeof PaymentRecorded>;

const Day = (description = 'A UTC day, YYYY-MM-DD.') => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, examples: ['2026-11-01'] });

export const UsageQuery = Type.Object({
  from: Type.Optional(Day('First day (UTC, YYYY-MM-DD, inclusive); defaults to the first day of the current month.')),
  to: Type.Optional(Day('Last day (UTC, YYYY-MM-DD, inclusive); defaults to today.')),
});

export type UsageQuery = Static<typeof UsageQuery>;

const UsageCounts = {
  charged: Type.Integer({ description: 'Credits debited for accepted recipients.', examples: [120] }),
  refunded: Type.Integer({ description: 'Credits given back for recipients that were never attempted (suppressed).', examples: [2] }),
  used: Type.Integer({ description: 'charged − refunded.', examples: [118] }),
};

export const Usage = Type.Object(
  {
    from: Day(),
    to: Day(),
    ...UsageCounts,
    days: Type.Array(Type.Object({ date: Day(), ...UsageCounts }), { description: 'Every day of the range, oldest first, days without use included.' }),
    storage: Type.Object(
      {
        accountBytes: Type.Integer({
          minimum: 0,
          description:
            "The account's share of the database, estimated: its rows of messages, recipients, events, tags, contacts, inbound mail and suppressions, each times its table's average bytes per row (measured at most every 10 minutes).",
          examples: [52428800],
        }),
        totalBytes: Type.Integer({ minimum: 0, description: 'The whole database now, all accounts together.', examples: [1073741824] }),
      },
      { description: 'Storage now (not per day): what message retention (docs/retention.md) keeps in check.' },
    ),
  },
  { description: 'Credits used per UTC day, and the storage the account uses now.' },
);

export type Usage = Static<typeof Usage>;

/** The billing fields of GET /account. */
export const AccountBilling = {
  billingMode: Type.Enum([...BILLING_MODES], { description: 'off: sending is not metered; credits: each accepted recipient costs one credit.' }),
  creditBalance: Type.Integer({ description: "The sum of the account's credit ledger: payments and refunds minus usage.", examples: [9880] }),
};

/** HTTP for payments and usage (account area) and the operator's payment endpoint (admin). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { TypedApp } from '../../../http/typed-app.js';
import { AppError } from '../../../errors.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { Payment, PaymentRecorded, RecordPaymentBody, Usage, UsageQuery } from './billing.schemas.js';
import type { BillingService } from './billing.service.js';

const tags = ['Billing'];
// The account scope: owners and admins, and API keys that have it (http/scopes.ts).
const security = ANY_CREDENTIAL;

export function registerBillingRoutes(app: TypedApp, billing: BillingService): void {
  app.get(
    '/account/payments',
    {
      schema: {
        tags,
        security,
        summary: "List the account's payments, newest first",
        querystring: PageQuery,
        response: { 200: EnvelopeSchema(ListSchema(Payment)) },
      },
    },
    async (request) => success(await billing.listPayments(request.principal, toPage(request.query))),
  );

  app.get(
    '/account/payments/:id',
    {
      schema: { tags, security, summary: 'Get a payment', params: IdParams, response: { 200: EnvelopeSchema(Payment) } },
    },
    async (request) => success(await billing.getPayment(request.principal, request.params.id)),
  );

  app.get(
    '/account/usage',
    {
      schema: {
        tags,
        security,
        summary: 'Credits used per day (UTC)',
        description: 'Credits charged for accepted recipients and refunded for recipients never attempted, per UTC day; at most 366 days per request.',
        querystring: UsageQuery,
        response: { 200: EnvelopeSchema(Usage) },
      },
    },
    async (request) => success(await billing.usage(request.principal, request.query)),
  );
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The operator's endpoint, only when ADMIN_TOKEN is set (otherwise it does not exist:
 * 404). The token is compared in constant time, through digests of equal length.
 */
export function registerAdminBillingRoutes(app: TypedApp, billing: BillingService, adminToken: string): void {
  const expected = digest(adminToken);
  app.post(
    '/admin/accounts/:id/payments',
    {
      schema: {
        tags: ['Admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Record a payment for an account (operator)',
        description:
          "Adds the credits to the account's balance. Requires Authorization: Bearer <ADMIN_TOKEN>; the endpoint exists only when ADMIN_TOKEN is set.",
        params: IdParams,
        body: RecordPaymentBody,
        response: { 201: EnvelopeSchema(PaymentRecorded) },
      },
      onRequest: async (request) => {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        if (!match || !timingSafeEqual(digest(match[1]!), expected)) throw AppError.unauthorized('This endpoint requires Authorization: Bearer <ADMIN_TOKEN>.');
      },
    },
    async (request, reply) => {
      const recorded = await billing.recordPayment({ ...request.body, accountId: request.params.id }, 'admin-api');
      return reply.status(201).send(success(recorded, 201, 'The payment was recorded.'));
    },
  );
}

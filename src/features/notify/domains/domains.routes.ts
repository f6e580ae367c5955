/** HTTP for sending domains: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ErrorEnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { CreateDomainBody, Domain } from './domains.schemas.js';
import type { DomainsService } from './domains.service.js';

const tags = ['Domains'];
const security = [{ bearerAuth: [] }];

export function registerDomainRoutes(app: TypedApp, domains: DomainsService): void {
  app.get(
    '/notify/v1/domains',
    {
      schema: { tags, security, summary: 'List the sending domains', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Domain)) } },
    },
    async (request) => success(await domains.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/notify/v1/domains',
    {
      schema: {
        tags,
        security,
        summary: 'Add a sending domain',
        description: 'Generates a DKIM key pair for the domain and answers the DNS records to publish. A domain that already exists in the account is 409.',
        body: CreateDomainBody,
        response: { 201: EnvelopeSchema(Domain), 409: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const domain = await domains.create(request.principal, request.body);
      return reply.status(201).send(success(domain, 201, 'Created. Publish the records, then check them with POST /notify/v1/domains/{id}/verify.'));
    },
  );

  app.get(
    '/notify/v1/domains/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Get a sending domain with its records and the last check',
        params: IdParams,
        response: { 200: EnvelopeSchema(Domain) },
      },
    },
    async (request) => success(await domains.get(request.principal, request.params.id)),
  );

  app.post(
    '/notify/v1/domains/:id/verify',
    {
      schema: {
        tags,
        security,
        summary: 'Check the DNS records of a sending domain now',
        description:
          'Looks each record up and reports it as found, missing or wrong (with what was found). The domain is verified when DKIM and SPF ' +
          'are found; 503 when the DNS server does not answer (nothing changes).',
        params: IdParams,
        response: { 200: EnvelopeSchema(Domain), 503: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const domain = await domains.verify(request.principal, request.params.id);
      return success(domain, 200, domain.verified ? 'The domain is verified.' : 'The domain is not verified: see the status of each record.');
    },
  );

  app.delete(
    '/notify/v1/domains/:id',
    {
      schema: { tags, security, summary: 'Delete a sending domain and its DKIM key', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await domains.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

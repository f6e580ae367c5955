/** HTTP for newsletters, saved designs (M28–M33 of the compatibility reference). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { Newsletter, NewsletterBody, PatchNewsletterBody } from './newsletters.schemas.js';
import type { NewslettersService } from './newsletters.service.js';

const tags = ['Marketing: newsletters'];
const security = ANY_CREDENTIAL;

export function registerNewsletterRoutes(app: TypedApp, newsletters: NewslettersService): void {
  app.get(
    '/inbox/v1/newsletters',
    {
      schema: { tags, security, summary: 'List newsletters, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Newsletter)) } },
    },
    async (request) => success(await newsletters.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/newsletters',
    {
      schema: { tags, security, summary: 'Create a newsletter', body: NewsletterBody, response: { 201: EnvelopeSchema(Newsletter) } },
    },
    async (request, reply) => reply.status(201).send(success(await newsletters.create(request.principal, request.body), 201, 'Created')),
  );

  app.get(
    '/inbox/v1/newsletters/:id',
    {
      schema: { tags, security, summary: 'A newsletter', params: IdParams, response: { 200: EnvelopeSchema(Newsletter) } },
    },
    async (request) => success(await newsletters.get(request.principal, request.params.id)),
  );

  app.put(
    '/inbox/v1/newsletters/:id',
    {
      schema: { tags, security, summary: 'Replace a newsletter', params: IdParams, body: NewsletterBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await newsletters.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.patch(
    '/inbox/v1/newsletters/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a newsletter (the original changes the subject)',
        params: IdParams,
        body: PatchNewsletterBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await newsletters.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/newsletters/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a newsletter (campaigns made from it keep their copy)',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await newsletters.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

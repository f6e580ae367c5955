/** HTTP for API keys and the key check of the marketing integrations: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL, SESSION_ONLY } from '../../../http/scopes.js';
import { ApiKey, CreateApiKeyBody, CreatedApiKey, CredentialInfo } from './apikeys.schemas.js';
import type { ApiKeysService } from './apikeys.service.js';

const tags = ['API keys'];

export function registerApiKeyRoutes(app: TypedApp, apiKeys: ApiKeysService): void {
  app.get(
    '/account/apikeys',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: "List the account's API keys (without the keys themselves)",
        description: 'Needs the account scope. Revoked keys are not listed.',
        querystring: PageQuery,
        response: { 200: EnvelopeSchema(ListSchema(ApiKey)) },
      },
    },
    async (request) => success(await apiKeys.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/account/apikeys',
    {
      schema: {
        tags,
        security: SESSION_ONLY,
        summary: 'Create an API key; the key is in this response only',
        description: 'Owners and admins, with a session. Keys look like pwLIVE followed by 40 letters and digits; store the key now, it cannot be shown again.',
        body: CreateApiKeyBody,
        response: { 201: EnvelopeSchema(CreatedApiKey) },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.create(request.principal, request.body);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(success(created, 201, 'Created'));
    },
  );

  app.delete(
    '/account/apikeys/:id',
    {
      schema: {
        tags,
        security: SESSION_ONLY,
        summary: 'Revoke an API key; it stops working at once',
        description: 'Owners and admins, with a session.',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await apiKeys.revoke(request.principal, request.params.id);
      return success(true);
    },
  );

  app.get(
    '/inbox/auth-check',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: 'Check a credential: 200 for a valid API key or token, 401 otherwise',
        description: 'The marketing integrations of the original service call this with x-api-key. Any scope will do.',
        response: { 200: EnvelopeSchema(CredentialInfo) },
      },
    },
    async (request) => success(apiKeys.describe(request.principal)),
  );
}

/** HTTP for a person's data: schema in, one service call, envelope out. Scope `account` (http/scopes.ts). */
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { Erasure, ErasuresQuery, PersonBody, PersonData } from './privacy.schemas.js';
import type { PrivacyService } from './privacy.service.js';

const tags = ['Privacy'];

export function registerPrivacyRoutes(app: TypedApp, privacy: PrivacyService): void {
  app.post(
    '/account/privacy/export',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: 'Export everything the account stores about one address',
        description:
          'Contacts (field values, tags, lists, consents), form sign-ups, suppressions, the messages sent to it with their events, ' +
          'campaign records and inbound mail from it, as one JSON document (docs/privacy.md). Changes nothing.',
        body: PersonBody,
        response: { 200: EnvelopeSchema(PersonData) },
      },
    },
    async (request) => success(await privacy.export(request.principal.accountId, request.body.email)),
  );

  app.post(
    '/account/privacy/erase',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: 'Erase one address everywhere in the account',
        description:
          'Deletes its contacts, consents, sign-ups and inbound mail; clears the copies sent to it and replaces the address by its hash; ' +
          'keeps it suppressed as that hash, so it is never mailed again; records who asked (docs/privacy.md). Cannot be undone.',
        body: PersonBody,
        response: { 200: EnvelopeSchema(Erasure) },
      },
    },
    async (request) => success(await privacy.erase(request.principal.accountId, request.body.email, { principal: request.principal })),
  );

  app.get(
    '/account/privacy/erasures',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: "The account's erasures, newest first",
        querystring: ErasuresQuery,
        response: { 200: EnvelopeSchema(ListSchema(Erasure)) },
      },
    },
    async (request) => success(await privacy.erasures(request.principal, request.query)),
  );
}

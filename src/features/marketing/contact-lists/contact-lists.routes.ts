/** HTTP for contact lists (M5–M9 of the compatibility reference, plus GET one). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { ContactList, ContactListBody, PatchContactListBody } from './contact-lists.schemas.js';
import type { ContactListsService } from './contact-lists.service.js';

const tags = ['Marketing: contact lists'];
const security = ANY_CREDENTIAL;

export function registerContactListRoutes(app: TypedApp, lists: ContactListsService): void {
  app.get(
    '/inbox/v1/contactlists',
    {
      schema: {
        tags,
        security,
        summary: 'List contact lists, newest first',
        querystring: PageQuery,
        response: { 200: EnvelopeSchema(ListSchema(ContactList)) },
      },
    },
    async (request) => success(await lists.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/contactlists',
    {
      schema: { tags, security, summary: 'Create a contact list', body: ContactListBody, response: { 201: EnvelopeSchema(ContactList) } },
    },
    async (request, reply) => reply.status(201).send(success(await lists.create(request.principal, request.body), 201, 'Created')),
  );

  app.get(
    '/inbox/v1/contactlists/:id',
    {
      schema: { tags, security, summary: 'A contact list', params: IdParams, response: { 200: EnvelopeSchema(ContactList) } },
    },
    async (request) => success(await lists.get(request.principal, request.params.id)),
  );

  app.put(
    '/inbox/v1/contactlists/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a contact list',
        description: 'What the body leaves out is reset: no group, legislation 0.',
        params: IdParams,
        body: ContactListBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await lists.update(request.principal, request.params.id, request.body, true);
      return success(true);
    },
  );

  app.patch(
    '/inbox/v1/contactlists/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change some fields of a contact list',
        params: IdParams,
        body: PatchContactListBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await lists.update(request.principal, request.params.id, request.body, false);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/contactlists/:id',
    {
      schema: { tags, security, summary: 'Delete a contact list (its contacts stay)', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await lists.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

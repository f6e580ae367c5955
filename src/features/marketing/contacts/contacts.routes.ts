/**
 * HTTP for contacts (the compatibility reference's contact routes), deleting a contact
 * everywhere, and the account's tags; a list's members are list-members.routes.ts. Writes
 * answer as the original does: a bare contact id or a bare `true`.
 */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { BulkContactsBody, BulkResult, Contact, ContactActivity, ContactsQuery, ContactStatusBody, Tag, UpdateContactBody } from './contacts.schemas.js';
import type { ContactsService } from './contacts.service.js';

const tags = ['Marketing: contacts'];
const security = ANY_CREDENTIAL;
const ContactId = Type.String({ description: "The contact's id." });

export function registerContactRoutes(app: TypedApp, contacts: ContactsService): void {
  app.get(
    '/inbox/v1/contacts',
    {
      schema: {
        tags,
        security,
        summary: 'List or search contacts, newest first',
        querystring: ContactsQuery,
        response: { 200: EnvelopeSchema(ListSchema(Contact)) },
      },
    },
    async (request) => success(await contacts.list(request.principal, request.query)),
  );

  app.get(
    '/inbox/v1/contacts/:id',
    {
      schema: { tags, security, summary: 'A contact', params: IdParams, response: { 200: EnvelopeSchema(Contact) } },
    },
    async (request) => success(await contacts.get(request.principal, request.params.id)),
  );

  app.post(
    '/inbox/v1/contacts/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a contact's tags and custom field values",
        params: IdParams,
        body: UpdateContactBody,
        response: { 200: EnvelopeSchema(ContactId) },
      },
    },
    async (request) => success(await contacts.update(request.principal, request.params.id, request.body)),
  );

  // A published typed client (compat-reference.md §2.3, M16) posts the update body to this path.
  app.post(
    '/inbox/v1/contacts/:id/status',
    {
      schema: {
        tags,
        security,
        summary: "Change a contact's tags and custom field values (the path one published client uses)",
        params: IdParams,
        body: UpdateContactBody,
        response: { 200: EnvelopeSchema(ContactId) },
      },
    },
    async (request) => success(await contacts.update(request.principal, request.params.id, request.body)),
  );

  app.patch(
    '/inbox/v1/contacts/:id/status',
    {
      schema: {
        tags,
        security,
        summary: "Set a contact's status",
        params: IdParams,
        body: ContactStatusBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await contacts.setStatus(request.principal, request.params.id, request.body.status);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/contacts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a contact everywhere (off every list, its values gone)',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await contacts.remove(request.principal, request.params.id);
      return success(true);
    },
  );

  app.get(
    '/inbox/v1/contacts/:id/activity',
    {
      schema: {
        tags,
        security,
        summary: 'Why a contact has its status, and the campaign mail it got with what the person did (opens, clicks)',
        params: IdParams,
        response: { 200: EnvelopeSchema(ContactActivity) },
      },
    },
    async (request) => success(await contacts.activity(request.principal, request.params.id)),
  );

  app.post(
    '/inbox/v1/contacts/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'One action on up to 1,000 contacts at once',
        description:
          'Adds them to a list or takes them off it, gives or takes a tag, unsubscribes them (status 3) or deletes them everywhere, in one ' +
          'transaction. Ids that are not contacts of the account are ignored: `matched` counts the ones that are, `changed` the ones the action changed.',
        body: BulkContactsBody,
        response: { 200: EnvelopeSchema(BulkResult) },
      },
    },
    async (request) => success(await contacts.bulk(request.principal, request.body)),
  );

  app.get(
    '/inbox/v1/tags',
    {
      schema: {
        tags,
        security,
        summary: "The tags of the account's contacts, with how many contacts carry each",
        response: { 200: EnvelopeSchema(ListSchema(Tag)) },
      },
    },
    async (request) => success(await contacts.tags(request.principal)),
  );
}

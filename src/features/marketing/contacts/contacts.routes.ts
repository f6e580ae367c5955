/**
 * HTTP for contacts (M10, M11, M14–M17 of the compatibility reference) plus deleting a
 * contact everywhere and the account's tags. Writes answer as the original does: a bare
 * contact id (add, update) or a bare `true`.
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { csvAnswer, sendCsv } from '../../../http/download.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import {
  AddContactBody,
  BulkContactsBody,
  BulkResult,
  Contact,
  ContactActivity,
  ContactsQuery,
  ContactStatusBody,
  ListMemberParams,
  Tag,
  UpdateContactBody,
} from './contacts.schemas.js';
import { type ContactsService, skippedFieldsMessage } from './contacts.service.js';

const tags = ['Marketing: contacts'];
const security = ANY_CREDENTIAL;
const ContactId = Type.String({ description: "The contact's id." });

export function registerContactRoutes(app: FastifyInstance, contacts: ContactsService): void {
  app.post(
    '/inbox/v1/contactlists/:id/add',
    {
      schema: {
        tags,
        security,
        summary: 'Add a contact to a list (upsert by address)',
        description:
          'A contact of the account with this address is put on the list and given the values sent; its status stays (an unsubscribed or ' +
          "bounced address is not re-subscribed). Answers the contact's id. A `customFields` entry whose id is not a custom field of the " +
          'account is skipped, not refused: the contact is added, and `resultMessage` names the skipped entries and ids.',
        params: IdParams,
        body: AddContactBody,
        response: { 200: EnvelopeSchema(ContactId) },
      },
    },
    async (request) => {
      const { id, skipped } = await contacts.addToList(request.principal, (request.params as IdParams).id, request.body as AddContactBody);
      return success(id, 200, skippedFieldsMessage(skipped));
    },
  );

  app.delete(
    '/inbox/v1/contactlists/:id/delete/:contactId',
    {
      schema: {
        tags,
        security,
        summary: 'Take a contact off a list (it stays a contact)',
        params: ListMemberParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      const { id, contactId } = request.params as ListMemberParams;
      await contacts.removeFromList(request.principal, id, contactId);
      return success(true);
    },
  );

  app.get(
    '/inbox/v1/contactlists/:id/export',
    {
      schema: {
        tags,
        security,
        summary: "The list's contacts as CSV",
        produces: ['text/csv'],
        description: 'Header row, then one row per contact: email, status, createTime, updateTime, tags (separated by `;`), one column per custom field.',
        params: IdParams,
        response: {
          200: csvAnswer('email,status,createTime,updateTime,tags,City\r\nann@example.net,1,2026-11-23T10:00:00.000Z,2026-11-23T10:00:00.000Z,vip,Berlin\r\n'),
        },
      },
    },
    async (request, reply) => {
      const rows = await contacts.exportList(request.principal, (request.params as IdParams).id);
      return sendCsv(reply, 'contacts.csv', rows);
    },
  );

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
    async (request) => success(await contacts.list(request.principal, request.query as ContactsQuery)),
  );

  app.get(
    '/inbox/v1/contacts/:id',
    {
      schema: { tags, security, summary: 'A contact', params: IdParams, response: { 200: EnvelopeSchema(Contact) } },
    },
    async (request) => success(await contacts.get(request.principal, (request.params as IdParams).id)),
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
    async (request) => success(await contacts.update(request.principal, (request.params as IdParams).id, request.body as UpdateContactBody)),
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
    async (request) => success(await contacts.update(request.principal, (request.params as IdParams).id, request.body as UpdateContactBody)),
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
      await contacts.setStatus(request.principal, (request.params as IdParams).id, (request.body as ContactStatusBody).status);
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
      await contacts.remove(request.principal, (request.params as IdParams).id);
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
    async (request) => success(await contacts.activity(request.principal, (request.params as IdParams).id)),
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
    async (request) => success(await contacts.bulk(request.principal, request.body as BulkContactsBody)),
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

/**
 * HTTP for a list's members: adding a contact to a list (an upsert by address), taking one off,
 * and the list's contacts as CSV. Writes answer as the original does: a bare contact id or `true`.
 */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { csvAnswer, sendCsv } from '../../../http/download.js';
import { EnvelopeSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { AddContactBody, ListMemberParams } from './contacts.schemas.js';
import { type ContactsService, skippedFieldsMessage } from './contacts.service.js';

const tags = ['Marketing: contacts'];
const security = ANY_CREDENTIAL;
const ContactId = Type.String({ description: "The contact's id." });

export function registerListMemberRoutes(app: TypedApp, contacts: ContactsService): void {
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
      const { id, skipped } = await contacts.addToList(request.principal, request.params.id, request.body);
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
      const { id, contactId } = request.params;
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
      const rows = await contacts.exportList(request.principal, request.params.id);
      return sendCsv(reply, 'contacts.csv', rows);
    },
  );
}

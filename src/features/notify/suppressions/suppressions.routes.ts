/** HTTP for the suppression list: schema in, one service call, envelope out (the export: CSV out). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { csvAnswer, sendCsv } from '../../../http/download.js';
import { EnvelopeSchema, ErrorResponse, ListSchema, success } from '../../../http/envelope.js';
import { CreateSuppressionBody, EmailParams, Suppression, SuppressionsExportQuery, SuppressionsQuery } from './suppressions.schemas.js';
import type { SuppressionsService } from './suppressions.service.js';

const tags = ['Suppressions'];
const security = [{ bearerAuth: [] }];

export function registerSuppressionRoutes(app: TypedApp, suppressions: SuppressionsService): void {
  app.get(
    '/notify/v1/suppressions',
    {
      schema: {
        tags,
        security,
        summary: 'List suppressed addresses, newest first',
        querystring: SuppressionsQuery,
        response: { 200: EnvelopeSchema(ListSchema(Suppression)) },
      },
    },
    async (request) => success(await suppressions.list(request.principal, request.query)),
  );

  app.post(
    '/notify/v1/suppressions',
    {
      schema: {
        tags,
        security,
        summary: 'Suppress an address',
        description: 'Messages to the address are no longer attempted (their recipients end `suppressed`). 409 when it is already suppressed.',
        body: CreateSuppressionBody,
        response: { 201: EnvelopeSchema(Suppression), 409: ErrorResponse("The address is already on the account's suppression list.") },
      },
    },
    async (request, reply) => {
      const suppression = await suppressions.create(request.principal, request.body);
      return reply.status(201).send(success(suppression, 201, 'Created'));
    },
  );

  app.get(
    '/notify/v1/suppressions/export',
    {
      schema: {
        tags,
        security,
        summary: 'The suppression list as CSV',
        produces: ['text/csv'],
        description:
          'A download (`Content-Disposition: attachment`): a header row, then one row per suppressed address, newest first: email, reason, ' +
          'createTime, details (the JSON object the list shows). `email` narrows as the list does.',
        querystring: SuppressionsExportQuery,
        response: { 200: csvAnswer('email,reason,createTime,details\r\nann@example.net,manual,2026-11-23T10:00:00.000Z,"{""source"":""api""}"\r\n') },
      },
    },
    async (request, reply) => {
      return sendCsv(reply, 'suppressions.csv', suppressions.exportCsv(request.principal, request.query));
    },
  );

  app.get(
    '/notify/v1/suppressions/:email',
    {
      schema: { tags, security, summary: 'Whether and why an address is suppressed', params: EmailParams, response: { 200: EnvelopeSchema(Suppression) } },
    },
    async (request) => success(await suppressions.get(request.principal, request.params.email)),
  );

  app.delete(
    '/notify/v1/suppressions/:email',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an address from the list (sending to it resumes)',
        params: EmailParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await suppressions.remove(request.principal, request.params.email);
      return success(true);
    },
  );
}

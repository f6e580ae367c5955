/** HTTP for custom fields (M18–M22 of the compatibility reference, plus GET one). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { CustomField, CustomFieldBody, PatchCustomFieldBody } from './custom-fields.schemas.js';
import type { CustomFieldsService } from './custom-fields.service.js';

const tags = ['Marketing: custom fields'];
const security = ANY_CREDENTIAL;

export function registerCustomFieldRoutes(app: TypedApp, fields: CustomFieldsService): void {
  app.get(
    '/inbox/v1/customfields',
    {
      schema: {
        tags,
        security,
        summary: 'List custom fields, newest first',
        querystring: PageQuery,
        response: { 200: EnvelopeSchema(ListSchema(CustomField)) },
      },
    },
    async (request) => success(await fields.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/customfields',
    {
      schema: {
        tags,
        security,
        summary: 'Create a custom field',
        description: "Request keys `Name` and `Type` as the original's clients send them (any case works); the answer uses `name` and `type`.",
        body: CustomFieldBody,
        response: { 201: EnvelopeSchema(CustomField) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await fields.create(request.principal, request.body), 201, 'Created')),
  );

  app.get(
    '/inbox/v1/customfields/:id',
    {
      schema: { tags, security, summary: 'A custom field', params: IdParams, response: { 200: EnvelopeSchema(CustomField) } },
    },
    async (request) => success(await fields.get(request.principal, request.params.id)),
  );

  app.put(
    '/inbox/v1/customfields/:id',
    {
      schema: { tags, security, summary: 'Replace a custom field', params: IdParams, body: CustomFieldBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await fields.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.patch(
    '/inbox/v1/customfields/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a custom field',
        params: IdParams,
        body: PatchCustomFieldBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await fields.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/customfields/:id',
    {
      schema: { tags, security, summary: 'Delete a custom field and its values', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await fields.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

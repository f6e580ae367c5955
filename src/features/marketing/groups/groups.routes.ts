/** HTTP for groups of contact lists (M23–M27 of the compatibility reference, plus GET one). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { Group, GroupBody, PatchGroupBody } from './groups.schemas.js';
import type { GroupsService } from './groups.service.js';

const tags = ['Marketing: groups'];
const security = ANY_CREDENTIAL;

export function registerGroupRoutes(app: TypedApp, groups: GroupsService): void {
  app.get(
    '/inbox/v1/groups',
    {
      schema: { tags, security, summary: 'List groups, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Group)) } },
    },
    async (request) => success(await groups.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/groups',
    {
      schema: { tags, security, summary: 'Create a group', body: GroupBody, response: { 201: EnvelopeSchema(Group) } },
    },
    async (request, reply) => reply.status(201).send(success(await groups.create(request.principal, request.body), 201, 'Created')),
  );

  app.get(
    '/inbox/v1/groups/:id',
    {
      schema: { tags, security, summary: 'A group', params: IdParams, response: { 200: EnvelopeSchema(Group) } },
    },
    async (request) => success(await groups.get(request.principal, request.params.id)),
  );

  app.put(
    '/inbox/v1/groups/:id',
    {
      schema: { tags, security, summary: 'Replace a group', params: IdParams, body: GroupBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await groups.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.patch(
    '/inbox/v1/groups/:id',
    {
      schema: { tags, security, summary: 'Rename a group', params: IdParams, body: PatchGroupBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await groups.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a group (its lists stay, outside any group)',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await groups.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

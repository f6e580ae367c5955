/** HTTP for segments (M34, M35 of the compatibility reference, plus create, get, update and count). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { CountRulesBody, PatchSegmentBody, Segment, SegmentBody, SegmentCount } from './segments.schemas.js';
import type { SegmentsService } from './segments.service.js';

const tags = ['Marketing: segments'];
const security = ANY_CREDENTIAL;

export function registerSegmentRoutes(app: TypedApp, segments: SegmentsService): void {
  app.get(
    '/inbox/v1/segments',
    {
      schema: { tags, security, summary: 'List segments, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Segment)) } },
    },
    async (request) => success(await segments.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/segments',
    {
      schema: { tags, security, summary: 'Create a segment', body: SegmentBody, response: { 201: EnvelopeSchema(Segment) } },
    },
    async (request, reply) => reply.status(201).send(success(await segments.create(request.principal, request.body), 201, 'Created')),
  );

  app.get(
    '/inbox/v1/segments/:id',
    {
      schema: { tags, security, summary: 'A segment', params: IdParams, response: { 200: EnvelopeSchema(Segment) } },
    },
    async (request) => success(await segments.get(request.principal, request.params.id)),
  );

  app.post(
    '/inbox/v1/segments/count',
    {
      schema: {
        tags,
        security,
        summary: 'How many contacts rules select now, before they are saved',
        description:
          'The rules are checked as a save checks them: a malformed rule, or one naming a list, field or campaign not of the account, is a 400 naming where.',
        body: CountRulesBody,
        response: { 200: EnvelopeSchema(SegmentCount) },
      },
    },
    async (request) => success(await segments.countRules(request.principal, request.body.rules)),
  );

  app.get(
    '/inbox/v1/segments/:id/count',
    {
      schema: { tags, security, summary: 'How many contacts the segment selects now', params: IdParams, response: { 200: EnvelopeSchema(SegmentCount) } },
    },
    async (request) => success(await segments.count(request.principal, request.params.id)),
  );

  app.put(
    '/inbox/v1/segments/:id',
    {
      schema: { tags, security, summary: 'Replace a segment', params: IdParams, body: SegmentBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await segments.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.patch(
    '/inbox/v1/segments/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a segment or change its rules',
        params: IdParams,
        body: PatchSegmentBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await segments.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/segments/:id',
    {
      schema: { tags, security, summary: 'Delete a segment', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await segments.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

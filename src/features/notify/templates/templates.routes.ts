/** HTTP for stored templates: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import {
  CreateTemplateBody,
  PatchTemplateBody,
  RenderedTemplate,
  RenderStoredTemplateBody,
  RenderTemplateBody,
  ReplaceTemplateBody,
  Template,
} from './templates.schemas.js';
import type { TemplatesService } from './templates.service.js';

const tags = ['Templates'];
const security = [{ bearerAuth: [] }];

export function registerTemplateRoutes(app: TypedApp, templates: TemplatesService): void {
  app.post(
    '/notify/v1/templates',
    {
      schema: {
        tags,
        security,
        summary: 'Store a template',
        description:
          'Send it with `templateId` and `params` on POST /notify/v1/send. Handlebars: `{{ name }}` (HTML-escaped), `{{{ name }}}` (as is), dotted paths, `{{#each}}`, `{{#if}}`, helpers (docs/templates.md). A syntax error is a 400 naming the field, line and column; a variable outside blocks missing at send time is a 400.',
        body: CreateTemplateBody,
        response: { 201: EnvelopeSchema(Template) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await templates.create(request.principal, request.body), 201, 'Created')),
  );

  app.post(
    '/notify/v1/templates/render',
    {
      schema: {
        tags,
        security,
        summary: 'Render a template without storing it (a preview)',
        description:
          'Fills the placeholders of `subject`, `htmlContent` and `textContent` (wrapped in the layout `layoutId` names) with `params` exactly as POST /notify/v1/send does, and stores nothing. A variable that is missing, or an object where a value belongs, is a 400 naming `params.<name>` and where it is used, unless `allowMissing` is true; `missingVariables` lists what the sample lacks. Needs the `read` scope, like reading templates.',
        body: RenderTemplateBody,
        response: { 200: EnvelopeSchema(RenderedTemplate) },
      },
    },
    async (request) => success(await templates.render(request.principal, request.body)),
  );

  app.post(
    '/notify/v1/templates/:id/render',
    {
      schema: {
        tags,
        security,
        summary: 'Render a stored template with sample values (a test render)',
        description:
          'Renders the template and its layout with `params` exactly as POST /notify/v1/send does, and sends and stores nothing. Answers subject, HTML, text (the text part a send would compose) and `missingVariables`, the variables the template uses that the sample lacks; with `allowMissing: true` those render as nothing instead of the 400 a send answers. Needs the `read` scope.',
        params: IdParams,
        body: RenderStoredTemplateBody,
        response: { 200: EnvelopeSchema(RenderedTemplate) },
      },
    },
    async (request) => success(await templates.renderStored(request.principal, request.params.id, request.body)),
  );

  app.get(
    '/notify/v1/templates',
    {
      schema: { tags, security, summary: 'List templates, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Template)) } },
    },
    async (request) => success(await templates.list(request.principal, toPage(request.query))),
  );

  app.get(
    '/notify/v1/templates/:id',
    {
      schema: { tags, security, summary: 'A template', params: IdParams, response: { 200: EnvelopeSchema(Template) } },
    },
    async (request) => success(await templates.get(request.principal, request.params.id)),
  );

  app.put(
    '/notify/v1/templates/:id',
    {
      schema: { tags, security, summary: 'Replace a template', params: IdParams, body: ReplaceTemplateBody, response: { 200: EnvelopeSchema(Template) } },
    },
    async (request) => success(await templates.update(request.principal, request.params.id, request.body, true)),
  );

  app.patch(
    '/notify/v1/templates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change some fields of a template',
        params: IdParams,
        body: PatchTemplateBody,
        response: { 200: EnvelopeSchema(Template) },
      },
    },
    async (request) => success(await templates.update(request.principal, request.params.id, request.body, false)),
  );

  app.delete(
    '/notify/v1/templates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a template (sends naming it then fail with 400)',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await templates.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

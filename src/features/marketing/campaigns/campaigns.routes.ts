/** HTTP for campaigns (M1–M4 of the compatibility reference, plus audience count, content and draft changes, schedule, pause, resume, cancel, resend, delete, test, preview, report). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import type { Principal } from '../../../http/principal.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import {
  AudienceBody,
  AudienceCount,
  Campaign,
  CampaignContent,
  CampaignFromNewsletterBody,
  CampaignItem,
  CampaignPreview,
  CampaignReport,
  CustomCampaignBody,
  PatchCampaignBody,
  PreviewQuery,
  ScheduleBody,
  TestSendBody,
} from './campaigns.schemas.js';
import type { CampaignsService } from './campaigns.service.js';

const tags = ['Marketing: campaigns'];
const security = ANY_CREDENTIAL;

export function registerCampaignRoutes(app: TypedApp, campaigns: CampaignsService): void {
  app.get(
    '/inbox/v1/campaigns',
    {
      schema: { tags, security, summary: 'List campaigns, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(CampaignItem)) } },
    },
    async (request) => success(await campaigns.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/inbox/v1/campaigns',
    {
      schema: {
        tags,
        security,
        summary: 'Create a campaign from a newsletter; answers its id',
        body: CampaignFromNewsletterBody,
        response: { 201: EnvelopeSchema(Type.String()) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await campaigns.createFromNewsletter(request.principal, request.body), 201, 'Created')),
  );

  app.post(
    '/inbox/v1/campaigns/custom',
    {
      schema: {
        tags,
        security,
        summary: 'Create a campaign from raw HTML; answers its id',
        body: CustomCampaignBody,
        response: { 201: EnvelopeSchema(Type.String()) },
      },
    },
    async (request, reply) => reply.status(201).send(success(await campaigns.createCustom(request.principal, request.body), 201, 'Created')),
  );

  app.post(
    '/inbox/v1/campaigns/audience',
    {
      schema: {
        tags,
        security,
        summary: 'How many contacts a campaign to these lists or segments would go to now',
        body: AudienceBody,
        response: { 200: EnvelopeSchema(AudienceCount) },
      },
    },
    async (request) => success(await campaigns.audienceCount(request.principal, request.body)),
  );

  app.get(
    '/inbox/v1/campaigns/:id',
    {
      schema: { tags, security, summary: 'A campaign with its counters', params: IdParams, response: { 200: EnvelopeSchema(Campaign) } },
    },
    async (request) => success(await campaigns.get(request.principal, request.params.id)),
  );

  app.get(
    '/inbox/v1/campaigns/:id/content',
    {
      schema: {
        tags,
        security,
        summary: 'What a campaign sends, as written: subject, HTML and language, placeholders unfilled',
        params: IdParams,
        response: { 200: EnvelopeSchema(CampaignContent) },
      },
    },
    async (request) => success(await campaigns.content(request.principal, request.params.id)),
  );

  app.patch(
    '/inbox/v1/campaigns/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a draft's subject, content or language, or any campaign's archive choice",
        description:
          'Subject, content and language: only a draft (status 0); any other status is a 409 saying why. `archive` and `archiveDefaults`: any campaign, ' +
          'a sent one too (the public archive lists sent campaigns only). What the body leaves out stays as it was.',
        params: IdParams,
        body: PatchCampaignBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await campaigns.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/inbox/v1/campaigns/:id',
    {
      schema: { tags, security, summary: 'Delete a campaign that has not started', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await campaigns.remove(request.principal, request.params.id);
      return success(true);
    },
  );

  const action = (path: string, summary: string, run: (principal: Principal, id: string) => Promise<void>) =>
    app.post(
      `/inbox/v1/campaigns/:id/${path}`,
      { schema: { tags, security, summary, params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } } },
      async (request) => {
        await run(request.principal, request.params.id);
        return success(true);
      },
    );
  action('pause', 'Pause: dispatch stops, queued copies wait', (p, id) => campaigns.pause(p, id));
  action('resume', 'Resume a paused campaign', (p, id) => campaigns.resume(p, id));
  action('cancel', 'Cancel: copies not yet handed to a transport are not sent', (p, id) => campaigns.cancel(p, id));
  action('resend', 'Resend to recipients that failed (not hard bounces) or were never reached; no one twice', (p, id) => campaigns.resend(p, id));

  app.post(
    '/inbox/v1/campaigns/:id/schedule',
    {
      schema: { tags, security, summary: 'Schedule a draft', params: IdParams, body: ScheduleBody, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await campaigns.schedule(request.principal, request.params.id, request.body.plannedTime);
      return success(true);
    },
  );

  app.post(
    '/inbox/v1/campaigns/:id/test',
    {
      schema: {
        tags,
        security,
        summary: 'Send test copies to given addresses',
        params: IdParams,
        body: TestSendBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await campaigns.testSend(request.principal, request.params.id, request.body.emails);
      return success(true);
    },
  );

  app.get(
    '/inbox/v1/campaigns/:id/preview',
    {
      schema: {
        tags,
        security,
        summary: "A contact's copy, and the placeholders no field answers to",
        params: IdParams,
        querystring: PreviewQuery,
        response: { 200: EnvelopeSchema(CampaignPreview) },
      },
    },
    async (request) => success(await campaigns.preview(request.principal, request.params.id, request.query)),
  );

  app.get(
    '/inbox/v1/campaigns/:id/report',
    {
      schema: {
        tags,
        security,
        summary: 'Outcomes by domain, bounces by reply, opens and clicks by hour, clicks per link',
        params: IdParams,
        response: { 200: EnvelopeSchema(CampaignReport) },
      },
    },
    async (request) => success(await campaigns.report(request.principal, request.params.id)),
  );
}

/**
 * The public campaign archive (campaign-archive.ts): no credential, the slug is the link.
 * Anything not there answers exactly the 404 of a path no route has.
 *
 *   GET /archive/{slug}        the account's archived sent campaigns, the last sent first (?page=N)
 *   GET /archive/{slug}/{id}   one of them as a web page, placeholders filled from its archive defaults
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { AppError } from '../../../errors.js';
import { PAGE_CSP, TENANT_HTML_CSP } from '../../../http/hosted-page.js';
import { ARCHIVE_PATH, type CampaignArchive } from './campaign-archive.js';

const tags = ['Marketing: campaigns'];
const security: { [scheme: string]: string[] }[] = [];

const slug = Type.String({ maxLength: 64, description: "The account's archive (a campaign's `archiveListUrl`)." });
const PAGE_ANSWER = { type: 'string', description: 'An HTML page (no script).', examples: ['<!doctype html><html lang="en">…'] };

/** Public and meant to be shared, not indexed (the account chose a link, not a search engine); revalidated, so turning the archive off takes at once. */
const PUBLIC_PAGE = { 'cache-control': 'no-cache', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };

function noSuchPath(request: FastifyRequest): AppError {
  return new AppError('not_found', `No endpoint matches ${request.method} ${request.url.split('?')[0]}.`);
}

export function registerCampaignArchiveRoutes(app: TypedApp, archive: CampaignArchive): void {
  app.get(
    `${ARCHIVE_PATH}:slug`,
    {
      schema: {
        tags,
        security,
        summary: "An account's public campaign archive",
        description: 'No authentication. The archived sent campaigns (subject and date), the last sent first, 20 a page.',
        params: Type.Object({ slug }),
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) }),
        produces: ['text/html'],
        response: { 200: PAGE_ANSWER },
      },
    },
    async (request, reply) => {
      const html = await archive.listing(request.params.slug, request.query.page ?? 1);
      if (html === undefined) throw noSuchPath(request);
      return reply
        .status(200)
        .headers({ ...PUBLIC_PAGE, 'content-security-policy': PAGE_CSP })
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.get(
    `${ARCHIVE_PATH}:slug/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'An archived campaign as a web page',
        description:
          "No authentication. The campaign's HTML with its placeholders filled from `archiveDefaults`; the recipient's links " +
          '(unsubscribe, web version) are plain text here. Scripts, forms and frames are not run. 404 unless the campaign is archived and sent.',
        params: Type.Object({ slug, id: Type.String({ maxLength: 64 }) }),
        produces: ['text/html'],
        response: { 200: PAGE_ANSWER },
      },
    },
    async (request, reply) => {
      const html = await archive.campaign(request.params.slug, request.params.id);
      if (html === undefined) throw noSuchPath(request);
      return reply
        .status(200)
        .headers({ ...PUBLIC_PAGE, 'content-security-policy': TENANT_HTML_CSP })
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
}

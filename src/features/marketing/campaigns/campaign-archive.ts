/**
 * The public campaign archive: the web version of the campaigns an account chose to show
 * (`archive`), once sent, for anyone with the link. No contact reads it, so placeholders are
 * filled from the campaign's `archive_defaults` ("Subscriber" for `#name#`, say), and the
 * recipient's own links (unsubscribe, web version) are no links here: an anchor to one keeps
 * its words as plain text, a bare mark goes. Nothing signed is ever made for these pages.
 *
 * The account's archive lives under a random slug (campaigns.store.ts claimArchiveSlug), not
 * its id: ids are time-ordered, so they could be guessed; a slug is known only to whoever
 * was given a link. A campaign not archived, not sent, or of another account is a 404.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import { iso } from '../../../lib/api-shape.js';
import { isId } from '../../../lib/ids.js';
import { escapeHtml, TemplateLimitError, TemplateSyntaxError } from '../../../lib/template-render.js';
import { type CampaignAddressee, campaignRenderer } from '../../../lib/personalise.js';
import { accountIdOfArchive, claimArchiveSlug, findArchivedCampaign, listArchivedCampaigns } from './campaigns.store.js';
import type { CampaignRow } from './campaigns.table.js';

export const ARCHIVE_PATH = '/archive/';
export const ARCHIVE_PAGE_SIZE = 20;

/** 16 random bytes, base64url: 22 characters. */
const SLUG = /^[A-Za-z0-9_-]{22}$/;

export function newArchiveSlug(): string {
  return randomBytes(16).toString('base64url');
}

/** The account's slug, made now if it has none. */
export function archiveSlugFor(db: Db, accountId: string, now: number): Promise<string> {
  return claimArchiveSlug(db, accountId, newArchiveSlug(), now);
}

/** Placeholder key → value, as the campaign stores them. */
export function archiveDefaultsOf(row: Pick<CampaignRow, 'archive_defaults'>): Record<string, string> {
  return JSON.parse(row.archive_defaults) as Record<string, string>;
}

function addresseeOf(row: Pick<CampaignRow, 'archive_defaults'>): CampaignAddressee {
  const values = new Map(Object.entries(archiveDefaultsOf(row)).map(([key, value]) => [key.toLowerCase(), value]));
  return { email: values.get('email') ?? '', values, lists: [] };
}

/** An anchor whose href is a recipient's own link: its words stay, the link goes. */
const LINK_ANCHOR = /<a\b[^>]*?\bhref\s*=\s*["']?\s*postwire-link:(?:unsubscribe|webversion)[^>]*>([\s\S]*?)<\/a\s*>/gi;
const ANY_MARK = /postwire-link:(?:unsubscribe|webversion)/g;

/** The rendered HTML with no recipient's link left in it. */
export function withoutCopyLinks(html: string): string {
  return html.replace(LINK_ANCHOR, '<span>$1</span>').replace(ANY_MARK, '');
}

function subjectOf(row: Pick<CampaignRow, 'subject' | 'template_syntax' | 'archive_defaults'>): string {
  try {
    return campaignRenderer({ ...row, html_content: '' }).subject(addresseeOf(row));
  } catch (error) {
    if (error instanceof TemplateLimitError || error instanceof TemplateSyntaxError) return row.subject;
    throw error;
  }
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}' +
  'ul{list-style:none;padding:0}li{padding:.5rem 0;border-bottom:1px solid #ddd}time{color:#555;margin-right:1rem}nav{margin-top:1rem;display:flex;gap:1rem}';

function listPage(slug: string, rows: { id: string; subject: string; sentAt: number | null }[], page: number, total: number): string {
  const base = `${ARCHIVE_PATH}${slug}`;
  const items = rows
    .map((row) => {
      const day = row.sentAt === null ? '' : iso(row.sentAt).slice(0, 10);
      return `<li><time datetime="${day}">${day}</time><a href="${base}/${row.id}">${escapeHtml(row.subject)}</a></li>`;
    })
    .join('');
  const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE));
  const nav = [
    ...(page > 1 ? [`<a href="${base}?page=${page - 1}" rel="prev">Newer</a>`] : []),
    ...(page < pages ? [`<a href="${base}?page=${page + 1}" rel="next">Older</a>`] : []),
  ];
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Campaign archive</title><style>${STYLE}</style></head><body><main><h1>Campaign archive</h1>` +
    (rows.length ? `<ul>${items}</ul>` : '<p>No campaigns here yet.</p>') +
    (pages > 1 ? `<p>Page ${page} of ${pages}</p>` : '') +
    (nav.length ? `<nav aria-label="Pages">${nav.join('')}</nav>` : '') +
    '</main></body></html>'
  );
}

export class CampaignArchive {
  constructor(private readonly db: Db) {}

  /** The archive's list page (1-based `page`), or undefined for a slug no account has. */
  async listing(slug: string, page: number): Promise<string | undefined> {
    const accountId = SLUG.test(slug) ? await accountIdOfArchive(this.db, slug) : undefined;
    if (!accountId) return undefined;
    const { rows, total } = await listArchivedCampaigns(this.db, accountId, { limit: ARCHIVE_PAGE_SIZE, offset: (page - 1) * ARCHIVE_PAGE_SIZE });
    return listPage(
      slug,
      rows.map((row) => ({ id: row.id, subject: subjectOf(row), sentAt: row.started_at })),
      page,
      total,
    );
  }

  /** An archived sent campaign of that archive's account as a web page, or undefined. */
  async campaign(slug: string, id: string): Promise<string | undefined> {
    const accountId = SLUG.test(slug) && isId(id) ? await accountIdOfArchive(this.db, slug) : undefined;
    const row = accountId ? await findArchivedCampaign(this.db, accountId, id) : undefined;
    if (!row) return undefined;
    try {
      return withoutCopyLinks(campaignRenderer(row).html(addresseeOf(row)));
    } catch (error) {
      // It was sent, so it rendered for contacts; defaults that break it leave the page empty rather than failing.
      if (error instanceof TemplateLimitError || error instanceof TemplateSyntaxError) return '';
      throw error;
    }
  }
}

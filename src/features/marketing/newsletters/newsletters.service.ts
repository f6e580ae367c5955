/**
 * Newsletters: saved designs (subject, language, HTML). A campaign copies its newsletter's
 * content when it is created, so editing or deleting a newsletter later changes no
 * campaign already made from it.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import type { Newsletter, NewsletterBody, PatchNewsletterBody } from './newsletters.schemas.js';
import { findLiveNewsletter, insertNewsletter, listLiveNewsletters, updateNewsletter } from './newsletters.store.js';
import type { NewsletterRow } from './newsletters.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

function toNewsletter(row: NewsletterRow): Newsletter {
  return { ...resourceFields(row), name: row.subject, subject: row.subject, language: row.language, htmlContent: row.html_content, type: row.type };
}

export class NewslettersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: NewsletterBody): Promise<Newsletter> {
    const now = this.clock.now();
    const row: NewsletterRow = {
      id: newId(now),
      account_id: principal.accountId,
      subject: body.subject.trim(),
      language: body.language,
      html_content: body.htmlContent,
      type: 0,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertNewsletter(this.db, row);
    return toNewsletter(row);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Newsletter>> {
    const { rows, total } = await listLiveNewsletters(this.db, principal.accountId, page);
    return listResult(rows.map(toNewsletter), total);
  }

  async get(principal: Principal, id: string): Promise<Newsletter> {
    return toNewsletter(await this.require(principal.accountId, id));
  }

  /** PUT gives every field; PATCH any of them. */
  async update(principal: Principal, id: string, body: PatchNewsletterBody): Promise<void> {
    const changes = {
      ...(body.subject !== undefined ? { subject: body.subject.trim() } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.htmlContent !== undefined ? { html_content: body.htmlContent } : {}),
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!isId(id) || !(await updateNewsletter(this.db, principal.accountId, id, changes))) throw AppError.notFound('Newsletter');
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    const removed =
      isId(id) && (await updateNewsletter(this.db, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
    if (!removed) throw AppError.notFound('Newsletter');
  }

  /** A live newsletter of the account, or a 404 (campaigns read their content through this). */
  async require(accountId: string, id: string): Promise<NewsletterRow> {
    const row = isId(id) ? await findLiveNewsletter(this.db, accountId, id) : undefined;
    if (!row) throw AppError.notFound('Newsletter');
    return row;
  }
}

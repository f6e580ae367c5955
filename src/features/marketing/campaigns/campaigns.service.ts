/**
 * Campaigns: made from a newsletter (M3) or from raw HTML (M4), to contact lists or
 * segments, sent at `plannedTime` by dispatch (campaign-dispatch.ts), counted from events
 * (campaign-counters.ts). Beyond the original: drafts, schedule, pause, resume, cancel, a
 * test send, a preview that names unknown placeholders, and a report.
 *
 * Status moves (docs/marketing.md): draft → scheduled (schedule) → sending (dispatch
 * starts) → sent (every recipient final); scheduled | sending → paused → (resume) the
 * status it had; anything not sent → cancelled. Deleting is for drafts and campaigns not
 * yet started; a started campaign is cancelled instead, so its records stay true.
 */
import type { Db } from '../../../db/database.js';
import { holdDeliveries, releaseDeliveries } from '../../../delivery/enqueue.js';
import { AppError, type FieldError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso, listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { isId, newId } from '../../../lib/ids.js';
import { fillCopyLinks } from '../../../lib/copy-links.js';
import { checkTemplate, TemplateLimitError, TemplateSyntaxError } from '../../../lib/template-render.js';
import { trackableLinks } from '../../../lib/tracked-html.js';
import { usableRule } from '../segments/segment-rules.js';
import { type AcceptedMessage, type EventLog, insertAcceptedMessages, type NotifyServices } from '../../notify/notify.module.js';
import { findLiveMarketingSender } from '../senders/senders.store.js';
import type { NewslettersService } from '../newsletters/newsletters.service.js';
import { ARCHIVE_PATH, archiveDefaultsOf, archiveSlugFor } from './campaign-archive.js';
import { cancelDeliveries } from './campaign-cancel.js';
import { type CampaignAddressee, type CampaignRenderer, campaignRenderer, placeholderKey } from '../../../lib/personalise.js';
import { queueDispatch, valuesOf } from './campaign-dispatch.js';
import { withCampaignFooter } from '../../../lib/campaign-footer.js';
import { campaignMessage } from './campaign-mail.js';
import type {
  AudienceBody,
  AudienceCount,
  Campaign,
  CampaignBody,
  CampaignContent,
  CampaignFromNewsletterBody,
  CampaignItem,
  CampaignPreview,
  CampaignReport,
  CustomCampaignBody,
  PatchCampaignBody,
  PreviewQuery,
} from './campaigns.schemas.js';
import {
  bouncesByReply,
  clicksByLink,
  countsByDomain,
  customFieldNamesOf,
  engagementByHour,
  fieldValuesOf,
  findLiveCampaign,
  findLiveContactByEmail,
  finishIfDone,
  insertCampaign,
  listLiveCampaigns,
  listNamesOf,
  liveListIdsOf,
  peopleOnLinks,
  segmentRulesOf,
  updateCampaignIn,
  recipientsOf,
  postalAddressOf,
  archiveSlugOf,
  type CampaignChanges,
} from './campaigns.store.js';
import { CAMPAIGN_STATUS, type CampaignRow, type CampaignSyntax, LIST_TYPE } from './campaigns.table.js';
import type { WorkSignal } from '../../../delivery/work-signal.js';
import type { OnCampaignEnded } from './campaign-counters.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** An unset date, as typed clients of the original bind non-nullable dates. */
export const UNSET_TIME = '0001-01-01T00:00:00.000Z';

const time = (ms: number | null) => (ms === null ? UNSET_TIME : iso(ms));

/** `plannedTime` as epoch ms: absent means now; a time without a zone is UTC. Undefined when unreadable. */
export function parsePlannedTime(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return now;
  const text = value.trim();
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !/T|\d{2}:\d{2}/.test(text) ? text : `${text}Z`;
  const withTime = /^\d{4}-\d{2}-\d{2}$/.test(zoned) ? `${zoned}T00:00:00Z` : zoned;
  const ms = Date.parse(withTime);
  return Number.isNaN(ms) ? undefined : ms;
}

function toItem(row: CampaignRow): CampaignItem {
  return {
    ...resourceFields(row),
    name: row.subject,
    subject: row.subject,
    newsletterId: row.newsletter_id ?? '',
    senderAccountId: row.marketing_sender_id,
    plannedTime: time(row.planned_at),
    totalRecipients: row.total_recipients,
    sent: row.sent,
    delivered: row.delivered,
    opened: row.opened,
    clicked: row.clicked,
    bounceSoft: row.bounce_soft,
    bounceHard: row.bounce_hard,
    spamReported: row.spam_reported,
    unsubscribed: row.unsubscribed,
    totalOpens: row.total_opens,
    totalClicks: row.total_clicks,
    lastOpenTime: time(row.last_open_at),
    lastClickTime: time(row.last_click_at),
    averageOpenTime: row.opened === 0 ? 0 : Number(row.open_delay_sum_ms) / row.opened / 1000,
    status: row.status,
    failureReason: row.failure_reason ?? '',
  };
}

/** The archive's addresses of a campaign: "" while it is not archived (or the account has no archive yet). */
function archiveUrls(row: CampaignRow, publicUrl: string, slug: string | null): Pick<Campaign, 'archiveUrl' | 'archiveListUrl'> {
  if (!row.archive || slug === null) return { archiveUrl: '', archiveListUrl: '' };
  const list = `${publicUrl}${ARCHIVE_PATH}${slug}`;
  return { archiveUrl: `${list}/${row.id}`, archiveListUrl: list };
}

function toCampaign(row: CampaignRow, urls: Pick<Campaign, 'archiveUrl' | 'archiveListUrl'>): Campaign {
  return {
    ...toItem(row),
    newsletterLanguage: row.language,
    senderAccountDisplayName: row.from_name,
    senderAccountEmail: row.from_email,
    startTime: time(row.started_at),
    endTime: time(row.ended_at),
    listType: row.list_type,
    lists: JSON.parse(row.lists) as string[],
    notifyWhenStart: row.notify_when_start === 1,
    notifyWhenEnd: row.notify_when_end === 1,
    trackOpens: row.track_opens === 1,
    trackClicks: row.track_clicks === 1,
    templateSyntax: row.template_syntax,
    archive: row.archive === 1,
    archiveDefaults: archiveDefaultsOf(row),
    ...urls,
  };
}

/**
 * A handlebars campaign's texts are checked when it is made, as a template's are when saved:
 * a syntax error names its line and column; a text that cannot be rendered for a contact (a
 * list where a value belongs) is refused too, rendered once for a contact with every variable.
 */
function contentErrors(content: { subject: string; html: string }, syntax: CampaignSyntax): FieldError[] {
  if (syntax !== 'handlebars') return [];
  const errors: FieldError[] = [];
  for (const [field, text] of [
    ['subject', content.subject],
    ['htmlContent', content.html],
  ] as const) {
    try {
      checkTemplate(text);
    } catch (error) {
      if (!(error instanceof TemplateSyntaxError || error instanceof TemplateLimitError)) throw error;
      const where = error instanceof TemplateSyntaxError ? `line ${error.line}, column ${error.column}: ${error.reason}` : error.message;
      errors.push({ field, message: `is not a valid template: ${where}` });
    }
  }
  if (errors.length) return errors;
  try {
    const renderer = campaignRenderer({ subject: content.subject, html_content: content.html, template_syntax: syntax });
    const sample: CampaignAddressee = { email: 'ann@example.com', values: new Map([['email', 'ann@example.com']]), lists: ['List'] };
    renderer.subject(sample);
    renderer.html(sample);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError || error instanceof TemplateLimitError)) throw error;
    errors.push({ field: 'htmlContent', message: `cannot be rendered for a contact: ${error.message}` });
  }
  return errors;
}

const NOT_FINISHED = [CAMPAIGN_STATUS.draft, CAMPAIGN_STATUS.scheduled, CAMPAIGN_STATUS.sending, CAMPAIGN_STATUS.paused] as const;

export class CampaignsService {
  constructor(
    private readonly db: Db,
    private readonly newsletters: NewslettersService,
    private readonly notifySenders: Pick<NotifyServices['senders'], 'usableSender'>,
    private readonly workSignal: WorkSignal,
    private readonly onEnded: OnCampaignEnded,
    /** The process's event log: test copies' and cancellations' events reach its listeners. */
    private readonly events: EventLog,
    /** campaign-dispatch.ts: the audience a dispatch would write out now, counted. */
    private readonly countRecipients: (accountId: string, listType: number, ids: string[]) => Promise<number>,
    private readonly clock: Clock = systemClock,
    /** The API's public address: the archive's links (campaign-archive.ts) are on it. */
    private readonly publicUrl: () => string = () => '',
  ) {}

  async createFromNewsletter(principal: Principal, body: CampaignFromNewsletterBody): Promise<string> {
    let newsletter: Awaited<ReturnType<NewslettersService['require']>>;
    try {
      newsletter = await this.newsletters.require(principal.accountId, body.newsletterId);
    } catch {
      throw AppError.field('newsletterId', "is not one of this account's newsletters (GET /inbox/v1/newsletters)");
    }
    const { newsletterId: _, ...rest } = body;
    return this.create(principal, {
      ...rest,
      content: { subject: newsletter.subject, html: newsletter.html_content, language: newsletter.language, newsletterId: newsletter.id },
    });
  }

  createCustom(principal: Principal, body: CustomCampaignBody): Promise<string> {
    const { subject, htmlContent, language, ...rest } = body;
    return this.create(principal, { ...rest, content: { subject: subject.trim(), html: htmlContent, language, newsletterId: null } });
  }

  /** Checks every field (all errors at once), then writes the campaign and, unless it is a draft, its dispatch job. */
  private async create(principal: Principal, body: CampaignBody): Promise<string> {
    const now = this.clock.now();
    const errors: FieldError[] = [];
    const plannedAt = parsePlannedTime(body.plannedTime, now);
    if (plannedAt === undefined) errors.push({ field: 'plannedTime', message: 'must be an ISO 8601 date and time, such as 2026-12-01T09:00:00Z' });
    errors.push(...(await this.checkAudience(principal.accountId, body.listType, body.lists)));
    const sender = isId(body.senderAccountId) ? await findLiveMarketingSender(this.db, principal.accountId, body.senderAccountId) : undefined;
    let notifySenderId: string | undefined;
    if (!sender) errors.push({ field: 'senderAccountId', message: "is not one of this account's marketing senders (GET /inbox/v1/senders)" });
    else {
      try {
        notifySenderId = (await this.notifySenders.usableSender(principal.accountId, sender.email)).id;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push({ field: 'senderAccountId', message: `${sender.email} cannot send yet: ${error.fieldErrors?.[0]?.message ?? error.message}` });
      }
    }
    errors.push(...contentErrors(body.content, body.templateSyntax ?? 'placeholders'));
    if (errors.length) throw AppError.validation(errors);
    const draft = body.draft === true;
    const row: CampaignRow = {
      id: newId(now),
      account_id: principal.accountId,
      newsletter_id: body.content.newsletterId,
      subject: body.content.subject,
      language: body.content.language,
      html_content: body.content.html,
      template_syntax: body.templateSyntax ?? 'placeholders',
      marketing_sender_id: sender!.id,
      sender_id: notifySenderId!,
      from_name: sender!.display_name,
      from_email: sender!.email,
      reply_email: sender!.reply_email,
      list_type: body.listType,
      lists: JSON.stringify([...new Set(body.lists)]),
      planned_at: Math.max(plannedAt!, now),
      started_at: null,
      ended_at: null,
      dispatched_at: null,
      status: draft ? CAMPAIGN_STATUS.draft : CAMPAIGN_STATUS.scheduled,
      notify_when_start: body.notifyWhenStart ? 1 : 0,
      notify_when_end: body.notifyWhenEnd ? 1 : 0,
      track_opens: body.trackOpens === false ? 0 : 1,
      track_clicks: body.trackClicks === false ? 0 : 1,
      failure_reason: null,
      archive: body.archive ? 1 : 0,
      archive_defaults: JSON.stringify(body.archiveDefaults ?? {}),
      dispatch_cursor: '',
      dispatch_run: 0,
      total_recipients: 0,
      finished: 0,
      sent: 0,
      delivered: 0,
      opened: 0,
      clicked: 0,
      bounce_soft: 0,
      bounce_hard: 0,
      spam_reported: 0,
      unsubscribed: 0,
      total_opens: 0,
      total_clicks: 0,
      last_open_at: null,
      last_click_at: null,
      open_delay_sum_ms: 0,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    if (body.archive) await archiveSlugFor(this.db, principal.accountId, now);
    await this.db.transaction().execute(async (trx) => {
      await insertCampaign(trx, row);
      if (!draft) await queueDispatch(trx, row, now);
    });
    return row.id;
  }

  /** Field errors for a `listType` and `lists` that are not the account's lists or segments. */
  private async checkAudience(accountId: string, listType: number, lists: string[]): Promise<FieldError[]> {
    if (listType !== LIST_TYPE.lists && listType !== LIST_TYPE.segments) return [{ field: 'listType', message: 'must be 2 (contact lists) or 3 (segments)' }];
    const ids = lists.filter(isId);
    if (listType === LIST_TYPE.lists) {
      const found = await liveListIdsOf(this.db, accountId, ids);
      return lists.flatMap((id, i) =>
        found.has(id) ? [] : [{ field: `lists[${i}]`, message: 'is not a contact list of this account (GET /inbox/v1/contactlists)' }],
      );
    }
    // A segment saved beyond today's bounds by an earlier version could not be resolved (docs/limits.md).
    const segments = new Map((await segmentRulesOf(this.db, accountId, ids)).map((s) => [s.id, usableRule(s.rules).problem]));
    return lists.flatMap((id, i) => {
      if (!segments.has(id)) return [{ field: `lists[${i}]`, message: 'is not a segment of this account (GET /inbox/v1/segments)' }];
      const problem = segments.get(id);
      return problem
        ? [{ field: `lists[${i}]`, message: `is a segment whose rules are beyond today's limits (docs/limits.md); save them again first: ${problem}` }]
        : [];
    });
  }

  /** How many contacts a campaign to these lists or segments would be sent to now: what the send form shows before anything is sent. */
  async audienceCount(principal: Principal, body: AudienceBody): Promise<AudienceCount> {
    const errors = await this.checkAudience(principal.accountId, body.listType, body.lists);
    if (errors.length) throw AppError.validation(errors);
    return { recipients: await this.countRecipients(principal.accountId, body.listType, [...new Set(body.lists)]) };
  }

  async list(principal: Principal, page: Page): Promise<ListResult<CampaignItem>> {
    const { rows, total } = await listLiveCampaigns(this.db, principal.accountId, page);
    return listResult(rows.map(toItem), total);
  }

  async get(principal: Principal, id: string): Promise<Campaign> {
    const row = await this.require(principal, id);
    return toCampaign(row, await this.archiveUrlsOf(row));
  }

  private async archiveUrlsOf(row: CampaignRow): Promise<Pick<Campaign, 'archiveUrl' | 'archiveListUrl'>> {
    return archiveUrls(row, this.publicUrl(), row.archive ? await archiveSlugOf(this.db, row.account_id) : null);
  }

  async content(principal: Principal, id: string): Promise<CampaignContent> {
    const c = await this.require(principal, id);
    return { subject: c.subject, htmlContent: c.html_content, language: c.language, templateSyntax: c.template_syntax };
  }

  /**
   * A draft's subject, content or language, checked as on create; a campaign past its draft is
   * refused (409): copies may be out. The archive choice and its defaults are any campaign's to
   * change, sent ones above all (the archive shows sent campaigns only).
   */
  async update(principal: Principal, id: string, body: PatchCampaignBody): Promise<void> {
    const campaign = await this.require(principal, id);
    const { archive, archiveDefaults, ...content } = body;
    const contentChanged = content.subject !== undefined || content.htmlContent !== undefined || content.language !== undefined;
    if (contentChanged && campaign.status !== CAMPAIGN_STATUS.draft) throw this.conflict(campaign, 'only a draft can be changed');
    const changes: CampaignChanges = { updated_at: this.clock.now(), update_user_id: principal.userId };
    if (archive !== undefined) changes.archive = archive ? 1 : 0;
    if (archiveDefaults !== undefined) changes.archive_defaults = JSON.stringify(archiveDefaults);
    if (contentChanged) {
      changes.subject = body.subject?.trim() ?? campaign.subject;
      changes.html_content = body.htmlContent ?? campaign.html_content;
      changes.language = body.language ?? campaign.language;
      const errors = contentErrors({ subject: changes.subject, html: changes.html_content }, campaign.template_syntax);
      if (errors.length) throw AppError.validation(errors);
    }
    if (archive === true) await archiveSlugFor(this.db, principal.accountId, this.clock.now());
    const changed = await updateCampaignIn(this.db, campaign.id, contentChanged ? [CAMPAIGN_STATUS.draft] : Object.values(CAMPAIGN_STATUS), changes);
    // Scheduled (or deleted) between the read and the write.
    if (!changed) throw this.conflict(campaign, 'only a draft can be changed');
  }

  /** A draft (or a paused campaign not started) is scheduled for `plannedTime`. */
  async schedule(principal: Principal, id: string, plannedTime: string | undefined): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    const plannedAt = parsePlannedTime(plannedTime, now);
    if (plannedAt === undefined) throw AppError.field('plannedTime', 'must be an ISO 8601 date and time, such as 2026-12-01T09:00:00Z');
    await this.db.transaction().execute(async (trx) => {
      const scheduled = await updateCampaignIn(trx, campaign.id, [CAMPAIGN_STATUS.draft], {
        status: CAMPAIGN_STATUS.scheduled,
        planned_at: Math.max(plannedAt, now),
        dispatch_run: campaign.dispatch_run + 1,
        updated_at: now,
        update_user_id: principal.userId,
      });
      if (!scheduled) throw this.conflict(campaign, 'only a draft can be scheduled');
      await queueDispatch(trx, scheduled, now);
    });
  }

  /** Dispatch stops at its next page; queued deliveries are held (kept) until resume. */
  async pause(principal: Principal, id: string): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const paused = await updateCampaignIn(trx, campaign.id, [CAMPAIGN_STATUS.scheduled, CAMPAIGN_STATUS.sending], {
        status: CAMPAIGN_STATUS.paused,
        updated_at: now,
        update_user_id: principal.userId,
      });
      if (!paused) throw this.conflict(campaign, 'only a scheduled or sending campaign can be paused');
      await holdDeliveries(trx, recipientsOf({ campaignId: campaign.id }));
    });
  }

  /** Back to where it was: held deliveries are due now, and dispatch runs again from its cursor. */
  async resume(principal: Principal, id: string): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const resumed = await updateCampaignIn(trx, campaign.id, [CAMPAIGN_STATUS.paused], {
        status: campaign.started_at === null ? CAMPAIGN_STATUS.scheduled : CAMPAIGN_STATUS.sending,
        dispatch_run: campaign.dispatch_run + 1,
        updated_at: now,
        update_user_id: principal.userId,
      });
      if (!resumed) throw this.conflict(campaign, 'only a paused campaign can be resumed');
      await releaseDeliveries(trx, recipientsOf({ campaignId: campaign.id }), now);
      if (resumed.dispatched_at === null) await queueDispatch(trx, resumed, now);
      else {
        const ended = await finishIfDone(trx, campaign.id, now);
        if (ended) await this.onEnded(trx, this.events, ended, now);
      }
    });
    this.workSignal.notify();
  }

  /** Ends everything not yet handed to a transport: those recipients end `cancelled` (with their events). */
  async cancel(principal: Principal, id: string): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const cancelled = await updateCampaignIn(trx, campaign.id, NOT_FINISHED, {
        status: CAMPAIGN_STATUS.cancelled,
        ended_at: now,
        updated_at: now,
        update_user_id: principal.userId,
      });
      if (!cancelled) throw this.conflict(campaign, 'a sent or cancelled campaign cannot be cancelled');
      await cancelDeliveries(trx, this.events, campaign.id, { campaignId: campaign.id }, now);
    });
  }

  /**
   * A new copy for each recipient whose copy failed for good without a hard bounce or was
   * cancelled, and the rest of the audience if it was never written out (campaign-dispatch.ts).
   * A sent or cancelled campaign becomes `sending` again until those have final outcomes.
   */
  async resend(principal: Principal, id: string): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const again = await updateCampaignIn(trx, campaign.id, [CAMPAIGN_STATUS.sent, CAMPAIGN_STATUS.cancelled, CAMPAIGN_STATUS.failed], {
        failure_reason: null,
        status: CAMPAIGN_STATUS.sending,
        started_at: campaign.started_at ?? now,
        ended_at: null,
        dispatched_at: null,
        dispatch_run: campaign.dispatch_run + 1,
        updated_at: now,
        update_user_id: principal.userId,
      });
      if (!again) throw this.conflict(campaign, 'only a sent, cancelled or failed campaign can be resent to');
      await queueDispatch(trx, again, now, true);
    });
  }

  /** Drafts and campaigns not yet started; a started campaign is cancelled instead. */
  async remove(principal: Principal, id: string): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    const removed =
      campaign.started_at === null &&
      (await updateCampaignIn(this.db, campaign.id, [CAMPAIGN_STATUS.draft, CAMPAIGN_STATUS.scheduled, CAMPAIGN_STATUS.paused], {
        deleted_at: now,
        updated_at: now,
        update_user_id: principal.userId,
      }));
    if (!removed) throw this.conflict(campaign, 'only a campaign that has not started can be deleted; cancel it instead (POST …/cancel)');
  }

  /** A copy to each address, at once, marked "[Test] " and personalised as the contact of that address (if any); not counted. */
  async testSend(principal: Principal, id: string, emails: string[]): Promise<void> {
    const campaign = await this.require(principal, id);
    const now = this.clock.now();
    const messages: AcceptedMessage[] = [];
    const renderer = campaignRenderer(campaign);
    const postalAddress = await postalAddressOf(this.db, principal.accountId);
    for (const email of emails) {
      const values = await this.valuesFor(principal.accountId, email.trim());
      const contact = await findLiveContactByEmail(this.db, principal.accountId, normalizeEmail(email.trim()));
      const lists = contact ? await this.listsFor(campaign, renderer, contact.id) : [];
      try {
        messages.push(
          campaignMessage(
            campaign,
            { email: email.trim(), values, lists },
            { now, priority: 'transactional', subjectPrefix: '[Test] ', userId: principal.userId, test: true, renderer, postalAddress },
          ),
        );
      } catch (error) {
        if (error instanceof TemplateLimitError || error instanceof TemplateSyntaxError)
          throw AppError.field('emails', `the campaign cannot be rendered for ${email.trim()}: ${error.message}`);
        throw error;
      }
    }
    await this.db.transaction().execute((trx) => insertAcceptedMessages(trx, this.events, messages));
    this.workSignal.notify();
  }

  /** The copy a contact would get, and the placeholders no field of the account answers to. */
  async preview(principal: Principal, id: string, query: PreviewQuery): Promise<CampaignPreview> {
    const campaign = await this.require(principal, id);
    const keys = (await customFieldNamesOf(this.db, principal.accountId)).map(placeholderKey);
    const renderer = campaignRenderer(campaign);
    const contact = query.email ? await findLiveContactByEmail(this.db, principal.accountId, normalizeEmail(query.email.trim())) : undefined;
    const to: CampaignAddressee = {
      email: query.email?.trim() ?? '',
      values: query.email ? await this.valuesFor(principal.accountId, query.email.trim()) : new Map<string, string>(),
      lists: contact && renderer.usesLists ? await this.listsFor(campaign, renderer, contact.id) : [],
    };
    try {
      return {
        subject: renderer.subject(to),
        // No recipient, no links of its own: they lead nowhere in a preview.
        htmlContent: fillCopyLinks(withCampaignFooter(renderer.html(to), await postalAddressOf(this.db, principal.accountId)), {
          unsubscribe: '#unsubscribe',
          webversion: '#webversion',
        }),
        unknownPlaceholders: renderer.unknown(new Set(['email', 'unsubscribe', 'webversion', ...keys])),
      };
    } catch (error) {
      if (error instanceof TemplateLimitError || error instanceof TemplateSyntaxError)
        throw AppError.field('htmlContent', `cannot be rendered: ${error.message}`);
      throw error;
    }
  }

  async report(principal: Principal, id: string): Promise<CampaignReport> {
    const campaign = await this.require(principal, id);
    const [domains, bounces, hours, links] = await Promise.all([
      countsByDomain(this.db, id),
      bouncesByReply(this.db, id),
      engagementByHour(this.db, id),
      this.linkReport(campaign),
    ]);
    const byHour = new Map<number, { opens: number; clicks: number }>();
    for (const h of hours) {
      const hour = Number(h.hour);
      let slot = byHour.get(hour);
      if (!slot) byHour.set(hour, (slot = { opens: 0, clicks: 0 }));
      if (h.type === 'opened') slot.opens += Number(h.n);
      else slot.clicks += Number(h.n);
    }
    return {
      campaign: toCampaign(campaign, await this.archiveUrlsOf(campaign)),
      byDomain: domains.map((d) => ({
        domain: d.domain,
        recipients: Number(d.recipients),
        delivered: Number(d.delivered ?? 0),
        bounced: Number(d.bounced ?? 0),
        opened: Number(d.opened),
        clicked: Number(d.clicked),
      })),
      bounces: bounces.map((b) => ({ kind: b.outcome === 'bounced_hard' ? 'hard' : 'soft', reply: b.last_response ?? '', recipients: Number(b.n) })),
      engagementByHour: [...byHour].map(([hour, slot]) => ({ hour: iso(hour * 3_600_000), ...slot })),
      links,
    };
  }

  /**
   * Clicks per tracked URL. Clicks are counted per link position of the copies
   * (campaign_link_clicks); the URL of a position is the campaign's own, so a link
   * personalised per recipient is one entry, and positions with the same URL are summed,
   * their people counted once.
   */
  private async linkReport(campaign: CampaignRow): Promise<CampaignReport['links']> {
    if (!campaign.track_clicks) return [];
    const positions = new Map<string, number[]>();
    trackableLinks(campaign.html_content).forEach((url, index) => {
      positions.set(url, [...(positions.get(url) ?? []), index]);
    });
    const counted = new Map((await clicksByLink(this.db, campaign.id)).map((row) => [Number(row.link_index), row]));
    const links: CampaignReport['links'] = [];
    for (const [url, indexes] of positions) {
      const rows = indexes.flatMap((index) => counted.get(index) ?? []);
      const sum = (pick: (row: (typeof rows)[number]) => number | string | null) => rows.reduce((n, row) => n + Number(pick(row) ?? 0), 0);
      links.push({
        url,
        clicks: sum((row) => row.clicks),
        uniqueClickers: rows.length > 1 ? await peopleOnLinks(this.db, campaign.id, indexes) : sum((row) => row.people),
        flaggedClicks: sum((row) => row.flagged_clicks),
      });
    }
    return links;
  }

  /** The names of the contact's lists, as a copy of the campaign has them (campaign-dispatch.ts listNames). */
  private async listsFor(campaign: CampaignRow, renderer: CampaignRenderer, contactId: string): Promise<string[]> {
    if (!renderer.usesLists) return [];
    const ids = campaign.list_type === LIST_TYPE.lists ? (JSON.parse(campaign.lists) as string[]) : undefined;
    return (await listNamesOf(this.db, campaign.account_id, [contactId], ids)).get(contactId) ?? [];
  }

  private async valuesFor(accountId: string, email: string): Promise<Map<string, string>> {
    const contact = await findLiveContactByEmail(this.db, accountId, normalizeEmail(email));
    if (!contact) return valuesOf({ email }, []);
    return valuesOf(contact, await fieldValuesOf(this.db, accountId, [contact.id]));
  }

  private conflict(campaign: CampaignRow, why: string): AppError {
    return new AppError('conflict', `The campaign is ${statusName(campaign.status)}: ${why}.`);
  }

  private async require(principal: Principal, id: string): Promise<CampaignRow> {
    const row = isId(id) ? await findLiveCampaign(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Campaign');
    return row;
  }
}

function statusName(status: number): string {
  return Object.entries(CAMPAIGN_STATUS).find(([, value]) => value === status)?.[0] ?? String(status);
}

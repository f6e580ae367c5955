/**
 * Dispatch: the job (task `campaign.dispatch`) that turns a campaign's audience into queued
 * mail. It pages the audience by contact id after `dispatch_cursor` (live, shown-active,
 * unsuppressed contacts of the lists or segments, each address once), leaves out the page's
 * contacts whose address is suppressed in its erased form (the SQL cannot hash; see
 * `mailable`), and writes each page in ONE transaction: a message, recipient, queue row and `accepted` event per contact, the
 * campaign's record of each, and last the cursor move, only from where the page started (last,
 * because that UPDATE locks the campaign row the delivery outcomes also update). An empty page
 * ends dispatch; the campaign ends when its last recipient is final (campaign-counters.ts).
 *
 * Crash safety: a page and its cursor commit together, so a rerun after a crash neither
 * repeats nor skips a page; a second runner of the same campaign finds the cursor moved (or
 * meets the unique (campaign, address) index) and rolls back. Pause and cancel end the loop
 * at the next page. A resend first gives a new copy to each soft-failed or cancelled recipient
 * that may still be mailed (the old record superseded, its outcome taken out of the counters),
 * then goes on from the cursor. A run that cannot succeed throws PermanentJobError; either
 * way a failed job marks the campaign failed with the reason and notifies its owner, in the
 * job's last transaction.
 */
import { sql, type SqlBool } from 'kysely';
import type { Logger } from 'pino';
import type { Db, DbOrTrx, Dialect } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { refreshStaleStatistics } from '../../../db/statistics.js';
import { withoutJit } from '../../../db/without-jit.js';
import type { WorkSignal } from '../../../delivery/work-signal.js';
import { TemplateLimitError, TemplateSyntaxError } from '../../../lib/template-render.js';
import { enqueueJob, type JobFailure, PermanentJobError } from '../../../queue/jobs.js';
import {
  type AcceptedMessage,
  campaignContent,
  type EventLog,
  insertAcceptedMessages,
  firstLiveErasureOf,
  liveSuppressionsFor,
  type SharedContent,
  suppressionKey,
} from '../../notify/notify.module.js';
import type { OnCampaignEnded } from './campaign-counters.js';
import { compileRule, SHOWN_STATUS, usableRule } from '../segments/segment-rules.js';
import { type CampaignRenderer, campaignRenderer, placeholderKey } from '../../../lib/personalise.js';
import { type CampaignAddressee, campaignMessage, ownerNotice } from './campaign-mail.js';
import {
  addToCounters,
  advanceCursor,
  type AudienceContact,
  audienceAddressesMadeSince,
  audiencePage,
  countAudience,
  fieldValuesOf,
  findCampaignById,
  finishIfDone,
  insertCampaignRecipients,
  listNamesOf,
  noCounterDeltas,
  onAnyList,
  onContacts,
  ownerEmailOf,
  postalAddressOf,
  retryableRecipients,
  segmentRulesOf,
  supersede,
  updateCampaignIn,
} from './campaigns.store.js';
import { CAMPAIGN_STATUS, type CampaignRow, LIST_TYPE, type NewCampaignRecipientRow } from './campaigns.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export const DISPATCH_TASK = 'campaign.dispatch';

/**
 * The tables dispatch grows, a row per recipient each, whose planner statistics it keeps
 * up to date (db/statistics.ts): the delivery claim, the pipeline's reads and the counters'
 * look-ups are planned from them while the campaign delivers.
 */
const DISPATCH_TABLES = ['messages', 'message_recipients', 'delivery_jobs', 'campaign_recipients'] as const;

/** How far the clocks of two processes (on two hosts) may disagree about when an erasure and a contact were made. */
const CLOCK_SKEW_MS = 3_600_000;

/** Another runner moved the cursor or the campaign stopped sending: this page is rolled back. */
class PageNotWritten extends Error {}

export interface DispatchPayload {
  campaignId: string;
  /** A resend run (see the header). */
  resend?: boolean;
}

/** Queues a run of dispatch for the campaign, due at its planned time; one per (campaign, run). */
export function queueDispatch(
  trx: DbOrTrx,
  campaign: Pick<CampaignRow, 'id' | 'account_id' | 'planned_at' | 'dispatch_run'>,
  now: number,
  resend = false,
): Promise<boolean> {
  const payload: DispatchPayload = resend ? { campaignId: campaign.id, resend } : { campaignId: campaign.id };
  return enqueueJob(
    trx,
    { task: DISPATCH_TASK, payload, key: `campaign:${campaign.id}:${campaign.dispatch_run}`, runAt: Math.max(now, campaign.planned_at) },
    now,
  );
}

/** The contact's placeholder values: its email and each custom field by name. */
export function valuesOf(contact: { email: string }, fields: { name: string; value: string }[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const f of fields) values.set(placeholderKey(f.name), f.value);
  values.set('email', contact.email);
  return values;
}

/**
 * The campaign's texts compiled once for a page of copies, and the copy of one contact. A
 * text that cannot be rendered for a contact (a bound of rendering) fails the campaign with
 * the reason: the same text fails for the next contacts too.
 */
function campaignCopies(
  campaign: CampaignRow,
  postalAddress: string,
): { renderer: CampaignRenderer; copy: (to: CampaignAddressee, now: number) => AcceptedMessage } {
  let renderer: CampaignRenderer;
  try {
    renderer = campaignRenderer(campaign);
  } catch (error) {
    throw notRenderable(error);
  }
  let content: SharedContent | undefined;
  return {
    renderer,
    copy: (to, now) => {
      try {
        content ??= campaignContent(campaign.account_id, campaign, postalAddress, now);
        return campaignMessage(campaign, to, { now, priority: 'bulk', renderer, postalAddress, content });
      } catch (error) {
        throw notRenderable(error, to.email);
      }
    },
  };
}

function notRenderable(error: unknown, email?: string): unknown {
  if (!(error instanceof TemplateSyntaxError || error instanceof TemplateLimitError)) return error;
  return new PermanentJobError(`the campaign's content cannot be rendered${email ? ` for ${email}` : ''}: ${error.message}`);
}

/** The names of the contacts' lists, when the campaign's texts use them. */
function listNames(db: DbOrTrx, campaign: CampaignRow, renderer: CampaignRenderer, contactIds: string[]): Promise<Map<string, string[]>> {
  if (!renderer.usesLists) return Promise.resolve(new Map());
  const ids = campaign.list_type === LIST_TYPE.lists ? (JSON.parse(campaign.lists) as string[]) : undefined;
  return listNamesOf(db, campaign.account_id, contactIds, ids);
}

/** The campaign's record of the recipient of one of its messages. */
function recipientRecord(campaign: CampaignRow, contact: AudienceContact, rows: AcceptedMessage, now: number): NewCampaignRecipientRow {
  return {
    recipient_id: rows.recipients[0]!.id,
    campaign_id: campaign.id,
    // Not stored (migration 0043): the campaign names the account, the recipient its message.
    account_id: '',
    message_id: '',
    contact_id: contact.id,
    email_normalized: contact.email_normalized,
    domain: contact.email_normalized.slice(contact.email_normalized.lastIndexOf('@') + 1),
    outcome: null,
    delivered_at: null,
    first_open_at: null,
    first_click_at: null,
    complained_at: null,
    unsubscribed_at: null,
    superseded: 0,
    created_at: now,
  };
}

export class CampaignDispatcher {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly workSignal: WorkSignal,
    private readonly systemFrom: string,
    /** Contacts per page, one transaction each (CAMPAIGN_DISPATCH_PAGE_SIZE). */
    private readonly pageSize: number,
    /** The process's event log: the copies' `accepted` events reach its listeners. */
    private readonly events: EventLog,
    private readonly log?: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The job handler. */
  async run(payload: DispatchPayload): Promise<void> {
    let campaign = await findCampaignById(this.db, payload.campaignId);
    if (!campaign) return;
    if (campaign.status === CAMPAIGN_STATUS.scheduled) campaign = await this.start(campaign);
    if (!campaign || campaign.status !== CAMPAIGN_STATUS.sending) return;
    if (payload.resend) {
      if (!(await this.resendFailed(campaign))) return;
      campaign = await findCampaignById(this.db, payload.campaignId);
      if (!campaign || campaign.status !== CAMPAIGN_STATUS.sending) return;
    }
    const audience = await this.audienceOf(campaign);
    const postalAddress = await postalAddressOf(this.db, campaign.account_id);
    const accountId = campaign.account_id;
    for (;;) {
      const cursor = campaign.dispatch_cursor;
      const page = await withoutJit(this.db, this.dialect, (db) => audiencePage(db, accountId, audience, SHOWN_STATUS, cursor, this.pageSize));
      if (page.length === 0) {
        await this.db.transaction().execute(async (trx) => {
          const now = this.clock.now();
          await updateCampaignIn(trx, campaign!.id, [CAMPAIGN_STATUS.sending], { dispatched_at: now, updated_at: now });
          const ended = await finishIfDone(trx, campaign!.id, now);
          if (ended) await this.notifyEnded(trx, this.events, ended, now);
        });
        return;
      }
      const next = await this.writePage(campaign, page, postalAddress);
      if (!next) return;
      campaign = next;
      await refreshStaleStatistics(this.db, DISPATCH_TABLES);
    }
  }

  /** Writes one page (see the header); the campaign as it is after, or undefined when it stopped sending. */
  private async writePage(campaign: CampaignRow, page: AudienceContact[], postalAddress: string): Promise<CampaignRow | undefined> {
    const fields = await fieldValuesOf(
      this.db,
      campaign.account_id,
      page.map((c) => c.id),
    );
    const byContact = new Map<string, { name: string; value: string }[]>();
    for (const f of fields) {
      let list = byContact.get(f.contact_id);
      if (!list) byContact.set(f.contact_id, (list = []));
      list.push(f);
    }
    const { renderer, copy } = campaignCopies(campaign, postalAddress);
    const lists = await listNames(
      this.db,
      campaign,
      renderer,
      page.map((c) => c.id),
    );
    const now = this.clock.now();
    const last = page.at(-1)!.id;
    const mailable = await this.mailable(campaign.account_id, page);
    const messages: AcceptedMessage[] = [];
    const records = mailable.map((contact) => {
      const to: CampaignAddressee = { email: contact.email, values: valuesOf(contact, byContact.get(contact.id) ?? []), lists: lists.get(contact.id) };
      const rows = copy(to, now);
      messages.push(rows);
      return recipientRecord(campaign, contact, rows, now);
    });
    try {
      // The cursor last: its row lock is held until the commit (the header, step 3).
      await this.db.transaction().execute(async (trx) => {
        await insertAcceptedMessages(trx, this.events, messages);
        await insertCampaignRecipients(trx, records);
        if (!(await advanceCursor(trx, campaign.id, campaign.dispatch_cursor, last, mailable.length, CAMPAIGN_STATUS.sending, now))) throw new PageNotWritten();
      });
    } catch (error) {
      if (error instanceof PageNotWritten) return undefined;
      // Another runner's page with the same contacts committed first: the unique
      // (campaign, address) index stopped this one before its cursor check could, and that
      // runner moved the cursor. Any other unique violation is a fault, not a lost race.
      if (isUniqueViolation(error) && (await findCampaignById(this.db, campaign.id))?.dispatch_cursor !== campaign.dispatch_cursor) return undefined;
      throw error;
    }
    this.workSignal.notify();
    return { ...campaign, dispatch_cursor: last, total_recipients: campaign.total_recipients + mailable.length };
  }

  /**
   * The contacts of a page that may be mailed: the audience's SQL leaves out addresses on the
   * suppression list as they are, but an erased address is kept there only as its hash
   * (lib/erased-address.ts), which the SQL cannot compute. It may be a contact again (an
   * import, a form, a list that still held it); it is left out here like any suppressed
   * address: no copy, not among the campaign's recipients.
   */
  private async mailable<C extends { email: string }>(accountId: string, contacts: C[]): Promise<C[]> {
    if (contacts.length === 0) return contacts;
    const suppressed = await liveSuppressionsFor(
      this.db,
      contacts.map((c) => ({ account_id: accountId, email: c.email })),
    );
    return suppressed.size === 0 ? contacts : contacts.filter((c) => !suppressed.has(suppressionKey(accountId, c.email)));
  }

  /** A resend's new copies, page by page (see the header); false when the campaign stopped sending. */
  private async resendFailed(campaign: CampaignRow): Promise<boolean> {
    const postalAddress = await postalAddressOf(this.db, campaign.account_id);
    let after = '';
    for (;;) {
      const failed = await retryableRecipients(this.db, campaign.id, after, this.pageSize);
      if (failed.length === 0) return true;
      after = failed.at(-1)!.email_normalized;
      const contactIds = failed.map((r) => r.contact_id).filter((id): id is string => id !== null);
      const mayMail = await this.mailable(
        campaign.account_id,
        await audiencePage(this.db, campaign.account_id, onContacts(contactIds), SHOWN_STATUS, '', contactIds.length),
      );
      const contacts = new Map(mayMail.map((c) => [c.id, c]));
      const chosen = failed.filter((r) => r.contact_id !== null && contacts.has(r.contact_id));
      if (chosen.length === 0) continue;
      const fields = await fieldValuesOf(this.db, campaign.account_id, [...contacts.keys()]);
      const { renderer, copy } = campaignCopies(campaign, postalAddress);
      const lists = await listNames(this.db, campaign, renderer, [...contacts.keys()]);
      const now = this.clock.now();
      try {
        await this.db.transaction().execute(async (trx) => {
          if (!(await updateCampaignIn(trx, campaign.id, [CAMPAIGN_STATUS.sending], { updated_at: now }))) throw new PageNotWritten();
          const taken = await supersede(
            trx,
            chosen.map((r) => r.recipient_id),
          );
          const soft = taken.filter((r) => r.outcome === 'bounced_soft').length;
          const deltas = { ...noCounterDeltas(), finished: -taken.length, sent: -soft, bounce_soft: -soft };
          await addToCounters(trx, campaign.id, deltas);
          const messages: AcceptedMessage[] = [];
          const records = taken.map((r) => {
            const contact = contacts.get(r.contact_id!)!;
            const own = fields.filter((f) => f.contact_id === contact.id);
            const rows = copy({ email: contact.email, values: valuesOf(contact, own), lists: lists.get(contact.id) }, now);
            messages.push(rows);
            return recipientRecord(campaign, contact, rows, now);
          });
          await insertAcceptedMessages(trx, this.events, messages);
          await insertCampaignRecipients(trx, records);
        });
      } catch (error) {
        if (error instanceof PageNotWritten) return false;
        throw error;
      }
      this.workSignal.notify();
    }
  }

  /** scheduled → sending, with notifyWhenStart's mail in the same transaction. */
  private start(campaign: CampaignRow): Promise<CampaignRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const started = await updateCampaignIn(trx, campaign.id, [CAMPAIGN_STATUS.scheduled], {
        status: CAMPAIGN_STATUS.sending,
        started_at: campaign.started_at ?? now,
        updated_at: now,
      });
      if (started?.notify_when_start && campaign.started_at === null) await this.notifyOwner(trx, started, 'started', now);
      return started ?? (await findCampaignById(trx, campaign.id));
    });
  }

  /**
   * The task's failure hook (src/queue/jobs.ts), in the transaction that fails the job: a
   * scheduled or sending campaign ends `failed` with the reason, and its owner is told.
   */
  failed = async (trx: DbOrTrx, payload: DispatchPayload, failure: JobFailure): Promise<void> => {
    const now = this.clock.now();
    const reason = failure.permanent ? failure.reason : `dispatch stopped after ${failure.attempts} attempts: ${failure.reason}`;
    const campaign = await updateCampaignIn(trx, payload.campaignId, [CAMPAIGN_STATUS.scheduled, CAMPAIGN_STATUS.sending], {
      status: CAMPAIGN_STATUS.failed,
      failure_reason: reason,
      ended_at: now,
      updated_at: now,
    });
    if (campaign) await this.notifyOwner(trx, campaign, 'failed', now);
  };

  /** The listener's and dispatch's hook when a campaign ends (campaign-counters.ts). */
  get notifyEnded(): OnCampaignEnded {
    return campaignEndNotice(this.systemFrom, this.log);
  }

  private notifyOwner(trx: DbOrTrx, campaign: CampaignRow, what: 'started' | 'ended' | 'failed', now: number): Promise<void> {
    return notifyOwner(trx, this.events, campaign, what, now, this.systemFrom, this.log);
  }

  /**
   * The contacts a dispatch would write out now, counted (each address once, without
   * unsubscribed or suppressed ones). The SQL counts contacts whose address is suppressed in
   * its erased form, as a dispatch's page reads them (`mailable`); such a contact was made
   * after its address was erased (the erasure deleted the ones before), so only the contacts
   * made since the account's first erasure still on its list are looked up here, by hash.
   */
  async countRecipients(accountId: string, listType: number, ids: string[]): Promise<number> {
    const audience = await this.audience(accountId, listType, ids);
    const counted = await countAudience(this.db, accountId, audience, SHOWN_STATUS);
    const erasedAt = await firstLiveErasureOf(this.db, accountId);
    if (erasedAt === undefined || counted === 0) return counted;
    const recent = await audienceAddressesMadeSince(this.db, accountId, audience, SHOWN_STATUS, erasedAt - CLOCK_SKEW_MS);
    return counted - (recent.length - (await this.mailable(accountId, recent)).length);
  }

  /** The campaign's audience as a condition on `contacts`: on any of its lists, or selected by any of its segments. */
  private audienceOf(campaign: CampaignRow) {
    return this.audience(campaign.account_id, campaign.list_type, JSON.parse(campaign.lists) as string[]);
  }

  private async audience(accountId: string, listType: number, ids: string[]) {
    const now = this.clock.now();
    if (listType !== LIST_TYPE.segments) return onAnyList(ids);
    const segments = await segmentRulesOf(this.db, accountId, ids);
    if (segments.length === 0) return sql<SqlBool>`1 = 0`;
    const rules = segments.map((s) => {
      const { rule, problem } = usableRule(s.rules);
      if (!rule)
        throw new PermanentJobError(
          `segment "${s.name}" (${s.id}) cannot be used: ${problem}. Save its rules again within the limits (docs/limits.md), then resend the campaign.`,
        );
      return compileRule(rule, this.dialect, now);
    });
    return sql<SqlBool>`(${sql.join(rules, sql` or `)})`;
  }
}

/** The owner's notice of a campaign's start, end or failure, accepted in the caller's transaction. */
async function notifyOwner(
  trx: DbOrTrx,
  events: EventLog,
  campaign: CampaignRow,
  what: 'started' | 'ended' | 'failed',
  now: number,
  systemFrom: string,
  log?: Logger,
): Promise<void> {
  const owner = await ownerEmailOf(trx, campaign.account_id);
  if (!owner) return log?.warn({ campaignId: campaign.id }, 'campaign notice not sent: the account has no owner');
  await insertAcceptedMessages(trx, events, [ownerNotice(campaign, owner, systemFrom, what, now)]);
}

/** What happens when a campaign ends, in the transaction that ended it: its owner's notice when asked for (notify_when_end). */
export function campaignEndNotice(systemFrom: string, log?: Logger): OnCampaignEnded {
  return async (trx, events, campaign, at) => {
    if (campaign.notify_when_end) await notifyOwner(trx, events, campaign, 'ended', at, systemFrom, log);
  };
}

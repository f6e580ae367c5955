/**
 * SQL for campaigns and their recipients: the campaign rows, the audience dispatch pages
 * through, the per-recipient records and the maintained counters, and holding or taking
 * back a campaign's queued deliveries. Reads for the API are scoped by account; dispatch
 * and the counter listener name a campaign by id (they run for no caller).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import { insertRows, updateRowsById } from '../../../db/group-commit.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import type { QueuedRecipients } from '../../../delivery/enqueue.js';
import { campaignCopiesTo } from '../../notify/notify.module.js';
import {
  CAMPAIGN_STATUS,
  type CampaignOutcome,
  type CampaignRecipientRow,
  type CampaignRow,
  type NewCampaignRecipientRow,
  type NewCampaignRow,
} from './campaigns.table.js';

export async function insertCampaign(db: DbOrTrx, row: NewCampaignRow): Promise<void> {
  await db.insertInto('campaigns').values(row).execute();
}

export function listLiveCampaigns(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: CampaignRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'campaigns', accountId), (q) => q.selectAll(), page);
}

export function findLiveCampaign(db: DbOrTrx, accountId: string, id: string): Promise<CampaignRow | undefined> {
  return findLiveRow(db, 'campaigns', accountId, id, (q) => q.selectAll());
}

export function findCampaignById(db: DbOrTrx, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export type CampaignChanges = Partial<Omit<CampaignRow, 'id' | 'account_id'>>;

/** Changes the campaign if it is in one of `statuses`; the changed row, or undefined when it was not. */
export async function updateCampaignIn(db: DbOrTrx, id: string, statuses: readonly number[], changes: CampaignChanges): Promise<CampaignRow | undefined> {
  return db
    .updateTable('campaigns')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [...statuses])
    .returningAll()
    .executeTakeFirst();
}

/** The live segments of the account among these ids, with their rules (JSON). */
export async function segmentRulesOf(db: DbOrTrx, accountId: string, ids: string[]): Promise<{ id: string; name: string; rules: string }[]> {
  if (ids.length === 0) return [];
  return liveRowsOf(db, 'segments', accountId).select(['id', 'name', 'rules']).where('id', 'in', ids).execute();
}

export async function liveListIdsOf(db: DbOrTrx, accountId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await liveRowsOf(db, 'contact_lists', accountId).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export interface AudienceContact {
  id: string;
  email: string;
  email_normalized: string;
}

/**
 * The next `limit` contacts of the audience after `cursor`, in id order: live contacts of
 * the account that `audience` selects, shown as active (segment-rules.ts SHOWN_STATUS: not
 * unsubscribed, bounced or complaining) and with no live suppression of their address.
 */
export function audiencePage(
  db: Reads,
  accountId: string,
  audience: RawBuilder<SqlBool>,
  shownStatus: RawBuilder<number>,
  cursor: string,
  limit: number,
): Promise<AudienceContact[]> {
  return audienceRows(db, accountId, audience, shownStatus)
    .select(['id', 'email', 'email_normalized'])
    .where(sql.ref('id'), '>', cursor)
    .orderBy(sql.ref('id'))
    .limit(limit)
    .execute() as Promise<AudienceContact[]>;
}

function audienceRows(db: Reads, accountId: string, audience: RawBuilder<SqlBool>, shownStatus: RawBuilder<number>) {
  return liveRowsOf(db, 'contacts', accountId)
    .where(audience)
    .where(sql<SqlBool>`${shownStatus} = 1`)
    .where(
      sql<SqlBool>`not exists (select 1 from suppressions s where s.account_id = contacts.account_id
        and s.email_normalized = contacts.email_normalized and s.deleted_at is null)`,
    );
}

/** How many contacts `audiencePage` would page through from the start: the campaign's recipients if it were sent now. */
export async function countAudience(db: DbOrTrx, accountId: string, audience: RawBuilder<SqlBool>, shownStatus: RawBuilder<number>): Promise<number> {
  const row = await audienceRows(db, accountId, audience, shownStatus)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The addresses of the contacts `countAudience` counts that were made at `since` or later. */
export async function audienceAddressesMadeSince(
  db: Reads,
  accountId: string,
  audience: RawBuilder<SqlBool>,
  shownStatus: RawBuilder<number>,
  since: number,
): Promise<{ email: string }[]> {
  return audienceRows(db, accountId, audience, shownStatus).select('email').where(sql.ref('created_at'), '>=', since).execute();
}

/** Contacts on any of these lists (a condition on `contacts`). */
export function onAnyList(listIds: string[]): RawBuilder<SqlBool> {
  if (listIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`exists (select 1 from contact_list_members m where m.contact_id = contacts.id and m.list_id in (${sql.join(listIds)}))`;
}

/** These contacts (a condition on `contacts`). */
export function onContacts(contactIds: string[]): RawBuilder<SqlBool> {
  if (contactIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`contacts.id in (${sql.join(contactIds)})`;
}

/**
 * Current records whose copy failed for good without a hard bounce, or was cancelled: a
 * resend's candidates, in address order after `after` (campaign_recipients_address's order).
 */
export function retryableRecipients(db: DbOrTrx, campaignId: string, after: string, limit: number) {
  return db
    .selectFrom('campaign_recipients')
    .select(['recipient_id', 'contact_id', 'outcome', 'email_normalized'])
    .where('campaign_id', '=', campaignId)
    .where('email_normalized', '>', after)
    .where('superseded', '=', 0)
    .where('outcome', 'in', ['bounced_soft', 'cancelled'])
    .orderBy('email_normalized')
    .limit(limit)
    .execute();
}

/**
 * Marks these records replaced by a resend, unless another run did: the ones this call took,
 * with their outcome. Each is numbered after the address's records replaced before it, so
 * (campaign, address, superseded) stays unique (migration 0043).
 */
export async function supersede(trx: DbOrTrx, recipientIds: string[]) {
  if (recipientIds.length === 0) return [];
  return trx
    .updateTable('campaign_recipients')
    .set({
      superseded: sql<number>`(select max(o.superseded) + 1 from campaign_recipients o
        where o.campaign_id = campaign_recipients.campaign_id and o.email_normalized = campaign_recipients.email_normalized)`,
    })
    .where('recipient_id', 'in', recipientIds)
    .where('superseded', '=', 0)
    .where('outcome', 'in', ['bounced_soft', 'cancelled'])
    .returning(['recipient_id', 'contact_id', 'outcome'])
    .execute();
}

/** The custom field values of these contacts, with their field's name. */
export async function fieldValuesOf(db: DbOrTrx, accountId: string, contactIds: string[]): Promise<{ contact_id: string; name: string; value: string }[]> {
  if (contactIds.length === 0) return [];
  return db
    .selectFrom('contact_field_values as v')
    .innerJoin('custom_fields as f', 'f.id', 'v.custom_field_id')
    .select(['v.contact_id', 'f.name', 'v.value'])
    .where('v.account_id', '=', accountId)
    .where('v.contact_id', 'in', contactIds)
    .where('f.deleted_at', 'is', null)
    .execute();
}

/**
 * The names of the live lists each contact is on, by contact; only lists among `listIds` when
 * given (a campaign to lists names the lists it was sent to), in order of name.
 */
export async function listNamesOf(db: DbOrTrx, accountId: string, contactIds: string[], listIds?: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0 || listIds?.length === 0) return found;
  let query = db
    .selectFrom('contact_list_members as m')
    .innerJoin('contact_lists as l', 'l.id', 'm.list_id')
    .select(['m.contact_id', 'l.name'])
    .where('m.account_id', '=', accountId)
    .where('l.account_id', '=', accountId)
    .where('m.contact_id', 'in', contactIds)
    .where('l.deleted_at', 'is', null);
  if (listIds) query = query.where('l.id', 'in', listIds);
  for (const row of await query.orderBy('l.name').orderBy('l.id').execute()) found.get(row.contact_id)?.push(row.name);
  return found;
}

export async function customFieldNamesOf(db: DbOrTrx, accountId: string): Promise<string[]> {
  const rows = await liveRowsOf(db, 'custom_fields', accountId).select('name').execute();
  return rows.map((r) => r.name);
}

export async function findLiveContactByEmail(db: DbOrTrx, accountId: string, emailNormalized: string): Promise<AudienceContact | undefined> {
  return (await liveRowsOf(db, 'contacts', accountId)
    .select(['id', 'email', 'email_normalized'])
    .where(sql.ref('email_normalized'), '=', emailNormalized)
    .executeTakeFirst()) as AudienceContact | undefined;
}

/**
 * Moves dispatch's cursor from `from` to `to` and adds the chunk's recipients to the
 * total, only if the campaign is still sending and nobody moved the cursor meanwhile:
 * false means this chunk must not be written (see campaign-dispatch.ts).
 */
export async function advanceCursor(trx: DbOrTrx, id: string, from: string, to: string, added: number, status: number, now: number): Promise<boolean> {
  const row = await trx
    .updateTable('campaigns')
    .set((eb) => ({ dispatch_cursor: to, total_recipients: eb('total_recipients', '+', added), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', status)
    .where('dispatch_cursor', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCampaignRecipients(trx: DbOrTrx, rows: NewCampaignRecipientRow[]): Promise<void> {
  await insertRows(trx, 'campaign_recipients', rows);
}

/** The campaign records of these message recipients (most recipients are not a campaign's: none). */
export function campaignRecipientsOf(trx: DbOrTrx, recipientIds: string[]): Promise<Pick<CampaignRecipientRow, 'recipient_id' | 'campaign_id'>[]> {
  return trx.selectFrom('campaign_recipients').select(['recipient_id', 'campaign_id']).where('recipient_id', 'in', recipientIds).execute();
}

/**
 * Sets a recipient's final outcome if it has none yet (or, `from`, if it is that one):
 * the row when it changed. With RETURNING, so it is answered inside a write-behind
 * transaction too (db/sqlite-thread-dialect.ts).
 */
export function setOutcome(trx: DbOrTrx, recipientId: string, outcome: CampaignOutcome, from: CampaignOutcome | null, deliveredAt: number | null) {
  return trx
    .updateTable('campaign_recipients')
    .set({ outcome, ...(deliveredAt !== null ? { delivered_at: deliveredAt } : {}) })
    .where('recipient_id', '=', recipientId)
    .where('outcome', from === null ? 'is' : '=', from)
    .returning(['recipient_id', 'delivered_at'])
    .executeTakeFirst();
}

/** Final outcomes set at most this many recipients per statement (SQLite's and PostgreSQL's parameter limits; a cancel finishes a whole campaign at once). */
const OUTCOMES_PER_STATEMENT = 1000;

/**
 * setOutcome (from no outcome) for many recipients, one statement per kind of outcome
 * rather than one per recipient: the ids of the records that changed. The delivery
 * worker's outcomes reach the counter listener a group commit at a time, and one
 * statement each, waited for in turn inside that commit, was most of its PostgreSQL
 * round trips (docs/performance.md, Campaigns).
 */
export async function setOutcomes(
  trx: DbOrTrx,
  outcomes: { recipientId: string; outcome: CampaignOutcome; deliveredAt: number | null }[],
): Promise<Set<string>> {
  const changed = new Set<string>();
  const options = { idColumn: 'recipient_id', onlyWhere: { column: 'outcome', isNull: true }, returning: true } as const;
  // delivered_at only where setOutcome would set it: the other outcomes leave it as it is.
  const delivered = outcomes.filter((o) => o.deliveredAt !== null);
  const others = outcomes.filter((o) => o.deliveredAt === null);
  for (let i = 0; i < delivered.length; i += OUTCOMES_PER_STATEMENT) {
    const rows = delivered.slice(i, i + OUTCOMES_PER_STATEMENT).map((o) => ({ id: o.recipientId, values: [o.outcome, o.deliveredAt] }));
    for (const id of await updateRowsById(trx, 'campaign_recipients', [{ name: 'outcome' }, { name: 'delivered_at', cast: 'bigint' }], rows, options))
      changed.add(id);
  }
  for (let i = 0; i < others.length; i += OUTCOMES_PER_STATEMENT) {
    const rows = others.slice(i, i + OUTCOMES_PER_STATEMENT).map((o) => ({ id: o.recipientId, values: [o.outcome] }));
    for (const id of await updateRowsById(trx, 'campaign_recipients', [{ name: 'outcome' }], rows, options)) changed.add(id);
  }
  return changed;
}

type FirstColumn = 'first_open_at' | 'first_click_at' | 'complained_at' | 'unsubscribed_at';

/** Records the first time of something per recipient: the row when this was the first. */
export function setFirst(trx: DbOrTrx, recipientId: string, column: FirstColumn, at: number) {
  return trx
    .updateTable('campaign_recipients')
    .set({ [column]: at })
    .where('recipient_id', '=', recipientId)
    .where(column, 'is', null)
    .returning(['recipient_id', 'delivered_at', 'created_at'])
    .executeTakeFirst();
}

export interface CounterDeltas {
  finished: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounce_soft: number;
  bounce_hard: number;
  spam_reported: number;
  unsubscribed: number;
  total_opens: number;
  total_clicks: number;
  open_delay_sum_ms: number;
  lastOpenAt: number | null;
  lastClickAt: number | null;
}

export const noCounterDeltas = (): CounterDeltas => ({
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
  open_delay_sum_ms: 0,
  lastOpenAt: null,
  lastClickAt: null,
});

const COUNTERS = [
  'finished',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounce_soft',
  'bounce_hard',
  'spam_reported',
  'unsubscribed',
  'total_opens',
  'total_clicks',
  'open_delay_sum_ms',
] as const;

/** What addToCounters answers: enough of the campaign, as updated, to tell whether finishIfDone could end it (campaign-counters.ts). */
export type CountedCampaign = Pick<CampaignRow, 'status' | 'dispatched_at' | 'finished' | 'total_recipients'>;

/**
 * Adds the deltas to the campaign's counters in one statement (increments: concurrent
 * writers add up). Answers the row as updated (undefined: nothing to add, or no such
 * campaign); a writer that waited for another's lock sees that one's counts in it.
 */
export async function addToCounters(trx: DbOrTrx, campaignId: string, d: CounterDeltas): Promise<CountedCampaign | undefined> {
  const set: Record<string, unknown> = {};
  for (const column of COUNTERS) if (d[column] !== 0) set[column] = sql`${sql.ref(column)} + ${d[column]}`;
  const latest = (column: string, at: number | null) => {
    if (at !== null) set[column] = sql`case when ${sql.ref(column)} is null or ${sql.ref(column)} < ${at} then ${at} else ${sql.ref(column)} end`;
  };
  latest('last_open_at', d.lastOpenAt);
  latest('last_click_at', d.lastClickAt);
  if (Object.keys(set).length === 0) return undefined;
  // RETURNING: answered at once in a write-behind transaction, like the statements before it.
  return trx
    .updateTable('campaigns')
    .set(set)
    .where('id', '=', campaignId)
    .returning(['status', 'dispatched_at', 'finished', 'total_recipients'])
    .executeTakeFirst();
}

/** Whose deliveries: every one of a campaign, or these recipients' (a delivery job's id is its recipient's). */
export type Deliveries = { campaignId: string } | { recipientIds: string[] };

/** The recipients of those deliveries, for the queue's hold, release and withdraw (delivery/enqueue.ts). */
export const recipientsOf = (which: Deliveries): QueuedRecipients =>
  'campaignId' in which ? sql<string>`(select recipient_id from campaign_recipients where campaign_id = ${which.campaignId})` : which.recipientIds;

/** The status of each of these campaigns. */
export async function statusesOf(trx: DbOrTrx, campaignIds: string[]): Promise<Map<string, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await trx.selectFrom('campaigns').select(['id', 'status']).where('id', 'in', campaignIds).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Ends a sending campaign whose every recipient is final once dispatch is done: the row if this ended it. */
export function finishIfDone(trx: DbOrTrx, campaignId: string, now: number): Promise<CampaignRow | undefined> {
  return trx
    .updateTable('campaigns')
    .set({ status: CAMPAIGN_STATUS.sent, ended_at: now, updated_at: now })
    .where('id', '=', campaignId)
    .where('status', '=', CAMPAIGN_STATUS.sending)
    .where('dispatched_at', 'is not', null)
    .where((eb) => eb('finished', '>=', eb.ref('total_recipients')))
    .returningAll()
    .executeTakeFirst();
}

/** The owner's address (the account's first live owner). */
/** The account's postal address for the footer of its campaign mail ('' when not set). */
export async function postalAddressOf(db: DbOrTrx, accountId: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('postal_address').where('id', '=', accountId).executeTakeFirst();
  return row?.postal_address ?? '';
}

export async function ownerEmailOf(db: DbOrTrx, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return row?.email;
}

/** Recipients, outcomes and engagement per recipient domain (the report). */
export function countsByDomain(db: DbOrTrx, campaignId: string) {
  return db
    .selectFrom('campaign_recipients')
    .select((eb) => [
      'domain',
      eb.fn.countAll<number>().as('recipients'),
      eb.fn.sum<number>(sql`case when outcome = 'delivered' then 1 else 0 end`).as('delivered'),
      eb.fn.sum<number>(sql`case when outcome in ('bounced_hard', 'bounced_soft') then 1 else 0 end`).as('bounced'),
      eb.fn.count<number>('first_open_at').as('opened'),
      eb.fn.count<number>('first_click_at').as('clicked'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('superseded', '=', 0)
    .groupBy('domain')
    .orderBy('recipients', 'desc')
    .limit(100)
    .execute();
}

/** Bounced recipients by the reply that ended them. */
export function bouncesByReply(db: DbOrTrx, campaignId: string) {
  return db
    .selectFrom('campaign_recipients as c')
    .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
    .select((eb) => ['c.outcome', 'r.last_response', eb.fn.countAll<number>().as('n')])
    .where('c.campaign_id', '=', campaignId)
    .where('c.outcome', 'in', ['bounced_hard', 'bounced_soft'])
    .groupBy(['c.outcome', 'r.last_response'])
    .orderBy('n', 'desc')
    .limit(100)
    .execute();
}

/** One click of a recipient on link `linkIndex` of its copy: counted on that recipient's row for the link (made at the first). */
export async function countLinkClick(
  trx: DbOrTrx,
  click: { recipientId: string; campaignId: string; linkIndex: number; flagged: boolean; at: number },
): Promise<void> {
  await trx
    .insertInto('campaign_link_clicks')
    .values({
      recipient_id: click.recipientId,
      link_index: click.linkIndex,
      campaign_id: click.campaignId,
      clicks: 1,
      flagged_clicks: click.flagged ? 1 : 0,
      first_click_at: click.flagged ? null : click.at,
    })
    .onConflict((oc) =>
      oc.columns(['recipient_id', 'link_index']).doUpdateSet((eb) => ({
        clicks: eb('campaign_link_clicks.clicks', '+', 1),
        flagged_clicks: eb('campaign_link_clicks.flagged_clicks', '+', eb.ref('excluded.flagged_clicks')),
        // The first click not flagged stays the first; events of one recipient are written in order.
        first_click_at: eb.fn.coalesce('campaign_link_clicks.first_click_at', 'excluded.first_click_at'),
      })),
    )
    .execute();
}

/** Per link position of the campaign's copies: every click, the flagged ones, and the recipients with a click not flagged. */
export function clicksByLink(db: DbOrTrx, campaignId: string) {
  return db
    .selectFrom('campaign_link_clicks')
    .select((eb) => [
      'link_index',
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('flagged_clicks').as('flagged_clicks'),
      eb.fn.count<number>('first_click_at').as('people'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('link_index')
    .execute();
}

/** The recipients with a click not flagged on any of these link positions (one URL in several places of the mail counts a person once). */
export async function peopleOnLinks(db: DbOrTrx, campaignId: string, linkIndexes: number[]): Promise<number> {
  const row = await db
    .selectFrom('campaign_link_clicks')
    .select((eb) => eb.fn.count<number>('recipient_id').distinct().as('people'))
    .where('campaign_id', '=', campaignId)
    .where('link_index', 'in', linkIndexes)
    .where('first_click_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.people);
}

/** Opens and clicks (every one, flagged included) per hour. */
export function engagementByHour(db: DbOrTrx, campaignId: string) {
  return (
    db
      .selectFrom('campaign_recipients as c')
      .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
      // Through the copy's message, its one recipient's (events_message).
      .innerJoin('events as e', 'e.message_id', 'r.message_id')
      .select((eb) => [sql<number>`(e.created_at / 3600000)`.as('hour'), 'e.type', eb.fn.countAll<number>().as('n')])
      .where('c.campaign_id', '=', campaignId)
      .where('e.type', 'in', ['opened', 'clicked'])
      .groupBy([sql`(e.created_at / 3600000)`, 'e.type'])
      .orderBy('hour')
      .execute()
  );
}

/** The newest campaign copies sent to a contact (not superseded by a resend), with their campaign's subject. */
export function copiesOfContact(db: DbOrTrx, accountId: string, contactId: string, limit: number) {
  return db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('message_recipients as m', 'm.id', 'r.recipient_id')
    .select([
      'r.campaign_id',
      'c.subject',
      'm.message_id',
      'r.created_at',
      'r.outcome',
      'r.delivered_at',
      'r.first_open_at',
      'r.first_click_at',
      'r.unsubscribed_at',
      'r.complained_at',
    ])
    .where('r.contact_id', '=', contactId)
    .where('c.account_id', '=', accountId)
    .where('r.superseded', '=', 0)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.recipient_id', 'desc')
    .limit(limit)
    .execute();
}

/** The account's campaign copies to the address, with their campaign's name, oldest first (a person's data). */
export function campaignCopiesOfAddress(db: Reads, accountId: string, emailNormalized: string) {
  return db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('message_recipients as m', 'm.id', 'r.recipient_id')
    .select([
      'r.campaign_id',
      'c.subject',
      'r.recipient_id',
      'm.message_id',
      'r.outcome',
      'r.delivered_at',
      'r.first_open_at',
      'r.first_click_at',
      'r.complained_at',
      'r.unsubscribed_at',
      'r.created_at',
    ])
    .where('c.account_id', '=', accountId)
    .where('r.recipient_id', 'in', campaignCopiesTo(db, accountId, emailNormalized))
    .orderBy('r.created_at')
    .execute();
}

/**
 * The campaign records of an erased address keep their outcome (the counters and reports
 * stay as they were) under the address's hash, and no longer name the contact. Returns how many.
 */
export async function eraseCampaignCopies(db: DbOrTrx, accountId: string, emailNormalized: string, erased: string): Promise<number> {
  const result = await db
    .updateTable('campaign_recipients')
    .set({ email_normalized: erased, contact_id: null })
    .where('recipient_id', 'in', campaignCopiesTo(db, accountId, emailNormalized))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The slug of the account's public archive, or null before it archived a campaign. */
export async function archiveSlugOf(db: DbOrTrx, accountId: string): Promise<string | null> {
  const row = await db.selectFrom('campaign_archives').select('slug').where('account_id', '=', accountId).executeTakeFirst();
  return row?.slug ?? null;
}

/** Gives the account `slug` unless it has one already (two first archivings at once keep one), and answers the one it has. */
export async function claimArchiveSlug(db: DbOrTrx, accountId: string, slug: string, now: number): Promise<string> {
  await db
    .insertInto('campaign_archives')
    .values({ account_id: accountId, slug, created_at: now })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  return (await archiveSlugOf(db, accountId)) ?? slug;
}

/** The account of an archive; one deleted since has none. */
export async function accountIdOfArchive(db: DbOrTrx, slug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('campaign_archives')
    .innerJoin('accounts', 'accounts.id', 'campaign_archives.account_id')
    .select('campaign_archives.account_id')
    .where('campaign_archives.slug', '=', slug)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.account_id;
}

function archivedCampaigns(db: DbOrTrx, accountId: string) {
  return db
    .selectFrom('campaigns')
    .where('account_id', '=', accountId)
    .where('archive', '=', 1)
    .where('status', '=', CAMPAIGN_STATUS.sent)
    .where('deleted_at', 'is', null);
}

/** The account's archived sent campaigns, the last sent first. */
export async function listArchivedCampaigns(
  db: DbOrTrx,
  accountId: string,
  page: Pick<Page, 'limit' | 'offset'>,
): Promise<{ rows: Pick<CampaignRow, 'id' | 'subject' | 'template_syntax' | 'archive_defaults' | 'started_at'>[]; total: number }> {
  const [rows, count] = await Promise.all([
    archivedCampaigns(db, accountId)
      .select(['id', 'subject', 'template_syntax', 'archive_defaults', 'started_at'])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    archivedCampaigns(db, accountId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findArchivedCampaign(db: DbOrTrx, accountId: string, id: string): Promise<CampaignRow | undefined> {
  return archivedCampaigns(db, accountId).selectAll().where('id', '=', id).executeTakeFirst();
}

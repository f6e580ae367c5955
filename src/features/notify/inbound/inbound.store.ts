/**
 * SQL for inbound mail. Account-facing queries are scoped by account; the two that are not
 * (a domain by name, a domain's routes) serve the SMTP listener, which learns the account
 * from the recipient's domain.
 */
import { type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../../lib/like-pattern.js';
import { findLiveRow, listPage, liveRowsOf, updateLiveRow } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import { isId } from '../../../lib/ids.js';
import { messageIdOf } from '../../../lib/message-id.js';
import type { DbOrTrx } from '../../../db/database.js';
import type { InboundDomainRow, InboundMessageRow, InboundRouteRow } from './inbound.table.js';

export async function insertInboundDomain(db: DbOrTrx, row: InboundDomainRow): Promise<void> {
  await db.insertInto('inbound_domains').values(row).execute();
}

export async function listLiveInboundDomains(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: InboundDomainRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'inbound_domains', accountId), (q) => q.selectAll(), page);
}

export async function findLiveInboundDomain(db: DbOrTrx, accountId: string, id: string): Promise<InboundDomainRow | undefined> {
  return findLiveRow(db, 'inbound_domains', accountId, id, (q) => q.selectAll());
}

/** The live receiving domain of that name, whichever account has it. */
export async function findInboundDomainByName(db: DbOrTrx, name: string): Promise<InboundDomainRow | undefined> {
  return db.selectFrom('inbound_domains').selectAll().where('name', '=', name).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function updateInboundDomain(
  db: DbOrTrx,
  accountId: string,
  id: string,
  changes: Partial<Pick<InboundDomainRow, 'verified_at' | 'checked_at' | 'mx_found' | 'updated_at' | 'update_user_id' | 'deleted_at'>>,
): Promise<boolean> {
  return updateLiveRow(db, 'inbound_domains', accountId, id, changes);
}

export async function insertInboundRoute(db: DbOrTrx, row: InboundRouteRow): Promise<void> {
  await db.insertInto('inbound_routes').values(row).execute();
}

/** Changes a live route of the account; false when there is none. */
export async function updateInboundRoute(
  db: DbOrTrx,
  accountId: string,
  id: string,
  changes: Partial<
    Pick<
      InboundRouteRow,
      | 'pattern'
      | 'action'
      | 'webhook_url'
      | 'webhook_secret'
      | 'forward_to'
      | 'reject_code'
      | 'reject_message'
      | 'description'
      | 'updated_at'
      | 'update_user_id'
    >
  >,
): Promise<boolean> {
  return updateLiveRow(db, 'inbound_routes', accountId, id, changes);
}

export async function listLiveInboundRoutes(
  db: DbOrTrx,
  accountId: string,
  page: Page,
  domainId?: string,
): Promise<{ rows: InboundRouteRow[]; total: number }> {
  const base = liveRowsOf(db, 'inbound_routes', accountId);
  return listPage(domainId === undefined ? base : base.where('domain_id', '=', domainId), (q) => q.selectAll(), page);
}

export async function findLiveInboundRoute(db: DbOrTrx, accountId: string, id: string): Promise<InboundRouteRow | undefined> {
  return findLiveRow(db, 'inbound_routes', accountId, id, (q) => q.selectAll());
}

export async function findLiveRouteByPattern(db: DbOrTrx, domainId: string, pattern: string): Promise<Pick<InboundRouteRow, 'id'> | undefined> {
  return db
    .selectFrom('inbound_routes')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('pattern', '=', pattern)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Every live route of a domain (the listener picks the most specific one). */
export async function listDomainRoutes(db: DbOrTrx, domainId: string): Promise<InboundRouteRow[]> {
  return db.selectFrom('inbound_routes').selectAll().where('domain_id', '=', domainId).where('deleted_at', 'is', null).execute();
}

/** Soft-deletes routes: one by id, or all of a domain's. */
export async function deleteInboundRoutes(
  db: DbOrTrx,
  accountId: string,
  where: { id: string } | { domainId: string },
  now: number,
  userId: string,
): Promise<number> {
  let query = db
    .updateTable('inbound_routes')
    .set({ deleted_at: now, updated_at: now, update_user_id: userId })
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('domain_id', '=', where.domainId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

export async function insertInboundMessages(db: DbOrTrx, rows: InboundMessageRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('inbound_messages').values(rows).execute();
}

const SUMMARY_COLUMNS = [
  'id',
  'account_id',
  'domain_id',
  'route_id',
  'action',
  'mail_from',
  'recipients',
  'subject',
  'raw_size',
  'reply_to_message_id',
  'reply_to_campaign_id',
  'created_at',
] as const;
export type InboundMessageSummaryRow = Pick<InboundMessageRow, (typeof SUMMARY_COLUMNS)[number]>;

export async function listInboundMessages(
  db: DbOrTrx,
  accountId: string,
  page: Page,
  filter: { routeId?: string; domainId?: string },
): Promise<{ rows: InboundMessageSummaryRow[]; total: number }> {
  let base = db.selectFrom('inbound_messages').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  if (filter.routeId !== undefined) base = base.where('route_id', '=', filter.routeId);
  if (filter.domainId !== undefined) base = base.where('domain_id', '=', filter.domainId);
  return listPage(base, (q) => q.select(SUMMARY_COLUMNS), page);
}

export async function findInboundMessage(db: DbOrTrx, accountId: string, id: string): Promise<InboundMessageRow | undefined> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The account's sent message with one of these ids (a per-message reply address), and its campaign. */
export async function findSentMessageById(db: DbOrTrx, accountId: string, ids: string[]): Promise<{ id: string; campaignId: string | null } | undefined> {
  if (ids.length === 0) return undefined;
  const found = await db
    .selectFrom('messages')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return found && withCampaign(db, found.id);
}

/**
 * Whether a message's Message-ID is stored and is not the one made from its id, `<id@domain>`:
 * the condition of messages_account_message_id_header (migration 0040), written as it is there.
 * Rows since then store '' for the one made from the id (lib/message-id.ts); older ones store it.
 */
const OWN_HEADER = sql<boolean>`message_id_header <> '' and substr(message_id_header, 2, 24) <> id`;

/**
 * The account's sent message with one of these Message-IDs (the newest), and its campaign when it was campaign mail.
 * A Message-ID made from its message's id is found by that id, and compared as it reads (messageIdOf); the others
 * (a submitted message's own) by messages_account_message_id_header, which holds only them.
 */
export async function findSentMessageByHeader(
  db: DbOrTrx,
  accountId: string,
  messageIds: string[],
): Promise<{ id: string; campaignId: string | null } | undefined> {
  if (messageIds.length === 0) return undefined;
  const ids = [...new Set(messageIds.map((header) => header.slice(1, 25)).filter(isId))];
  const wanted = new Set(messageIds);
  const byId =
    ids.length === 0
      ? undefined
      : (
          await db
            .selectFrom('messages')
            .select(['id', 'from_email', 'message_id_header'])
            .where('account_id', '=', accountId)
            .where('id', 'in', ids)
            .orderBy('id', 'desc')
            .execute()
        ).find((row) => wanted.has(messageIdOf(row)));
  const byHeader = await db
    .selectFrom('messages')
    .select('id')
    .where('account_id', '=', accountId)
    .where('message_id_header', 'in', messageIds)
    .where(OWN_HEADER)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const found = byId && byHeader ? (byId.id > byHeader.id ? byId : byHeader) : (byId ?? byHeader);
  return found && withCampaign(db, found.id);
}

/** The account's oldest live sender: whose mail a forward is (its From is SYSTEM_FROM). */
export async function findFirstSenderId(db: DbOrTrx, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('senders')
    .select('id')
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Removes up to `limit` received messages (their raw bytes and attachments with them)
 * received before `before`; returns how many. For the retention purge: after the body
 * retention period nothing of a received message is kept.
 */
export async function purgeInboundBefore(db: DbOrTrx, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('inbound_messages').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit);
  const result = await db.deleteFrom('inbound_messages').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A sent message's id with its campaign's, when it was campaign mail. */
async function withCampaign(db: DbOrTrx, id: string): Promise<{ id: string; campaignId: string | null }> {
  // Through the message's recipients (message_recipients_message, then the primary key): campaign_recipients has no index on message_id.
  const campaign = await db
    .selectFrom('campaign_recipients')
    .select('campaign_id')
    .where('recipient_id', 'in', (eb) => eb.selectFrom('message_recipients').select('id').where('message_id', '=', id))
    .executeTakeFirst();
  return { id, campaignId: campaign?.campaign_id ?? null };
}

/**
 * The account's inbound messages that may be from one of these addresses (lower case), oldest
 * first (a person's data): sent from it, or naming it anywhere in their parsed document (its
 * From or Reply-To; the caller reads the document to decide).
 */
export function inboundMessagesFrom(db: DbOrTrx, accountId: string, emails: string[]): Promise<InboundMessageRow[]> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(mail_from)`, 'in', emails),
        ...emails.map((email) => sql<SqlBool>`lower(document) like ${containsPattern(email)} escape '\\'`),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Deletes these inbound messages of the account (erased with their sender). Returns how many. */
export async function deleteInboundMessages(db: DbOrTrx, accountId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('inbound_messages').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

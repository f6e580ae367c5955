/**
 * SQL for webhooks and their deliveries as the API sees them. Every query is scoped by
 * account: one account never reaches another's webhooks, deliveries or events. The
 * dispatcher's queue SQL (claim, record, release) is in webhooks.queue.ts.
 */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import { insertRows } from '../../../db/group-commit.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import { idFloor } from '../../../lib/ids.js';
import type { EventType } from '../events/events.table.js';
import type { DeliveryStatus } from './webhooks.schemas.js';
import type { NewWebhookDeliveryRow, WebhookDeliveryRow, WebhookRow } from './webhooks.table.js';

export async function insertWebhook(db: DbOrTrx, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function listLiveWebhooks(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: WebhookRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'webhooks', accountId), (q) => q.selectAll(), page);
}

export async function findLiveWebhook(db: DbOrTrx, accountId: string, id: string): Promise<WebhookRow | undefined> {
  return findLiveRow(db, 'webhooks', accountId, id, (q) => q.selectAll());
}

export type WebhookChanges = Partial<
  Pick<WebhookRow, 'url' | 'description' | 'events' | 'secret' | 'disabled_at' | 'deleted_at' | 'updated_at' | 'update_user_id'>
>;

export async function updateWebhook(db: DbOrTrx, accountId: string, id: string, changes: WebhookChanges): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A deleted webhook's deliveries that were still to be made are dropped with it. */
export async function deletePendingDeliveries(db: DbOrTrx, accountId: string, webhookId: string): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('account_id', '=', accountId)
    .where('webhook_id', '=', webhookId)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
}

/**
 * The webhooks that take new events for these accounts: live and enabled. This runs
 * with every batch of events written (see webhooks.fan-out.ts), so it is one indexed
 * look-up (webhooks_account) that finds nothing, cheaply, for accounts without webhooks.
 */
export async function listActiveWebhooksOf(db: Reads, accountIds: string[]): Promise<Pick<WebhookRow, 'id' | 'account_id' | 'events'>[]> {
  return (await activeWebhooksOfQuery(db, accountIds)?.execute()) ?? [];
}

/** listActiveWebhooksOf's query, not yet run (db/one-round-trip-reads.ts); undefined when there is nothing to look up. */
export function activeWebhooksOfQuery(db: Reads, accountIds: string[]) {
  if (accountIds.length === 0) return undefined;
  return db
    .selectFrom('webhooks')
    .select(['id', 'account_id', 'events'])
    .where('account_id', 'in', accountIds)
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null);
}

export async function insertWebhookDeliveries(db: DbOrTrx, rows: NewWebhookDeliveryRow[]): Promise<void> {
  await insertRows(db, 'webhook_deliveries', rows);
}

export type DeliveryWithEventType = WebhookDeliveryRow & { event_type: EventType };

export async function listDeliveriesOfWebhook(
  db: DbOrTrx,
  accountId: string,
  webhookId: string,
  status: DeliveryStatus | undefined,
  page: Page,
): Promise<{ rows: DeliveryWithEventType[]; total: number }> {
  let base = db.selectFrom('webhook_deliveries as d').where('d.account_id', '=', accountId).where('d.webhook_id', '=', webhookId);
  if (status === 'delivered') base = base.where('d.delivered_at', 'is not', null);
  if (status === 'failed') base = base.where('d.failed_at', 'is not', null);
  if (status === 'pending') base = base.where('d.delivered_at', 'is', null).where('d.failed_at', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('events as e', (join) => join.onRef('e.account_id', '=', 'd.account_id').onRef('e.id', '=', 'd.event_id'))
      .selectAll('d')
      .select('e.type as event_type')
      .orderBy('d.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface ReplaySelection {
  eventIds?: string[] | undefined;
  /** Epoch milliseconds, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  /** Empty: every type. */
  types: EventType[];
}

/** Ids of the account's events a replay selects, oldest first; at most `limit`. */
export async function selectEventsForReplay(db: DbOrTrx, accountId: string, selection: ReplaySelection, limit: number): Promise<{ id: string }[]> {
  let query = db.selectFrom('events').select('id').where('account_id', '=', accountId);
  if (selection.eventIds !== undefined) query = query.where('id', 'in', selection.eventIds);
  // The id bound lets the key (account_id, id) start at `from`: an event's id is never earlier than its time.
  if (selection.from !== undefined) query = query.where('id', '>=', idFloor(selection.from)).where('created_at', '>=', selection.from);
  if (selection.to !== undefined) query = query.where('created_at', '<=', selection.to);
  if (selection.types.length) query = query.where('type', 'in', selection.types);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** Deletes up to `limit` webhook calls that ended (delivered or given up) before `before` (ms); answers how many went. */
export async function deleteEndedDeliveriesBefore(db: DbOrTrx, before: number, limit: number): Promise<number> {
  const ended = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where((eb) => eb.or([eb('delivered_at', '<', before), eb('failed_at', '<', before)]))
    .limit(limit);
  const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One delivery of one webhook of the account, with the event it carries. */
export async function findDeliveryOfWebhook(db: DbOrTrx, accountId: string, webhookId: string, id: string) {
  const delivery = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', (join) => join.onRef('e.account_id', '=', 'd.account_id').onRef('e.id', '=', 'd.event_id'))
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.account_id', '=', accountId)
    .where('d.webhook_id', '=', webhookId)
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!delivery) return undefined;
  const event = await db.selectFrom('events').selectAll().where('id', '=', delivery.event_id).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return { delivery: delivery as DeliveryWithEventType, event };
}

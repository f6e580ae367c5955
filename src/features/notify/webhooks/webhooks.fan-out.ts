/**
 * Fan-out: every event becomes one webhook_deliveries row per webhook of its account
 * that wants it, written in the SAME transaction as the event. Why not a dispatcher
 * that follows the event log with a cursor? Event ids are ordered by creation time, but
 * transactions commit in another order (a group commit of sends and a worker's outcome
 * commit overlap), so a cursor past id N would skip an event with a smaller id that
 * committed later. A row per delivery written with its event is never skipped, and it
 * is durable exactly when the event is.
 *
 * The event log (events/event-listeners.ts), the one write path of events, calls this. Cost on
 * the send path: one indexed query per batch of events to find the batch's accounts'
 * webhooks (nothing more when none has one); a query rather than a process-local
 * "any webhooks?" flag, which another process creating a webhook could not update.
 *
 * Waking the dispatcher: the rows are visible only after commit, and commit happens
 * after this returns. On PostgreSQL, `pg_notify` inside the transaction is delivered
 * on commit, to dispatchers in every process (they LISTEN, see
 * src/queue/notifications.ts). On SQLite a process has one connection that
 * the transaction holds until it commits, so an in-process wake-up given now is served
 * by a claim that runs after the commit.
 */
import { PostgresAdapter } from 'kysely';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import { notifyOnCommit } from '../../../db/pg-write-behind.js';
import { WorkSignal } from '../../../delivery/work-signal.js';
import { newId } from '../../../lib/ids.js';
import type { EventRow, EventType } from '../events/events.table.js';
import type { NewWebhookDeliveryRow } from './webhooks.table.js';
import { activeWebhooksOfQuery, insertWebhookDeliveries, listActiveWebhooksOf } from './webhooks.store.js';

/** The PostgreSQL channel dispatchers LISTEN on. */
export const WEBHOOK_CHANNEL = 'postwire_webhooks';

/** In-process wake-ups of this process's dispatcher (SQLite; harmless on PostgreSQL). */
export const webhookWakeups = new WorkSignal();

/** The stored `events` column: a JSON array of types, empty (or unreadable) meaning every type. */
export function parseEventFilter(text: string): EventType[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is EventType => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function wantsEvent(filter: readonly EventType[], type: EventType): boolean {
  return filter.length === 0 || filter.includes(type);
}

/** A new delivery of one event to one webhook, due at once. */
export function newDeliveryRow(webhook: { id: string; account_id: string }, eventId: string, now: number): NewWebhookDeliveryRow {
  return {
    id: newId(now),
    account_id: webhook.account_id,
    webhook_id: webhook.id,
    event_id: eventId,
    run_at: now,
    attempts: 0,
    locked_by: null,
    locked_until: null,
    last_status: null,
    last_error: null,
    delivered_at: null,
    created_at: now,
    last_attempt_at: null,
    failed_at: null,
  };
}

export type ActiveWebhook = Awaited<ReturnType<typeof listActiveWebhooksOf>>[number];

/** The webhooks that take new events of these accounts (what fanOutToWebhooks looks up). */
export function activeWebhooksFor(db: Reads, accountIds: Iterable<string>): Promise<ActiveWebhook[]> {
  return listActiveWebhooksOf(db, [...new Set(accountIds)]);
}

/** activeWebhooksFor's query, not yet run, to read with another (db/one-round-trip-reads.ts). */
export function activeWebhooksQuery(db: Reads, accountIds: Iterable<string>) {
  return activeWebhooksOfQuery(db, [...new Set(accountIds)]);
}

/**
 * Queues the deliveries of freshly written events; returns how many. Call inside the
 * events' transaction. `webhooks`: the accounts' active webhooks when the caller has
 * already looked them up (the send path does, before its transaction: a webhook created
 * meanwhile then counts as created just after the send, which it may as well have been).
 */
export async function fanOutToWebhooks(db: DbOrTrx, events: readonly EventRow[], webhooks?: ActiveWebhook[]): Promise<number> {
  if (events.length === 0) return 0;
  webhooks ??= await activeWebhooksFor(
    db,
    events.map((e) => e.account_id),
  );
  if (webhooks.length === 0) return 0;
  const byAccount = new Map<string, { id: string; account_id: string; filter: EventType[] }[]>();
  for (const w of webhooks) {
    let list = byAccount.get(w.account_id);
    if (!list) byAccount.set(w.account_id, (list = []));
    list.push({ id: w.id, account_id: w.account_id, filter: parseEventFilter(w.events) });
  }
  const rows: NewWebhookDeliveryRow[] = [];
  for (const event of events) {
    for (const w of byAccount.get(event.account_id) ?? []) {
      if (wantsEvent(w.filter, event.type)) rows.push(newDeliveryRow(w, event.id, event.created_at));
    }
  }
  await queueDeliveries(db, rows);
  return rows.length;
}

/** Writes deliveries and wakes the dispatchers once they commit (see the comment at the top). */
export async function queueDeliveries(db: DbOrTrx, rows: NewWebhookDeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await insertWebhookDeliveries(db, rows);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await notifyOnCommit(db, WEBHOOK_CHANNEL);
  webhookWakeups.notify();
}

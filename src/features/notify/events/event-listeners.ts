/**
 * The one write path of events, and what else happens when events are written: an
 * `EventLog` writes every batch (events.store.ts insertEvents) and hands it to each of its
 * listeners, in the same transaction. The runtime builds the one log of a process with
 * its listeners, in order (runtime.ts): webhooks' fan-out (it queues the calls), then the
 * marketing area's campaign counters; the areas are given the log, so nothing is
 * registered by importing a module.
 * A listener must be cheap for events it does not care about: it runs on the send path.
 */
import type { DbOrTrx } from '../../../db/database.js';
import { newId } from '../../../lib/ids.js';
import { fanOutToWebhooks, type ActiveWebhook } from '../webhooks/webhooks.fan-out.js';
import { insertEvents } from './events.store.js';
import type { EventRow, WrittenEvent } from './events.table.js';

export interface EventWrite {
  /** The accounts' active webhooks when the caller looked them up already (webhooks.fan-out.ts). */
  webhooks?: ActiveWebhook[] | undefined;
  /** The log that wrote the batch: a listener that writes events of its own writes them here. */
  log: EventLog;
}

export interface EventListener {
  /** Runs inside the transaction that writes `rows`; throwing rolls the whole write back. */
  onEvents(trx: DbOrTrx, rows: readonly EventRow[], write: EventWrite): Promise<void>;
}

export class EventLog {
  constructor(readonly listeners: readonly EventListener[]) {}

  /**
   * Writes events with the caller's database or transaction (one multi-row INSERT per
   * chunk) and runs the listeners in it: pass the transaction that makes the change.
   */
  async record(trx: DbOrTrx, rows: WrittenEvent[], webhooks?: ActiveWebhook[]): Promise<void> {
    if (rows.length === 0) return;
    await insertEvents(trx, rows);
    for (const listener of this.listeners) await listener.onEvents(trx, rows, { webhooks, log: this });
  }
}

/**
 * The same events with ids taken now, in their order, for rows built before a long write.
 * A campaign page's `accepted` events are written after its messages and recipients, and
 * meanwhile the deliveries write events with later ids: written behind those, they went into
 * the middle of the events' key (account_id, id), splitting its pages in two half-empty ones
 * where an append leaves them full (PostgreSQL's rightmost page). Nothing has read the ids yet.
 */
export function idsTakenNow<T extends EventRow>(rows: readonly T[]): T[] {
  return rows.map((row) => ({ ...row, id: newId(Number(row.created_at)) }));
}

/** Webhooks' fan-out: every event becomes its webhook calls in the same transaction. */
export const webhookFanOut: EventListener = {
  async onEvents(trx, rows, write) {
    await fanOutToWebhooks(trx, rows, write.webhooks);
  },
};

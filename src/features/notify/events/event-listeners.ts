/**
 * What else happens when events are written: `insertEvents` (events.store.ts), the one
 * write path of events, hands every batch it writes to each listener registered here, in
 * the same transaction. Webhooks' fan-out is one listener (it queues the calls); the
 * marketing area registers another that keeps campaign counters (its module wires it, so
 * this area never imports that one).
 *
 * Listeners are registered by name: registering a name again replaces the listener, so
 * building the services twice in one process (tests do) never counts an event twice.
 * A listener must be cheap for events it does not care about: it runs on the send path.
 */
import type { DbOrTrx } from '../../../db/database.js';
import type { EventRow } from './events.table.js';

export interface EventListenerContext {
  /** The accounts' active webhooks when the caller looked them up already (webhooks.fan-out.ts). */
  webhooks?: unknown;
}

export interface EventListener {
  /** Runs inside the transaction that writes `rows`; throwing rolls the whole write back. */
  onEvents(trx: DbOrTrx, rows: readonly EventRow[], context: EventListenerContext): Promise<void>;
}

const listeners = new Map<string, EventListener>();

export function registerEventListener(name: string, listener: EventListener): void {
  listeners.set(name, listener);
}

export function eventListeners(): Iterable<EventListener> {
  return listeners.values();
}

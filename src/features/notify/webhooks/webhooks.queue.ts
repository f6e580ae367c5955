/**
 * The webhook delivery queue: `webhook_deliveries` rows still pending (neither
 * delivered nor failed), on the shared lease queue (src/queue/lease-queue.ts): a lease
 * per claim, `FOR UPDATE SKIP LOCKED` on PostgreSQL, renewed while the call is in flight,
 * and a lease that runs out (a dispatcher died mid-call) makes the row claimable again.
 * Delivery is therefore at-least-once; receivers dedupe on X-Postwire-Event-Id.
 *
 * Unlike delivery jobs, a finished delivery stays in the table (it is listed in the
 * API): it is settled, delivered or failed, not deleted.
 *
 * Only deliveries of live, enabled webhooks are claimed: a paused webhook's deliveries
 * wait, a deleted one's were dropped with it.
 */
import type { Db, DbOrTrx, Dialect } from '../../../db/database.js';
import type { EventRow } from '../events/events.table.js';
import { LeaseQueue, type ClaimedRow } from '../../../queue/lease-queue.js';
import { inboundMessageView } from '../inbound/inbound.payload.js';
import { webhookPayload } from './webhooks.payload.js';
import { carriedDetails, withRecipients } from '../events/events.service.js';
import { shownMetadata } from '../messages/messages.metadata.js';

export type ClaimedDelivery = ClaimedRow;

export const webhookQueue = new LeaseQueue('webhook_deliveries', [], {
  due: (query) =>
    query
      .where('webhook_deliveries.delivered_at', 'is', null)
      .where('webhook_deliveries.failed_at', 'is', null)
      .where((eb: any) =>
        eb.or([
          eb('webhook_deliveries.webhook_id', 'in', (sub: any) =>
            sub.selectFrom('webhooks').select('id').where('deleted_at', 'is', null).where('disabled_at', 'is', null),
          ),
          // A received message's call to its route's webhook (inbound mail): the route is live.
          eb('webhook_deliveries.webhook_id', 'in', (sub: any) =>
            sub.selectFrom('inbound_routes').select('id').where('deleted_at', 'is', null).where('action', '=', 'webhook'),
          ),
        ]),
      ),
});

export function claimDueDeliveries(db: Db, dialect: Dialect, workerId: string, limit: number, leaseMs: number, now: number): Promise<ClaimedDelivery[]> {
  return webhookQueue.claim(db, dialect, { holder: workerId, limit, leaseMs, now });
}

/** What one call needs: where, the secret, what is sent, and how old the delivery is. */
export interface DeliveryToMake {
  id: string;
  attempts: number;
  created_at: number;
  webhook_id: string;
  url: string;
  secret: string;
  /** X-Postwire-Event-Id: the event's id, or the received message's for an inbound route's call. */
  eventId: string;
  /** The JSON body. */
  body: string;
}

/**
 * The claimed rows of webhook_deliveries with what every call keeps of them; a caller joins
 * where the call goes (a webhook, an inbound route) and what it sends (an event, a received message).
 */
function claimedRows(db: DbOrTrx, ids: string[]) {
  return db.selectFrom('webhook_deliveries as d').select(['d.id', 'd.attempts', 'd.created_at', 'd.webhook_id']).where('d.id', 'in', ids);
}

/** The claimed deliveries with their webhook and event, in one query (the event on its key: a delivery's account is its event's). */
export async function loadDeliveries(db: DbOrTrx, ids: string[]): Promise<DeliveryToMake[]> {
  if (ids.length === 0) return [];
  const rows = await claimedRows(db, ids)
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('events as e', (join) => join.onRef('e.account_id', '=', 'd.account_id').onRef('e.id', '=', 'd.event_id'))
    // The tags and metadata every event of a message carries come from the message.
    .leftJoin('messages as m', (join) => join.onRef('m.account_id', '=', 'e.account_id').onRef('m.id', '=', 'e.message_id'))
    .select([
      'm.tags',
      shownMetadata('m').as('metadata'),
      'w.url',
      'w.secret',
      'e.id as event_id',
      'e.account_id',
      'e.message_id',
      'e.recipient_id',
      'e.email',
      'e.type',
      'e.details',
      'e.created_at as event_created_at',
    ])
    .where('w.deleted_at', 'is', null)
    .execute();
  const events: DeliveryToMake[] = (await withRecipients(db, rows)).map((r) => {
    const event: EventRow = {
      id: r.event_id,
      account_id: r.account_id,
      message_id: r.message_id,
      recipient_id: r.recipient_id,
      email: r.email,
      type: r.type,
      details: r.details,
      created_at: r.event_created_at,
    };
    const { id, attempts, created_at, webhook_id, url, secret } = r;
    return { id, attempts, created_at, webhook_id, url, secret, eventId: event.id, body: JSON.stringify(webhookPayload(event, webhook_id, carriedDetails(r))) };
  });
  if (events.length === ids.length) return events;
  return [...events, ...(await loadInboundDeliveries(db, ids))];
}

/** Calls of received messages to their route's webhook: the body is the message as GET …/inbound/messages/{id} shows it. */
async function loadInboundDeliveries(db: DbOrTrx, ids: string[]): Promise<DeliveryToMake[]> {
  const rows = await claimedRows(db, ids)
    .innerJoin('inbound_routes as r', 'r.id', 'd.webhook_id')
    .innerJoin('inbound_messages as m', 'm.id', 'd.event_id')
    .select([
      'r.webhook_url',
      'r.webhook_secret',
      'm.id as message_id',
      'm.domain_id',
      'm.route_id',
      'm.action',
      'm.mail_from',
      'm.recipients',
      'm.subject',
      'm.raw_size',
      'm.reply_to_message_id',
      'm.reply_to_campaign_id',
      'm.created_at as message_created_at',
      'm.document',
    ])
    .where('r.deleted_at', 'is', null)
    .execute();
  return rows
    .filter((r) => r.webhook_url !== null && r.webhook_secret !== null)
    .map((r) => ({
      id: r.id,
      attempts: r.attempts,
      created_at: r.created_at,
      webhook_id: r.webhook_id,
      url: r.webhook_url!,
      secret: r.webhook_secret!,
      eventId: r.message_id,
      body: JSON.stringify(inboundMessageView({ ...r, id: r.message_id, created_at: r.message_created_at }, JSON.parse(r.document))),
    }));
}

export interface AttemptResult {
  /** HTTP status of the answer; null when there was none. */
  status: number | null;
  /** Why it failed; null on success. */
  error: string | null;
  /** The start of the answer's body; null when there was no answer. */
  response: string | null;
  at: number;
}

/** Answered 2xx: done. Only while the claim is still ours (an expired lease may have passed it on). */
export async function markDelivered(db: DbOrTrx, id: string, workerId: string, result: AttemptResult): Promise<void> {
  await webhookQueue.settle(db, id, workerId, {
    delivered_at: result.at,
    last_attempt_at: result.at,
    last_status: result.status,
    last_error: null,
    last_response: result.response,
  });
}

/** Not answered 2xx: try again at `retryAt`, or, when that is undefined, give up. */
export async function markAttemptFailed(db: DbOrTrx, id: string, workerId: string, result: AttemptResult, retryAt: number | undefined): Promise<void> {
  await webhookQueue.settle(db, id, workerId, {
    last_attempt_at: result.at,
    last_status: result.status,
    last_error: result.error?.slice(0, 1000) ?? null,
    last_response: result.response,
    ...(retryAt === undefined ? { failed_at: result.at } : { run_at: retryAt }),
  });
}

/**
 * A claimed call whose event, received message or webhook is gone (erased, purged, deleted)
 * ends failed, saying why: released instead, it would be claimed again at once, for ever,
 * ahead of every other account's calls.
 */
export async function markUnloadable(db: DbOrTrx, ids: string[], workerId: string, at: number): Promise<void> {
  for (const id of ids) {
    await webhookQueue.settle(db, id, workerId, {
      last_attempt_at: at,
      last_status: null,
      last_error: 'not sent: its event, received message or webhook no longer exists',
      last_response: null,
      failed_at: at,
    });
  }
}

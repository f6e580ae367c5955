/**
 * Rules for webhooks: the URL is http(s); the signing secret is made here and shown
 * only on creation and rotation; deletion is soft and drops the deliveries still to be
 * made; a replay queues new deliveries (new rows, durable like any other) of the
 * account's own events. Fan-out of new events is in webhooks.fan-out.ts, the calls
 * themselves in webhooks.dispatcher.ts.
 */
import { listResult, type ListResult, toPage, iso, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { OutboundPolicy } from '../../../lib/network-guard.js';
import type { Principal } from '../../../http/principal.js';
import { eventTypesOf } from './webhooks.event-ids.js';
import { newDeliveryRow, parseEventFilter, queueDeliveries } from './webhooks.fan-out.js';
import {
  MAX_REPLAY_EVENTS,
  type CreateWebhookBody,
  type DeliveriesQuery,
  type DeliveryStatus,
  type PatchWebhookBody,
  type ReplayBody,
  type ReplayResult,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookWithSecret,
} from './webhooks.schemas.js';
import { webhookPayload } from './webhooks.payload.js';
import { carriedFor, carriedOf, withRecipients } from '../events/events.service.js';
import { newWebhookSecret, secretPreview } from './webhooks.signing.js';
import {
  deletePendingDeliveries,
  findDeliveryOfWebhook,
  findLiveWebhook,
  insertWebhook,
  listDeliveriesOfWebhook,
  listLiveWebhooks,
  selectEventsForReplay,
  updateWebhook,
  type DeliveryWithEventType,
  type WebhookChanges,
} from './webhooks.store.js';
import type { WebhookRow } from './webhooks.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export function toWebhook(row: WebhookRow): Webhook {
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    url: row.url,
    description: row.description,
    events: parseEventFilter(row.events),
    enabled: row.disabled_at === null,
    secretPreview: secretPreview(row.secret),
  };
}

function withSecret(row: WebhookRow): WebhookWithSecret {
  return { ...toWebhook(row), secret: row.secret };
}

function deliveryStatus(row: DeliveryWithEventType): DeliveryStatus {
  if (row.delivered_at !== null) return 'delivered';
  return row.failed_at !== null ? 'failed' : 'pending';
}

export function toDelivery(row: DeliveryWithEventType): WebhookDelivery {
  const status = deliveryStatus(row);
  const time = (ms: number | null) => (ms === null ? null : iso(ms));
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createTime: iso(row.created_at),
    lastAttemptTime: time(row.last_attempt_at),
    nextAttemptTime: status === 'pending' ? iso(row.run_at) : null,
    deliveredTime: time(row.delivered_at),
    failedTime: time(row.failed_at),
  };
}

/**
 * The URL as stored, or a field error: only http(s), with a host, events are not sent
 * anywhere else; and not an internal address or name (server-side request forgery; the
 * addresses a name resolves to are checked again at every call, src/http/outbound.ts).
 */
export function checkUrl(field: string, value: string, policy: OutboundPolicy): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw AppError.field(field, 'must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw AppError.field(field, `must be an http:// or https:// URL, not ${url.protocol}`);
  if (!url.hostname) throw AppError.field(field, 'must name a host');
  const internal = policy.hostProblem(url.hostname);
  if (internal) throw AppError.field(field, `must be a public address: ${internal}`);
  return text;
}

/** The filter as stored: types (ids given as the original's are named), each once, in the order given. */
function eventFilterText(events: CreateWebhookBody['events']): string {
  return JSON.stringify(eventTypesOf(events ?? []));
}

export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly outbound: OutboundPolicy,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(principal: Principal, query: { page?: number; pageSize?: number }): Promise<ListResult<Webhook>> {
    const { rows, total } = await listLiveWebhooks(this.db, principal.accountId, toPage(query));
    return listResult(rows.map(toWebhook), total);
  }

  async get(principal: Principal, id: string): Promise<Webhook> {
    return toWebhook(await this.require(principal, id));
  }

  async create(principal: Principal, input: CreateWebhookBody): Promise<WebhookWithSecret> {
    const now = this.clock.now();
    const row: WebhookRow = {
      id: newId(now),
      account_id: principal.accountId,
      url: checkUrl('url', input.url, this.outbound),
      description: input.description?.trim() ?? '',
      events: eventFilterText(input.events),
      secret: newWebhookSecret(),
      disabled_at: input.enabled === false ? now : null,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertWebhook(this.db, row);
    return withSecret(row);
  }

  async update(principal: Principal, id: string, input: PatchWebhookBody): Promise<void> {
    const now = this.clock.now();
    const changes: WebhookChanges = { updated_at: now, update_user_id: principal.userId };
    if (input.url !== undefined) changes.url = checkUrl('url', input.url, this.outbound);
    if (input.description !== undefined) changes.description = input.description.trim();
    if (input.events !== undefined) changes.events = eventFilterText(input.events);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.require(principal, id, trx);
      // Keep the time it was first paused; enabling clears it.
      if (input.enabled !== undefined) changes.disabled_at = input.enabled ? null : (current.disabled_at ?? now);
      await updateWebhook(trx, principal.accountId, id, changes);
    });
  }

  /** A new secret replaces the old one at once: calls from now on are signed with it. */
  async rotateSecret(principal: Principal, id: string): Promise<WebhookWithSecret> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.require(principal, id, trx);
      const changes = { secret: newWebhookSecret(), updated_at: this.clock.now(), update_user_id: principal.userId };
      await updateWebhook(trx, principal.accountId, id, changes);
      return withSecret({ ...current, ...changes });
    });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const removed = isId(id) && (await updateWebhook(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
      if (!removed) throw AppError.notFound('Webhook');
      await deletePendingDeliveries(trx, principal.accountId, id);
    });
  }

  async deliveries(principal: Principal, id: string, query: DeliveriesQuery): Promise<ListResult<WebhookDelivery>> {
    const webhook = await this.require(principal, id);
    const { rows, total } = await listDeliveriesOfWebhook(this.db, principal.accountId, webhook.id, query.status, toPage(query));
    return listResult(rows.map(toDelivery), total);
  }

  /** One delivery with the JSON it sent and the start of the receiver's last answer. */
  async delivery(principal: Principal, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
    const webhook = await this.require(principal, id);
    const found = isId(deliveryId) ? await findDeliveryOfWebhook(this.db, principal.accountId, webhook.id, deliveryId) : undefined;
    if (!found) throw AppError.notFound('Delivery');
    const [event] = await withRecipients(this.db, [found.event]);
    const carried = await carriedOf(this.db, principal.accountId, [event!]);
    const payload = webhookPayload(event!, webhook.id, carriedFor(carried, event!));
    return { ...toDelivery(found.delivery), payload, lastResponse: found.delivery.last_response };
  }

  /**
   * Sends events again: one new delivery per selected event, queued in one transaction
   * (the earlier deliveries of the same events stay as they were). Only the account's own
   * events, and only those the webhook's filter takes.
   */
  async replay(principal: Principal, id: string, input: ReplayBody): Promise<ReplayResult> {
    if (input.eventIds === undefined && input.from === undefined && input.to === undefined) {
      throw AppError.field('eventIds', 'give eventIds, a from/to time range, or both');
    }
    const from = input.from === undefined ? undefined : Date.parse(input.from);
    const to = input.to === undefined ? undefined : Date.parse(input.to);
    if (from !== undefined && to !== undefined && to < from) throw AppError.field('to', 'must not be before from');
    return this.db.transaction().execute(async (trx) => {
      const webhook = await this.require(principal, id, trx);
      const events = await selectEventsForReplay(
        trx,
        principal.accountId,
        {
          eventIds: input.eventIds === undefined ? undefined : [...new Set(input.eventIds)],
          from,
          to,
          types: parseEventFilter(webhook.events),
        },
        MAX_REPLAY_EVENTS + 1,
      );
      if (events.length > MAX_REPLAY_EVENTS) {
        throw AppError.field(input.from !== undefined ? 'from' : 'to', `selects more than ${MAX_REPLAY_EVENTS} events; replay a narrower time range at a time`);
      }
      const now = this.clock.now();
      await queueDeliveries(
        trx,
        events.map((e) => newDeliveryRow(webhook, e.id, now)),
      );
      return { queued: events.length };
    });
  }

  private async require(principal: Principal, id: string, db: Parameters<typeof findLiveWebhook>[0] = this.db): Promise<WebhookRow> {
    const row = isId(id) ? await findLiveWebhook(db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Webhook');
    return row;
  }
}

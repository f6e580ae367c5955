/**
 * The webhook dispatcher: claims due webhook calls on the lease runner (a slot per call),
 * POSTs each event to its webhook and records the outcome: a 2xx is delivered; anything
 * else, a timeout or no connection is retried after backoff.ts's delay until
 * WEBHOOK_MAX_ATTEMPTS or WEBHOOK_MAX_AGE_SECONDS, then failed.
 *
 * Redirects are not followed (the registered URL is the receiver), and calls go through
 * src/http/outbound.ts, which refuses internal addresses and never reads the answer's body:
 * a receiver's page is never stored or shown. Only as many rows are claimed as there are free
 * slots, so a claimed row is always being called and its lease never waits in this process.
 */
import { iso } from '../../../lib/api-shape.js';
import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../../../config.js';
import type { DbHandle } from '../../../db/database.js';
import { parseDetails } from '../events/events.service.js';
import type { EventRow } from '../events/events.table.js';
import { WEBHOOK_CHANNEL, webhookWakeups } from './webhooks.fan-out.js';
import { signatureOf } from './webhooks.signing.js';
import { OutboundClient } from '../../../http/outbound.js';
import { LeaseRole, LeaseRunner, SlotLoop, type SlotHandler } from '../../../queue/lease-runner.js';
import { PgNotificationListener } from '../../../queue/notifications.js';
import { retryDelayMs } from '../../../queue/backoff.js';
import type { WorkSignal } from '../../../delivery/work-signal.js';
import {
  claimDueDeliveries,
  loadDeliveries,
  markUnloadable,
  markAttemptFailed,
  markDelivered,
  webhookQueue,
  type AttemptResult,
  type ClaimedDelivery,
  type DeliveryToMake,
} from './webhooks.queue.js';
import type { Clock } from '../../../lib/clock.js';

export const USER_AGENT = 'Postwire-Webhooks/1';

export interface WebhookDispatcherOptions {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  timeoutMs: number;
  maxAttempts: number;
  maxAgeMs: number;
  firstRetryMs: number;
  outbound: OutboundClient;
  /** Claims, leases, retry times and the signed timestamp; default the system clock. */
  clock?: Clock;
}

/**
 * A webhook URL may carry a user name and password (https://user:pass@host/…): they
 * become Basic authentication, as a browser would send, and leave the URL.
 */
function splitCredentials(url: string): { url: string; authorization?: string } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms (WEBHOOK_TIMEOUT_MS)`;
  const cause = e.cause?.code ?? e.cause?.message;
  return cause ? `${e.message ?? 'request failed'}: ${cause}` : (e.message ?? String(error));
}

export class WebhookDispatcher extends LeaseRole {
  protected readonly runner: LeaseRunner;

  constructor(
    private readonly handle: DbHandle,
    signal: WorkSignal,
    private readonly options: WebhookDispatcherOptions,
    private readonly log: Logger,
    /** Wake-ups from other processes (PostgreSQL), started and closed with the dispatcher. */
    notifications?: PgNotificationListener,
  ) {
    super();
    const handler: SlotHandler<ClaimedDelivery, DeliveryToMake> = {
      claim: (holder, limit) => claimDueDeliveries(handle.db, handle.dialect, holder, limit, options.leaseMs, this.runner.clock.now()),
      // A call whose webhook, event or received message is gone ends failed, not released to be claimed again.
      prepare: async (claimed) => {
        const loaded = await loadDeliveries(
          handle.db,
          claimed.map((c) => c.id),
        );
        if (loaded.length < claimed.length) {
          const found = new Set(loaded.map((d) => d.id));
          const gone = claimed.map((c) => c.id).filter((id) => !found.has(id));
          await markUnloadable(handle.db, gone, this.runner.id, this.runner.clock.now());
        }
        return loaded;
      },
      perform: (delivery) => this.deliver(delivery),
    };
    this.runner = new LeaseRunner(
      {
        role: 'webhooks',
        name: 'webhook dispatcher',
        queue: webhookQueue,
        db: handle.db,
        leaseMs: options.leaseMs,
        pollMs: options.pollMs,
        wakeups: signal,
        clock: options.clock,
        ...(notifications ? { notifications } : {}),
      },
      new SlotLoop(handler, options.concurrency),
      log,
    );
  }

  /** One call and its record; never throws (a failure to record leaves the lease to run out). */
  private async deliver(delivery: DeliveryToMake): Promise<void> {
    const result = await this.call(delivery);
    try {
      if (result.error === null) {
        await markDelivered(this.handle.db, delivery.id, this.runner.id, result);
        return;
      }
      const giveUp = delivery.attempts >= this.options.maxAttempts || result.at - delivery.created_at >= this.options.maxAgeMs;
      const retryAt = giveUp ? undefined : result.at + retryDelayMs(delivery.attempts, Math.random, this.options.firstRetryMs);
      await markAttemptFailed(this.handle.db, delivery.id, this.runner.id, result, retryAt);
    } catch (error) {
      this.log.error({ err: error, deliveryId: delivery.id }, 'could not record a webhook call; it is retried when its lease ends');
    }
  }

  private async call(delivery: DeliveryToMake): Promise<AttemptResult> {
    const body = delivery.body;
    const timestamp = String(Math.floor(this.runner.clock.now() / 1000));
    try {
      const target = splitCredentials(delivery.url);
      const response = await this.options.outbound.post(target.url, {
        body,
        timeoutMs: this.options.timeoutMs,
        headers: {
          ...(target.authorization ? { authorization: target.authorization } : {}),
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'x-postwire-event-id': delivery.eventId,
          'x-postwire-delivery-id': delivery.id,
          'x-postwire-timestamp': timestamp,
          'x-postwire-signature': signatureOf(delivery.secret, timestamp, body),
        },
      });
      const ok = response.status >= 200 && response.status < 300;
      const error = ok ? null : `HTTP ${response.status} ${STATUS_CODES[response.status] ?? ''}`.trim();
      return { status: response.status, error, response: response.body, at: this.runner.clock.now() };
    } catch (error) {
      return { status: null, error: describeFailure(error, this.options.timeoutMs), response: null, at: this.runner.clock.now() };
    }
  }
}

/** The dispatcher of a worker process, from configuration. */
export function createWebhookDispatcher(handle: DbHandle, config: Readonly<Config>, log: Logger, clock?: Clock): WebhookDispatcher {
  const notifications =
    handle.dialect === 'postgres' && config.databaseUrl
      ? new PgNotificationListener(config.databaseUrl, WEBHOOK_CHANNEL, () => webhookWakeups.notify(), log)
      : undefined;
  return new WebhookDispatcher(
    handle,
    webhookWakeups,
    {
      concurrency: config.webhookConcurrency,
      // A lease must outlast the call it covers, or a slow receiver's event is claimed twice.
      leaseMs: Math.max(config.workerLeaseSeconds * 1000, 2 * config.webhookTimeoutMs),
      pollMs: config.workerPollMs,
      timeoutMs: config.webhookTimeoutMs,
      maxAttempts: config.webhookMaxAttempts,
      maxAgeMs: config.webhookMaxAgeSeconds * 1000,
      firstRetryMs: config.webhookRetryFirstDelayMs,
      outbound: new OutboundClient({ allow: config.outboundAllow, dnsResolver: config.dnsResolver }),
      clock,
    },
    log,
    notifications,
  );
}

/**
 * The transactional area (`/notify/v1`): senders and sending domains, the send itself,
 * templates, the message log and its events, suppressions, webhooks, statistics, and the
 * public tracking and unsubscribe links (`/t/…`, `/u/…`).
 * Builds the area's services and registers its routes; runtime.ts and app.ts call these
 * functions and nothing else of the area, so a new noun of the area touches this folder only.
 */
import type { FastifyInstance } from 'fastify';
import { OutboundPolicy } from '../../lib/network-guard.js';
import type { AreaContext } from '../area.js';
import type { AccountServices } from '../account/account.module.js';
import { registerDomainRoutes } from './domains/domains.routes.js';
import { DomainsService } from './domains/domains.service.js';
import { registerInboxRoutes } from './inbox/inbox.routes.js';
import { InboxService } from './inbox/inbox.service.js';
import { registerEventRoutes } from './events/events.routes.js';
import { EventsService } from './events/events.service.js';
import { registerMessageRoutes } from './messages/messages.routes.js';
import { MessagesService } from './messages/messages.service.js';
import { registerSenderConfirmationRoute, registerSenderRoutes } from './senders/senders.routes.js';
import { SendersService } from './senders/senders.service.js';
import { registerStatsRoutes } from './stats/stats.routes.js';
import { StatsService } from './stats/stats.service.js';
import { registerSuppressionRoutes } from './suppressions/suppressions.routes.js';
import { SuppressionsService } from './suppressions/suppressions.service.js';
import { registerTemplateRoutes } from './templates/templates.routes.js';
import { registerTrackingRoutes } from './tracking/tracking.routes.js';
import { TrackingService } from './tracking/tracking.service.js';
import { TemplatesService } from './templates/templates.service.js';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.js';
import { WebhooksService } from './webhooks/webhooks.service.js';

// What the marketing area's campaigns stand on: messages written like any accepted send,
// and a listener on the event write path for their counters.
export { registerEventListener, type EventListener } from './events/event-listeners.js';
export { newEventRow, recordEvents } from './events/events.service.js';
export type { EventRow, EventType } from './events/events.table.js';
export { acceptedMessage } from './messages/messages.accepted.js';
export { insertAcceptedMessages, markWaitingRecipientsCancelled, type AcceptedMessage } from './messages/messages.store.js';

export interface NotifyServices {
  senders: SendersService;
  domains: DomainsService;
  messages: MessagesService;
  templates: TemplatesService;
  stats: StatsService;
  events: EventsService;
  suppressions: SuppressionsService;
  webhooks: WebhooksService;
  tracking: TrackingService;
  inbox: InboxService;
}

export function createNotifyServices(context: AreaContext, account: Pick<AccountServices, 'billing'>): NotifyServices {
  const { handle, config, delivery } = context;
  const senders = new SendersService(handle.db, {
    required: config.requireVerifiedSenders,
    systemFrom: delivery.systemFrom,
    confirmationTtlMs: config.senderConfirmationTtlSeconds * 1000,
    workSignal: delivery.workSignal,
    publicUrl: context.publicUrl,
    clock: context.clock,
  });
  const tracking = new TrackingService(handle.db, handle.reads, delivery.tracking.tokens, context.clock);
  return {
    senders,
    domains: new DomainsService(handle.db, { defaultSelector: config.dkimSelector, records: delivery.domainRecords, resolver: config.dnsResolver }, [
      delivery.signingKeys,
      senders,
    ]),
    messages: new MessagesService(
      handle,
      delivery.workSignal,
      delivery.composer,
      context.sendObserver,
      senders,
      account.billing.mode === 'credits' ? account.billing : undefined,
      {
        maxAttachments: config.attachmentsMaxCount,
        maxAttachmentBytes: config.attachmentMaxBytes,
        maxAttachmentsTotalBytes: config.attachmentsMaxTotalBytes,
      },
    ),
    templates: new TemplatesService(handle.db),
    // Read-only, and their queries can scan: off the writer's thread (database.ts `longReads`).
    stats: new StatsService(handle.longReads),
    events: new EventsService(handle.longReads),
    suppressions: new SuppressionsService(handle.db),
    webhooks: new WebhooksService(handle.db, new OutboundPolicy(config.outboundAllow)),
    tracking,
    inbox: new InboxService(handle.db, config.transport === 'capture', tracking),
  };
}

/** Routes that take no Bearer credential: the sender confirmation link and the tracking links, opened from a mailbox. */
export function registerNotifyPublicRoutes(app: FastifyInstance, services: NotifyServices): void {
  registerSenderConfirmationRoute(app, services.senders);
  registerTrackingRoutes(app, services.tracking);
}

/** Routes inside the authenticated scope (http/auth.ts, http/scopes.ts decide who may call them). */
export function registerNotifyRoutes(scope: FastifyInstance, services: NotifyServices): void {
  registerSenderRoutes(scope, services.senders);
  registerDomainRoutes(scope, services.domains);
  registerMessageRoutes(scope, services.messages);
  registerTemplateRoutes(scope, services.templates);
  registerStatsRoutes(scope, services.stats);
  registerEventRoutes(scope, services.events);
  registerSuppressionRoutes(scope, services.suppressions);
  registerWebhookRoutes(scope, services.webhooks);
  registerInboxRoutes(scope, services.inbox);
}

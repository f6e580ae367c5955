/**
 * The transactional area (`/notify/v1`): senders and sending domains, the send itself,
 * templates, the message log and its events, suppressions, webhooks, statistics, and the
 * public tracking and unsubscribe links (`/t/…`, `/u/…`).
 * Builds the area's services and registers its routes; runtime.ts and app.ts call these
 * functions and nothing else of the area, so a new noun of the area touches this folder only.
 */
import os from 'node:os';
import type { TypedApp } from '../../http/typed-app.js';
import { OutboundPolicy } from '../../lib/network-guard.js';
import type { AreaContext } from '../area.js';
import type { AccountServices } from '../account/account.module.js';
import { registerDomainRoutes } from './domains/domains.routes.js';
import { DomainsService } from './domains/domains.service.js';
import { registerCaptureInboxRoutes } from './capture-inbox/capture-inbox.routes.js';
import { CaptureInboxService } from './capture-inbox/capture-inbox.service.js';
import { registerEventRoutes } from './events/events.routes.js';
import { registerInboundRoutes } from './inbound/inbound.routes.js';
import { InboundService } from './inbound/inbound.service.js';
import { EventsService } from './events/events.service.js';
import { registerMessageRoutes } from './messages/messages.routes.js';
import { MessageDeliveryStore } from './messages/messages.delivery.js';
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
// and a listener on the event write path for their counters (the runtime wires it).
export { EventLog, type EventListener, type EventWrite, webhookFanOut } from './events/event-listeners.js';
export { newEventRow, withRecipients } from './events/events.service.js';
export type { EventRow, EventType } from './events/events.table.js';
export { acceptedMessage } from './messages/messages.accepted.js';
export { campaignContent, copyValues, type SharedContent } from './messages/messages.content.js';
export { insertAcceptedMessages, markWaitingRecipientsCancelled, type AcceptedMessage } from './messages/messages.store.js';
// What the purge deletes of this area (system/retention), by the store that owns it.
export { deleteEndedDeliveriesBefore } from './webhooks/webhooks.store.js';
// What a person's export and erasure read and change of this area (system/privacy), by the stores that own it.
export { eraseEventsOf, eventsOfRecipients } from './events/events.store.js';
export { deleteInboundMessages, inboundMessagesFrom } from './inbound/inbound.store.js';
export {
  clearForwards,
  clearSharedSubmissions,
  eraseMessageContent,
  eraseRecipients,
  idempotencyAnswersNaming,
  campaignCopiesTo,
  recipientIdsOfAddress,
  recipientsOfAddress,
  setIdempotencyAnswer,
  systemMessagesNaming,
  waitingRecipientsOf,
} from './messages/messages.store.js';
export { deleteSuppressionsOfAddress, firstLiveErasureOf, suppressionsOfAddress } from './suppressions/suppressions.store.js';
export { isErasedAddressOf, liveSuppressionsFor, suppressAddress, suppressionKey } from './suppressions/suppressions.service.js';
export { purgeBodiesBatch, purgeMetadataBatch } from './messages/messages.retention.js';
export { deleteContentSigningKeysBefore } from './messages/messages.delivery-store.js';
export { purgeInboundBefore } from './inbound/inbound.store.js';

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
  captureInbox: CaptureInboxService;
  /** The delivery engine's store of this area's messages (delivery/delivery-store.ts): the runtime hands it to the pipeline. */
  deliveryStore: MessageDeliveryStore;
  inbound: InboundService;
}

export function createNotifyServices(context: AreaContext, account: Pick<AccountServices, 'billing'>): NotifyServices {
  const { handle, config, delivery, events, clock } = context;
  const senders = new SendersService(handle.db, {
    required: config.requireVerifiedSenders,
    systemFrom: delivery.systemFrom,
    confirmationTtlMs: config.senderConfirmationTtlSeconds * 1000,
    workSignal: delivery.workSignal,
    publicUrl: context.publicUrl,
    events,
    clock: context.clock,
  });
  const tracking = new TrackingService(handle.db, handle.reads, delivery.tracking.tokens, events, context.clock);
  return {
    senders,
    domains: new DomainsService(
      handle.db,
      { defaultSelector: config.dkimSelector, records: delivery.domainRecords, resolver: config.dnsResolver },
      [delivery.signingKeys, delivery.signingKeyPins, senders],
      clock,
    ),
    messages: new MessagesService(
      handle,
      events,
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
      clock,
    ),
    templates: new TemplatesService(handle.db, clock),
    // Read-only, and their queries can scan: off the writer's thread (database.ts `longReads`).
    stats: new StatsService(handle.longReads, clock),
    events: new EventsService(handle.longReads),
    suppressions: new SuppressionsService(handle.db, clock),
    webhooks: new WebhooksService(handle.db, new OutboundPolicy(config.outboundAllow), clock),
    tracking,
    captureInbox: new CaptureInboxService(handle.db, config.transport === 'capture', tracking, events, clock),
    deliveryStore: new MessageDeliveryStore(handle.reads, events),
    inbound: new InboundService(handle.db, {
      mxHost: config.inboundMxHost ?? os.hostname(),
      resolver: config.dnsResolver,
      outbound: new OutboundPolicy(config.outboundAllow),
      spamd: config.spamdHost
        ? { host: config.spamdHost, port: config.spamdPort, timeoutMs: config.spamdTimeoutMs, rejectScore: config.spamdRejectScore }
        : undefined,
      forward: { events, systemFrom: delivery.systemFrom, wake: () => delivery.workSignal.notify() },
      clock: () => clock.now(),
    }),
  };
}

/** Routes that take no Bearer credential: the sender confirmation link and the tracking links, opened from a mailbox. */
export function registerNotifyPublicRoutes(app: TypedApp, services: NotifyServices): void {
  registerSenderConfirmationRoute(app, services.senders);
  registerTrackingRoutes(app, services.tracking);
}

/** Routes inside the authenticated scope (http/auth.ts, http/scopes.ts decide who may call them). */
export function registerNotifyRoutes(scope: TypedApp, services: NotifyServices): void {
  registerSenderRoutes(scope, services.senders);
  registerDomainRoutes(scope, services.domains);
  registerMessageRoutes(scope, services.messages);
  registerTemplateRoutes(scope, services.templates);
  registerStatsRoutes(scope, services.stats);
  registerEventRoutes(scope, services.events);
  registerSuppressionRoutes(scope, services.suppressions);
  registerWebhookRoutes(scope, services.webhooks);
  registerCaptureInboxRoutes(scope, services.captureInbox);
  registerInboundRoutes(scope, services.inbound);
}

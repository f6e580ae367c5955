/** The transactional area's tables, added to the whole schema (src/db/schema.ts) below. */
import type { DomainsTable } from './domains/domains.table.js';
import type { EventsTable } from './events/events.table.js';
import type { InboundDomainsTable, InboundMessagesTable, InboundRoutesTable } from './inbound/inbound.table.js';
import type {
  ContentSigningKeysTable,
  IdempotencyKeysTable,
  MessageContentsTable,
  MessageRecipientsTable,
  MessagesTable,
  MessageTagsTable,
} from './messages/messages.table.js';
import type { StatsDailyTable } from './stats/stats.table.js';
import type { SendersTable } from './senders/senders.table.js';
import type { SuppressionsTable } from './suppressions/suppressions.table.js';
import type { TemplatesTable } from './templates/templates.table.js';
import type { WebhookDeliveriesTable, WebhooksTable } from './webhooks/webhooks.table.js';

export interface NotifyTables {
  senders: SendersTable;
  domains: DomainsTable;
  messages: MessagesTable;
  message_tags: MessageTagsTable;
  message_contents: MessageContentsTable;
  content_signing_keys: ContentSigningKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  templates: TemplatesTable;
  message_recipients: MessageRecipientsTable;
  events: EventsTable;
  stats_daily: StatsDailyTable;
  suppressions: SuppressionsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  inbound_domains: InboundDomainsTable;
  inbound_routes: InboundRoutesTable;
  inbound_messages: InboundMessagesTable;
}

declare module '../../db/schema.js' {
  // biome-ignore lint/suspicious/noEmptyInterface: adds this owner's tables to the whole schema
  interface Database extends NotifyTables {}
}

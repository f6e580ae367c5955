/** The transactional area's tables, gathered into the whole schema by src/db/schema.ts. */
import type { DomainsTable } from './domains/domains.table.js';
import type { EventsTable } from './events/events.table.js';
import type { InboundDomainsTable, InboundMessagesTable, InboundRoutesTable } from './inbound/inbound.table.js';
import type { IdempotencyKeysTable, MessageRecipientsTable, MessagesTable, MessageTagsTable } from './messages/messages.table.js';
import type { SendersTable } from './senders/senders.table.js';
import type { SuppressionsTable } from './suppressions/suppressions.table.js';
import type { TemplatesTable } from './templates/templates.table.js';
import type { WebhookDeliveriesTable, WebhooksTable } from './webhooks/webhooks.table.js';

export interface NotifyTables {
  senders: SendersTable;
  domains: DomainsTable;
  messages: MessagesTable;
  message_tags: MessageTagsTable;
  idempotency_keys: IdempotencyKeysTable;
  templates: TemplatesTable;
  message_recipients: MessageRecipientsTable;
  events: EventsTable;
  suppressions: SuppressionsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  inbound_domains: InboundDomainsTable;
  inbound_routes: InboundRoutesTable;
  inbound_messages: InboundMessagesTable;
}

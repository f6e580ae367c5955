/** The whole database at a glance: the union of every feature's `*.table.ts`. */
import type { AccountsTable, UsersTable } from '../features/accounts/accounts.table.js';
import type { RefreshTokensTable, SessionsTable } from '../features/auth/auth.table.js';
import type { ApiKeysTable } from '../features/apikeys/apikeys.table.js';
import type { SendersTable } from '../features/senders/senders.table.js';
import type { DomainsTable } from '../features/domains/domains.table.js';
import type { IdempotencyKeysTable, MessageRecipientsTable, MessagesTable, MessageTagsTable } from '../features/messages/messages.table.js';
import type { TemplatesTable } from '../features/templates/templates.table.js';
import type { CapturedEmailsTable, DeliveryJobsTable } from '../delivery/delivery.table.js';
import type { EventsTable } from '../features/events/events.table.js';
import type { SuppressionsTable } from '../features/suppressions/suppressions.table.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../features/webhooks/webhooks.table.js';
import type { CreditLedgerTable, PaymentsTable } from '../features/billing/billing.table.js';
import type { JobsTable } from '../queue/jobs.table.js';

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  senders: SendersTable;
  domains: DomainsTable;
  messages: MessagesTable;
  message_tags: MessageTagsTable;
  idempotency_keys: IdempotencyKeysTable;
  templates: TemplatesTable;
  message_recipients: MessageRecipientsTable;
  delivery_jobs: DeliveryJobsTable;
  jobs: JobsTable;
  captured_emails: CapturedEmailsTable;
  events: EventsTable;
  suppressions: SuppressionsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  payments: PaymentsTable;
  credit_ledger: CreditLedgerTable;
}

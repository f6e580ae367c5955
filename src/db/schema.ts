/** The whole database at a glance: the union of every feature's `*.table.ts`. */
import type { AccountsTable, UsersTable } from '../features/accounts/accounts.table.js';
import type { RefreshTokensTable, SessionsTable } from '../features/auth/auth.table.js';
import type { SendersTable } from '../features/senders/senders.table.js';
import type { MessageRecipientsTable, MessagesTable } from '../features/messages/messages.table.js';
import type { CapturedEmailsTable, DeliveryJobsTable } from '../delivery/delivery.table.js';
import type { EventsTable } from '../features/events/events.table.js';
import type { SuppressionsTable } from '../features/suppressions/suppressions.table.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../features/webhooks/webhooks.table.js';

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  senders: SendersTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  delivery_jobs: DeliveryJobsTable;
  captured_emails: CapturedEmailsTable;
  events: EventsTable;
  suppressions: SuppressionsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

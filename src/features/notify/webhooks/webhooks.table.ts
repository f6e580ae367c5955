import type { Generated, Insertable, Selectable } from 'kysely';

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  /** JSON array of event types; empty = every event. */
  events: string;
  /** HMAC-SHA256 key for the signature header, shown to the account once. */
  secret: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
  /** Set while the webhook is paused: no new deliveries, pending ones wait (0003). */
  disabled_at: number | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  webhook_id: string;
  event_id: string;
  run_at: number;
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: number | null;
  last_status: number | null;
  last_error: string | null;
  /** The start of the body of the last answer (migration 0028); null without one. */
  last_response: string | null;
  delivered_at: number | null;
  created_at: number;
  /** When the last attempt ended (0003). */
  last_attempt_at: number | null;
  /** Given up after WEBHOOK_MAX_ATTEMPTS or WEBHOOK_MAX_AGE_SECONDS (0003). */
  failed_at: number | null;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewWebhookDeliveryRow = Insertable<WebhookDeliveriesTable>;

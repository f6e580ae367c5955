import type { Selectable } from 'kysely';

export interface InboundDomainsTable {
  id: string;
  account_id: string;
  /** Lowercase, without a trailing dot; unique among live rows of all accounts. */
  name: string;
  /** Set while the last check found the MX record pointing at INBOUND_MX_HOST. */
  verified_at: number | null;
  checked_at: number | null;
  /** JSON array of what the last MX check answered ("priority host"). */
  mx_found: string | null;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type InboundAction = 'webhook' | 'store' | 'forward' | 'reject';

export interface InboundRoutesTable {
  id: string;
  account_id: string;
  domain_id: string;
  /** The local part matched, lowercase: exact, with `*` wildcards, or `*` alone (catch-all). */
  pattern: string;
  action: InboundAction;
  webhook_url: string | null;
  /** Signs the route's webhook calls (0034); null for the other actions. */
  webhook_secret: string | null;
  forward_to: string | null;
  reject_code: number | null;
  reject_message: string | null;
  description: string | null;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export interface InboundMessagesTable {
  id: string;
  account_id: string;
  domain_id: string;
  route_id: string;
  action: InboundAction;
  mail_from: string;
  /** JSON array of the envelope recipients that matched this row's route. */
  recipients: string;
  subject: string;
  /** JSON of the InboundDocument. */
  document: string;
  /** The message as received, base64. */
  raw: string;
  raw_size: number;
  reply_to_message_id: string | null;
  reply_to_campaign_id: string | null;
  created_at: number;
  deleted_at: number | null;
}

export type InboundDomainRow = Selectable<InboundDomainsTable>;
export type InboundRouteRow = Selectable<InboundRoutesTable>;
export type InboundMessageRow = Selectable<InboundMessagesTable>;

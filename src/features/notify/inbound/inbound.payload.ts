/**
 * A received message as the API shows it (GET /notify/v1/inbound/messages/{id}), from its
 * row: the same JSON is the body of the route's webhook call, so an application reads one
 * shape whichever way the message reached it.
 */
import { iso } from '../../../lib/api-shape.js';
import type { InboundDocument, InboundMessage } from './inbound.schemas.js';
import type { InboundMessageRow } from './inbound.table.js';

export type InboundMessageSummary = Pick<
  InboundMessageRow,
  | 'id'
  | 'domain_id'
  | 'route_id'
  | 'action'
  | 'mail_from'
  | 'recipients'
  | 'subject'
  | 'raw_size'
  | 'reply_to_message_id'
  | 'reply_to_campaign_id'
  | 'created_at'
>;

export function inboundMessageView(row: InboundMessageSummary, document?: InboundDocument): InboundMessage {
  return {
    id: row.id,
    createTime: iso(row.created_at),
    domainId: row.domain_id,
    routeId: row.route_id,
    action: row.action,
    mailFrom: row.mail_from,
    recipients: JSON.parse(row.recipients),
    subject: row.subject,
    size: row.raw_size,
    replyToMessageId: row.reply_to_message_id,
    replyToCampaignId: row.reply_to_campaign_id,
    ...(document ? { document } : {}),
  };
}

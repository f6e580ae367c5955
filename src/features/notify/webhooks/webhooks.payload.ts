/** The JSON body of a webhook call (documented in docs/webhooks.md): what the dispatcher sends, and what the delivery log shows was sent. */
import { iso } from '../../../lib/api-shape.js';
import { parseDetails } from '../events/events.service.js';
import type { EventRow } from '../events/events.table.js';

export function webhookPayload(event: EventRow, webhookId: string) {
  return {
    id: event.id,
    type: event.type,
    createdAt: iso(event.created_at),
    messageId: event.message_id,
    recipientId: event.recipient_id,
    email: event.email,
    details: parseDetails(event.details),
    webhookId,
  };
}

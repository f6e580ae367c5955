/** The JSON body of a webhook call (documented in docs/webhooks.md): what the dispatcher sends, and what the delivery log shows was sent. */
import { iso } from '../../../lib/api-shape.js';
import { shownDetails } from '../events/events.service.js';
import type { EventRow } from '../events/events.table.js';

/** `carried`: the event's message's tags and metadata (events.service.ts carriedDetails). */
export function webhookPayload(event: EventRow, webhookId: string, carried: Record<string, unknown> | undefined) {
  return {
    id: event.id,
    type: event.type,
    createdAt: iso(event.created_at),
    messageId: event.message_id,
    recipientId: event.recipient_id,
    email: event.email,
    details: shownDetails(event, carried),
    webhookId,
  };
}

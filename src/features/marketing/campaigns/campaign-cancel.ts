/** Ending a campaign's deliveries that no transport has: cancel, and a deferral that comes back after it. */
import type { DbOrTrx } from '../../../db/database.js';
import { withdrawDeliveries } from '../../../delivery/enqueue.js';
import { type EventLog, markWaitingRecipientsCancelled, newEventRow } from '../../notify/notify.module.js';
import { type Deliveries, recipientsOf } from './campaigns.store.js';

/**
 * Takes these deliveries out of the queue (those no worker holds: a delivery a worker holds
 * is already with a transport, and ends as the transport says), ends their recipients
 * `cancelled` and writes a `cancelled` event for each, which the counters count as final.
 */
export async function cancelDeliveries(trx: DbOrTrx, events: EventLog, campaignId: string, which: Deliveries, now: number): Promise<void> {
  const withdrawn = await withdrawDeliveries(trx, recipientsOf(which), now);
  if (withdrawn.length === 0) return;
  const recipients = await markWaitingRecipientsCancelled(trx, withdrawn, 'not sent: the campaign was cancelled', now);
  await events.record(
    trx,
    recipients.map((r) =>
      newEventRow({
        accountId: r.account_id,
        messageId: r.message_id,
        recipientId: r.id,
        email: r.email,
        type: 'cancelled',
        details: { reason: 'campaign cancelled', campaignId },
        at: now,
        // A campaign copy is a message of its own to one recipient.
        soleRecipient: true,
      }),
    ),
  );
}

/**
 * The delivery engine's store (delivery/delivery-store.ts) for notify's messages: it loads
 * a claimed batch's messages, recipients and suppressions, and records each attempt on
 * its recipient with its event (through the event log, so webhooks and the other
 * listeners see it), a refused address's suppression and a never-attempted recipient's
 * refund, all in the engine's outcome transaction.
 */
import type { DbOrTrx, Reads, Trx } from '../../../db/database.js';
import type { MessageComposer, PersonalCopy } from '../../../delivery/compose.js';
import type { AttemptRecord, ComposedTarget, DeliveryStore, LoadedRecipients } from '../../../delivery/delivery-store.js';
import { FINAL_STATES } from '../../../delivery/delivery-store.js';
import { hasOwnCopy } from '../../../delivery/compose.js';
import { refundNeverAttempted } from '../../account/account.module.js';
import { type EventLog, newEventRow } from '../events/events.service.js';
import type { WrittenEvent } from '../events/events.table.js';
import { liveSuppressionsFor, suppressAddress, suppressionKey } from '../suppressions/suppressions.service.js';
import { withRenderedContent } from './messages.content.js';
import { addresseesOf, loadMessages, loadRecipients, recordRecipientAttempts, storeComposed, storedComposition } from './messages.delivery-store.js';
import type { MessageRow } from './messages.table.js';

export class MessageDeliveryStore implements DeliveryStore<MessageRow> {
  constructor(
    /** Where a batch is read: the DbHandle's `reads` (committed rows, no round trip to the SQLite thread). */
    private readonly reads: Reads,
    private readonly events: EventLog,
  ) {}

  async loadBatch(messageIds: string[], recipientIds: string[]): Promise<LoadedRecipients<MessageRow>> {
    const [messages, [recipients, live]] = await Promise.all([
      loadMessages(this.reads, messageIds).then((rows) => withRenderedContent(this.reads, rows)),
      loadRecipients(this.reads, recipientIds).then(async (rows) => [rows, await liveSuppressionsFor(this.reads, rows)] as const),
    ]);
    const suppressed = new Map<string, string>();
    for (const r of recipients) {
      const reason = live.get(suppressionKey(r.account_id, r.email));
      if (reason) suppressed.set(r.id, reason);
    }
    return { messages, recipients, suppressed };
  }

  addresseesOf(messageIds: string[]) {
    return addresseesOf(this.reads, messageIds);
  }

  async recordAttempts(trx: Trx, attempts: AttemptRecord<MessageRow>[], compositions: ComposedTarget[]): Promise<Set<string>> {
    await storeComposed(trx, compositions);
    return recordRecipientAttempts(
      trx,
      attempts.map((a) => ({ recipientId: a.recipientId, state: a.state, response: a.response, now: a.at, sentAt: a.sentAt, attempts: a.attempts })),
      FINAL_STATES,
    );
  }

  async recordConsequences(trx: Trx, recorded: AttemptRecord<MessageRow>[]): Promise<void> {
    const events: WrittenEvent[] = [];
    const neverAttempted: { accountId: string; messageId: string; recipientId: string }[] = [];
    for (const a of recorded) {
      const details: Record<string, unknown> = { response: a.response };
      if (a.state === 'suppressed') {
        details.reason = a.suppressedFor;
        neverAttempted.push({ accountId: a.accountId, messageId: a.message.id, recipientId: a.recipientId });
      } else details.attempt = a.attempts;
      if (a.expired) details.expired = true;
      if (a.refused) details.refused = a.refused;
      if (a.hardBounce) {
        await suppressAddress(trx, {
          accountId: a.accountId,
          email: a.email,
          reason: 'hard_bounce',
          at: a.at,
          details: { response: a.response, messageId: a.message.id, recipientId: a.recipientId },
        });
      }
      events.push(
        newEventRow({
          accountId: a.accountId,
          messageId: a.message.id,
          recipientId: a.recipientId,
          email: a.email,
          type: a.state,
          details,
          at: a.at,
          soleRecipient: a.message.recipient_count === 1,
        }),
      );
    }
    await this.events.record(trx, events);
    // BILLING=credits: a recipient never attempted gets its credit back in this same write.
    await refundNeverAttempted(
      trx,
      neverAttempted,
      recorded.reduce((latest, a) => Math.max(latest, a.at), 0),
    );
  }
}

/**
 * The MIME of a message (or of a recipient's own copy) as it was sent, or will be: composed
 * again with what its first composition kept, or composed now and that kept (the `/raw`
 * endpoint; the pipeline keeps its compositions with its outcomes instead). `message`
 * carries its rendered HTML (withRenderedContent).
 */
export async function ensureComposed(
  composer: Pick<MessageComposer, 'composedCopy'>,
  db: DbOrTrx,
  message: MessageRow,
  personal?: PersonalCopy,
): Promise<string> {
  const addressees = await addresseesOf(db, [message.id]).then((m) => m.get(message.id) ?? []);
  const copy = await composer.composedCopy(message, addressees, personal);
  if (!copy.keep) return copy.mime;
  const target = personal && hasOwnCopy(message, personal) ? { recipientId: personal.id } : { messageId: message.id };
  await storeComposed(db, [{ ...target, ...copy.keep }]);
  // Another composition may have been kept first (a worker's): that one is what was sent.
  const kept = await storedComposition(db, target);
  if (!kept || ((kept.mime ?? null) === (copy.keep.mime ?? null) && kept.dkim_signature === copy.keep.signature)) return copy.mime;
  const stored = { ...kept, mime: kept.mime };
  return (
    await composer.composedCopy(
      { ...message, ...('messageId' in target ? stored : {}) },
      addressees,
      personal && 'recipientId' in target ? { ...personal, ...stored } : personal,
    )
  ).mime;
}

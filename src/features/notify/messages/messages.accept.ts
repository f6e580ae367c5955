/**
 * The accept commit of the send path, owned by messages: accepted sends are group-committed
 * (db/group-commit.ts), and a send is answered only after its rows are durably committed.
 *
 * One group commit carries the sends of many requests, of many accounts, in named steps:
 *   lookUpForSends   before the transaction, through the read connection: the suppression
 *                    list's entries for the group's recipients and the accounts' webhooks
 *   charge           BILLING=credits: the billing area's charge step debits each send's
 *                    account inside the transaction, or refuses it with a 402
 *                    (billing.service.ts); a refused send is not written at all
 *   writeAcceptedSends  the paid sends' rows: idempotency keys first, then messages,
 *                    recipients, queue rows, events and webhook deliveries
 * Two transactions are in flight at once ("Pipelining" in group-commit.ts). Charging stays
 * safe with two: on PostgreSQL the second waits for the first's account locks; on SQLite
 * the thread runs one transaction after the other.
 */
import type { DbHandle, Reads, Trx } from '../../../db/database.js';
import { GroupCommit, type GroupCommitOptions } from '../../../db/group-commit.js';
import { readTogether } from '../../../db/one-round-trip-reads.js';
import type { AppError } from '../../../errors.js';
import { iso } from '../../../lib/api-shape.js';
import { messageIdOf } from '../../../lib/message-id.js';
import { refundNeverAttempted, type Charge } from '../../account/account.module.js';
import { newEventRow } from '../events/events.service.js';
import { liveSuppressionsFor, liveSuppressionsQuery, suppressionKey, suppressionsByKey } from '../suppressions/suppressions.service.js';
import type { SuppressionReason } from '../suppressions/suppressions.table.js';
import { activeWebhooksFor, activeWebhooksQuery, type ActiveWebhook } from '../webhooks/webhooks.fan-out.js';
import { toRecipient } from './messages.log.js';
import type { EventLog } from '../events/event-listeners.js';
import type { SendResult } from './messages.schemas.js';
import { insertAcceptedSends, type AcceptedMessage, type AcceptedSend, type LookupsInAdvance, type SendLookups } from './messages.store.js';
import type { IdempotencyKeyRow } from './messages.table.js';

const SEND_COMMITS: GroupCommitOptions = { inFlight: 2 };

/** The billing area's charge step: per send, the 402 that refuses it or undefined when it was paid for. */
export interface SendCharger {
  chargeForRecipients(trx: Trx, items: Charge[][]): Promise<(AppError | undefined)[]>;
}

/** What a recipient found on the suppression list records as its last response. */
function suppressedResponse(email: string, reason: SuppressionReason): string {
  return `not attempted: ${email} is on the suppression list (${reason})`;
}

/** The answer to a send, once it is known which recipients were found suppressed at commit. */
export function sendResultOf(accepted: AcceptedMessage, suppressed: ReadonlyMap<string, SuppressionReason>): SendResult {
  const recipients = accepted.recipients.map((r) => {
    const reason = suppressed.get(r.id);
    return toRecipient({
      ...r,
      attempts: 0,
      sent_at: null,
      ...(reason ? { state: 'suppressed' as const, last_response: suppressedResponse(r.email, reason) } : { last_response: null }),
    });
  });
  const notSent = accepted.recipients.filter((r) => suppressed.has(r.id)).map((r) => r.email);
  return {
    id: accepted.message.id,
    messageId: messageIdOf(accepted.message),
    queuedAt: iso(accepted.message.created_at),
    accepted: accepted.recipients.filter((r) => !suppressed.has(r.id)).map((r) => r.email),
    rejected: [],
    recipients,
    ...(accepted.message.scheduled_at != null ? { scheduledAt: iso(accepted.message.scheduled_at) } : {}),
    ...(notSent.length ? { suppressed: notSent } : {}),
  };
}

/**
 * A message as written when some of its recipients are on the suppression list: those
 * end `suppressed` at once, with no queue row and a `suppressed` event after `accepted`.
 */
function withSuppressions(accepted: AcceptedMessage, suppressed: ReadonlyMap<string, SuppressionReason>): AcceptedMessage {
  const at = accepted.message.created_at;
  const events = [...accepted.events];
  const recipients = accepted.recipients.map((r) => {
    const reason = suppressed.get(r.id);
    if (!reason) return r;
    const response = suppressedResponse(r.email, reason);
    events.push(
      newEventRow({
        accountId: r.account_id,
        messageId: r.message_id,
        recipientId: r.id,
        email: r.email,
        type: 'suppressed',
        at,
        details: { response, reason },
        soleRecipient: accepted.recipients.length === 1,
      }),
    );
    return { ...r, state: 'suppressed' as const, last_response: response };
  });
  return { ...accepted, recipients, jobs: accepted.jobs.filter((j) => !suppressed.has(j.recipientId)), events };
}

/** Recipients looked up on the suppression list by one query at most: keeps its IN list small. */
const SUPPRESSION_CHUNK = 5000;

/** The suppression list's entries for these recipients, in chunks that keep the IN lists small. */
async function suppressionsAmong(db: Reads, recipients: { account_id: string; email: string }[]): Promise<Map<string, SuppressionReason>> {
  const found = new Map<string, SuppressionReason>();
  for (let i = 0; i < recipients.length; i += SUPPRESSION_CHUNK) {
    for (const [key, reason] of await liveSuppressionsFor(db, recipients.slice(i, i + SUPPRESSION_CHUNK))) found.set(key, reason);
  }
  return found;
}

/** The suppression list's entries for these recipients and their accounts' webhooks (on PostgreSQL in one statement). */
async function lookUp(db: Reads, recipients: { account_id: string; email: string }[], accountIds: string[]): Promise<SendLookups> {
  if (recipients.length <= SUPPRESSION_CHUNK) {
    // One round trip on PostgreSQL for both (db/one-round-trip-reads.ts).
    const [rows, webhooks] = await readTogether(db, liveSuppressionsQuery(db, recipients), activeWebhooksQuery(db, accountIds));
    return { suppressions: suppressionsByKey(rows, recipients), webhooks };
  }
  const [suppressions, webhooks] = await Promise.all([suppressionsAmong(db, recipients), activeWebhooksFor(db, accountIds)]);
  return { suppressions, webhooks };
}

/**
 * The look-ups of a group of sends, one query each for the whole group, not one per
 * request (on PostgreSQL both in one statement), and before the group's transaction (group-commit.ts `read`): the suppression
 * list's entries for its recipients, and its accounts' webhooks. Neither is written by a
 * send, so reading them a moment before the commit is as if the send had committed a
 * moment earlier: an address suppressed, or a webhook added, in between counts from the
 * next send on. A send whose look-ups were started in advance brings them (the same
 * argument: a moment earlier still), and only the others are looked up here.
 */
async function lookUpForSends(db: Reads, sends: AcceptedSend[]): Promise<SendLookups> {
  const inAdvance = await Promise.all(sends.map((s) => s.lookups));
  const rest = sends.filter((_, i) => !inAdvance[i]);
  const found: SendLookups[] = inAdvance.filter((l): l is SendLookups => l !== undefined);
  if (rest.length) {
    found.push(
      await lookUp(
        db,
        rest.flatMap((s) => s.messages.flatMap((m) => m.recipients)),
        rest.flatMap((s) => s.messages.map((m) => m.message.account_id)),
      ),
    );
  }
  if (found.length === 1) return found[0]!;
  const webhooks = new Map<string, ActiveWebhook>();
  const suppressions = new Map<string, SuppressionReason>();
  for (const l of found) {
    for (const w of l.webhooks) webhooks.set(w.id, w);
    for (const [key, reason] of l.suppressions) suppressions.set(key, reason);
  }
  return { suppressions, webhooks: [...webhooks.values()] };
}

/**
 * The group-commit writer of sends: writes only (see lookUpForSends). The writer may run
 * twice for a send (a failed group is retried one by one), so it derives the rows to write
 * afresh and leaves the accepted rows as they were.
 */
async function writeAcceptedSends(events: EventLog, trx: Trx, sends: AcceptedSend[], { suppressions, webhooks }: SendLookups): Promise<void> {
  const keys: IdempotencyKeyRow[] = [];
  const messages: AcceptedMessage[] = [];
  for (const send of sends) {
    const suppressed = new Map<string, SuppressionReason>();
    for (const r of send.messages.flatMap((m) => m.recipients)) {
      const reason = suppressions.get(suppressionKey(r.account_id, r.email));
      if (reason) suppressed.set(r.id, reason);
    }
    send.suppressed = suppressed;
    if (send.idempotency) keys.push({ ...send.idempotency, response: JSON.stringify(send.answer(suppressed)) });
    for (const m of send.messages) messages.push(suppressed.size ? withSuppressions(m, suppressed) : m);
  }
  await insertAcceptedSends(trx, events, keys, messages, webhooks);
  // BILLING=credits: a recipient found suppressed here gets back the credit just charged for it.
  await refundNeverAttempted(
    trx,
    sends
      .flatMap((s) => s.messages.flatMap((m) => m.recipients.filter((r) => s.suppressed.has(r.id))))
      .map((r) => ({ accountId: r.account_id, messageId: r.message_id, recipientId: r.id })),
    messages.reduce((latest, m) => Math.max(latest, Number(m.message.created_at)), 0),
  );
}

/** What one accepted send costs: one charge per message. */
const chargesOf = (send: AcceptedSend): Charge[] =>
  send.messages.map((m) => ({ accountId: m.message.account_id, messageId: m.message.id, recipients: m.recipients.length }));

/** A send waiting in the group commit, and the 402 that refused it, if one did. */
interface Slot {
  send: AcceptedSend;
  refusal?: AppError | undefined;
}

export class SendAcceptor {
  private readonly commit: GroupCommit<Slot, SendLookups>;
  private readonly reads: Reads;

  /** `charger`: BILLING=credits; absent, sending is not metered. */
  constructor(handle: DbHandle, charger: SendCharger | undefined, events: EventLog) {
    this.reads = handle.reads;
    // The writer never reads a write's result: write-behind (database.ts); what it looks
    // up beforehand comes through `reads` (group-commit.ts).
    this.commit = new GroupCommit<Slot, SendLookups>(
      handle.writeBehind,
      async (trx, slots, looked) => {
        let paid = slots;
        if (charger) {
          // Decided afresh on every attempt: a batch that fails is retried item by item.
          // The balances are read inside the transaction, never before it: they are what it changes.
          const refusals = await charger.chargeForRecipients(
            trx,
            slots.map((s) => chargesOf(s.send)),
          );
          slots.forEach((slot, i) => {
            slot.refusal = refusals[i];
          });
          paid = slots.filter((s) => !s.refusal);
        }
        if (paid.length)
          await writeAcceptedSends(
            events,
            trx,
            paid.map((s) => s.send),
            looked,
          );
      },
      SEND_COMMITS,
      (slots) =>
        lookUpForSends(
          handle.reads,
          slots.map((s) => s.send),
        ),
    );
  }

  /**
   * Starts a send's look-ups before it is prepared (LookupsInAdvance), for recipients known
   * early: an SMTP client names them before it sends the message, so the suppression list
   * and webhooks are read while the message arrives, and its commit no longer waits for
   * that round trip (bench:smtp). Never rejects.
   */
  lookUpInAdvance(accountId: string, emails: string[]): LookupsInAdvance {
    return lookUp(
      this.reads,
      emails.map((email) => ({ account_id: accountId, email })),
      [accountId],
    ).catch(() => undefined);
  }

  /** Resolves once the send is durably committed; rejects with its 402 when it was refused. */
  async submit(send: AcceptedSend): Promise<void> {
    const slot: Slot = { send };
    await this.commit.submit(slot);
    if (slot.refusal) throw slot.refusal;
  }

  /** Waits for accepted sends still being committed (graceful shutdown). */
  drain(): Promise<void> {
    return this.commit.drain();
  }
}

/**
 * Rules for the suppression list: an account does not send to an address on its live
 * list. Addresses get there three ways: a hard bounce during delivery (the pipeline
 * calls `suppressAddress` in its outcome transaction), an asynchronous bounce or spam
 * complaint (`recordFeedback`, called by the inbound DSN/ARF listener), or the API.
 * Deleting is soft; the address can then be suppressed again.
 */
import { listResult, type ListResult, toPage, resourceFields } from '../../../lib/api-shape.js';
import type { Db, DbOrTrx, Reads } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { erasedAddress, isErasedAddress } from '../../../lib/erased-address.js';
import { newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { type EventLog, keepDeliveryReply, newEventRow, parseDetails } from '../events/events.service.js';
import { listRecipientEventsOfType } from '../events/events.store.js';
import { lockRecipientById, markRecipientBounced, recipientCountOf } from '../messages/messages.store.js';
import type { CreateSuppressionBody, Suppression, SuppressionsExportQuery, SuppressionsQuery } from './suppressions.schemas.js';
import {
  findLiveSuppression,
  insertSuppressionIfAbsent,
  liveSuppressionsAmongQuery,
  listLiveSuppressions,
  liveSuppressionsBefore,
  softDeleteSuppression,
} from './suppressions.store.js';
import type { SuppressionReason, SuppressionRow } from './suppressions.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export function toSuppression(row: SuppressionRow): Suppression {
  return { ...resourceFields(row), email: row.email, reason: row.reason, details: row.details === null ? {} : parseDetails(row.details) };
}

export interface SuppressInput {
  accountId: string;
  email: string;
  reason: SuppressionReason;
  details?: Record<string, unknown>;
  at: number;
  /** The user who asked (API); null when the system suppressed the address. */
  userId?: string | null;
}

function suppressionRow(input: SuppressInput): SuppressionRow {
  const userId = input.userId ?? null;
  return {
    id: newId(input.at),
    account_id: input.accountId,
    email: input.email.trim(),
    email_normalized: normalizeEmail(input.email),
    reason: input.reason,
    details: JSON.stringify(input.details ?? {}),
    created_at: input.at,
    updated_at: input.at,
    create_user_id: userId,
    update_user_id: userId,
    deleted_at: null,
  };
}

/**
 * Adds the address to the account's live list with the caller's database or transaction;
 * an address already there is left as it is. Returns whether it was added.
 */
export function suppressAddress(db: DbOrTrx, input: SuppressInput): Promise<boolean> {
  return insertSuppressionIfAbsent(db, suppressionRow(input));
}

/** Whether the account keeps the address suppressed in its erased form (docs/privacy.md): the person asked to be forgotten. */
export async function isErasedAddressOf(db: DbOrTrx, accountId: string, email: string): Promise<boolean> {
  return (await findLiveSuppression(db, accountId, erasedAddress(accountId, email))) !== undefined;
}

/** The key `liveSuppressionsFor` answers with. */
export function suppressionKey(accountId: string, email: string): string {
  return `${accountId}\n${normalizeEmail(email)}`;
}

/** Which of the given recipients are on their account's live list: suppressionKey → reason. */
export async function liveSuppressionsFor(db: Reads, recipients: { account_id: string; email: string }[]): Promise<Map<string, SuppressionReason>> {
  return suppressionsByKey((await liveSuppressionsQuery(db, recipients)?.execute()) ?? [], recipients);
}

/**
 * liveSuppressionsFor's query, not yet run, to read with another (db/one-round-trip-reads.ts); its rows go to suppressionsByKey.
 * Each address is looked up as itself and as its erased form (lib/erased-address.ts), so an erased address stays suppressed.
 */
export function liveSuppressionsQuery(db: Reads, recipients: { account_id: string; email: string }[]) {
  const addresses = new Set<string>();
  for (const r of recipients) addresses.add(normalizeEmail(r.email)).add(erasedAddress(r.account_id, r.email));
  return liveSuppressionsAmongQuery(db, [...new Set(recipients.map((r) => r.account_id))], [...addresses]);
}

/** The rows of liveSuppressionsQuery for these recipients as liveSuppressionsFor answers: suppressionKey → reason (an erased form under its address's key). */
export function suppressionsByKey(
  rows: Pick<SuppressionRow, 'account_id' | 'email_normalized' | 'reason'>[],
  recipients: { account_id: string; email: string }[],
): Map<string, SuppressionReason> {
  const found = new Map<string, SuppressionReason>();
  const erased = rows.filter((row) => isErasedAddress(row.email_normalized));
  for (const row of rows) if (!isErasedAddress(row.email_normalized)) found.set(`${row.account_id}\n${row.email_normalized}`, row.reason);
  if (erased.length === 0) return found;
  const reasons = new Map(erased.map((row) => [`${row.account_id}\n${row.email_normalized}`, row.reason]));
  for (const r of recipients) {
    // A recipient erased while its delivery was with a worker carries the erased form itself.
    const reason = reasons.get(`${r.account_id}\n${isErasedAddress(r.email) ? r.email : erasedAddress(r.account_id, r.email)}`);
    if (reason) found.set(suppressionKey(r.account_id, r.email), reason);
  }
  return found;
}

export interface FeedbackInput {
  /** The recipient the report is about (from the VERP return path bounces+<recipientId>@…). */
  recipientId: string;
  /**
   * bounced: an asynchronous hard bounce (DSN, RFC 3464); complained: a spam report (ARF,
   * RFC 5965); deferred: a delay notice (DSN with Action: delayed), recorded as an event only.
   */
  type: 'bounced' | 'complained' | 'deferred';
  /** Stored on the event and the suppression, e.g. `{ response, status, feedbackType }`. */
  details?: Record<string, unknown>;
  /** When it was reported: the caller's clock. */
  at: number;
}

export interface FeedbackResult {
  accountId: string;
  messageId: string;
  recipientId: string;
  email: string;
  /** The event written, or for a repeated report the one written the first time (if any). */
  eventId: string | undefined;
  /** False when the report repeats what is already recorded: nothing was written. */
  recorded: boolean;
  /** False when the address was already on the list (or a report does not suppress). */
  suppressed: boolean;
}

/**
 * Records an asynchronous report about one recipient, in one transaction: the event;
 * for a bounce the recipient's state (`bounced`; a queue row still waiting is then
 * dropped unsent by the pipeline's skipIfFinal); for a bounce or complaint the address
 * on the account's suppression list (hard_bounce or complaint). Returns undefined when
 * no such recipient exists, so the caller can refuse the report.
 *
 * Reports repeat: a server that missed our reply sends the same one again, and a
 * bounce may follow the one the pipeline recorded during delivery. A repeat records
 * nothing (`recorded: false`): a bounce for a recipient already `bounced`, a second
 * complaint about it, a delay notice identical to one already recorded or arriving
 * after the bounce. The recipient row is locked first, so two copies of a report that
 * arrive at once, or a worker recording an outcome at that moment, are decided one
 * after the other (the worker leaves a recipient in a final state as it is: see the
 * pipeline's recordOutcome).
 */
export async function recordFeedback(db: Db, events: EventLog, input: FeedbackInput): Promise<FeedbackResult | undefined> {
  const at = input.at;
  const details = input.details ?? {};
  return db.transaction().execute(async (trx) => {
    const recipient = await lockRecipientById(trx, input.recipientId);
    if (!recipient) return undefined;
    const result = { accountId: recipient.account_id, messageId: recipient.message_id, recipientId: recipient.id, email: recipient.email };

    // The earlier event this report would repeat: a delay notice repeats only an identical one.
    const earlier = await listRecipientEventsOfType(trx, recipient, input.type);
    const detailsText = JSON.stringify(details);
    const same = input.type === 'deferred' ? earlier.find((e) => e.details === detailsText) : earlier.at(-1);
    const repeated =
      input.type === 'bounced'
        ? recipient.state === 'bounced'
        : input.type === 'complained'
          ? same !== undefined
          : same !== undefined || recipient.state === 'bounced';
    if (repeated) return { ...result, eventId: same?.id, recorded: false, suppressed: false };

    const event = newEventRow({
      accountId: recipient.account_id,
      messageId: recipient.message_id,
      recipientId: recipient.id,
      email: recipient.email,
      type: input.type,
      details,
      at,
      soleRecipient: (await recipientCountOf(trx, recipient.message_id)) === 1,
    });
    await events.record(trx, [event]);
    if (input.type === 'deferred') return { ...result, eventId: event.id, recorded: true, suppressed: false };
    if (input.type === 'bounced') {
      const response = typeof details.response === 'string' && details.response ? details.response : 'bounced (asynchronous delivery status notification)';
      await keepDeliveryReply(trx, recipient);
      await markRecipientBounced(trx, recipient.id, { response, now: at });
    }
    const suppressed = await suppressAddress(trx, {
      accountId: recipient.account_id,
      email: recipient.email,
      reason: input.type === 'bounced' ? 'hard_bounce' : 'complaint',
      details: { ...details, messageId: recipient.message_id, recipientId: recipient.id },
      at,
    });
    return { ...result, eventId: event.id, recorded: true, suppressed };
  });
}

const SUPPRESSION_CSV_COLUMNS: readonly string[] = ['email', 'reason', 'createTime', 'details'];

/** Rows per read of the export: a few hundred kilobytes at most. */
const EXPORT_PAGE = 1000;

function alreadySuppressed(email: string): AppError {
  return new AppError('conflict', `${email} is already on this account's suppression list.`);
}

export class SuppressionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(principal: Principal, query: SuppressionsQuery): Promise<ListResult<Suppression>> {
    const email = query.email === undefined ? undefined : normalizeEmail(query.email);
    const { rows, total } = await listLiveSuppressions(this.db, principal.accountId, { email }, toPage(query));
    return listResult(rows.map(toSuppression), total);
  }

  /**
   * The account's live list as rows of CSV cells (header row first; the route writes them
   * with lib/csv.ts, which defuses formulas: a bounce's details quote what a remote server,
   * anyone, wrote), newest first, narrowed as the list is: email, reason, createTime,
   * details (the JSON object the list shows). Read a page at a time by key, so a list of a
   * million addresses is never held in memory.
   */
  exportCsv(principal: Principal, query: SuppressionsExportQuery): AsyncIterable<readonly string[]> {
    const email = query.email === undefined ? undefined : normalizeEmail(query.email);
    const db = this.db;
    return (async function* lines() {
      yield SUPPRESSION_CSV_COLUMNS;
      for (let before: string | undefined; ; ) {
        const rows = await liveSuppressionsBefore(db, principal.accountId, { email }, before, EXPORT_PAGE);
        for (const row of rows) {
          const s = toSuppression(row);
          yield [s.email, s.reason, s.createTime, JSON.stringify(s.details)];
        }
        if (rows.length < EXPORT_PAGE) return;
        before = rows.at(-1)!.id;
      }
    })();
  }

  async get(principal: Principal, email: string): Promise<Suppression> {
    const row =
      (await findLiveSuppression(this.db, principal.accountId, normalizeEmail(email))) ??
      (await findLiveSuppression(this.db, principal.accountId, erasedAddress(principal.accountId, email)));
    if (!row) throw AppError.notFound('Suppression');
    return toSuppression(row);
  }

  async create(principal: Principal, input: CreateSuppressionBody): Promise<Suppression> {
    const row = suppressionRow({
      accountId: principal.accountId,
      email: input.email,
      reason: input.reason ?? 'manual',
      details: { source: 'api' },
      at: this.clock.now(),
      userId: principal.userId,
    });
    // The unique index decides, so two concurrent requests give one 201 and one 409.
    if (!(await insertSuppressionIfAbsent(this.db, row))) throw alreadySuppressed(row.email);
    return toSuppression(row);
  }

  async remove(principal: Principal, email: string): Promise<void> {
    // An erased address is removed by naming it: the person asked to be mailed again.
    const change = { now: this.clock.now(), userId: principal.userId };
    const plain = await softDeleteSuppression(this.db, principal.accountId, normalizeEmail(email), change);
    const erased = await softDeleteSuppression(this.db, principal.accountId, erasedAddress(principal.accountId, email), change);
    if (!plain && !erased) throw AppError.notFound('Suppression');
  }
}

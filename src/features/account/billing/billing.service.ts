/**
 * Credits and payments. The balance is the sum of the account's ledger entries (a payment
 * or refund adds, usage takes): no stored counter can drift from the entries.
 *
 * Charging (BILLING=credits) happens inside the send path's group commit, before any message
 * row is written (`chargeForRecipients`): PostgreSQL locks the batch's account rows in order
 * so a concurrent commit reads a balance that includes this one; SQLite's one writer refuses
 * a commit whose read was overtaken, and the group commit retries item by item. Either way no
 * two commits spend the same credits; a refused item alone fails (402).
 *
 * Refunds: a recipient never attempted (suppressed, or its scheduled send cancelled) gets its
 * credit back once, in the transaction that records it, and only if its message was charged.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { DbHandle, Trx } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { formatMinorUnits, isCurrencyCode } from '../../../lib/currency.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { StorageService } from '../storage/storage.service.js';
import type { BillingMode, Payment, PaymentRecorded, Usage, UsageQuery } from './billing.schemas.js';
import {
  chargedMessageIds,
  findLiveAccountId,
  findPayment,
  insertLedgerEntries,
  insertPayment,
  ledgerBalances,
  listPayments,
  lockAccountsForCharging,
  refundedRecipientIds,
  usageByDay,
} from './billing.store.js';
import type { NewLedgerRow, PaymentRow } from './billing.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** The price of one accepted recipient. */
export const CREDITS_PER_RECIPIENT = 1;

const DAY_MS = 86_400_000;
const MAX_USAGE_DAYS = 366;
/** What one accepted message costs its account. */
export interface Charge {
  accountId: string;
  messageId: string;
  /** Recipients accepted; each costs CREDITS_PER_RECIPIENT. */
  recipients: number;
}

export interface PaymentInput {
  accountId: string;
  credits: number;
  amount: number;
  currency: string;
  method?: string | undefined;
  reference?: string | undefined;
}

export type PaymentChannel = 'cli' | 'admin-api';

function toPayment(row: PaymentRow): Payment {
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    amount: row.amount,
    currency: row.currency,
    credits: row.credits,
    method: row.method,
    reference: row.reference,
    status: row.status,
    createdBy: row.created_by,
  };
}

function outOfCredits(balance: number, needed: number): AppError {
  return new AppError(
    'payment_required',
    `Out of credits: this send needs ${needed} credit${needed === 1 ? '' : 's'} (one per recipient) and the account's balance is ${balance}. Nothing was sent; ask the operator to record a payment.`,
  );
}

export class BillingService {
  constructor(
    private readonly handle: DbHandle,
    readonly mode: BillingMode,
    /** What GET /account/usage says of the database's size. */
    private readonly storage: Pick<StorageService, 'forAccount'> = new StorageService(handle.longReads, handle.dialect),
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Charges the items of one transaction in order; returns, per item, the 402 that
   * refuses it or undefined when it was paid for (and its usage entries written).
   */
  async chargeForRecipients(trx: Trx, items: Charge[][]): Promise<(AppError | undefined)[]> {
    const accountIds = [...new Set(items.flatMap((charges) => charges.map((c) => c.accountId)))];
    if (this.handle.dialect === 'postgres') await lockAccountsForCharging(trx, accountIds);
    const balances = await ledgerBalances(trx, accountIds);
    const now = this.clock.now();
    const usage: NewLedgerRow[] = [];
    const refusals = items.map((charges) => {
      const needed = new Map<string, number>();
      for (const c of charges) needed.set(c.accountId, (needed.get(c.accountId) ?? 0) + c.recipients * CREDITS_PER_RECIPIENT);
      for (const [accountId, credits] of needed) {
        const balance = balances.get(accountId) ?? 0;
        if (balance < credits) return outOfCredits(balance, credits);
      }
      for (const [accountId, credits] of needed) balances.set(accountId, (balances.get(accountId) ?? 0) - credits);
      for (const c of charges) {
        usage.push({
          id: newId(now),
          account_id: c.accountId,
          kind: 'usage',
          credits: -c.recipients * CREDITS_PER_RECIPIENT,
          payment_id: null,
          message_id: c.messageId,
          recipient_id: null,
          created_at: now,
        });
      }
      return undefined;
    });
    await insertLedgerEntries(trx, usage);
    return refusals;
  }

  async balance(accountId: string): Promise<number> {
    return (await ledgerBalances(this.handle.db, [accountId])).get(accountId) ?? 0;
  }

  /** The billing fields of GET /account. */
  async accountBilling(accountId: string): Promise<{ billingMode: BillingMode; creditBalance: number }> {
    return { billingMode: this.mode, creditBalance: await this.balance(accountId) };
  }

  /** An operator records a payment (CLI or admin endpoint): the payment and its ledger entry, in one transaction. */
  async recordPayment(input: PaymentInput, channel: PaymentChannel): Promise<PaymentRecorded> {
    const currency = input.currency.trim().toUpperCase();
    if (!Number.isSafeInteger(input.credits) || input.credits < 1) throw AppError.field('credits', 'must be a whole number of at least 1');
    if (!Number.isSafeInteger(input.amount) || input.amount < 0)
      throw AppError.field('amount', 'must be a whole number of at least 0, in minor units (4900 for 49.00 EUR)');
    if (!isCurrencyCode(currency)) throw AppError.field('currency', `must be an ISO 4217 currency code such as EUR or USD, not "${input.currency}"`);
    const method = input.method?.trim() || 'manual';
    const reference = input.reference?.trim() || null;
    if (method.length > 50) throw AppError.field('method', 'must be at most 50 characters');
    if (reference && reference.length > 200) throw AppError.field('reference', 'must be at most 200 characters');

    const now = this.clock.now();
    const row: PaymentRow = {
      id: newId(now),
      account_id: input.accountId,
      amount: input.amount,
      currency,
      credits: input.credits,
      method,
      reference,
      status: 'completed',
      created_by: channel,
      created_at: now,
      updated_at: now,
      create_user_id: null,
      update_user_id: null,
      deleted_at: null,
    };
    const balance = await this.handle.db.transaction().execute(async (trx) => {
      if (!isId(input.accountId) || !(await findLiveAccountId(trx, input.accountId))) throw AppError.notFound('Account');
      await insertPayment(trx, row);
      await insertLedgerEntries(trx, [
        {
          id: newId(now),
          account_id: row.account_id,
          kind: 'payment',
          credits: row.credits,
          payment_id: row.id,
          message_id: null,
          recipient_id: null,
          created_at: now,
        },
      ]);
      return (await ledgerBalances(trx, [row.account_id])).get(row.account_id) ?? 0;
    });
    return { payment: toPayment(row), creditBalance: balance };
  }

  async listPayments(principal: Principal, page: Page): Promise<ListResult<Payment>> {
    const { rows, total } = await listPayments(this.handle.db, principal.accountId, page);
    return listResult(rows.map(toPayment), total);
  }

  async getPayment(principal: Principal, id: string): Promise<Payment> {
    const row = isId(id) ? await findPayment(this.handle.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Payment');
    return toPayment(row);
  }

  async usage(principal: Principal, query: UsageQuery): Promise<Usage> {
    const now = new Date(this.clock.now());
    const today = Math.floor(now.getTime() / DAY_MS);
    const firstOfMonth = Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / DAY_MS);
    const from = query.from === undefined ? firstOfMonth : parseDay('from', query.from);
    const to = query.to === undefined ? Math.max(today, from) : parseDay('to', query.to);
    if (to < from) throw AppError.field('to', `must not be before from (${dayString(from)})`);
    if (to - from + 1 > MAX_USAGE_DAYS) throw AppError.field('to', `the range may cover at most ${MAX_USAGE_DAYS} days`);

    const [byDay, storage] = await Promise.all([
      usageByDay(this.handle.db, principal.accountId, from * DAY_MS, (to + 1) * DAY_MS),
      this.storage.forAccount(principal.accountId),
    ]);
    const rows = new Map(byDay.map((r) => [r.day, r]));
    const days: Usage['days'] = [];
    for (let day = from; day <= to; day++) {
      const r = rows.get(day);
      const charged = r?.charged ?? 0;
      const refunded = r?.refunded ?? 0;
      days.push({ date: dayString(day), charged, refunded, used: charged - refunded });
    }
    const charged = days.reduce((n, d) => n + d.charged, 0);
    const refunded = days.reduce((n, d) => n + d.refunded, 0);
    return { from: dayString(from), to: dayString(to), charged, refunded, used: charged - refunded, days, storage };
  }
}

/** 'YYYY-MM-DD' → days since the epoch (UTC); a day that does not exist (2026-02-30) is a field error. */
function parseDay(field: string, value: string): number {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw AppError.field(field, `${value} is not a calendar day (YYYY-MM-DD)`);
  return ms / DAY_MS;
}

function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A line for the operator: "payment 0193… recorded: 10000 credits for 49.00 EUR; balance 10000". */
export function describePayment(recorded: PaymentRecorded): string {
  const p = recorded.payment;
  return `${p.id}\nRecorded ${p.credits} credits for ${formatMinorUnits(p.amount, p.currency)} on account ${p.customerId}; balance now ${recorded.creditBalance}.`;
}

/**
 * Gives back the credit of each recipient that was never attempted, in the caller's
 * transaction (the one recording the outcome). Only recipients of charged messages,
 * and each at most once.
 */
export async function refundNeverAttempted(trx: Trx, recipients: { accountId: string; messageId: string; recipientId: string }[], now: number): Promise<void> {
  if (recipients.length === 0) return;
  const [charged, refunded] = await Promise.all([
    chargedMessageIds(trx, [...new Set(recipients.map((r) => r.messageId))]),
    refundedRecipientIds(
      trx,
      recipients.map((r) => r.recipientId),
    ),
  ]);
  const seen = new Set<string>();
  const entries: NewLedgerRow[] = [];
  for (const r of recipients) {
    if (!charged.has(r.messageId) || refunded.has(r.recipientId) || seen.has(r.recipientId)) continue;
    seen.add(r.recipientId);
    entries.push({
      id: newId(now),
      account_id: r.accountId,
      kind: 'refund',
      credits: CREDITS_PER_RECIPIENT,
      payment_id: null,
      message_id: r.messageId,
      recipient_id: r.recipientId,
      created_at: now,
    });
  }
  await insertLedgerEntries(trx, entries);
}

/** SQL for payments and the credit ledger. Every read of an account's data is scoped by account. */
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../db/database.js';
import { insertRows } from '../../../db/group-commit.js';
import type { NewLedgerRow, PaymentRow } from './billing.table.js';

const DAY_MS = 86_400_000;

/** Each account's balance: the sum of its ledger (index credit_ledger_balance). Accounts without entries are absent. */
export async function ledgerBalances(db: DbOrTrx, accountIds: string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['account_id', (eb) => eb.fn.sum<number | string>('credits').as('balance')])
    .where('account_id', 'in', accountIds)
    .groupBy('account_id')
    .execute();
  // PostgreSQL's SUM of BIGINT is NUMERIC, which arrives as a string.
  return new Map(rows.map((r) => [r.account_id, Number(r.balance)]));
}

/**
 * PostgreSQL only: holds the accounts' rows until the transaction ends, so two
 * processes charging one account take turns (see billing.service.ts). Sorted, so two
 * transactions never wait for each other in opposite orders. FOR NO KEY UPDATE does
 * not block inserts elsewhere that merely reference the account.
 */
export async function lockAccountsForCharging(trx: DbOrTrx, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await trx
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', [...accountIds].sort())
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export async function insertLedgerEntries(db: DbOrTrx, rows: NewLedgerRow[]): Promise<void> {
  await insertRows(db, 'credit_ledger', rows);
}

/** Of the given messages, those whose recipients were charged (a usage entry exists). */
export async function chargedMessageIds(db: DbOrTrx, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db.selectFrom('credit_ledger').select('message_id').where('kind', '=', 'usage').where('message_id', 'in', messageIds).execute();
  return new Set(rows.map((r) => r.message_id!));
}

/** Of the given recipients, those already refunded. */
export async function refundedRecipientIds(db: DbOrTrx, recipientIds: string[]): Promise<Set<string>> {
  if (recipientIds.length === 0) return new Set();
  const rows = await db.selectFrom('credit_ledger').select('recipient_id').where('kind', '=', 'refund').where('recipient_id', 'in', recipientIds).execute();
  return new Set(rows.map((r) => r.recipient_id!));
}

export async function insertPayment(db: DbOrTrx, row: PaymentRow): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export async function listPayments(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: PaymentRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'payments', accountId), (q) => q.selectAll(), page);
}

export async function findPayment(db: DbOrTrx, accountId: string, id: string): Promise<PaymentRow | undefined> {
  return findLiveRow(db, 'payments', accountId, id, (q) => q.selectAll());
}

/** Credits charged and refunded per UTC day (day = epoch ms / 86 400 000) in [fromMs, toMs). */
export async function usageByDay(db: DbOrTrx, accountId: string, fromMs: number, toMs: number): Promise<{ day: number; charged: number; refunded: number }[]> {
  const day = sql<number>`created_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('credit_ledger')
    .select([
      day.as('day'),
      sql<number | string>`sum(case when kind = 'usage' then -credits else 0 end)`.as('charged'),
      sql<number | string>`sum(case when kind = 'refund' then credits else 0 end)`.as('refunded'),
    ])
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['usage', 'refund'])
    .where('created_at', '>=', fromMs)
    .where('created_at', '<', toMs)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), charged: Number(r.charged), refunded: Number(r.refunded) }));
}

/** The id of a live account, or undefined (the operator's commands name accounts by id). */
export async function findLiveAccountId(db: DbOrTrx, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
  return row?.id;
}

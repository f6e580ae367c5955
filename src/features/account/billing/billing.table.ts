import type { Insertable, Selectable } from 'kysely';

/** How a ledger entry changes the balance: payment and refund add, usage takes, adjustment either. */
export type LedgerKind = 'payment' | 'usage' | 'refund' | 'adjustment';

/** One immutable change of an account's credit balance; the balance is the sum of these. */
export interface CreditLedgerTable {
  id: string;
  account_id: string;
  kind: LedgerKind;
  credits: number;
  payment_id: string | null;
  message_id: string | null;
  recipient_id: string | null;
  created_at: number;
}

export type PaymentStatus = 'completed';

export interface PaymentsTable {
  id: string;
  account_id: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  credits: number;
  method: string;
  reference: string | null;
  status: PaymentStatus;
  /** cli | admin-api */
  created_by: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type LedgerRow = Selectable<CreditLedgerTable>;
export type NewLedgerRow = Insertable<CreditLedgerTable>;
export type PaymentRow = Selectable<PaymentsTable>;

import type { Selectable } from 'kysely';

export type SuppressionReason = 'hard_bounce' | 'complaint' | 'unsubscribe' | 'manual';

export interface SuppressionsTable {
  id: string;
  account_id: string;
  email: string;
  email_normalized: string;
  reason: SuppressionReason;
  details: string | null;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type SuppressionRow = Selectable<SuppressionsTable>;

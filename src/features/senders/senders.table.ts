import type { Selectable } from 'kysely';

export interface SendersTable {
  id: string;
  account_id: string;
  display_name: string;
  email: string;
  email_normalized: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type SenderRow = Selectable<SendersTable>;

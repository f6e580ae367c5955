import type { Insertable, Selectable } from 'kysely';

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
  /** When the owner of the address followed the confirmation link; null: not confirmed. */
  confirmed_at: number | null;
  /** SHA-256 (hex) of the pending confirmation link's token; cleared when it is used. */
  confirmation_token_hash: string | null;
  confirmation_expires_at: number | null;
}

export type SenderRow = Selectable<SendersTable>;
export type NewSenderRow = Insertable<SendersTable>;

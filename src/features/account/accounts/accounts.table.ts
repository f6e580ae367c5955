import type { Role } from '../../../http/principal.js';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  email: string;
  /** A label shown by GET /account (default self-hosted); set by the operator. */
  plan: Generated<string>;
  /** Printed in the footer of campaign mail; '' until the account sets it. */
  postal_address: Generated<string>;
  /** Days message bodies are kept for this account; null: RETENTION_BODY_DAYS (docs/retention.md). */
  body_retention_days: Generated<number | null>;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type { Role } from '../../../http/principal.js';

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string;
  role: Role;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

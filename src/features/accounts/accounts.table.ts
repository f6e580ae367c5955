import type { Insertable, Selectable } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  email: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string;
  role: 'owner' | 'admin' | 'member';
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

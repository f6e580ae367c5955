import type { Selectable } from 'kysely';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  key_hash: string;
  /** What a person sees to tell keys apart: the prefix and the last characters. */
  preview: string;
  /** Space-separated scopes. */
  scopes: string;
  expires_at: number | null;
  last_used_at: number | null;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  /** Set when the key is revoked. */
  deleted_at: number | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

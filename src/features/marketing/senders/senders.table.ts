import type { Insertable, Selectable } from 'kysely';

/** A From identity of campaigns: display name, address, reply-to. */
export interface MarketingSendersTable {
  id: string;
  account_id: string;
  display_name: string;
  email: string;
  reply_email: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type MarketingSenderRow = Selectable<MarketingSendersTable>;
export type NewMarketingSenderRow = Insertable<MarketingSendersTable>;

import type { Selectable } from 'kysely';

/** Who asked for an erasure: a person's session, an API key, or the operator's command. */
export type ErasureActor = 'user' | 'apiKey' | 'operator';

/** One erasure of an address (migration 0033): never the address, only its hash. */
export interface PrivacyErasuresTable {
  id: string;
  account_id: string;
  /** lib/erased-address.ts: the form the suppression list keeps. */
  email_hash: string;
  actor: ErasureActor;
  user_id: string | null;
  api_key_id: string | null;
  /** JSON object: how many rows of each kind were erased. */
  counts: string;
  created_at: number;
}

export type ErasureRow = Selectable<PrivacyErasuresTable>;

/** The privacy feature's table, added to the whole schema (src/db/schema.ts) below. */
export interface PrivacyTables {
  privacy_erasures: PrivacyErasuresTable;
}

declare module '../../../db/schema.js' {
  // biome-ignore lint/suspicious/noEmptyInterface: adds this owner's tables to the whole schema
  interface Database extends PrivacyTables {}
}

import type { Insertable, Selectable } from 'kysely';

/** A saved selection of contacts: a rule tree (segment-rules.ts) kept as JSON. */
export interface SegmentsTable {
  id: string;
  account_id: string;
  name: string;
  rules: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type SegmentRow = Selectable<SegmentsTable>;
export type NewSegmentRow = Insertable<SegmentsTable>;

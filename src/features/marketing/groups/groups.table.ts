import type { Insertable, Selectable } from 'kysely';

/** A folder of contact lists (`groupName` in the API). */
export interface ContactGroupsTable {
  id: string;
  account_id: string;
  name: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type ContactGroupRow = Selectable<ContactGroupsTable>;
export type NewContactGroupRow = Insertable<ContactGroupsTable>;

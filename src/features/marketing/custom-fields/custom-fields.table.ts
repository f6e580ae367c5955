import type { Insertable, Selectable } from 'kysely';

/** A field an account adds to its contacts; the values are `contact_field_values` rows. */
export interface CustomFieldsTable {
  id: string;
  account_id: string;
  name: string;
  /** The client's own type code, stored and returned as given (the original has no table of them). */
  type: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type CustomFieldRow = Selectable<CustomFieldsTable>;
export type NewCustomFieldRow = Insertable<CustomFieldsTable>;

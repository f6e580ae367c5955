import type { Insertable, Selectable } from 'kysely';

/** One address of an account's audience; on any number of its lists (`contact_list_members`). */
export interface ContactsTable {
  id: string;
  account_id: string;
  email: string;
  /** lib/email-address.ts normalizeEmail: what "the same address" means for upserts and suppressions. */
  email_normalized: string;
  /** As set through the API: 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported (the answer also reads suppressions: contacts.service.ts). */
  status: number;
  rank: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export interface ContactTagsTable {
  contact_id: string;
  account_id: string;
  tag: string;
}

/** A contact's value of a custom field: text, as the client sent it. */
export interface ContactFieldValuesTable {
  contact_id: string;
  custom_field_id: string;
  account_id: string;
  value: string;
}

export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;

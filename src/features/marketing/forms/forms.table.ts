import type { Insertable, Selectable } from 'kysely';

/** A hosted sign-up form (forms.service.ts). */
export interface FormsTable {
  id: string;
  account_id: string;
  title: string;
  /** JSON array of the contact list ids a confirmed sign-up is put on. */
  list_ids: string;
  from_email: string | null;
  signing_key: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

/** A sign-up waiting for (or past) its confirmation. */
export interface FormSignupsTable {
  id: string;
  form_id: string;
  account_id: string;
  email: string;
  page_token: string;
  ip: string;
  created_at: number;
  confirmed_at: number | null;
}

/** How a contact gave consent. */
export interface ContactConsentsTable {
  id: string;
  account_id: string;
  contact_id: string;
  source: string;
  ip: string;
  consented_at: number;
  confirmed_at: number;
}

/** A count of confirmation mails in a window, per key (migrations/0019). */
export interface FormConfirmationCountersTable {
  key: string;
  window_ends_at: number;
  count: number;
}

export type FormRow = Selectable<FormsTable>;
export type NewFormRow = Insertable<FormsTable>;
export type FormSignupRow = Selectable<FormSignupsTable>;
export type ContactConsentRow = Selectable<ContactConsentsTable>;

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

/** The stored `status` values (ContactsTable.status). */
export const CONTACT_STATUS = { active: 1, hardBounce: 2, unsubscribed: 3, spamReported: 4 } as const;

/**
 * The row of a contact that starts active: one builder for the API's add, the form's confirmation,
 * imports and the import benchmark, so a new column gets its starting value in one place. Here
 * rather than in the store or service: a store (imports) and a benchmark build it too. The caller
 * normalizes the address (imports already hold it normalized for their look-ups).
 */
export function newActiveContact(
  accountId: string,
  contact: { id: string; email: string; email_normalized: string },
  now: number,
  userId: string | null = null,
): NewContactRow {
  return {
    id: contact.id,
    account_id: accountId,
    email: contact.email,
    email_normalized: contact.email_normalized,
    status: CONTACT_STATUS.active,
    rank: 0,
    created_at: now,
    updated_at: now,
    create_user_id: userId,
    update_user_id: userId,
    deleted_at: null,
  };
}

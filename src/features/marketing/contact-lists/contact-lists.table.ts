import type { Insertable, Selectable } from 'kysely';

/** A list of contacts; campaigns are sent to lists. */
export interface ContactListsTable {
  id: string;
  account_id: string;
  name: string;
  /** The group it is filed in; null: none. */
  group_id: string | null;
  /** 0 none, 1 GDPR, 2 CASL, 3 CAN-SPAM. */
  legislation: number;
  /** Maintained counter of its `contact_list_members` rows (see contact-lists.service.ts). */
  contacts_count: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

/** One contact on one list. Only live contacts on live lists have rows. */
export interface ContactListMembersTable {
  list_id: string;
  contact_id: string;
  account_id: string;
  created_at: number;
  /** The import that last put or found the contact on the list (imports.service.ts: repeats across chunks). */
  last_import_id: string | null;
}

export type ContactListRow = Selectable<ContactListsTable>;
export type NewContactListRow = Insertable<ContactListsTable>;

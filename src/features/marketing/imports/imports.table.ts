import type { Insertable, Selectable } from 'kysely';

/** 0 waiting, 1 running, 2 completed, 3 failed. */
export const IMPORT_STATUS = { waiting: 0, running: 1, completed: 2, failed: 3 } as const;

/** One import into a contact list and its counters (the original's import status). */
export interface ContactImportsTable {
  id: string;
  account_id: string;
  list_id: string;
  status: number;
  /** JSON array of the custom field ids the file gives values for. */
  custom_fields: string;
  /** JSON array of `{ row, email, reason }`, the first invalid rows (imports.service.ts). */
  invalid_rows: string;
  total: number;
  added: number;
  already_exists: number;
  repetitive: number;
  invalid: number;
  hard_bounce: number;
  unsubscribe: number;
  spam: number;
  blocked: number;
  limit_exceeded: number;
  /** 'json' (rows in contact_import_rows) or 'csv' (the file in contact_import_files). */
  source: 'json' | 'csv';
  /** The cursor: data rows of the file applied so far. */
  rows_done: number;
  /** CSV: JSON array, per header column, 'email', a custom field id, or null (ignored). */
  columns: string | null;
  /** CSV: JSON array of the header names of the columns not imported; null for a JSON import and for imports before it was kept. */
  ignored_columns: string | null;
  /**
   * CSV: the charset the file's bytes are decoded in (imports.csv.ts); null for a JSON
   * import, and for a file stored as text before charsets were detected.
   */
  charset: string | null;
  /** Why the import ended failed (status 3); null otherwise. */
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

/** A row of an import not applied yet: a valid address, first of its kind in the file. */
export interface ContactImportRowsTable {
  import_id: string;
  row_number: number;
  email: string;
  /** JSON `[{ customFieldId, value }]`, each naming a live field of the account when accepted. */
  custom_fields: string;
}

/**
 * An uploaded CSV file in pieces in upload order, kept until its import ends: its bytes as
 * they came, one character per byte (Latin-1), decoded in the import's charset when read.
 */
export interface ContactImportFilesTable {
  import_id: string;
  seq: number;
  data: string;
}

export type ContactImportRow = Selectable<ContactImportsTable>;
export type NewContactImportRow = Insertable<ContactImportsTable>;
export type PendingImportRow = Selectable<ContactImportRowsTable>;

export type ImportCounter = 'added' | 'already_exists' | 'hard_bounce' | 'unsubscribe' | 'spam' | 'blocked' | 'total' | 'invalid' | 'repetitive';

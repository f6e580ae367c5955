import type { Generated, Insertable, Selectable } from 'kysely';

export interface DeliveryJobsTable {
  id: string;
  recipient_id: string;
  message_id: string;
  run_at: number;
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  /** 0 transactional, 1 bulk (enqueue.ts DELIVERY_PRIORITY): transactional jobs are claimed first. */
  priority: Generated<number>;
  /** The message's account: bulk work is taken account by account (null only in rows written before migration 0008 and not backfilled). */
  account_id: string | null;
}

export interface CapturedEmailsTable {
  id: string;
  account_id: string;
  message_id: string;
  recipient_id: string;
  envelope_from: string;
  envelope_to: string;
  raw: string;
  created_at: number;
}

export type DeliveryJobRow = Selectable<DeliveryJobsTable>;
export type NewDeliveryJobRow = Insertable<DeliveryJobsTable>;

/** The delivery engine's own tables, added to the whole schema (src/db/schema.ts) below. */
export interface DeliveryTables {
  delivery_jobs: DeliveryJobsTable;
  captured_emails: CapturedEmailsTable;
}

declare module '../db/schema.js' {
  // biome-ignore lint/suspicious/noEmptyInterface: adds this owner's tables to the whole schema
  interface Database extends DeliveryTables {}
}

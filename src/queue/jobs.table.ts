import type { Generated, Insertable, Selectable } from 'kysely';

export interface JobsTable {
  id: string;
  task: string;
  /** JSON. */
  payload: string;
  idempotency_key: string | null;
  run_at: number;
  priority: Generated<number>;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  done_at: number | null;
  failed_at: number | null;
  created_at: number;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;

/** The job runner's table, added to the whole schema (src/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    jobs: JobsTable;
  }
}

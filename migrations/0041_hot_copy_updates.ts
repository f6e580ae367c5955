/**
 * Fewer row versions and index entries left behind by each delivery, on PostgreSQL above all,
 * where an UPDATE that changes an indexed column (or finds no room on its row's page) writes a
 * new entry in every index of the table, and the old ones stay in the files after a VACUUM.
 *
 * PostgreSQL only: SQLite rewrites a row in place and has no such entries to leave; it keeps its
 * schema (and the outcome index its report and resend read).
 *
 * - campaign_recipients_campaign_outcome (campaign_id, outcome, recipient_id) becomes
 *   campaign_recipients_campaign (campaign_id, recipient_id). Every copy's outcome is set once
 *   when it is final; with `outcome` in an index, no such UPDATE could be HOT (a new entry in
 *   each of the table's four indexes), and the entries it added went into the middle of the
 *   campaign's range, splitting its pages half empty. The queries that named the outcome read
 *   the campaign's recipients and test the outcome on the rows: a resend's candidates (paged in
 *   id order, as before) and the report's bounces by reply (whose counts by domain read every
 *   row of the campaign already).
 * - delivery_jobs: fillfactor 40. A claim writes its lease on up to a claim's worth
 *   of jobs in one UPDATE, and those columns are in no index: with room on the page the new
 *   versions stay there (HOT), and the jobs' indexes get no second entry per job. A job is
 *   deleted when its recipient is final, so the emptier pages last only while jobs wait; the
 *   indexes keep their pages for later jobs, the heap is given back by VACUUM.
 * - delivery_jobs: the unique key on recipient_id goes, its foreign key moves to id.
 *   A job's id is its recipient's (delivery/enqueue.ts), so the primary key already holds every
 *   recipient once, and a second unique index held the same 24 characters again; a CHECK keeps
 *   the two equal. Rows queued before the ids were equal get theirs first.
 * - events_message: fillfactor 70. A message's `accepted` event is appended at the
 *   index's end; its delivery outcome comes later with the same key and lands on that full page,
 *   splitting it in two half-empty pages. With room left, it is merged into the first's entry
 *   (B-tree deduplication) instead.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropIndex('campaign_recipients_campaign_outcome').execute();
  await db.schema.createIndex('campaign_recipients_campaign').on('campaign_recipients').columns(['campaign_id', 'recipient_id']).execute();
  await sql`alter table delivery_jobs set (fillfactor = 40)`.execute(db);
  await sql`update delivery_jobs set id = recipient_id where id <> recipient_id`.execute(db);
  await sql`alter table delivery_jobs drop constraint delivery_jobs_recipient_id_key`.execute(db);
  await sql`alter table delivery_jobs drop constraint delivery_jobs_recipient_id_fkey`.execute(db);
  await sql`alter table delivery_jobs add constraint delivery_jobs_recipient_id_check check (recipient_id = id)`.execute(db);
  await sql`alter table delivery_jobs add constraint delivery_jobs_id_fkey foreign key (id) references message_recipients (id)`.execute(db);
  await sql`alter index events_message set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter index events_message reset (fillfactor)`.execute(db);
  await sql`alter table delivery_jobs drop constraint delivery_jobs_id_fkey`.execute(db);
  await sql`alter table delivery_jobs drop constraint delivery_jobs_recipient_id_check`.execute(db);
  await sql`alter table delivery_jobs add constraint delivery_jobs_recipient_id_fkey foreign key (recipient_id) references message_recipients (id)`.execute(db);
  await sql`alter table delivery_jobs add constraint delivery_jobs_recipient_id_key unique (recipient_id)`.execute(db);
  await sql`alter table delivery_jobs reset (fillfactor)`.execute(db);
  await db.schema.dropIndex('campaign_recipients_campaign').execute();
  await db.schema.createIndex('campaign_recipients_campaign_outcome').on('campaign_recipients').columns(['campaign_id', 'outcome', 'recipient_id']).execute();
}

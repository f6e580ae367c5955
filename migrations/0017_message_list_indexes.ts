/**
 * Indexes for the message log's list and search (GET /notify/v1/messages, the dashboard's
 * Messages page), measured with bench/messages.ts at 100,000 messages (docs/performance.md,
 * "Message list with 100,000 messages"). Before them, every list request counted its
 * totalCount by reading each message row (to see `deleted_at`), and the recipient and state
 * filters read every recipient row of the account.
 *
 * - messages_live: the account's live messages by id. The count of an unfiltered list (and
 *   of a tag, recipient or state filter, which probe it by id) reads only this index.
 * - messages_live_created: the same by acceptance time, for the date range (since, until).
 * - message_recipients_account_email: the recipient filter (exact, case-insensitive: the
 *   query compares lower(email), so the index holds the same expression).
 *
 * The subject filter (contains, case-insensitive) is not served by a b-tree index and
 * still reads the account's messages; see docs/performance.md.
 *
 * No index on a recipient's `state`, though the state filter would use one (bench:messages
 * measured one as message_recipients_account_state): the state changes on every delivery
 * attempt, and an indexed column that changes makes each of those UPDATEs write an entry
 * into every index of the table (on PostgreSQL it can no longer be a heap-only update).
 * The delivery path writes far more often than anyone filters the list by state.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('messages_live').on('messages').columns(['account_id', 'id']).where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('messages_live_created').on('messages').columns(['account_id', 'created_at']).where(sql.ref('deleted_at'), 'is', null).execute();
  // An expression index: Kysely's builder names columns only, so the statement is written out (the same on both dialects).
  await sql`create index message_recipients_account_email on message_recipients (account_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('message_recipients_account_email').execute();
  await db.schema.dropIndex('messages_live_created').execute();
  await db.schema.dropIndex('messages_live').execute();
}

/**
 * When each recipient's copy was first opened (src/features/notify/tracking), so that its
 * first open, and only that one, is also a `unique_opened` event: the original service's
 * "unique open" webhook event (id 6). A conditional update of this column (set where it is
 * still null) decides which open is the first, race-free on both dialects, also between
 * processes. Nullable: a copy never opened, and rows written without it, read as "not yet".
 *
 * Copies opened before this column existed get the time of their first `opened` event,
 * so their next open is not taken for a first one.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_recipients').addColumn('first_opened_at', 'bigint').execute();
  await backfillFirstOpens(db);
}

/** Each copy with `opened` events and no first open recorded gets the time of its first one. */
export async function backfillFirstOpens(db: Kysely<any>): Promise<void> {
  await sql`
    update message_recipients
       set first_opened_at = (select min(e.created_at) from events e where e.recipient_id = message_recipients.id and e.type = 'opened')
     where first_opened_at is null
       and id in (select recipient_id from events where type = 'opened' and recipient_id is not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_recipients').dropColumn('first_opened_at').execute();
}

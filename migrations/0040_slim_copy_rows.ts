/**
 * A message's Message-ID is no longer stored when it is the one made from its id and its From
 * domain, `<id@domain>` (nearly every message's): new rows store '' and the code derives it
 * where it is read (lib/message-id.ts). Rows written before keep theirs; nothing is rewritten.
 *
 * messages_account_message_id_header holds only the Message-IDs that are not made from their
 * message's id (a submitted message's own; those others are found by id). It is built again
 * with a condition that leaves out '' too, or every new message would have an entry in it. The
 * condition is written as the query writes it (inbound.store.ts findSentMessageByHeader): a
 * partial index is used only when the query names its condition.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_account_message_id_header').execute();
  await db.schema
    .createIndex('messages_account_message_id_header')
    .on('messages')
    .columns(['account_id', 'message_id_header'])
    .where(sql<boolean>`message_id_header <> '' and substr(message_id_header, 2, 24) <> id`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The rows written since store '' for their own Message-ID: it is written out again first, as
  // the earlier code reads the column as it is. The domain follows the address's one '@'.
  const at = db.getExecutor().adapter instanceof PostgresAdapter ? sql`strpos(from_email, '@')` : sql`instr(from_email, '@')`;
  await sql`update messages set message_id_header = '<' || id || '@' || lower(substr(from_email, ${at} + 1)) || '>' where message_id_header = ''`.execute(db);
  await db.schema.dropIndex('messages_account_message_id_header').execute();
  await db.schema
    .createIndex('messages_account_message_id_header')
    .on('messages')
    .columns(['account_id', 'message_id_header'])
    .where(sql<boolean>`substr(message_id_header, 2, 24) <> id`)
    .execute();
}

/**
 * The links of a click-tracked message, kept when retention clears its body.
 *
 * A click token names a recipient and a link's position; the URL it leads to is read from the
 * copy's HTML. Once the body purge clears that HTML, the links of mail people still keep in
 * their mailboxes would stop leading anywhere, so the purge writes the copy's links here first
 * (`messages.kept_links` for a message's shared HTML, `message_recipients.kept_links` for a
 * personalised copy's own): a JSON array of URLs, a few hundred bytes where the body was kilobytes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('kept_links', 'text').execute();
  await db.schema.alterTable('message_recipients').addColumn('kept_links', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_recipients').dropColumn('kept_links').execute();
  await db.schema.alterTable('messages').dropColumn('kept_links').execute();
}

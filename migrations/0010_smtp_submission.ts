/**
 * SMTP submission: a message submitted over SMTP keeps the MIME its client
 * built. `submitted_mime` holds it as accepted (Message-ID and Date added when missing,
 * the X-Postwire-* and Idempotency-Key headers removed); the first composition signs it
 * (DKIM) into `mime`, as a JSON send's composition does. Null for every JSON send.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('submitted_mime', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('submitted_mime').execute();
}

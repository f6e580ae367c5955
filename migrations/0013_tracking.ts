/**
 * Tracking and unsubscribe per message (src/features/notify/tracking): whether each
 * recipient's copy gets an open pixel, click-tracked links, and a List-Unsubscribe link
 * with RFC 8058 one-click. Integer flags, nullable so that every message written without
 * them (older rows, and writers that do not name them) reads as "off". Nothing else is
 * stored: the links' tokens are signed and carry the recipient (lib/tracking-tokens.ts),
 * and what they record are events.
 */
import type { Kysely } from 'kysely';

const COLUMNS = ['track_opens', 'track_clicks', 'list_unsubscribe'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of COLUMNS) await db.schema.alterTable('messages').addColumn(name, 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of COLUMNS) await db.schema.alterTable('messages').dropColumn(name).execute();
}

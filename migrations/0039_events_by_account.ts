/**
 * Fewer bytes per event: two of every message are stored, and the key on `id` alone was a
 * third copy of the id (and, on SQLite, of a rowid) that no query needs, as every read of an
 * event by id names its account. The primary key becomes (account_id, id):
 *
 * - SQLite: the table is rebuilt WITHOUT ROWID, its rows stored in (account_id, id) order, so
 *   the table itself is what events_account was (no rowid, no separate key index). The rows
 *   are copied as they are stored, oldest first, which appends each account's rows in key
 *   order: sorting them first (by events_account or a sorter) neither packed the pages
 *   tighter nor copied faster.
 * - PostgreSQL: the key's index replaces events_account (the same columns), nothing rewritten.
 *
 * What each index serves: the key, an account's events in id order (the event list, /stats per
 * day, webhook replays, a time range from T read from idFloor(T)) and one event of an account (a
 * webhook delivery's event, joined on its account); events_message, a message's events (its
 * timeline, a recipient's events, the erasure and the retention purge). It was (message_id, id)
 * and is now (message_id) alone: no query reads a message's events in id order (the timeline
 * sorts its few by time), and PostgreSQL keeps the equal keys of a message's events as one
 * entry (B-tree deduplication), which the id made unique. On SQLite the index holds the key's
 * columns after message_id either way.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { required } from './columns.js';

const COLUMNS = sql.raw('id, account_id, message_id, recipient_id, email, type, details, created_at');

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The events table under `name`, as 0002 made it, with the primary key given and WITHOUT ROWID when keyed by account. */
async function createEvents(db: Kysely<any>, name: string, byAccount: boolean): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('id', 'varchar(24)', byAccount ? required : (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', required)
    .addColumn('message_id', 'varchar(24)')
    .addColumn('recipient_id', 'varchar(24)')
    .addColumn('email', 'text')
    .addColumn('type', 'text', required)
    .addColumn('details', 'text', required)
    .addColumn('created_at', 'bigint', required);
  if (byAccount) table = table.addPrimaryKeyConstraint('events_pkey', ['account_id', 'id']).modifyEnd(sql`without rowid`);
  await table.execute();
}

/** SQLite: a new table can only get another primary key (or lose its rowid) by copying the rows into it. */
async function rebuildEvents(db: Kysely<any>, byAccount: boolean): Promise<void> {
  await createEvents(db, 'events_rebuilt', byAccount);
  await sql`insert into events_rebuilt (${COLUMNS}) select ${COLUMNS} from events`.execute(db);
  await db.schema.dropTable('events').execute();
  await db.schema.alterTable('events_rebuilt').renameTo('events').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('events').dropConstraint('events_pkey').execute();
    await db.schema.dropIndex('events_account').execute();
    await db.schema.alterTable('events').addPrimaryKeyConstraint('events_pkey', ['account_id', 'id']).execute();
    await db.schema.dropIndex('events_message').execute();
  } else {
    await rebuildEvents(db, true);
  }
  await db.schema.createIndex('events_message').on('events').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('events').dropConstraint('events_pkey').execute();
    await db.schema.alterTable('events').addPrimaryKeyConstraint('events_pkey', ['id']).execute();
    await db.schema.dropIndex('events_message').execute();
  } else {
    await rebuildEvents(db, false);
  }
  await db.schema.createIndex('events_account').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_message').on('events').columns(['message_id', 'id']).execute();
}

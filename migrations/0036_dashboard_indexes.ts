/**
 * Indexes for the Contacts page on a large account, and for a campaign's report.
 *
 * campaign_recipients_campaign_recipient and campaign_recipients_campaign_outcome: the report's
 * opens and clicks by hour walk the campaign's recipient ids to their events, and its bounces by
 * reply look for the bounced recipients only; without them both read every recipient row of
 * the campaign. The first holds two columns that never change; the second one that is set once,
 * when the recipient's outcome is final.
 *
 * contacts_live: the account's contacts by `deleted_at`, then id. The page's count
 * (totalCount) and its first page read this index only, where contacts_account made them read
 * every contact row to see `deleted_at`. The column is in the key, not a partial index's
 * WHERE: SQLite reads the row to test a column the index does not hold, even one the
 * index's WHERE already settles.
 *
 * And an index for finding contacts by part of their address (GET /inbox/v1/contacts?search=,
 * the dashboard's "Address contains"). The search is a substring match, which a b-tree index
 * cannot serve: without this, every search read each of the account's contacts.
 *
 * - PostgreSQL: a trigram GIN index (pg_trgm) on lower(email), the expression the query
 *   compares; the planner uses it for a LIKE '%…%' of three characters or more without any
 *   change to the query. pg_trgm ships with PostgreSQL but creating an extension needs the
 *   right to; where the database user lacks it, the migration goes on without the index and
 *   the search reads the contacts as before.
 * - SQLite: an FTS5 table with the trigram tokenizer (built into SQLite since 3.34). It
 *   indexes `contact_search`, a copy of each contact's address under an INTEGER PRIMARY KEY:
 *   FTS5 finds rows by an integer rowid, and a contact's own implicit rowid may change when
 *   the file is vacuumed (its key is text). Triggers keep both in step with `contacts`; the
 *   store asks the FTS table for candidates and keeps the LIKE as the final word.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contacts_live').on('contacts').columns(['account_id', 'deleted_at', 'id']).execute();
  await db.schema.createIndex('campaign_recipients_campaign_recipient').on('campaign_recipients').columns(['campaign_id', 'recipient_id']).execute();
  await db.schema.createIndex('campaign_recipients_campaign_outcome').on('campaign_recipients').columns(['campaign_id', 'outcome']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A savepoint: a refused CREATE EXTENSION must not abort the migration's transaction.
    await sql`savepoint contact_search`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index contacts_email_trgm on contacts using gin (lower(email) gin_trgm_ops) where deleted_at is null`.execute(db);
      await sql`release savepoint contact_search`.execute(db);
    } catch {
      await sql`rollback to savepoint contact_search`.execute(db);
    }
    return;
  }
  await sql`create table contact_search (rowid integer primary key, contact_id varchar(24) not null unique, email text not null)`.execute(db);
  await sql`create virtual table contact_search_fts using fts5(email, content='contact_search', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`create trigger contact_search_fts_insert after insert on contact_search begin
    insert into contact_search_fts(rowid, email) values (new.rowid, new.email);
  end`.execute(db);
  await sql`create trigger contact_search_fts_delete after delete on contact_search begin
    insert into contact_search_fts(contact_search_fts, rowid, email) values ('delete', old.rowid, old.email);
  end`.execute(db);
  await sql`create trigger contacts_search_insert after insert on contacts begin
    insert into contact_search(contact_id, email) values (new.id, new.email);
  end`.execute(db);
  await sql`create trigger contacts_search_update after update of email on contacts begin
    delete from contact_search where contact_id = old.id;
    insert into contact_search(contact_id, email) values (new.id, new.email);
  end`.execute(db);
  await sql`create trigger contacts_search_delete after delete on contacts begin
    delete from contact_search where contact_id = old.id;
  end`.execute(db);
  await sql`insert into contact_search(contact_id, email) select id, email from contacts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('campaign_recipients_campaign_outcome').execute();
  await db.schema.dropIndex('campaign_recipients_campaign_recipient').execute();
  await db.schema.dropIndex('contacts_live').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists contacts_email_trgm`.execute(db);
    return;
  }
  for (const trigger of [
    'contacts_search_delete',
    'contacts_search_update',
    'contacts_search_insert',
    'contact_search_fts_delete',
    'contact_search_fts_insert',
  ])
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  await sql`drop table contact_search_fts`.execute(db);
  await sql`drop table contact_search`.execute(db);
}

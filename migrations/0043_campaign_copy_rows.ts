/**
 * A campaign copy's rows hold less of what other rows hold already.
 *
 * campaign_recipients' account_id and message_id are stored as '' from now on (the dispatcher
 * writes them so): the campaign names the account and the copy's recipient its message, both
 * by primary key. Rows written before keep theirs; nothing is rewritten, and `down` writes
 * them out again for the code before.
 *
 * message_recipients_account_email (account_id, lower(email)) held an entry for every copy of
 * every campaign, though campaign_recipients_address (campaign_id, email_normalized) holds the
 * same address for the same copy: on PostgreSQL about 115 bytes a copy. It is built again
 * without the copies written from now on, which `campaign_copy` = 1 marks (the dispatcher
 * writes their campaign_recipients row in the same transaction). The readers by address (the
 * message list's recipient filter, a person's data) find those copies through their campaign
 * (messages.store.ts, campaigns.store.ts). Rows written before keep their entry; nothing is
 * rewritten, and a copy found both ways is one copy.
 *
 * campaign_recipients_address becomes one unique index on (campaign_id, email_normalized,
 * superseded) over every record, where it held only the current ones (superseded = 0): a record a
 * resend replaced is numbered 1, 2, … per address (campaigns.store.ts supersede), so the key
 * stays unique, and those already replaced are numbered here. It then serves what
 * campaign_recipients_campaign (campaign_id, recipient_id) served on PostgreSQL, a campaign's
 * records, which goes (about 65 bytes a copy, net of the wider key): a resend pages its candidates by address. SQLite
 * keeps its campaign_recipients_campaign_outcome (0041), which its report and resend read.
 *
 * Each index reads every row of its table when built (docs/upgrading.md has the times).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_recipients').addColumn('campaign_copy', 'integer').execute();
  await db.schema.dropIndex('message_recipients_account_email').execute();
  // An expression index: the statement is written out (the same on both dialects); the query names the condition as written here.
  await sql`create index message_recipients_account_email on message_recipients (account_id, lower(email)) where campaign_copy is null`.execute(db);

  await sql`with numbered as (
      select recipient_id, row_number() over (partition by campaign_id, email_normalized order by recipient_id) as n
      from campaign_recipients where superseded <> 0)
    update campaign_recipients set superseded = numbered.n from numbered where campaign_recipients.recipient_id = numbered.recipient_id`.execute(db);
  await db.schema.dropIndex('campaign_recipients_address').execute();
  await db.schema
    .createIndex('campaign_recipients_address')
    .unique()
    .on('campaign_recipients')
    .columns(['campaign_id', 'email_normalized', 'superseded'])
    .execute();
  if (isPostgres(db)) await db.schema.dropIndex('campaign_recipients_campaign').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update campaign_recipients
    set account_id = (select c.account_id from campaigns c where c.id = campaign_recipients.campaign_id),
        message_id = (select r.message_id from message_recipients r where r.id = campaign_recipients.recipient_id)
    where message_id = ''`.execute(db);
  if (isPostgres(db)) await db.schema.createIndex('campaign_recipients_campaign').on('campaign_recipients').columns(['campaign_id', 'recipient_id']).execute();
  await db.schema.dropIndex('campaign_recipients_address').execute();
  await sql`update campaign_recipients set superseded = 1 where superseded > 1`.execute(db);
  await sql`create unique index campaign_recipients_address on campaign_recipients (campaign_id, email_normalized) where superseded = 0`.execute(db);
  await db.schema.dropIndex('message_recipients_account_email').execute();
  await sql`create index message_recipients_account_email on message_recipients (account_id, lower(email))`.execute(db);
  await db.schema.alterTable('message_recipients').dropColumn('campaign_copy').execute();
}

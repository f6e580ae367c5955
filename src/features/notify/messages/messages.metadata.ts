/** How a message's metadata is read: SQL only, for every query that shows it. */
import { type RawBuilder, sql } from 'kysely';

/**
 * A message's metadata as shown. A campaign copy stores none: it shows its campaign's id, read
 * from the copy's record (campaign_recipients, by its one recipient), as `{"campaignId":…}` was
 * stored before (some 45 bytes a copy on PostgreSQL). `table` is how the query names messages.
 */
export function shownMetadata(table: 'm' | 'messages'): RawBuilder<string | null> {
  return sql<string | null>`coalesce(${sql.ref(`${table}.metadata`)}, (select ${sql.lit('{"campaignId":"')} || c.campaign_id || ${sql.lit('"}')}
    from message_recipients r inner join campaign_recipients c on c.recipient_id = r.id
    where r.message_id = ${sql.ref(`${table}.id`)} and r.campaign_copy = 1))`;
}

/**
 * The event counts of messages whose metadata the purge deleted (migration 0032): per
 * account, UTC day, type and tag. `tag` '' counts every event; a tag's row counts the
 * events of the messages sent with that tag. /stats adds these to the events still kept.
 */
export interface StatsDailyTable {
  account_id: string;
  tag: string;
  /** Days since the epoch (UTC). */
  day: number;
  type: string;
  n: number;
}

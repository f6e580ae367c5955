/**
 * Per-link clicks of a campaign (the report's `links`). A `clicked` event names the link
 * it followed by its position in the recipient's copy (`linkIndex` in its JSON details,
 * notify/tracking) and its URL as that copy had it, which differs per recipient when the
 * link is personalised; JSON details cannot be grouped by on both dialects alike, and a
 * report that scanned a campaign's events would cost its clicks on every read. So the
 * counter listener keeps one row per recipient and link it followed, in the transaction
 * that writes the click: every click, the flagged ones among them (link scanners), and
 * the first click not flagged, which makes that recipient one of the link's people.
 *
 * The clicks recorded before this migration are counted into it from their events, so a
 * campaign's per-link figures cover all of its clicks whenever it was sent.
 */
import type { Kysely } from 'kysely';
import { required } from './columns.js';

const PAGE = 1000;

/** A recipient's row for one link, before its first click is counted. */
const noClicks = (recipientId: string, linkIndex: number, campaignId: string) => ({
  recipient_id: recipientId,
  link_index: linkIndex,
  campaign_id: campaignId,
  clicks: 0,
  flagged_clicks: 0,
  first_click_at: null as number | null,
});

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign_link_clicks')
    .addColumn('recipient_id', 'varchar(24)', required)
    /** The link's position among the trackable links of the copy (lib/tracked-html.ts), from 0. */
    .addColumn('link_index', 'integer', required)
    .addColumn('campaign_id', 'varchar(24)', required)
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    /** The recipient's first click on this link not flagged as a scanner's; null while there is none. */
    .addColumn('first_click_at', 'bigint')
    .addPrimaryKeyConstraint('campaign_link_clicks_pk', ['recipient_id', 'link_index'])
    .execute();
  await db.schema.createIndex('campaign_link_clicks_campaign').on('campaign_link_clicks').columns(['campaign_id', 'link_index']).execute();
  await countEarlierClicks(db);
}

/** The clicks campaigns had before this table, from their events (see the header), a page of events at a time. */
async function countEarlierClicks(db: Kysely<any>): Promise<void> {
  const rows = new Map<string, ReturnType<typeof noClicks>>();
  for (let after = ''; ; ) {
    const page: { id: string; recipient_id: string; campaign_id: string; details: string; created_at: number | string }[] = await db
      .selectFrom('events as e')
      .innerJoin('campaign_recipients as c', 'c.recipient_id', 'e.recipient_id')
      .select(['e.id', 'e.recipient_id', 'c.campaign_id', 'e.details', 'e.created_at'])
      .where('e.type', '=', 'clicked')
      .where('e.id', '>', after)
      .orderBy('e.id')
      .limit(PAGE)
      .execute();
    for (const event of page) {
      let details: { linkIndex?: unknown; flagged?: unknown };
      try {
        details = JSON.parse(event.details) ?? {};
      } catch {
        continue;
      }
      const index = details.linkIndex;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) continue;
      const key = `${event.recipient_id} ${index}`;
      let row = rows.get(key);
      if (!row) rows.set(key, (row = noClicks(event.recipient_id, index, event.campaign_id)));
      row.clicks++;
      const at = Number(event.created_at);
      if (details.flagged === true) row.flagged_clicks++;
      else if (row.first_click_at === null || at < row.first_click_at) row.first_click_at = at;
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += PAGE)
    await db
      .insertInto('campaign_link_clicks')
      .values(all.slice(i, i + PAGE))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_link_clicks').execute();
}

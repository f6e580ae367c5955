import type { Insertable, Selectable } from 'kysely';

/** Campaign `status` (docs/marketing.md). */
export const CAMPAIGN_STATUS = { draft: 0, scheduled: 1, sending: 2, sent: 3, paused: 4, cancelled: 5, failed: 6 } as const;
/** `placeholders`: the original's `#field#`; `handlebars`: the template language of stored templates. */
export const CAMPAIGN_SYNTAXES = ['placeholders', 'handlebars'] as const;
export type CampaignSyntax = (typeof CAMPAIGN_SYNTAXES)[number];

export type CampaignStatus = (typeof CAMPAIGN_STATUS)[keyof typeof CAMPAIGN_STATUS];

/** Campaign `listType`: 2 contact lists (what the original's clients send), 3 segments (ours). */
export const LIST_TYPE = { lists: 2, segments: 3 } as const;

export interface CampaignsTable {
  id: string;
  account_id: string;
  newsletter_id: string | null;
  subject: string;
  language: string;
  html_content: string;
  /** How subject and HTML are filled per contact (migration 0026; campaign-content.ts). */
  template_syntax: CampaignSyntax;
  marketing_sender_id: string;
  /** The Notify sender of the From address (messages name it). */
  sender_id: string;
  from_name: string;
  from_email: string;
  reply_email: string;
  list_type: number;
  /** JSON array of list or segment ids. */
  lists: string;
  planned_at: number;
  started_at: number | null;
  ended_at: number | null;
  /** When dispatch had written a row for every contact of the audience. */
  dispatched_at: number | null;
  status: number;
  notify_when_start: number;
  notify_when_end: number;
  track_opens: number;
  track_clicks: number;
  /** Why dispatch failed for good (status failed; migration 0020), in words the account can act on. */
  failure_reason: string | null;
  /** 1: shown in the account's public archive once sent (migration 0035; campaign-archive.ts). */
  archive: number;
  /** JSON object, placeholder key → the value the archive page fills in (no contact reads it). */
  archive_defaults: string;
  dispatch_cursor: string;
  dispatch_run: number;
  total_recipients: number;
  finished: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounce_soft: number;
  bounce_hard: number;
  spam_reported: number;
  unsubscribed: number;
  total_opens: number;
  total_clicks: number;
  last_open_at: number | null;
  last_click_at: number | null;
  open_delay_sum_ms: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

/** An account's public campaign archive (migration 0035; campaign-archive.ts): made when it first archives a campaign. */
export interface CampaignArchivesTable {
  account_id: string;
  /** The random path of the archive: ids are time-ordered, so they would be guessable. */
  slug: string;
  created_at: number;
}

/** A recipient's final outcome as the counters saw it. */
export type CampaignOutcome = 'delivered' | 'bounced_hard' | 'bounced_soft' | 'suppressed' | 'cancelled' | 'failed';

/** One message recipient of a campaign: what its counters were told about it. */
export interface CampaignRecipientsTable {
  recipient_id: string;
  campaign_id: string;
  /**
   * '' since migration 0043, which stores neither again: read the account from the campaign
   * and the message from the recipient (message_recipients). Rows written before keep theirs.
   */
  account_id: string;
  message_id: string;
  contact_id: string | null;
  email_normalized: string;
  domain: string;
  outcome: CampaignOutcome | null;
  delivered_at: number | null;
  first_open_at: number | null;
  first_click_at: number | null;
  complained_at: number | null;
  unsubscribed_at: number | null;
  /**
   * 0: the address's current record in the campaign; 1, 2, …: records a resend replaced, in
   * turn (migration 0043: one unique index holds them all).
   */
  superseded: number;
  created_at: number;
}

/**
 * One recipient's clicks on one link of its copy (migration 0015): every click, the
 * flagged ones among them, and the first one not flagged (the recipient is one of the
 * link's people from then on).
 */
export interface CampaignLinkClicksTable {
  recipient_id: string;
  /** The link's position among the copy's trackable links, from 0 (lib/tracked-html.ts). */
  link_index: number;
  campaign_id: string;
  clicks: number;
  flagged_clicks: number;
  first_click_at: number | null;
}

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaignRow = Insertable<CampaignsTable>;
export type CampaignRecipientRow = Selectable<CampaignRecipientsTable>;
export type NewCampaignRecipientRow = Insertable<CampaignRecipientsTable>;

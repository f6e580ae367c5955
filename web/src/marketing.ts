/** The marketing API's shapes the pages read (src/features/marketing/*\/*.schemas.ts), and the names of its numeric codes. */

export interface ContactList {
  id: string;
  createTime: string;
  listName: string;
  count: number;
}

export interface Segment {
  id: string;
  createTime: string;
  name: string;
}

export interface CampaignItem {
  id: string;
  createTime: string;
  name: string;
  subject: string;
  plannedTime: string;
  status: number;
  totalRecipients: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounceSoft: number;
  bounceHard: number;
  spamReported: number;
  unsubscribed: number;
  totalOpens: number;
  totalClicks: number;
}

/** GET /inbox/v1/campaigns/{id}: status 0 draft, 1 scheduled, 2 sending, 3 sent, 4 paused, 5 cancelled. */
export const CAMPAIGN_STATUS = ['draft', 'scheduled', 'sending', 'sent', 'paused', 'cancelled'] as const;

export const campaignStatus = (status: number): string => CAMPAIGN_STATUS[status] ?? `status ${status}`;

/** Contact status: 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported. */
export const contactStatus = (status: number): string => ['', 'active', 'hard bounce', 'unsubscribed', 'spam reported'][status] ?? `status ${status}`;

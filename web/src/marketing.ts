import type { ItemOf } from './api';

/** The marketing API's shapes the pages read (from its OpenAPI document), and the names of its numeric codes. */

export type ContactList = ItemOf<'/inbox/v1/contactlists'>;

export type Segment = ItemOf<'/inbox/v1/segments'>;

export type CampaignItem = ItemOf<'/inbox/v1/campaigns'>;

/** GET /inbox/v1/campaigns/{id}: status 0 draft, 1 scheduled, 2 sending, 3 sent, 4 paused, 5 cancelled, 6 failed (failureReason says why). */
export const CAMPAIGN_STATUS = ['draft', 'scheduled', 'sending', 'sent', 'paused', 'cancelled', 'failed'] as const;

export const campaignStatus = (status: number): string => CAMPAIGN_STATUS[status] ?? `status ${status}`;

/** Contact status: 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported. */
export const contactStatus = (status: number): string => ['', 'active', 'hard bounce', 'unsubscribed', 'spam reported'][status] ?? `status ${status}`;

export type Contact = ItemOf<'/inbox/v1/contacts'>;

export type CustomField = ItemOf<'/inbox/v1/customfields'>;

/** The contact statuses a person can pick, by number. */
export const CONTACT_STATUSES = [
  [1, 'active'],
  [2, 'hard bounce'],
  [3, 'unsubscribed'],
  [4, 'spam reported'],
] as const;

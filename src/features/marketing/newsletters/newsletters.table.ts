import type { Insertable, Selectable } from 'kysely';

/** A saved email design (M28–M33): subject, language and HTML that campaigns are made from. */
export interface NewslettersTable {
  id: string;
  account_id: string;
  subject: string;
  language: string;
  html_content: string;
  /** The original's `type`; 0 for every design made through the API. */
  type: number;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type NewsletterRow = Selectable<NewslettersTable>;
export type NewNewsletterRow = Insertable<NewslettersTable>;

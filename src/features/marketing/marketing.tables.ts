/** The marketing area's tables, added to the whole schema (src/db/schema.ts) below. */
import type { CampaignArchivesTable, CampaignLinkClicksTable, CampaignRecipientsTable, CampaignsTable } from './campaigns/campaigns.table.js';
import type { ContactListMembersTable, ContactListsTable } from './contact-lists/contact-lists.table.js';
import type { ContactFieldValuesTable, ContactsTable, ContactTagsTable } from './contacts/contacts.table.js';
import type { ContactConsentsTable, FormConfirmationCountersTable, FormSignupsTable, FormsTable } from './forms/forms.table.js';
import type { CustomFieldsTable } from './custom-fields/custom-fields.table.js';
import type { ContactGroupsTable } from './groups/groups.table.js';
import type { ContactImportFilesTable, ContactImportRowsTable, ContactImportsTable } from './imports/imports.table.js';
import type { SegmentsTable } from './segments/segments.table.js';
import type { MarketingSendersTable } from './senders/senders.table.js';
import type { NewslettersTable } from './newsletters/newsletters.table.js';

export interface MarketingTables {
  contact_groups: ContactGroupsTable;
  contact_lists: ContactListsTable;
  contact_list_members: ContactListMembersTable;
  custom_fields: CustomFieldsTable;
  contacts: ContactsTable;
  contact_tags: ContactTagsTable;
  contact_field_values: ContactFieldValuesTable;
  marketing_senders: MarketingSendersTable;
  segments: SegmentsTable;
  contact_imports: ContactImportsTable;
  contact_import_rows: ContactImportRowsTable;
  newsletters: NewslettersTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  campaign_link_clicks: CampaignLinkClicksTable;
  campaign_archives: CampaignArchivesTable;
  contact_import_files: ContactImportFilesTable;
  forms: FormsTable;
  form_signups: FormSignupsTable;
  contact_consents: ContactConsentsTable;
  form_confirmation_counters: FormConfirmationCountersTable;
}

declare module '../../db/schema.js' {
  // biome-ignore lint/suspicious/noEmptyInterface: adds this owner's tables to the whole schema
  interface Database extends MarketingTables {}
}

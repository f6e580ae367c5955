/**
 * The marketing area (`/inbox/v1`, the original service's marketing API; see
 * shared/spec/compat-reference.md §2.3): the audience (groups, contact lists, custom
 * fields, contacts, imports, segments, campaign senders, sign-up forms), newsletters and
 * campaigns. Its routes are closed to any credential without the `marketing` scope
 * (http/scopes.ts); the pages of sign-up forms are public (registerMarketingPublicRoutes).
 * Imports and campaign dispatch are tasks of the job runner (registerMarketingTasks), and
 * campaign counters a listener on the event write path (marketingEventListeners), which the
 * runtime puts in the process's event log.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { AreaContext } from '../area.js';
import type { IpLimit } from '../../http/rate-limit.js';
import type { TaskRegistry } from '../../queue/jobs.js';
import type { EventListener, NotifyServices } from '../notify/notify.module.js';
import { campaignCounterListener } from './campaigns/campaign-counters.js';
import { CampaignDispatcher, campaignEndNotice, DISPATCH_TASK, type DispatchPayload } from './campaigns/campaign-dispatch.js';
import { CampaignArchive } from './campaigns/campaign-archive.js';
import { registerCampaignArchiveRoutes } from './campaigns/campaign-archive.routes.js';
import { registerCampaignRoutes } from './campaigns/campaigns.routes.js';
import { CampaignsService } from './campaigns/campaigns.service.js';
import { registerContactListRoutes } from './contact-lists/contact-lists.routes.js';
import { ContactListsService } from './contact-lists/contact-lists.service.js';
import { registerContactRoutes } from './contacts/contacts.routes.js';
import { registerListMemberRoutes } from './contacts/list-members.routes.js';
import { ContactsService } from './contacts/contacts.service.js';
import { registerCustomFieldRoutes } from './custom-fields/custom-fields.routes.js';
import { CustomFieldsService } from './custom-fields/custom-fields.service.js';
import { registerFormPublicRoutes, registerFormRoutes } from './forms/forms.routes.js';
import { FormsService } from './forms/forms.service.js';
import { registerGroupRoutes } from './groups/groups.routes.js';
import { GroupsService } from './groups/groups.service.js';
import { registerImportRoutes } from './imports/imports.routes.js';
import { registerNewsletterRoutes } from './newsletters/newsletters.routes.js';
import { NewslettersService } from './newsletters/newsletters.service.js';
import { IMPORT_TASK, ImportsService } from './imports/imports.service.js';
import { registerSegmentRoutes } from './segments/segments.routes.js';
import { SegmentsService } from './segments/segments.service.js';
import { registerMarketingSenderRoutes } from './senders/senders.routes.js';
import { MarketingSendersService } from './senders/senders.service.js';

// What a person's export and erasure read and change of this area (system/privacy), by the stores that own it.
export { campaignCopiesOfAddress, eraseCampaignCopies } from './campaigns/campaigns.store.js';
export { erasePendingRows, importsWithInvalidRowsNaming, pendingRowsNaming, setInvalidRows } from './imports/imports.store.js';
export { membershipsOfContacts, removeContactFromAllLists } from './contact-lists/contact-lists.store.js';
export { contactsOfAddress, deleteContactsForGood, tagsOfContacts, valuesOfContacts } from './contacts/contacts.store.js';
export { consentsOfContacts, deleteConsentsAndSignups, signupsOfAddress } from './forms/forms.store.js';

export interface MarketingServices {
  groups: GroupsService;
  contactLists: ContactListsService;
  customFields: CustomFieldsService;
  contacts: ContactsService;
  senders: MarketingSendersService;
  segments: SegmentsService;
  imports: ImportsService;
  newsletters: NewslettersService;
  campaigns: CampaignsService;
  campaignArchive: CampaignArchive;
  campaignDispatcher: CampaignDispatcher;
  forms: FormsService;
}

/** `notify`: campaign senders stand on the transactional area's sender confirmation (senders.service.ts). */
export function createMarketingServices(context: AreaContext, notify: Pick<NotifyServices, 'senders' | 'messages'>): MarketingServices {
  const { db, longReads, dialect } = context.handle;
  const newsletters = new NewslettersService(db, context.clock);
  const campaignDispatcher = new CampaignDispatcher(
    db,
    dialect,
    context.delivery.workSignal,
    context.delivery.systemFrom,
    context.config.campaignDispatchPageSize,
    context.events,
    undefined,
    context.clock,
  );
  return {
    newsletters,
    campaigns: new CampaignsService(
      db,
      newsletters,
      notify.senders,
      context.delivery.workSignal,
      campaignDispatcher.notifyEnded,
      context.events,
      (accountId, listType, ids) => campaignDispatcher.countRecipients(accountId, listType, ids),
      context.clock,
      context.publicUrl,
    ),
    campaignArchive: new CampaignArchive(db),
    campaignDispatcher,
    groups: new GroupsService(db, context.clock),
    contactLists: new ContactListsService(db, context.clock),
    customFields: new CustomFieldsService(db, context.clock),
    contacts: new ContactsService(db, context.clock),
    senders: new MarketingSendersService(db, notify.senders, context.clock),
    segments: new SegmentsService(db, longReads, dialect, context.clock),
    imports: new ImportsService(
      db,
      { chunkRows: context.config.importChunkRows, systemFrom: context.delivery.systemFrom, events: context.events },
      context.clock,
    ),
    forms: new FormsService(db, notify, {
      publicUrl: context.publicUrl,
      minFillMs: context.config.formMinFillSeconds * 1000,
      dialect,
      confirmationWindowMs: context.config.formConfirmationWindowSeconds * 1000,
      confirmationsPerForm: context.config.formConfirmationsPerForm,
      confirmationsPerAddress: context.config.formConfirmationsPerAddress,
      clock: context.clock,
    }),
  };
}

/**
 * The area's listeners on the event write path, for the runtime to put in the process's
 * event log: the campaign counters (and a campaign's end notice, when they end it).
 */
export function marketingEventListeners(options: { systemFrom: string }): EventListener[] {
  return [campaignCounterListener(campaignEndNotice(options.systemFrom))];
}

/** Routes inside the authenticated scope (http/auth.ts, http/scopes.ts decide who may call them). */
export function registerMarketingRoutes(scope: TypedApp, services: MarketingServices, limits: { importMaxBytes: number }): void {
  registerGroupRoutes(scope, services.groups);
  registerContactListRoutes(scope, services.contactLists);
  registerCustomFieldRoutes(scope, services.customFields);
  registerListMemberRoutes(scope, services.contacts);
  registerContactRoutes(scope, services.contacts);
  registerMarketingSenderRoutes(scope, services.senders);
  registerSegmentRoutes(scope, services.segments);
  registerImportRoutes(scope, services.imports, { maxFileBytes: limits.importMaxBytes });
  registerFormRoutes(scope, services.forms);
  registerNewsletterRoutes(scope, services.newsletters);
  registerCampaignRoutes(scope, services.campaigns);
}

/** The area's background tasks, run by the job runner of a worker (runtime.ts, src/queue/jobs.ts). */
export function registerMarketingTasks(tasks: TaskRegistry, services: MarketingServices): void {
  tasks.registerTask(IMPORT_TASK, (payload: { importId: string }) => services.imports.run(payload.importId), { onFailed: services.imports.failed });
  tasks.registerTask(DISPATCH_TASK, (payload: DispatchPayload) => services.campaignDispatcher.run(payload), { onFailed: services.campaignDispatcher.failed });
}

/** The sign-up pages of forms and the campaign archive: public, outside the authenticated scope. */
export function registerMarketingPublicRoutes(
  app: TypedApp,
  services: MarketingServices,
  options: { frameAncestors: string[]; submissionsPerIp: IpLimit | undefined },
): void {
  registerFormPublicRoutes(app, services.forms, options);
  registerCampaignArchiveRoutes(app, services.campaignArchive);
}

import { Type, type Static } from 'typebox';
import { EmailField, ResourceFields } from '../../../http/resource.js';

const id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

/** Placeholder values of the public archive page, which no contact reads. */
export const ArchiveDefaults = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_]{1,64}$' }), Type.String({ maxLength: 500 }), {
  maxProperties: 100,
  additionalProperties: false,
  description:
    'What the public archive page fills each placeholder with, by its key (`name` for `#name#` or `{{ fields.name }}`; `email` for the address). ' +
    'A placeholder not named here is empty there.',
  examples: [{ name: 'Subscriber' }],
});

const archiveFields = {
  archive: Type.Optional(
    Type.Boolean({
      description:
        "Show the campaign, once sent, in the account's public archive (`archiveUrl`): its content with the `archiveDefaults` filled in and no recipient's links. Default false.",
    }),
  ),
  archiveDefaults: Type.Optional(ArchiveDefaults),
};

const common = {
  senderAccountId: id('A marketing sender (GET /inbox/v1/senders): the From of every copy.'),
  listType: Type.Integer({ description: '2: `lists` are contact lists; 3: `lists` are segments.', examples: [2] }),
  lists: Type.Array(id('A contact list or segment id'), { minItems: 1, maxItems: 100 }),
  plannedTime: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'When to start: ISO 8601; a time without a zone is UTC; absent or past means now.',
      examples: ['2026-12-01T09:00:00'],
    }),
  ),
  notifyWhenStart: Type.Optional(Type.Boolean({ description: "Mail the account's owner when sending starts." })),
  notifyWhenEnd: Type.Optional(Type.Boolean({ description: "Mail the account's owner when every recipient has a final outcome." })),
  trackOpens: Type.Optional(Type.Boolean({ description: 'Open tracking (default true).' })),
  trackClicks: Type.Optional(Type.Boolean({ description: 'Click tracking (default true).' })),
  draft: Type.Optional(Type.Boolean({ description: 'Keep it as a draft (status 0): nothing is sent until POST /inbox/v1/campaigns/{id}/schedule.' })),
  templateSyntax: Type.Optional(
    Type.Union([Type.Literal('placeholders'), Type.Literal('handlebars')], {
      description:
        'How subject and HTML are filled per contact. `placeholders` (default): `#field#`. `handlebars`: the template language of stored templates, ' +
        'with `email`, `fields.<key>`, `lists` and `list_name` as variables (`{{#if fields.plan}}…{{/if}}`); a syntax error is a 400 with line and column. ' +
        "In both, `#unsubscribe#` / `{{ unsubscribe_url }}` and `#webversion#` / `{{ webversion_url }}` are the recipient's own links. See docs/templates.md.",
      examples: ['handlebars'],
    }),
  ),
  ...archiveFields,
};

export const CampaignFromNewsletterBody = Type.Object(
  { newsletterId: id('The newsletter whose subject, language and HTML the campaign copies.'), ...common },
  { examples: [{ newsletterId: '0193a5b2c4d1e2f3a4b5c6d7', senderAccountId: '0193a5b2c4d1e2f3a4b5c6d8', listType: 2, lists: ['0193a5b2c4d1e2f3a4b5c6d9'] }] },
);
export type CampaignFromNewsletterBody = Static<typeof CampaignFromNewsletterBody>;

export const CustomCampaignBody = Type.Object(
  {
    subject: Type.String({ format: 'single-line', minLength: 1, maxLength: 998 }),
    htmlContent: Type.String({ minLength: 1, maxLength: 2_000_000 }),
    language: Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$', examples: ['en-US'] }),
    ...common,
  },
  {
    examples: [
      {
        subject: 'Hello #name#',
        htmlContent: '<p>Hi #name#</p>',
        language: 'en-US',
        senderAccountId: '0193a5b2c4d1e2f3a4b5c6d8',
        listType: 2,
        lists: ['0193a5b2c4d1e2f3a4b5c6d9'],
      },
    ],
  },
);
export type CustomCampaignBody = Static<typeof CustomCampaignBody>;

/** A draft's content changed in place (the archive choice on any campaign): what is left out stays as it was. */
export const PatchCampaignBody = Type.Object(
  {
    subject: Type.Optional(CustomCampaignBody.properties.subject),
    htmlContent: Type.Optional(CustomCampaignBody.properties.htmlContent),
    language: Type.Optional(CustomCampaignBody.properties.language),
    ...archiveFields,
  },
  {
    examples: [
      { subject: 'Our December news', htmlContent: '<p>Hi #name#</p>' },
      { archive: true, archiveDefaults: { name: 'Subscriber' } },
    ],
  },
);
export type PatchCampaignBody = Static<typeof PatchCampaignBody>;

/** What a campaign sends, as written (placeholders unfilled, no footer): what an editor opens. */
export const CampaignContent = Type.Object({
  subject: Type.String(),
  htmlContent: Type.String(),
  language: Type.String(),
  templateSyntax: Type.Union([Type.Literal('placeholders'), Type.Literal('handlebars')]),
});
export type CampaignContent = Static<typeof CampaignContent>;

export type CampaignBody = Omit<CustomCampaignBody, 'subject' | 'htmlContent' | 'language'> & {
  content: { subject: string; html: string; language: string; newsletterId: string | null };
};

export const AudienceBody = Type.Object(
  { listType: common.listType, lists: common.lists },
  { examples: [{ listType: 2, lists: ['0193a5b2c4d1e2f3a4b5c6d9'] }] },
);
export type AudienceBody = Static<typeof AudienceBody>;

export const AudienceCount = Type.Object({
  recipients: Type.Integer({
    description: 'Contacts on any of the lists (or selected by any of the segments), each once, active and not suppressed: who would get the campaign now.',
  }),
});
export type AudienceCount = Static<typeof AudienceCount>;

export const ScheduleBody = Type.Object({ plannedTime: common.plannedTime });
export type ScheduleBody = Static<typeof ScheduleBody>;

export const TestSendBody = Type.Object(
  { emails: Type.Array(EmailField(), { minItems: 1, maxItems: 10, description: 'Who gets a test copy (subject prefixed "[Test] "; not counted).' }) },
  { examples: [{ emails: ['me@example.com'] }] },
);
export type TestSendBody = Static<typeof TestSendBody>;

export const PreviewQuery = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Render for this contact (default: no contact, every placeholder empty).' })),
});
export type PreviewQuery = Static<typeof PreviewQuery>;

const counters = {
  totalRecipients: Type.Integer(),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  opened: Type.Integer({ description: 'Recipients with at least one open not flagged as a machine.' }),
  clicked: Type.Integer({ description: 'Recipients with at least one click not flagged as a scanner.' }),
  bounceSoft: Type.Integer(),
  bounceHard: Type.Integer(),
  spamReported: Type.Integer(),
  unsubscribed: Type.Integer(),
};

const engagement = {
  totalOpens: Type.Integer({ description: 'Every open, flagged ones included.' }),
  totalClicks: Type.Integer(),
  lastOpenTime: Type.String({ description: '0001-01-01T00:00:00.000Z when none.' }),
  lastClickTime: Type.String(),
  averageOpenTime: Type.Number({ description: 'Seconds from delivery to first open, averaged over openers.' }),
};

export const CampaignItem = Type.Object({
  ...ResourceFields,
  name: Type.String(),
  subject: Type.String(),
  newsletterId: Type.String({ description: 'The newsletter the campaign was made from; "" for a campaign from raw HTML.' }),
  senderAccountId: Type.String({ description: 'The marketing sender (GET /inbox/v1/senders).' }),
  plannedTime: Type.String(),
  ...counters,
  ...engagement,
  status: Type.Integer({ description: '0 draft, 1 scheduled, 2 sending, 3 sent, 4 paused, 5 cancelled, 6 failed (see failureReason).' }),
  failureReason: Type.String({
    description: 'Why the campaign failed (status 6): what to change before resending it. Empty otherwise.',
    examples: ['segment "VIPs" (0193a5b2c4d1e2f3a4b5c6d7) cannot be used: rules.and[3].value has 40000 values; a condition has at most 1000'],
  }),
});
export type CampaignItem = Static<typeof CampaignItem>;

export const Campaign = Type.Object({
  ...CampaignItem.properties,
  newsletterLanguage: Type.String(),
  senderAccountDisplayName: Type.String(),
  senderAccountEmail: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  listType: Type.Integer(),
  lists: Type.Array(Type.String()),
  notifyWhenStart: Type.Boolean(),
  notifyWhenEnd: Type.Boolean(),
  trackOpens: Type.Boolean(),
  trackClicks: Type.Boolean(),
  templateSyntax: Type.String({ description: '`placeholders` (`#field#`) or `handlebars`.', examples: ['placeholders'] }),
  archive: Type.Boolean({ description: "Shown in the account's public archive once sent." }),
  archiveDefaults: ArchiveDefaults,
  archiveUrl: Type.String({
    description: 'The public page of the campaign when `archive` is on (it answers 404 until the campaign is sent); "" when off.',
    examples: ['https://mail.example.com/archive/q3V0c2lkZS1leGFtcGxlLXNsdWc/0193a5b2c4d1e2f3a4b5c6d7'],
  }),
  archiveListUrl: Type.String({ description: 'The account\'s public archive (every archived sent campaign, newest first) when `archive` is on; "" when off.' }),
});
export type Campaign = Static<typeof Campaign>;

export const CampaignPreview = Type.Object({
  subject: Type.String(),
  htmlContent: Type.String(),
  unknownPlaceholders: Type.Array(Type.String(), {
    description: 'Placeholders no field answers to (for `handlebars`, variables such as `fields.plann`): they are sent empty.',
  }),
});
export type CampaignPreview = Static<typeof CampaignPreview>;

export const CampaignReport = Type.Object({
  campaign: Campaign,
  byDomain: Type.Array(
    Type.Object({
      domain: Type.String(),
      recipients: Type.Integer(),
      delivered: Type.Integer(),
      bounced: Type.Integer(),
      opened: Type.Integer(),
      clicked: Type.Integer(),
    }),
  ),
  bounces: Type.Array(Type.Object({ kind: Type.String({ description: 'hard or soft' }), reply: Type.String(), recipients: Type.Integer() })),
  engagementByHour: Type.Array(Type.Object({ hour: Type.String(), opens: Type.Integer(), clicks: Type.Integer() })),
  links: Type.Array(
    Type.Object({
      url: Type.String({ description: 'The link as the campaign has it (placeholders not filled in).', examples: ['https://shop.example.com/autumn'] }),
      clicks: Type.Integer({ description: 'Every click on it, flagged ones included.' }),
      uniqueClickers: Type.Integer({ description: 'Recipients with at least one click on it not flagged: people.' }),
      flaggedClicks: Type.Integer({
        description: 'Clicks flagged as link scanners (HEAD requests, clicks within 2 s of delivery, known scanner agents); part of `clicks`.',
      }),
    }),
    {
      description:
        'Each tracked URL of the campaign, in the order it first appears in the mail (one URL in several places is one entry); empty when click tracking is off.',
    },
  ),
});
export type CampaignReport = Static<typeof CampaignReport>;

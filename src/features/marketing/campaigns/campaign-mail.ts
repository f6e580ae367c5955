/**
 * The mail a campaign sends, as rows of the ordinary message tables: one message per
 * contact, with one recipient, its HTML the campaign's content stored once and the contact's
 * values (notify's messages.content.ts renders it when it is composed), built by notify's one builder of accepted rows
 * (messages.accepted.ts) and written by `insertAcceptedMessages` like any accepted send, and
 * delivered by the same pipeline at bulk priority.
 *
 * Why one message per contact and not one message with many recipients: each copy has
 * its own To header (a shared message would name every recipient in To, or none), its
 * own content (personalisation; the tracking links and List-Unsubscribe URL that are per
 * recipient), and its own Message-ID, as distinct messages must. The pipeline composes a
 * message's MIME once either way, so many recipients of one message would save nothing
 * but the rows.
 */
import { escapeHtml } from '../../../lib/template-render.js';
import { type AcceptedMessage, acceptedMessage, campaignContent, copyValues, type SharedContent } from '../../notify/notify.module.js';
import { type CampaignAddressee, type CampaignRenderer, campaignRenderer } from '../../../lib/personalise.js';
import type { CampaignRow } from './campaigns.table.js';

export type { CampaignAddressee } from '../../../lib/personalise.js';

/** A header may not carry a line break, whatever a contact's field holds. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/**
 * The rows of one campaign message to one addressee; `priority` bulk for the campaign,
 * transactional for a test send (`test`: marked so in its metadata).
 *
 * Tracking as the campaign says, and always the per-recipient List-Unsubscribe link with
 * RFC 8058 one-click (every bulk message must let its recipient leave; notify/tracking
 * builds the link), and a visible one in the mail with the postal address (campaign-footer.ts).
 * The metadata names the campaign (a copy's is read from its record: messages.metadata.ts
 * shownMetadata): every event of the copy shows it (events.service.ts carriedDetails), so
 * webhooks see the campaign.
 */
export function campaignMessage(
  campaign: CampaignRow,
  to: CampaignAddressee,
  options: {
    now: number;
    priority: 'bulk' | 'transactional';
    subjectPrefix?: string;
    userId?: string | null;
    test?: boolean;
    /** The campaign's texts compiled (campaignRenderer): once for many copies. */
    renderer?: CampaignRenderer;
    /** The account's postal address, for the footer ('' when not set). */
    postalAddress: string;
    /** The campaign's content as stored once (campaignContent): once for many copies. */
    content?: SharedContent;
  },
): AcceptedMessage {
  const renderer = options.renderer ?? campaignRenderer(campaign);
  // Rendered here too, though the copy keeps only its values: a text that cannot be rendered for this contact fails now, not when it is sent.
  renderer.html(to);
  const shared = options.content ?? campaignContent(campaign.account_id, campaign, options.postalAddress, options.now);
  return acceptedMessage({
    now: options.now,
    accountId: campaign.account_id,
    // '' for a copy: its campaign names the user (as the campaign's record names the copy's account and message). A test names who sent it.
    userId: options.test ? (options.userId ?? null) : '',
    senderId: campaign.sender_id,
    from: { email: campaign.from_email, name: campaign.from_name },
    content: {
      subject: (options.subjectPrefix ?? '') + oneLine(renderer.subject(to)),
      html: '',
      shared: { content: shared.row, values: copyValues(to) },
      text: null,
    },
    // A test is no copy of the campaign: it has no campaign_recipients row.
    recipients: [{ email: to.email, campaignCopy: !options.test }],
    priority: options.priority,
    replyTo: campaign.reply_email ? { email: campaign.reply_email, name: campaign.from_name } : null,
    // A copy's record names its campaign: the copy shows it as its metadata (messages.metadata.ts).
    metadata: options.test ? { campaignId: campaign.id, test: true } : null,
    tracking: { opens: Boolean(campaign.track_opens), clicks: Boolean(campaign.track_clicks), listUnsubscribe: true },
  });
}

/**
 * The account owner's notice that a campaign started or ended (notifyWhenStart /
 * notifyWhenEnd), or failed (always: campaign-dispatch.ts `failed`), from the system
 * address. Not personalised: a notice is not campaign mail, so its `#…#` stay as written.
 * It keeps the campaign's tracking settings and List-Unsubscribe link, as it always has.
 */
export function ownerNotice(campaign: CampaignRow, owner: string, systemFrom: string, what: 'started' | 'ended' | 'failed', now: number): AcceptedMessage {
  const counts =
    what === 'ended'
      ? `<p>Recipients: ${campaign.total_recipients}. Delivered: ${campaign.delivered}. Bounced: ${campaign.bounce_hard + campaign.bounce_soft}.</p>`
      : what === 'failed'
        ? `<p>Why: ${escapeHtml(campaign.failure_reason ?? '')}</p><p>Copies written before the failure (${campaign.total_recipients}) are still delivered. Fix the cause, then resend the campaign (POST /inbox/v1/campaigns/${campaign.id}/resend).</p>`
        : '';
  return acceptedMessage({
    now,
    accountId: campaign.account_id,
    userId: campaign.create_user_id,
    senderId: campaign.sender_id,
    from: { email: systemFrom, name: 'Postwire' },
    content: {
      subject: `Your campaign "${oneLine(campaign.subject)}" has ${what}`,
      html: `<p>Your campaign <b>${escapeHtml(campaign.subject)}</b> (${campaign.id}) has ${what}.</p>${counts}`,
      text: null,
    },
    recipients: [{ email: owner }],
    priority: 'transactional',
    tracking: { opens: Boolean(campaign.track_opens), clicks: Boolean(campaign.track_clicks), listUnsubscribe: true },
  });
}

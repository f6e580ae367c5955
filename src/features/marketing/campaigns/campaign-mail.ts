/**
 * The mail a campaign sends, as rows of the ordinary message tables: one message per
 * contact, with one recipient, written by `insertAcceptedMessages` like any accepted send
 * and delivered by the same pipeline at bulk priority.
 *
 * Why one message per contact and not one message with many recipients: each copy has
 * its own To header (a shared message would name every recipient in To, or none), its
 * own content (personalisation; the tracking links and List-Unsubscribe URL that are per
 * recipient), and its own Message-ID, as distinct messages must. The pipeline composes a
 * message's MIME once either way, so many recipients of one message would save nothing
 * but the rows.
 */
import { newId } from '../../../lib/ids.js';
import { escapeHtml } from '../../../lib/template-render.js';
import { type AcceptedMessage, newEventRow } from '../../notify/notify.module.js';
import { personalise } from './campaign-content.js';
import type { CampaignRow } from './campaigns.table.js';

export interface CampaignAddressee {
  email: string;
  /** Placeholder key → value (campaign-content.ts). */
  values: ReadonlyMap<string, string>;
}

/** A header may not carry a line break, whatever a contact's field holds. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/**
 * The options of a campaign's messages that are not content: tracking as the campaign
 * says, and always the per-recipient List-Unsubscribe link with RFC 8058 one-click
 * (every bulk message must let its recipient leave; notify/tracking builds the link).
 * Every row names every column: the message rows of a batch are inserted together.
 */
export function campaignMessageOptions(campaign: Pick<CampaignRow, 'id' | 'track_opens' | 'track_clicks'>) {
  return {
    // Carried into every event of the message (pipeline.ts carriedDetails): webhooks see the campaign.
    metadata: JSON.stringify({ campaignId: campaign.id }),
    track_opens: campaign.track_opens ? 1 : 0,
    track_clicks: campaign.track_clicks ? 1 : 0,
    list_unsubscribe: 1,
  };
}

/** The rows of one campaign message to one addressee; `priority` bulk for the campaign, transactional for a test send. */
export function campaignMessage(
  campaign: CampaignRow,
  to: CampaignAddressee,
  options: { now: number; priority: 'bulk' | 'transactional'; subjectPrefix?: string; userId?: string | null },
): AcceptedMessage {
  const { now } = options;
  const messageId = newId(now);
  const domain = campaign.from_email.slice(campaign.from_email.lastIndexOf('@') + 1).toLowerCase();
  const userId = options.userId ?? campaign.create_user_id;
  return {
    message: {
      id: messageId,
      account_id: campaign.account_id,
      sender_id: campaign.sender_id,
      from_email: campaign.from_email,
      from_name: campaign.from_name,
      subject: (options.subjectPrefix ?? '') + oneLine(personalise(campaign.subject, to.values, false)),
      html_content: personalise(campaign.html_content, to.values, true),
      message_id_header: `<${messageId}@${domain}>`,
      mime: null,
      recipient_count: 1,
      text_content: null,
      reply_to: campaign.reply_email ? JSON.stringify({ email: campaign.reply_email, name: campaign.from_name }) : null,
      headers: null,
      tags: null,
      attachments: null,
      scheduled_at: null,
      template_id: null,
      ...campaignMessageOptions(campaign),
      created_at: now,
      updated_at: now,
      create_user_id: userId,
      update_user_id: userId,
      deleted_at: null,
    },
    ...toOneAddress({ id: messageId, account_id: campaign.account_id }, to.email, now, options.priority),
  };
}

/**
 * What makes a message one accepted for one address: its recipient, its queue row and its
 * `accepted` event (a campaign's copy, an owner's notice), every column named.
 */
export function toOneAddress(
  message: { id: string; account_id: string },
  email: string,
  now: number,
  priority: 'bulk' | 'transactional',
): Omit<AcceptedMessage, 'message'> {
  const recipientId = newId(now);
  const { id: messageId, account_id: accountId } = message;
  return {
    recipients: [
      {
        id: recipientId,
        message_id: messageId,
        account_id: accountId,
        position: 0,
        email,
        name: '',
        kind: 'to',
        state: 'queued',
        content: null,
        mime: null,
        attempts: 0,
        last_response: null,
        sent_at: null,
        created_at: now,
        updated_at: now,
      },
    ],
    jobs: [{ recipientId, messageId, accountId, runAt: now, priority }],
    events: [newEventRow({ accountId, messageId, recipientId, email, type: 'accepted', at: now })],
    tags: [],
  };
}

/**
 * The account owner's notice that a campaign started or ended (notifyWhenStart /
 * notifyWhenEnd), or failed (always: campaign-dispatch.ts `failed`), from the system address.
 */
export function ownerNotice(campaign: CampaignRow, owner: string, systemFrom: string, what: 'started' | 'ended' | 'failed', now: number): AcceptedMessage {
  const counts =
    what === 'ended'
      ? `<p>Recipients: ${campaign.total_recipients}. Delivered: ${campaign.delivered}. Bounced: ${campaign.bounce_hard + campaign.bounce_soft}.</p>`
      : what === 'failed'
        ? `<p>Why: ${escapeHtml(campaign.failure_reason ?? '')}</p><p>Copies written before the failure (${campaign.total_recipients}) are still delivered. Fix the cause, then resend the campaign (POST /inbox/v1/campaigns/${campaign.id}/resend).</p>`
        : '';
  const notice: CampaignRow = {
    ...campaign,
    from_email: systemFrom,
    from_name: 'Postwire',
    reply_email: '',
    subject: `Your campaign "${oneLine(campaign.subject)}" has ${what}`,
    html_content: `<p>Your campaign <b>${escapeHtml(campaign.subject)}</b> (${campaign.id}) has ${what}.</p>${counts}`,
  };
  // Not personalised: a notice is not campaign mail, so its `#…#` stay as written.
  const rows = campaignMessage(notice, { email: owner, values: new Map() }, { now, priority: 'transactional' });
  rows.message.subject = notice.subject;
  rows.message.html_content = notice.html_content;
  rows.message.metadata = null;
  return rows;
}

/**
 * Preparing a send: everything about one message that can be decided before the commit,
 * as named steps. `validate` (the schema did the shape; here the rules that need data: the
 * sender must be one of the account's), `prepareSendOptions` (headers, metadata,
 * attachments, schedule: messages.send-options.ts), `resolveContent` (a stored template
 * and its variables), `buildRows` (the message and, per recipient, its row, its queue row
 * and its `accepted` event; ids and times fixed now). A plain send (no options) costs the
 * sender look-up and nothing more before its commit (messages.accept.ts).
 */
import type { Db } from '../../../db/database.js';
import { AppError, type FieldError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso } from '../../../lib/api-shape.js';
import { normalizeEmail, withAsciiDomain } from '../../../lib/email-address.js';
import { newId } from '../../../lib/ids.js';
import type { Variables } from '../../../lib/template-render.js';
import { newEventRow } from '../events/events.service.js';
import type { SendersService } from '../senders/senders.service.js';
import { renderContent, templateContent, type MessageContent } from '../templates/templates.service.js';
import { addressObjects, inRequestTerms } from './messages.addresses.js';
import type { SendBody, SendRequest } from './messages.schemas.js';
import { prepareSendOptions, type PreparedOptions, type SendLimits } from './messages.send-options.js';
import type { AcceptedMessage } from './messages.store.js';
import type { RecipientKind } from './messages.table.js';

/**
 * What every event of a message carries in its details besides its own facts: the
 * send's tags and metadata (webhooks pass them on, so a receiver can match an event to
 * its own records).
 */
export function carriedDetails(message: { tags?: string | null; metadata?: string | null }): Record<string, unknown> {
  return {
    ...(message.tags ? { tags: JSON.parse(message.tags) as unknown } : {}),
    ...(message.metadata ? { metadata: JSON.parse(message.metadata) as unknown } : {}),
  };
}

interface Addressee {
  email: string;
  name?: string;
  kind: RecipientKind;
  /** A `to` recipient's own template variables, and its index in `to` (for error fields). */
  params?: object;
  index?: number;
}

/** The content of the message, and of each recipient's own copy (null: the message's). */
interface ResolvedContent {
  message: MessageContent;
  recipients: (MessageContent | null)[];
}

/**
 * Keeps the first of addresses that differ only in case, across to, cc and bcc in that
 * order: one person gets one copy, addressed the most visible way they were named.
 */
function distinctRecipients(body: SendBody): Addressee[] {
  const seen = new Set<string>();
  const out: Addressee[] = [];
  const add = (r: { email: string; name?: string; params?: object }, kind: RecipientKind, index?: number) => {
    const key = normalizeEmail(r.email);
    if (seen.has(key)) return;
    seen.add(key);
    // Built field by field (not spread): every addressee has one shape.
    // An internationalised domain is kept in its ASCII form, as DNS and relays need it.
    out.push({ email: withAsciiDomain(r.email.trim()), name: r.name, kind, params: kind === 'to' ? r.params : undefined, index });
  };
  body.to.forEach((r, index) => {
    add(r, 'to', index);
  });
  for (const r of body.cc ?? []) add(r, 'cc');
  for (const r of body.bcc ?? []) add(r, 'bcc');
  return out;
}

export type SenderOf = Awaited<ReturnType<SendPreparer['validate']>>;

export class SendPreparer {
  constructor(
    private readonly db: Db,
    /** Finds the sender of a send and decides whether it may be used yet (verification). */
    private readonly senders: Pick<SendersService, 'usableSender'>,
    private readonly limits: SendLimits,
  ) {}

  /** Everything about one message that can be decided before the commit; throws its field errors. */
  async prepare(principal: Principal, request: SendRequest, now: number, senders?: Map<string, Promise<SenderOf>>): Promise<AcceptedMessage> {
    const body = addressObjects(request);
    try {
      const sender = await this.cachedSender(principal, body, senders);
      const options = prepareSendOptions(body, this.limits, now);
      const addressees = distinctRecipients(body);
      const content = await this.resolveContent(principal, body, addressees);
      return this.buildRows(principal, sender, body, addressees, content, options, now);
    } catch (error) {
      throw body === request ? error : inRequestTerms(error, request);
    }
  }

  /** A batch looks each From address up once. */
  private cachedSender(principal: Principal, body: SendBody, senders: Map<string, Promise<SenderOf>> | undefined): Promise<SenderOf> {
    if (!senders) return this.validate(principal, body);
    const key = normalizeEmail(body.from.email);
    let sender = senders.get(key);
    if (!sender) senders.set(key, (sender = this.validate(principal, body)));
    return sender;
  }

  /** The sender of a send: one of the account's, usable in `from` (senders.service.ts usableSender). */
  validate(principal: Principal, body: Pick<SendBody, 'from'>) {
    return this.senders.usableSender(principal.accountId, body.from.email);
  }

  /**
   * Subject, HTML and text: from the body, or from the named template with the body's
   * fields overriding it. Variables are filled only when the send asks for it (a template,
   * `params`, `customFields` or a recipient's own `params`): a plain body is sent exactly
   * as given, braces and all. When a `to` recipient has params of its own, every
   * recipient gets a copy rendered for it (cc and bcc with the message's `params`).
   */
  private async resolveContent(principal: Principal, body: SendBody, addressees: Addressee[]): Promise<ResolvedContent> {
    let content: MessageContent;
    if (body.templateId !== undefined) {
      const template = await templateContent(this.db, principal.accountId, body.templateId);
      if (!template) throw AppError.field('templateId', "is not one of this account's templates (GET /notify/v1/templates)");
      content = { ...template, subject: body.subject ?? template.subject, html: body.htmlContent ?? template.html, text: body.textContent ?? template.text };
    } else {
      // The schema requires subject, and htmlContent or textContent, when there is no template.
      // A text-only message is stored with empty HTML (html_content is NOT NULL): compose sends no HTML part.
      content = { subject: body.subject!, html: body.htmlContent ?? '', text: body.textContent ?? null };
    }
    const personalised = addressees.some((a) => a.params !== undefined);
    const unshared = addressees.map(() => null);
    if (body.templateId === undefined && body.params === undefined && body.customFields === undefined && !personalised)
      return { message: content, recipients: unshared };
    const params = (body.params ?? {}) as Variables;
    const customFields = body.customFields as Variables | undefined;
    if (!personalised) return { message: renderContent(content, params, customFields), recipients: unshared };

    const errors: FieldError[] = [];
    const recipients = addressees.map((a) => {
      try {
        // Shallow: a recipient's `order` replaces the message's `order` as a whole.
        return renderContent(content, a.params ? { ...params, ...(a.params as Variables) } : params, customFields);
      } catch (error) {
        if (!(error instanceof AppError) || !error.fieldErrors) throw error;
        for (const e of error.fieldErrors) {
          const field = a.params ? e.field.replace(/^params/, `to[${a.index}].params`) : e.field;
          if (!errors.some((seen) => seen.field === field)) errors.push({ field, message: e.message });
        }
        return null;
      }
    });
    if (errors.length) throw AppError.validation(errors);
    // The message itself (lists, GET /messages/{id}) shows the first recipient's copy.
    return { message: recipients[0]!, recipients };
  }

  private buildRows(
    principal: Principal,
    sender: { id: string; display_name: string },
    body: SendBody,
    addressees: Addressee[],
    resolved: ResolvedContent,
    options: PreparedOptions,
    now: number,
  ): AcceptedMessage {
    const messageId = newId(now);
    const fromEmail = body.from.email.trim();
    const content = resolved.message;
    const recipients = addressees.map((r, position) => {
      const own = resolved.recipients[position];
      return {
        id: newId(now),
        message_id: messageId,
        account_id: principal.accountId,
        position,
        email: r.email.trim(),
        name: r.name?.trim() ?? '',
        kind: r.kind,
        state: 'queued' as const,
        attempts: 0,
        last_response: null,
        sent_at: null,
        created_at: now,
        updated_at: now,
        content: own ? JSON.stringify(own) : null,
        mime: null,
      };
    });
    const json = (value: object | null) => (value === null ? null : JSON.stringify(value));
    const message = {
      id: messageId,
      account_id: principal.accountId,
      sender_id: sender.id,
      from_email: fromEmail,
      // Without a name in the request, the sender's display name is the From name.
      from_name: body.from.name?.trim() || sender.display_name,
      subject: content.subject,
      html_content: content.html,
      message_id_header: `<${messageId}@${fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase()}>`,
      mime: null,
      // Named although null: a submission (messages.submission.ts) may share this multi-row INSERT, whose columns are the first row's.
      submitted_mime: null,
      recipient_count: recipients.length,
      text_content: content.text,
      reply_to: body.replyTo ? JSON.stringify({ email: withAsciiDomain(body.replyTo.email.trim()), name: body.replyTo.name?.trim() ?? '' }) : null,
      headers: json(options.headers),
      tags: json(options.tags),
      metadata: json(options.metadata),
      attachments: json(options.attachments),
      scheduled_at: options.scheduledAt,
      template_id: body.templateId ?? null,
      // Named on every message of the send path, on or off: a multi-row INSERT takes its columns from the first row.
      track_opens: body.trackOpens ? 1 : 0,
      track_clicks: body.trackClicks ? 1 : 0,
      list_unsubscribe: body.listUnsubscribe ? 1 : 0,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    const details = { ...carriedDetails(message), ...(options.scheduledAt !== null ? { scheduledAt: iso(options.scheduledAt) } : {}) };
    return {
      message,
      recipients,
      jobs: recipients.map((r) => ({
        // A scheduled message's queue rows are not due before its time: workers claim only due rows.
        recipientId: r.id,
        messageId,
        accountId: principal.accountId,
        runAt: options.scheduledAt ?? now,
        priority: 'transactional',
      })),
      events: recipients.map((r) =>
        newEventRow({
          accountId: principal.accountId,
          messageId,
          recipientId: r.id,
          email: r.email,
          type: 'accepted',
          at: now,
          details,
        }),
      ),
      tags: (options.tags ?? []).map((tag) => ({ message_id: messageId, account_id: principal.accountId, tag })),
    };
  }
}

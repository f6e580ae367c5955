/**
 * Preparing a send: everything about one message that can be decided before the commit,
 * as named steps. `validate` (the schema did the shape; here the rules that need data: the
 * sender must be one of the account's), `prepareSendOptions` (headers, metadata,
 * attachments, schedule: messages.send-options.ts), `resolveContent` (a stored template
 * and its variables), `buildRows` (what the request states, handed to the one builder of
 * an accepted message's rows, messages.accepted.ts). A plain send (no options) costs the
 * sender look-up and nothing more before its commit (messages.accept.ts).
 */
import type { Db } from '../../../db/database.js';
import { AppError, type FieldError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { normalizeEmail, withAsciiDomain } from '../../../lib/email-address.js';
import type { Variables } from '../../../lib/template-render.js';
import type { SendersService } from '../senders/senders.service.js';
import { contentPartials, renderContent, templateContent, type MessageContent } from '../templates/templates.service.js';
import { acceptedMessage } from './messages.accepted.js';
import { addressObjects, inRequestTerms } from './messages.addresses.js';
import type { SendBody, SendRequest } from './messages.schemas.js';
import { prepareSendOptions, type PreparedOptions, type SendLimits } from './messages.send-options.js';
import type { AcceptedMessage } from './messages.store.js';
import type { RecipientKind } from './messages.table.js';

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
    // Read at every send, like the layout: editing a partial changes the next message.
    content.partials = await contentPartials(this.db, principal.accountId, content);
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
    return acceptedMessage({
      now,
      accountId: principal.accountId,
      userId: principal.userId,
      senderId: sender.id,
      // Without a name in the request, the sender's display name is the From name.
      from: { email: body.from.email.trim(), name: body.from.name?.trim() || sender.display_name },
      content: resolved.message,
      recipients: addressees.map((r, position) => ({
        email: r.email.trim(),
        name: r.name?.trim() ?? '',
        kind: r.kind,
        content: resolved.recipients[position],
      })),
      priority: 'transactional',
      replyTo: body.replyTo ? { email: withAsciiDomain(body.replyTo.email.trim()), name: body.replyTo.name?.trim() ?? '' } : null,
      headers: options.headers,
      tags: options.tags,
      metadata: options.metadata,
      attachments: options.attachments,
      scheduledAt: options.scheduledAt,
      templateId: body.templateId ?? null,
      tracking: { opens: Boolean(body.trackOpens), clicks: Boolean(body.trackClicks), listUnsubscribe: Boolean(body.listUnsubscribe) },
    });
  }
}

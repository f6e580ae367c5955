/**
 * Builds the MIME message of an accepted message with nodemailer's composer: an HTML
 * part, a plain-text part (given, or derived from the HTML), attachments (inline ones
 * referenced by `cid:`), To/Cc/Reply-To and the sender's extra headers, the Message-ID and Date fixed at acceptance,
 * and a DKIM signature when the From domain has a key. The result is stored on the
 * message the first time, so every retry and every recipient gets the very same bytes
 * (and the same signature).
 */
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import type { DbOrTrx } from '../db/database.js';
import type { MessageRow, RecipientKind, StoredAttachment } from '../features/messages/messages.table.js';
import { htmlToText } from '../lib/html-to-text.js';

type Composable = Pick<MessageRow, 'id' | 'account_id' | 'from_email' | 'from_name' | 'subject' | 'html_content' | 'message_id_header' | 'created_at'>
  & Partial<Pick<MessageRow, 'text_content' | 'reply_to' | 'headers' | 'attachments'>>;

export interface ComposeRecipient {
  email: string;
  name: string;
  /** Absent: to. Bcc recipients get the same bytes but are named in no header. */
  kind?: RecipientKind;
}

/** A recipient's own copy of a personalised send (messages.table.ts `content`). */
export interface PersonalContent {
  subject: string;
  html: string;
  text: string | null;
}

/** The MIME content parts of a message: subject, text, HTML, attachments (inline ones by Content-ID). */
function contentOf(message: Composable, own: PersonalContent | undefined) {
  const attachments = message.attachments ? (JSON.parse(message.attachments) as StoredAttachment[]) : [];
  const html = own ? own.html : message.html_content;
  const text = own ? own.text : message.text_content ?? null;
  return {
    subject: own ? own.subject : message.subject,
    html,
    text: text ?? htmlToText(html),
    attachments: attachments.map((a) => ({
      filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64'),
      ...(a.contentId ? { cid: a.contentId } : {}),
    })),
  };
}

/** The addressing headers: To and Cc name their recipients; Bcc recipients appear nowhere. */
function addressesOf(message: Composable, recipients: ComposeRecipient[]) {
  const named = (kind: RecipientKind) => recipients.filter((r) => (r.kind ?? 'to') === kind).map((r) => ({ name: r.name, address: r.email }));
  const cc = named('cc');
  const replyTo = message.reply_to ? (JSON.parse(message.reply_to) as { email: string; name: string }) : undefined;
  return {
    to: named('to'),
    ...(cc.length ? { cc } : {}),
    ...(replyTo ? { replyTo: { name: replyTo.name, address: replyTo.email } } : {}),
  };
}

export interface DkimKey {
  domain: string;
  selector: string;
  privateKey: string;
}

/** DKIM_PRIVATE_KEY holds the PEM itself or a path to it. */
export function loadDkimKey(domain: string | undefined, selector: string, keyOrPath: string | undefined): DkimKey | undefined {
  if (!domain || !keyOrPath) return undefined;
  const privateKey = keyOrPath.includes('-----BEGIN') ? keyOrPath : fs.readFileSync(keyOrPath, 'utf8');
  return { domain, selector, privateKey };
}

// The stream transport in buffer mode runs nodemailer's composer (and DKIM signer) and
// hands back the bytes instead of sending them.
const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The account's own signing key for a From address (its verified sending domain), if any. */
export interface DomainKeySource {
  keyFor(accountId: string, fromEmail: string): Promise<DkimKey | undefined>;
}

export class MessageComposer {
  /**
   * `dkim` is the configured key (DKIM_DOMAIN); `domainKeys` the keys of the accounts'
   * verified sending domains, which win: they are the sender's own.
   */
  constructor(private readonly dkim: DkimKey | undefined = undefined, private readonly domainKeys: DomainKeySource | undefined = undefined) {}

  /** The key that signs `message`: its account's verified domain's, else the configured one for its domain or a subdomain of it. */
  private async keyFor(message: Composable): Promise<DkimKey | undefined> {
    const own = await this.domainKeys?.keyFor(message.account_id, message.from_email);
    if (own || !this.dkim) return own;
    const domain = message.from_email.slice(message.from_email.lastIndexOf('@') + 1).toLowerCase();
    return domain === this.dkim.domain || domain.endsWith(`.${this.dkim.domain}`) ? this.dkim : undefined;
  }

  /** `own`: the content of one recipient's personalised copy, instead of the message's. */
  async compose(message: Composable, to: ComposeRecipient[], own?: PersonalContent): Promise<string> {
    const key = await this.keyFor(message);
    const info = await streamer.sendMail({
      from: { name: message.from_name, address: message.from_email },
      ...addressesOf(message, to),
      ...contentOf(message, own),
      messageId: message.message_id_header,
      date: new Date(message.created_at),
      // The sender's own headers were checked against a deny-list at acceptance; ours come last and win.
      headers: { ...(message.headers ? (JSON.parse(message.headers) as Record<string, string>) : {}), 'X-Postwire-Message-Id': message.id },
      ...(key ? { dkim: { domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey } } : {}),
    });
    return (info.message as Buffer).toString('utf8');
  }

  /**
   * The stored MIME of a message, composing and storing it first if no worker has yet.
   * A recipient with its own content (a personalised send) has its own stored MIME.
   */
  async ensureComposed(db: DbOrTrx, message: MessageRow, personal?: { id: string; content: string | null; mime: string | null }): Promise<string> {
    if (personal?.content != null) return this.ensureComposedFor(db, message, personal as { id: string; content: string; mime: string | null });
    if (message.mime !== null) return message.mime;
    const recipients = await this.addresseesOf(db, message.id);
    const mime = await this.compose(message, recipients);
    // Only the first composition is kept: two workers racing must not send different bytes.
    await db.updateTable('messages').set({ mime }).where('id', '=', message.id).where('mime', 'is', null).execute();
    const stored = await db.selectFrom('messages').select('mime').where('id', '=', message.id).executeTakeFirstOrThrow();
    return stored.mime ?? mime;
  }

  private addresseesOf(db: DbOrTrx, messageId: string): Promise<ComposeRecipient[]> {
    return db.selectFrom('message_recipients').select(['email', 'name', 'kind']).where('message_id', '=', messageId).orderBy('position').execute();
  }

  private async ensureComposedFor(db: DbOrTrx, message: MessageRow, recipient: { id: string; content: string; mime: string | null }): Promise<string> {
    if (recipient.mime !== null) return recipient.mime;
    const mime = await this.compose(message, await this.addresseesOf(db, message.id), JSON.parse(recipient.content) as PersonalContent);
    // As for messages: the first composition is the one every retry sends.
    await db.updateTable('message_recipients').set({ mime }).where('id', '=', recipient.id).where('mime', 'is', null).execute();
    const stored = await db.selectFrom('message_recipients').select('mime').where('id', '=', recipient.id).executeTakeFirstOrThrow();
    return stored.mime ?? mime;
  }
}

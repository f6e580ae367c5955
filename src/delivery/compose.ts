/**
 * Builds the MIME message of an accepted message with nodemailer's composer: an HTML
 * part, a plain-text part derived from it, the Message-ID and Date fixed at acceptance,
 * and a DKIM signature when the From domain has a key. The result is stored on the
 * message the first time, so every retry and every recipient gets the very same bytes
 * (and the same signature).
 */
import fs from 'node:fs';
import nodemailer from 'nodemailer';
import type { DbOrTrx } from '../db/database.js';
import type { MessageRow } from '../features/messages/messages.table.js';
import { htmlToText } from '../lib/html-to-text.js';

type Composable = Pick<MessageRow, 'id' | 'from_email' | 'from_name' | 'subject' | 'html_content' | 'message_id_header' | 'created_at'>;

export interface ComposeRecipient {
  email: string;
  name: string;
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

export class MessageComposer {
  constructor(private readonly dkim: DkimKey | undefined = undefined) {}

  /** The key that signs mail from `fromEmail`: its domain or a subdomain of it. */
  private keyFor(fromEmail: string): DkimKey | undefined {
    if (!this.dkim) return undefined;
    const domain = fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase();
    return domain === this.dkim.domain || domain.endsWith(`.${this.dkim.domain}`) ? this.dkim : undefined;
  }

  async compose(message: Composable, to: ComposeRecipient[]): Promise<string> {
    const key = this.keyFor(message.from_email);
    const info = await streamer.sendMail({
      from: { name: message.from_name, address: message.from_email },
      to: to.map((r) => ({ name: r.name, address: r.email })),
      subject: message.subject,
      html: message.html_content,
      text: htmlToText(message.html_content),
      messageId: message.message_id_header,
      date: new Date(message.created_at),
      headers: { 'X-Postwire-Message-Id': message.id },
      ...(key ? { dkim: { domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey } } : {}),
    });
    return (info.message as Buffer).toString('utf8');
  }

  /** The stored MIME of a message, composing and storing it first if no worker has yet. */
  async ensureComposed(db: DbOrTrx, message: MessageRow): Promise<string> {
    if (message.mime !== null) return message.mime;
    const recipients = await db.selectFrom('message_recipients').select(['email', 'name'])
      .where('message_id', '=', message.id).orderBy('position').execute();
    const mime = await this.compose(message, recipients);
    // Only the first composition is kept: two workers racing must not send different bytes.
    await db.updateTable('messages').set({ mime }).where('id', '=', message.id).where('mime', 'is', null).execute();
    const stored = await db.selectFrom('messages').select('mime').where('id', '=', message.id).executeTakeFirstOrThrow();
    return stored.mime ?? mime;
  }
}

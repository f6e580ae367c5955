/**
 * Builds the MIME message of an accepted message with nodemailer's composer: an HTML
 * part, a plain-text part derived from it, and the Message-ID and Date fixed at
 * acceptance. The result is stored on the message the first time, so every retry and
 * every recipient gets the very same bytes.
 */
import nodemailer from 'nodemailer';
import type { DbOrTrx } from '../db/database.js';
import type { MessageRow } from '../features/messages/messages.table.js';
import { htmlToText } from '../lib/html-to-text.js';

type Composable = Pick<MessageRow, 'id' | 'from_email' | 'from_name' | 'subject' | 'html_content' | 'message_id_header' | 'created_at'>;

export interface ComposeRecipient {
  email: string;
  name: string;
}

// The stream transport in buffer mode runs nodemailer's composer and hands back the
// bytes instead of sending them.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

export async function composeMime(message: Composable, to: ComposeRecipient[]): Promise<string> {
  const info = await composer.sendMail({
    from: { name: message.from_name, address: message.from_email },
    to: to.map((r) => ({ name: r.name, address: r.email })),
    subject: message.subject,
    html: message.html_content,
    text: htmlToText(message.html_content),
    messageId: message.message_id_header,
    date: new Date(message.created_at),
    headers: { 'X-Postwire-Message-Id': message.id },
  });
  return (info.message as Buffer).toString('utf8');
}

/** The stored MIME of a message, composing and storing it first if no worker has yet. */
export async function ensureComposed(db: DbOrTrx, message: MessageRow): Promise<string> {
  if (message.mime !== null) return message.mime;
  const recipients = await db.selectFrom('message_recipients').select(['email', 'name'])
    .where('message_id', '=', message.id).orderBy('position').execute();
  const mime = await composeMime(message, recipients);
  // Only the first composition is kept: two workers racing must not send different bytes.
  await db.updateTable('messages').set({ mime }).where('id', '=', message.id).where('mime', 'is', null).execute();
  const stored = await db.selectFrom('messages').select('mime').where('id', '=', message.id).executeTakeFirstOrThrow();
  return stored.mime ?? mime;
}

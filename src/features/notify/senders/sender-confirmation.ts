/**
 * The confirmation message sent to a sender's address: a link that proves whoever reads
 * that mailbox agrees to it being used as a From address. It is an ordinary accepted
 * message of the sender's account (queued, delivered, retried and logged like any other,
 * so it shows in GET /notify/v1/messages), sent from SYSTEM_FROM.
 *
 * The link carries a random token; only its SHA-256 is stored, so the database alone
 * cannot confirm anything. Each new link replaces the previous one.
 */
import { escapeHtml } from '../../../lib/template-render.js';
import { randomSecret, sha256Hex } from '../../../lib/tokens.js';
import { acceptedMessage } from '../messages/messages.accepted.js';
import type { AcceptedMessage } from '../messages/messages.store.js';

export interface ConfirmationToken {
  token: string;
  hash: string;
}

export function newConfirmationToken(): ConfirmationToken {
  const token = randomSecret(32);
  return { token, hash: sha256Hex(token) };
}

export function hashConfirmationToken(token: string): string {
  return sha256Hex(token);
}

export interface ConfirmationMail {
  accountId: string;
  userId: string;
  sender: { id: string; email: string; displayName: string };
  systemFrom: string;
  link: string;
  validHours: number;
}

/** The rows of the confirmation message, ready to commit with the token that its link carries. */
export function confirmationMessage(mail: ConfirmationMail, now: number): AcceptedMessage {
  const email = mail.sender.email;
  const link = escapeHtml(mail.link);
  const html =
    `<p>Someone asked to send email from <b>${escapeHtml(email)}</b> through Postwire.</p>` +
    `<p>If that was you or your team, confirm the address: <a href="${link}">${link}</a></p>` +
    `<p>The link works once and for ${mail.validHours} hours. If you did not ask for this, ignore this message: nothing will be sent from your address.</p>`;
  return acceptedMessage({
    now,
    accountId: mail.accountId,
    userId: mail.userId,
    senderId: mail.sender.id,
    from: { email: mail.systemFrom, name: 'Postwire' },
    content: { subject: `Confirm ${email} as a sender`, html, text: null },
    recipients: [{ email, name: mail.sender.displayName }],
    priority: 'transactional',
  });
}

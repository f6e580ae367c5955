/**
 * What a forward route sends: a new message of the route's account, through the normal send
 * path (queued, delivered, retried, suppressed and logged like any other), from SYSTEM_FROM
 * with the original sender as Reply-To, carrying the received text, HTML and attachments.
 *
 * Why not relay the received bytes as they are, with an SRS return path: the original
 * From's domain publishes SPF and DMARC for its own servers, not ours, so a relayed copy
 * fails DMARC wherever its DKIM signature does not survive (and a forwarder that sends mail
 * in another domain's name is what receivers learn to distrust); SRS would also need its
 * own bounce handling. A message of our own passes SPF, DKIM and DMARC as ours, shows in
 * GET /notify/v1/messages, and a reply still reaches the original sender. The received
 * message stays fetchable whole (raw) beside it.
 */
import { parseMail } from '../../../lib/mail-parser.js';
import { acceptedMessage } from '../messages/messages.accepted.js';
import type { AcceptedMessage } from '../messages/messages.store.js';
import type { StoredAttachment } from '../messages/messages.table.js';
import type { InboundDocument } from './inbound.schemas.js';

export interface ForwardSpec {
  accountId: string;
  senderId: string;
  systemFrom: string;
  to: string;
  document: InboundDocument;
  raw: Buffer;
  now: number;
}

async function attachmentsOf(raw: Buffer): Promise<StoredAttachment[]> {
  const parsed = await parseMail(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true }).catch(() => undefined);
  return (parsed?.attachments ?? []).map((part, index) => ({
    filename: part.filename ?? `attachment-${index + 1}`,
    contentType: part.contentType,
    contentId: null,
    content: part.content.toString('base64'),
  }));
}

export async function forwardedMessage(spec: ForwardSpec): Promise<AcceptedMessage> {
  const { document } = spec;
  const original = document.from[0] ?? (document.envelope.mailFrom ? { name: '', address: document.envelope.mailFrom } : undefined);
  const who = original ? original.name || original.address : 'unknown sender';
  const attachments = await attachmentsOf(spec.raw);
  return acceptedMessage({
    now: spec.now,
    accountId: spec.accountId,
    userId: null,
    senderId: spec.senderId,
    from: { email: spec.systemFrom, name: `${who} via Postwire`.slice(0, 200) },
    replyTo: original?.address ? { email: original.address, name: original.name } : null,
    content: { subject: document.subject || '(no subject)', html: document.html ?? '', text: document.text ?? (document.html ? null : '') },
    recipients: [{ email: spec.to }],
    attachments: attachments.length > 0 ? attachments : null,
    priority: 'transactional',
  });
}

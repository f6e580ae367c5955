/**
 * The MIME bytes of one message copy, from a plain description of it (`MimeSpec`): an
 * HTML part, a plain-text part (given, or derived from the HTML), attachments (inline ones
 * referenced by `cid:`), the addressing headers, and a DKIM signature when a key is given.
 * The common shape (no attachments, ASCII addresses) is written directly (mime-writer.ts);
 * the rest by nodemailer's composer.
 *
 * Pure and self-contained on purpose: it runs in the compose threads (mime-thread-pool.ts)
 * as well as on the main thread, so the spec is plain data that survives structured
 * cloning, and nothing here touches the database.
 */
import nodemailer from 'nodemailer';
import { htmlToText } from '../lib/html-to-text.js';
import { canWriteDirectly, writeMime } from './mime-writer.js';
import type { DkimKey, MimeSpec } from './mime.types.js';

export type { DkimKey, MimeAddress, MimeSpec } from './mime.types.js';

/**
 * The headers DKIM signs: nodemailer's list (RFC 4871 §5.5) plus List-Unsubscribe-Post,
 * which RFC 8058 §4 requires to be signed with List-Unsubscribe. A header a message does
 * not have is not signed, so messages without it sign as before.
 */
const SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:Content-Description:' +
  'Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:' +
  'List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive:OTP-Token';

// The stream transport in buffer mode runs nodemailer's composer (and DKIM signer) and
// hands back the bytes instead of sending them.
const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

export async function buildMime(spec: MimeSpec): Promise<string> {
  const text = textOf(spec);
  return canWriteDirectly(spec) ? writeMime(spec, text, SIGNED_HEADERS) : composeWithNodemailer(spec, text);
}

/** The plain-text part: the spec's own, or derived from its HTML. */
export function textOf(spec: MimeSpec): string {
  return spec.text ?? (spec.html !== null ? htmlToText(spec.html) : '');
}

/** Any spec, through nodemailer's composer: the path for attachments and non-ASCII addresses, and what mime-writer.ts is tested against. */
export async function composeWithNodemailer(spec: MimeSpec, text: string): Promise<string> {
  const info = await streamer.sendMail({
    baseBoundary: spec.baseBoundary,
    from: spec.from,
    to: spec.to,
    ...(spec.cc.length ? { cc: spec.cc } : {}),
    ...(spec.replyTo ? { replyTo: spec.replyTo } : {}),
    subject: spec.subject,
    ...(spec.html !== null ? { html: spec.html } : {}),
    text,
    attachments: spec.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content, 'base64'),
      ...(a.contentId ? { cid: a.contentId } : {}),
    })),
    messageId: spec.messageId,
    date: new Date(spec.date),
    headers: spec.headers,
    ...(spec.dkim
      ? { dkim: { domainName: spec.dkim.domain, keySelector: spec.dkim.selector, privateKey: spec.dkim.privateKey, headerFieldNames: SIGNED_HEADERS } }
      : {}),
  });
  return (info.message as Buffer).toString('utf8');
}

/**
 * A message built elsewhere (SMTP submission), signed with DKIM when there is a key and
 * otherwise returned as it is. The signature (relaxed/relaxed, no timestamp) depends only
 * on the bytes and the key, so signing twice gives the same result.
 */
export async function signMime(raw: string, dkim: DkimKey | undefined): Promise<string> {
  if (!dkim) return raw;
  const info = await streamer.sendMail({
    raw,
    // Unused by the stream transport, but nodemailer wants an envelope for a raw message.
    envelope: { from: 'signer@localhost', to: ['signer@localhost'] },
    dkim: { domainName: dkim.domain, keySelector: dkim.selector, privateKey: dkim.privateKey },
  });
  return (info.message as Buffer).toString('utf8');
}

/**
 * The document an application gets for a received message, built from the raw bytes, the
 * SMTP envelope and what the client said about itself. Whatever the bytes, it answers: a
 * part that cannot be read is left out and named in `parsed.problems` (the raw message is
 * kept whole beside the document), so a malformed message is never lost to a parser's
 * exception. SPF, DKIM, DMARC and ARC come from mailauth with an injectable DNS look-up.
 */
import type { DNSResolver } from 'mailauth';
import type { AddressObject, EmailAddress, ParsedMail } from 'mailparser';
import { htmlToText } from '../../../lib/html-to-text.js';
import { parseMail } from '../../../lib/mail-parser.js';
import type { SpamVerdict } from './spamc.js';
import { stripReply } from './reply-stripper.js';
import type { InboundDocument } from './inbound.schemas.js';

export interface Envelope {
  /** MAIL FROM without brackets; empty for the null sender. */
  mailFrom: string;
  rcptTo: string[];
}

export interface SessionInfo {
  clientIp: string | null;
  helo: string | null;
}

/** mailauth's DNS look-up: answers as node:dns `resolve` gives them. */
export type DnsLookup = DNSResolver;

export interface DocumentOptions {
  /** Our own host name, named in the Authentication-Results mailauth composes. */
  mta: string;
  resolver?: DnsLookup;
  spam?: SpamVerdict | null;
  /** When the message was received; defaults to now. */
  receivedAt?: number;
}

type Mailbox = { name: string; address: string };
type Auth = InboundDocument['auth'];

/** NUL cannot be stored in PostgreSQL text, and other C0 controls in a header value are noise: they become spaces. */
function clean(value: string): string {
  return value.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, ' ');
}

function oneLineClean(value: string): string {
  return clean(value)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

function mailboxes(value: AddressObject | AddressObject[] | undefined): Mailbox[] {
  const out: Mailbox[] = [];
  const visit = (list: EmailAddress[] | undefined) => {
    for (const entry of list ?? []) {
      if (entry.group) visit(entry.group);
      else out.push({ name: oneLineClean(entry.name ?? ''), address: oneLineClean(entry.address ?? '') });
    }
  };
  for (const object of value === undefined ? [] : Array.isArray(value) ? value : [value]) visit(object.value);
  return out;
}

function messageIds(value: string | string[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list
    .flatMap((entry) => String(entry).match(/<[^<>\s]+>/g) ?? [])
    .map(oneLineClean)
    .slice(0, 100);
}

function unknownAuth(reason: string): Auth {
  return {
    spf: { result: reason, domain: null },
    dkim: [],
    dmarc: { result: reason, domain: null, policy: null },
    arc: { result: reason },
  };
}

/** The raw header block split into fields (continuation lines joined), in order. */
export function headerFields(raw: Buffer): { name: string; value: string }[] {
  let end = raw.indexOf('\r\n\r\n');
  const lfEnd = raw.indexOf('\n\n');
  if (end < 0 || (lfEnd >= 0 && lfEnd < end)) end = lfEnd;
  const block = (end < 0 ? raw : raw.subarray(0, end)).toString('utf8');
  const fields: { name: string; value: string }[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) {
      fields[fields.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push({ name: clean(line.slice(0, colon).trim()), value: line.slice(colon + 1).trim() });
  }
  return fields.slice(0, 2000).map((field) => ({ name: field.name, value: oneLineClean(field.value) }));
}

async function authResults(raw: Buffer, envelope: Envelope, session: SessionInfo, options: DocumentOptions): Promise<Auth> {
  const { authenticate } = await import('mailauth');
  const result = await authenticate(raw, {
    ip: session.clientIp ?? undefined,
    helo: session.helo ?? undefined,
    sender: envelope.mailFrom || undefined,
    mta: options.mta,
    resolver: options.resolver,
    disableBimi: true,
  });
  const spf = result.spf as { status?: { result?: string }; domain?: string } | false | undefined;
  // The domain whose record decided (header.d), else the organisational domain mailauth names.
  const dmarc = result.dmarc as { status?: { result?: string; header?: { d?: string } }; domain?: string; policy?: string } | false;
  const arc = result.arc as { status?: { result?: string } } | false;
  const dkim = (result.dkim?.results ?? []) as { status?: { result?: string }; signingDomain?: string; selector?: string }[];
  return {
    spf: { result: (spf && spf.status?.result) || 'none', domain: (spf && spf.domain) || null },
    dkim: dkim.map((row) => ({ result: row.status?.result ?? 'none', domain: row.signingDomain ?? null, selector: row.selector ?? null })),
    dmarc: {
      result: (dmarc && dmarc.status?.result) || 'none',
      domain: (dmarc && (dmarc.status?.header?.d || dmarc.domain)) || null,
      policy: (dmarc && dmarc.policy) || null,
    },
    arc: { result: (arc && arc.status?.result) || 'none' },
  };
}

function describe(error: unknown): string {
  return oneLineClean(error instanceof Error ? error.message : String(error)).slice(0, 300);
}

export async function buildDocument(raw: Buffer, envelope: Envelope, session: SessionInfo, options: DocumentOptions): Promise<InboundDocument> {
  const problems: string[] = [];
  let parsed: ParsedMail | undefined;
  try {
    parsed = await parseMail(raw, { skipImageLinks: true, skipTextToHtml: true });
  } catch (error) {
    problems.push(`the MIME structure could not be read: ${describe(error)}`);
  }
  let auth: Auth;
  try {
    auth = await authResults(raw, envelope, session, options);
  } catch (error) {
    problems.push(`the authentication checks failed: ${describe(error)}`);
    auth = unknownAuth('temperror');
  }
  const headers = headerFields(raw);
  if (raw.length === 0) problems.push('the message is empty');
  else if (headers.length === 0) problems.push('the message has no header fields');

  const html = typeof parsed?.html === 'string' ? clean(parsed.html) : null;
  const text = parsed?.text !== undefined ? clean(parsed.text) : html !== null ? htmlToText(html) : null;
  const date = parsed?.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  const headerValue = (name: string) => headers.find((h) => h.name.toLowerCase() === name)?.value;
  const attachments = (parsed?.attachments ?? []).map((attachment, index) => ({
    index,
    filename: oneLineClean(attachment.filename ?? ''),
    contentType: oneLineClean(attachment.contentType ?? 'application/octet-stream'),
    size: attachment.size ?? attachment.content?.length ?? 0,
    contentId: attachment.contentId ? oneLineClean(attachment.contentId) : null,
    inline: attachment.contentDisposition === 'inline' || attachment.related === true,
  }));

  return {
    envelope: {
      mailFrom: oneLineClean(envelope.mailFrom),
      rcptTo: envelope.rcptTo.map(oneLineClean),
      clientIp: session.clientIp,
      helo: session.helo === null ? null : oneLineClean(session.helo),
      receivedTime: new Date(options.receivedAt ?? Date.now()).toISOString(),
    },
    messageId: parsed?.messageId ? oneLineClean(parsed.messageId) : (messageIds(headerValue('message-id'))[0] ?? null),
    inReplyTo: messageIds(parsed?.inReplyTo ?? headerValue('in-reply-to'))[0] ?? null,
    references: messageIds(parsed?.references ?? headerValue('references')),
    from: mailboxes(parsed?.from),
    to: mailboxes(parsed?.to),
    cc: mailboxes(parsed?.cc),
    replyTo: mailboxes(parsed?.replyTo),
    subject: oneLineClean(parsed?.subject ?? headerValue('subject') ?? ''),
    date,
    text,
    html,
    reply: text === null ? '' : stripReply(text),
    attachments,
    headers,
    auth,
    spam: options.spam ? { score: options.spam.score, threshold: options.spam.threshold, isSpam: options.spam.isSpam, symbols: options.spam.symbols } : null,
    parsed: { complete: problems.length === 0, problems },
  };
}

/**
 * Preparing a message submitted over SMTP (../submission/submission.listener.ts): the client
 * built the MIME, so nothing is composed from fields; the same accept commit as the API's
 * follows. The bytes must be UTF-8 without NUL (the stored MIME is text, and PostgreSQL text
 * cannot hold NUL); From must be a usable sender, the API's rule; `X-Postwire-Tags`,
 * `X-Postwire-Metadata` and `Idempotency-Key` follow the API's rules and, with any Bcc header,
 * are removed from the stored MIME; Message-ID and Date are added when missing; the envelope
 * decides the recipients (`to`/`cc` when a header names them, else `bcc`). Everything else is
 * kept byte for byte; the return path and DKIM signature are added at delivery.
 */
import type { AddressObject } from 'mailparser';
import { AppError, type FieldError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { decodeWords, oneLine, parseHeaderBlock } from '../../../lib/mail-parser.js';
import { newId } from '../../../lib/ids.js';
import { ownMessageId } from '../../../lib/message-id.js';
import type { SendersService } from '../senders/senders.service.js';
import { acceptedMessage } from './messages.accepted.js';
import { MAX_TAG_LENGTH, MAX_TAGS, type SendBody } from './messages.schemas.js';
import { prepareSendOptions, type SendLimits } from './messages.send-options.js';
import type { AcceptedMessage, LookupsInAdvance } from './messages.store.js';
import type { RecipientKind } from './messages.table.js';

/** What the SMTP conversation hands over: the envelope and the message as received. */
export interface Submission {
  /** MAIL FROM; informational only (the return path is Postwire's own). */
  mailFrom: string;
  /** RCPT TO addresses, in order. */
  rcptTo: string[];
  raw: Buffer;
  /** The look-ups of its recipients, started while the message arrived (MessagesService.lookUpInAdvance). */
  lookups?: LookupsInAdvance;
}

/** A submission ready for the accept commit, and what its Idempotency-Key header asked. */
export interface PreparedSubmission {
  accepted: AcceptedMessage;
  idempotencyKey: string | undefined;
}

/**
 * Headers removed from the MIME (lower case): Postwire's own, read first, and Bcc, which
 * would show every copy's reader the hidden recipients (the envelope names them already;
 * mail submission agents drop it the same way).
 */
const REMOVED_HEADERS = new Set(['x-postwire-tags', 'x-postwire-metadata', 'idempotency-key', 'bcc']);

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The header block and the rest; `separator` is the empty line as the client wrote it. */
function splitHeaders(text: string): { head: string; newline: string; body: string } {
  const crlf = text.indexOf('\r\n\r\n');
  const lf = text.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { head: text.slice(0, crlf), newline: '\r\n', body: text.slice(crlf + 4) };
  if (lf !== -1) return { head: text.slice(0, lf), newline: '\n', body: text.slice(lf + 2) };
  return { head: text.replace(/\r?\n$/, ''), newline: '\r\n', body: '' };
}

/** The header fields of a block, each with its continuation lines, as written. */
function headerFields(head: string): { name: string; lines: string[] }[] {
  const fields: { name: string; lines: string[] }[] = [];
  for (const line of head.split(/(?<=\n)/)) {
    const last = fields[fields.length - 1];
    if (last && /^[ \t]/.test(line)) last.lines.push(line);
    else
      fields.push({
        name: line
          .slice(0, Math.max(0, line.indexOf(':')))
          .trim()
          .toLowerCase(),
        lines: [line],
      });
  }
  return fields;
}

function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const out: string[] = [];
  const walk = (list: AddressObject['value']) => {
    for (const a of list) {
      if (a.address) out.push(normalizeEmail(a.address));
      if (a.group) walk(a.group);
    }
  };
  for (const o of objects) walk(o.value);
  return out;
}

/** An RFC 5322 date (Thu, 01 Jan 2026 09:00:00 +0000). */
function rfc5322Date(ms: number): string {
  return new Date(ms).toUTCString().replace(/GMT$/, '+0000');
}

function tagsFrom(value: string, errors: FieldError[]): string[] | undefined {
  const tags = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > MAX_TAGS) errors.push({ field: 'X-Postwire-Tags', message: `must name at most ${MAX_TAGS} tags` });
  if (tags.some((t) => t.length > MAX_TAG_LENGTH)) errors.push({ field: 'X-Postwire-Tags', message: `each tag must be at most ${MAX_TAG_LENGTH} characters` });
  if (tags.some((t) => oneLine(t) !== t)) errors.push({ field: 'X-Postwire-Tags', message: 'each tag must be one line without control characters' });
  return tags.length ? tags : undefined;
}

function metadataFrom(value: string, errors: FieldError[]): SendBody['metadata'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    errors.push({ field: 'X-Postwire-Metadata', message: 'must be a JSON object, e.g. {"orderId":"A-1001"}' });
    return undefined;
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => !['string', 'number', 'boolean'].includes(typeof v))
  ) {
    errors.push({ field: 'X-Postwire-Metadata', message: 'must be a JSON object of strings, numbers and booleans' });
    return undefined;
  }
  return parsed as SendBody['metadata'];
}

export class SubmissionPreparer {
  constructor(
    private readonly senders: Pick<SendersService, 'usableSender'>,
    private readonly limits: SendLimits,
  ) {}

  /** Checks and prepares one submission; throws the AppError that refuses it. */
  async prepare(principal: Principal, submission: Submission, now: number): Promise<PreparedSubmission> {
    let text: string;
    try {
      text = STRICT_UTF8.decode(submission.raw);
    } catch {
      throw AppError.field('message', 'contains 8-bit data that is not UTF-8; send it base64 or quoted-printable encoded, or in UTF-8');
    }
    if (text.includes('\0')) {
      throw AppError.field('message', 'contains a NUL byte, which mail may not carry; send binary content base64 encoded');
    }
    const { head, newline, body } = splitHeaders(text);
    const fields = headerFields(head);
    // Only the header block is parsed: cheap, whatever the size of the attachments.
    const parsed = await parseHeaderBlock(head);
    const from = parsed.from?.value[0];
    if (!from?.address || parsed.from!.value.length !== 1) {
      throw AppError.field('from.email', "the message must have a From header with exactly one address, one of this account's senders");
    }
    const sender = await this.senders.usableSender(principal.accountId, from.address);

    const errors: FieldError[] = [];
    const field = (name: string) => fields.find((f) => f.name === name);
    const textOf = async (name: string): Promise<string | undefined> => {
      const value = parsed.headers.get(name);
      // mailparser decodes the encoded words of the headers it knows only; clients encode X-… values that way too (nodemailer does for JSON).
      return value === undefined ? undefined : decodeWords(String(value).trim());
    };
    const tagsText = await textOf('x-postwire-tags');
    const metadataText = await textOf('x-postwire-metadata');
    const tags = tagsText !== undefined ? tagsFrom(tagsText, errors) : undefined;
    const metadata = metadataText !== undefined ? metadataFrom(metadataText, errors) : undefined;
    const idempotencyKey = await textOf('idempotency-key');
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
      errors.push({ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters without spaces' });
    }
    if (errors.length) throw AppError.validation(errors);
    const options = prepareSendOptions({ tags, metadata } as SendBody, this.limits, now);

    const messageId = newId(now);
    const fromEmail = from.address.trim();
    const messageIdHeader = parsed.messageId ? `<${oneLine(parsed.messageId).replace(/^<|>$/g, '')}>` : ownMessageId(messageId, fromEmail);
    const added = [...(field('message-id') ? [] : [`Message-ID: ${messageIdHeader}`]), ...(field('date') ? [] : [`Date: ${rfc5322Date(now)}`])];
    const kept = fields
      .filter((f) => !REMOVED_HEADERS.has(f.name))
      .map((f) => f.lines.join(''))
      .join('')
      .replace(/\r?\n$/, '');
    const mime = `${added.map((h) => h + newline).join('')}${kept}${newline}${newline}${body}`;

    const named = new Map<string, RecipientKind>();
    for (const a of addressesOf(parsed.cc)) named.set(a, 'cc');
    for (const a of addressesOf(parsed.to)) named.set(a, 'to');
    const seen = new Set<string>();
    const rcpts = submission.rcptTo.filter((address) => {
      const key = normalizeEmail(address);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const accepted = acceptedMessage({
      now,
      id: messageId,
      accountId: principal.accountId,
      userId: principal.userId,
      senderId: sender.id,
      from: { email: fromEmail, name: oneLine(from.name ?? '').trim() || sender.display_name },
      // The content lives in the MIME (GET /notify/v1/messages/{id}/raw), not in fields.
      content: { subject: oneLine(parsed.subject ?? ''), html: '', text: null },
      submittedMime: mime,
      messageIdHeader,
      recipients: rcpts.map((email) => ({ email, kind: named.get(normalizeEmail(email)) ?? 'bcc' })),
      priority: 'transactional',
      tags: options.tags,
      metadata: options.metadata,
      // A submission is sent as its client composed it: no tracking.
      tracking: { opens: false, clicks: false, listUnsubscribe: false },
    });
    return { accepted, idempotencyKey };
  }
}

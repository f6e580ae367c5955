/**
 * The rules of the optional send fields that a schema cannot say: which headers a
 * sender may set, how large metadata and attachments may be, how far ahead a send may
 * be scheduled. Pure functions over the request body; each problem is a field error
 * that names the field (`headers.From`, `attachments[1].content`), or a 413 for sizes.
 */
import { CONFIG_SCHEMA } from '../../../config.js';
import { AppError, type FieldError } from '../../../errors.js';
import { MAX_METADATA_BYTES, MAX_METADATA_KEY_LENGTH, MAX_SCHEDULE_DAYS, type SendBody } from './messages.schemas.js';
import type { StoredAttachment } from './messages.table.js';

export interface SendLimits {
  maxAttachments: number;
  maxAttachmentBytes: number;
  maxAttachmentsTotalBytes: number;
}

export const DEFAULT_SEND_LIMITS: SendLimits = {
  maxAttachments: Number(CONFIG_SCHEMA.ATTACHMENTS_MAX_COUNT.default),
  maxAttachmentBytes: Number(CONFIG_SCHEMA.ATTACHMENT_MAX_BYTES.default),
  maxAttachmentsTotalBytes: Number(CONFIG_SCHEMA.ATTACHMENTS_MAX_TOTAL_BYTES.default),
};

/** RFC 5322 field-name: printable ASCII except the colon (tokens, in practice). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,76}$/;

/**
 * Headers Postwire sets itself. Letting a request set them would forge the addressing
 * (From/Sender/To/Cc/Bcc), break threading and deduplication (Message-ID, Date), the
 * bounce mapping (Return-Path), the MIME structure (Content-*, MIME-Version) or the
 * signature (DKIM-Signature).
 */
const RESERVED_HEADERS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'return-path',
  'mime-version',
  'dkim-signature',
  'received',
  'content-transfer-encoding',
]);

/**
 * The headers a send may set besides any `X-…` one: list and threading headers, and the
 * ones that tell receivers how to treat the message. Everything else is refused rather
 * than passed on: trace and authentication headers (Received, Authentication-Results,
 * ARC-*), Resent-*, or return-receipt requests would let a sender claim what only mail
 * servers may say, or reach people the message was not addressed to.
 */
const ALLOWED_HEADERS = new Set([
  'list-unsubscribe',
  'list-unsubscribe-post',
  'list-id',
  'list-help',
  'list-subscribe',
  'list-owner',
  'list-archive',
  'list-post',
  'in-reply-to',
  'references',
  'thread-topic',
  'thread-index',
  'precedence',
  'auto-submitted',
  'importance',
  'priority',
  'sensitivity',
  'keywords',
  'comments',
  'organization',
  'feedback-id',
  'require-recipient-valid-since',
]);

export const ALLOWED_HEADERS_TEXT =
  'X-… headers, List-* (Unsubscribe, Unsubscribe-Post, Id, Help, Subscribe, Owner, Archive, Post), In-Reply-To, References, ' +
  'Thread-Topic, Thread-Index, Precedence, Auto-Submitted, Importance, Priority, Sensitivity, Keywords, Comments, Organization, ' +
  'Feedback-ID and Require-Recipient-Valid-Since';

function headerProblem(name: string): string | undefined {
  if (!HEADER_NAME.test(name)) return "is not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only, at most 76)";
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower) || lower.startsWith('content-') || lower.startsWith('x-postwire-')) {
    return lower === 'reply-to' ? 'cannot be set as a header: use the replyTo field' : 'is set by Postwire and cannot be given';
  }
  if (!lower.startsWith('x-') && !ALLOWED_HEADERS.has(lower)) return `is not a header a send may set; allowed are ${ALLOWED_HEADERS_TEXT}`;
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface PreparedOptions {
  headers: Record<string, string> | null;
  metadata: Record<string, string | number | boolean> | null;
  tags: string[] | null;
  attachments: StoredAttachment[] | null;
  scheduledAt: number | null;
}

function checkHeaders(headers: Record<string, string>, errors: FieldError[]): void {
  for (const name of Object.keys(headers)) {
    const problem = headerProblem(name);
    if (problem) errors.push({ field: `headers.${name}`, message: problem });
  }
}

function checkMetadata(metadata: Record<string, unknown>, errors: FieldError[]): void {
  for (const key of Object.keys(metadata)) {
    if (key.length === 0 || key.length > MAX_METADATA_KEY_LENGTH)
      errors.push({ field: `metadata.${key}`, message: `keys must be 1 to ${MAX_METADATA_KEY_LENGTH} characters` });
  }
  const size = Buffer.byteLength(JSON.stringify(metadata));
  if (size > MAX_METADATA_BYTES) errors.push({ field: 'metadata', message: `is ${size} bytes as JSON; at most ${MAX_METADATA_BYTES} are allowed` });
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Decodes and measures the attachments; a count over the limit is a 400, sizes over it a 413. */
function prepareAttachments(attachments: NonNullable<SendBody['attachments']>, limits: SendLimits, errors: FieldError[]): StoredAttachment[] {
  if (attachments.length > limits.maxAttachments) {
    errors.push({ field: 'attachments', message: `must contain at most ${limits.maxAttachments} files (ATTACHMENTS_MAX_COUNT)` });
    return [];
  }
  const prepared: StoredAttachment[] = [];
  const contentIds = new Set<string>();
  let total = 0;
  attachments.forEach((a, i) => {
    const compact = a.content.replace(/[\r\n]/g, '');
    if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
      errors.push({ field: `attachments[${i}].content`, message: 'must be base64 (standard alphabet, padded with =)' });
      return;
    }
    if (a.contentId !== undefined) {
      if (contentIds.has(a.contentId)) errors.push({ field: `attachments[${i}].contentId`, message: 'is used by another attachment of this message' });
      contentIds.add(a.contentId);
    }
    const size = Buffer.byteLength(compact, 'base64');
    if (size > limits.maxAttachmentBytes) {
      throw new AppError(
        'payload_too_large',
        `attachments[${i}] (${a.filename}) is ${megabytes(size)}; each attachment may be at most ${megabytes(limits.maxAttachmentBytes)} (ATTACHMENT_MAX_BYTES).`,
      );
    }
    total += size;
    prepared.push({ filename: a.filename, contentType: a.contentType, contentId: a.contentId ?? null, content: compact });
  });
  if (total > limits.maxAttachmentsTotalBytes) {
    throw new AppError(
      'payload_too_large',
      `The attachments add up to ${megabytes(total)}; a message may carry at most ${megabytes(limits.maxAttachmentsTotalBytes)} (ATTACHMENTS_MAX_TOTAL_BYTES).`,
    );
  }
  return prepared;
}

function checkSchedule(scheduledAt: string, now: number, errors: FieldError[]): number | null {
  const at = Date.parse(scheduledAt);
  if (at <= now) errors.push({ field: 'scheduledAt', message: 'must be in the future' });
  else if (at > now + MAX_SCHEDULE_DAYS * 86_400_000) errors.push({ field: 'scheduledAt', message: `must be at most ${MAX_SCHEDULE_DAYS} days ahead` });
  else return at;
  return null;
}

/**
 * The fields a send lacks by the content rule: subject and content come from the template
 * when one is named; without one, subject is required, and htmlContent unless textContent
 * is given (a text-only message). Checked with the schema (http/validation.ts withRequiredRule).
 */
export function missingContentFields(body: Record<string, unknown>): string[] {
  if (body.templateId !== undefined) return [];
  const missing: string[] = [];
  if (body.subject === undefined) missing.push('subject');
  if (body.htmlContent === undefined && body.textContent === undefined) missing.push('htmlContent');
  return missing;
}

/** Checks the optional fields of a send; throws one validation error listing every problem. */
export function prepareSendOptions(body: SendBody, limits: SendLimits, now: number): PreparedOptions {
  const errors: FieldError[] = [];
  if (body.headers) checkHeaders(body.headers, errors);
  if (body.metadata) checkMetadata(body.metadata, errors);
  const attachments = body.attachments?.length ? prepareAttachments(body.attachments, limits, errors) : null;
  const scheduledAt = body.scheduledAt === undefined ? null : checkSchedule(body.scheduledAt, now, errors);
  if (errors.length) throw AppError.validation(errors);
  const nonEmpty = <T extends object>(value: T | undefined): T | null => (value && Object.keys(value).length ? value : null);
  return {
    headers: nonEmpty(body.headers),
    metadata: nonEmpty(body.metadata),
    tags: body.tags?.length ? [...new Set(body.tags)] : null,
    attachments,
    scheduledAt,
  };
}

/**
 * Reading the machine-readable part of a feedback report, without I/O:
 *
 *   message/delivery-status   a DSN (RFC 3464): one block of per-message fields
 *                             (Reporting-MTA, …), then one block per recipient
 *                             (Final-Recipient, Action, Status, Diagnostic-Code, …)
 *   message/feedback-report   an ARF report (RFC 5965): one block (Feedback-Type, …)
 *
 * and deciding what a report means for the recipient it is about (`feedbackFrom`):
 *
 *   DSN, Action failed and Status 5.x.x        bounced     (hard bounce: state + suppression)
 *   DSN, Action delayed, or any Status 4.x.x   deferred    (an event only)
 *   DSN, Action delivered / relayed / expanded nothing     (good news needs no record)
 *   ARF, any Feedback-Type                     complained  (suppression)
 *
 * Both part types are blocks of RFC 822-style fields separated by blank lines. Input
 * comes from strangers: every value is length-capped and made one line (control
 * characters, NUL among them, folded to spaces: they would reach the recipient's
 * last_response and the API, and PostgreSQL cannot store a NUL at all, which made the
 * report a 451 retried for ever), and a part that lacks a required field is reported
 * as malformed rather than guessed at.
 */
import { oneLine } from '../../../lib/mail-parser.js';

/** One block of fields: lower-cased name → unfolded value (the first occurrence wins). */
export type FieldBlock = Map<string, string>;

/** Longest field value kept; a Diagnostic-Code is a few hundred characters at most in practice. */
const MAX_VALUE_LENGTH = 1000;
/** Recipient blocks read from one DSN; a DSN to a VERP address is about one recipient. */
const MAX_RECIPIENT_BLOCKS = 100;

/** Splits text into blocks at blank lines and unfolds continuation lines (leading space or tab). */
export function parseFieldBlocks(text: string): FieldBlock[] {
  const blocks: FieldBlock[] = [];
  let block: FieldBlock | undefined;
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      block = undefined;
      last = undefined;
      continue;
    }
    if (/^[ \t]/.test(line)) {
      // A continuation of the previous field; one before any field is noise.
      if (block && last !== undefined) block.set(last, capped(`${block.get(last)} ${line.trim()}`));
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) continue;
    if (!block) blocks.push((block = new Map()));
    if (!block.has(name)) {
      block.set(name, capped(line.slice(colon + 1).trim()));
      last = name;
    } else {
      last = undefined;
    }
  }
  return blocks;
}

function capped(value: string): string {
  const line = oneLine(value);
  return line.length > MAX_VALUE_LENGTH ? line.slice(0, MAX_VALUE_LENGTH) : line;
}

/** `rfc822; bob@example.net` → `bob@example.net`; `dns; mx.example.net` → `mx.example.net`. */
function withoutTypePrefix(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const semicolon = value.indexOf(';');
  const bare = (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim();
  return bare === '' ? undefined : bare;
}

export type DsnAction = 'failed' | 'delayed' | 'delivered' | 'relayed' | 'expanded';
const DSN_ACTIONS: readonly string[] = ['failed', 'delayed', 'delivered', 'relayed', 'expanded'];

export interface RecipientStatus {
  action: DsnAction;
  /** The enhanced status code, e.g. `5.1.1` (RFC 3463). */
  status: string;
  finalRecipient?: string;
  originalRecipient?: string;
  /** The remote server's reply, e.g. `550 5.1.1 <bob@example.net>: User unknown`. */
  diagnosticCode?: string;
  remoteMta?: string;
  lastAttemptDate?: string;
  willRetryUntil?: string;
}

export interface DeliveryStatus {
  reportingMta?: string;
  arrivalDate?: string;
  recipients: RecipientStatus[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A message/delivery-status body (RFC 3464 §2.2–2.3). */
export function parseDeliveryStatus(text: string): Parsed<DeliveryStatus> {
  const [perMessage, ...perRecipient] = parseFieldBlocks(text);
  if (!perMessage) return { ok: false, problem: 'the delivery-status part is empty' };
  if (perRecipient.length === 0) return { ok: false, problem: 'the delivery-status part has no per-recipient fields (Action, Status)' };
  const recipients: RecipientStatus[] = [];
  for (const block of perRecipient.slice(0, MAX_RECIPIENT_BLOCKS)) {
    const action = block.get('action')?.toLowerCase();
    if (!action || !DSN_ACTIONS.includes(action))
      return { ok: false, problem: `Action must be one of ${DSN_ACTIONS.join(', ')}, got ${action ? `"${action}"` : 'none'}` };
    // Some servers add a comment after the code: "5.1.1 (bad destination mailbox)".
    const status = block.get('status')?.split(/\s/)[0];
    if (!status || !/^[245]\.\d{1,3}\.\d{1,3}$/.test(status))
      return { ok: false, problem: `Status must be an enhanced status code such as 5.1.1, got ${status ? `"${status}"` : 'none'}` };
    recipients.push(
      definedOnly({
        action: action as DsnAction,
        status,
        finalRecipient: withoutTypePrefix(block.get('final-recipient')),
        originalRecipient: withoutTypePrefix(block.get('original-recipient')),
        diagnosticCode: withoutTypePrefix(block.get('diagnostic-code')),
        remoteMta: withoutTypePrefix(block.get('remote-mta')),
        lastAttemptDate: block.get('last-attempt-date'),
        willRetryUntil: block.get('will-retry-until'),
      }),
    );
  }
  return {
    ok: true,
    value: definedOnly({ reportingMta: withoutTypePrefix(perMessage.get('reporting-mta')), arrivalDate: perMessage.get('arrival-date'), recipients }),
  };
}

export interface ComplaintReport {
  /** abuse, fraud, virus, other, not-spam, … (RFC 5965 §7.3 and later registrations). */
  feedbackType: string;
  userAgent?: string;
  version?: string;
  sourceIp?: string;
  arrivalDate?: string;
  reportingMta?: string;
  originalMailFrom?: string;
  originalRcptTo?: string;
  reportedDomain?: string;
}

/** A message/feedback-report body (RFC 5965 §3.5). */
export function parseFeedbackReport(text: string): Parsed<ComplaintReport> {
  const [fields] = parseFieldBlocks(text);
  const feedbackType = fields?.get('feedback-type')?.toLowerCase();
  if (!fields || !feedbackType || !/^[a-z0-9][a-z0-9._-]*$/.test(feedbackType)) {
    return { ok: false, problem: `the feedback-report part needs a Feedback-Type field, got ${feedbackType ? `"${feedbackType}"` : 'none'}` };
  }
  return {
    ok: true,
    value: definedOnly({
      feedbackType,
      userAgent: fields.get('user-agent'),
      version: fields.get('version'),
      sourceIp: fields.get('source-ip'),
      arrivalDate: fields.get('arrival-date') ?? fields.get('received-date'),
      reportingMta: withoutTypePrefix(fields.get('reporting-mta')),
      originalMailFrom: fields.get('original-mail-from'),
      originalRcptTo: fields.get('original-rcpt-to'),
      reportedDomain: fields.get('reported-domain'),
    }),
  };
}

/** One MIME part of a received message, as the listener hands it over. */
export interface ReportPart {
  contentType: string;
  text: string;
}

export type FeedbackReport =
  | { kind: 'dsn'; report: DeliveryStatus }
  | { kind: 'arf'; report: ComplaintReport }
  | { kind: 'malformed'; problem: string }
  | { kind: 'not-a-report' };

/** What kind of report a message is, from its MIME parts: the first report part decides. */
export function readReport(parts: ReportPart[]): FeedbackReport {
  for (const part of parts) {
    const type = part.contentType.toLowerCase();
    if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
      const parsed = parseDeliveryStatus(part.text);
      return parsed.ok ? { kind: 'dsn', report: parsed.value } : { kind: 'malformed', problem: parsed.problem };
    }
    if (type === 'message/feedback-report') {
      const parsed = parseFeedbackReport(part.text);
      return parsed.ok ? { kind: 'arf', report: parsed.value } : { kind: 'malformed', problem: parsed.problem };
    }
  }
  return { kind: 'not-a-report' };
}

export interface Feedback {
  type: 'bounced' | 'deferred' | 'complained';
  /** Stored on the event (and, for bounces and complaints, on the suppression). */
  details: Record<string, unknown>;
}

function isHardFailure(r: RecipientStatus): boolean {
  return r.action === 'failed' && r.status.startsWith('5.');
}

function isDelay(r: RecipientStatus): boolean {
  return r.action === 'delayed' || r.status.startsWith('4.');
}

/**
 * What a report means for its recipient, or undefined when it calls for no record (a
 * DSN that reports success). A DSN to a VERP address is about one recipient; if a
 * server put several in it anyway, the gravest one counts: a failure over a delay.
 */
export function feedbackFrom(report: { kind: 'dsn'; report: DeliveryStatus } | { kind: 'arf'; report: ComplaintReport }): Feedback | undefined {
  if (report.kind === 'arf') return { type: 'complained', details: { source: 'arf', ...report.report } };
  const { reportingMta, arrivalDate, recipients } = report.report;
  const failed = recipients.find(isHardFailure);
  const chosen = failed ?? recipients.find(isDelay);
  if (!chosen) return undefined;
  const details: Record<string, unknown> = definedOnly({
    source: 'dsn',
    ...chosen,
    reportingMta,
    arrivalDate,
    // The recipient's last_response, as for a bounce during delivery: the remote reply.
    response: chosen.diagnosticCode ?? `${chosen.action} with status ${chosen.status}${reportingMta ? ` (reported by ${reportingMta})` : ''}`,
  });
  return { type: failed ? 'bounced' : 'deferred', details };
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

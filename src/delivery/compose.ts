/**
 * The MIME of an accepted message: which key signs it (the account's verified domain's,
 * else the configured one), the plain description of the copy (specOf: From, To/Cc
 * naming their recipients, Reply-To, the sender's extra headers, content, attachments,
 * the Message-ID and Date fixed at acceptance), and where the bytes are kept. The bytes
 * themselves are built by mime.ts, on this thread or in compose threads (mime-threads.ts).
 *
 * Composition is deterministic: the Message-ID and Date are fixed at acceptance, the
 * multipart boundaries are derived from the message id (nodemailer's `baseBoundary`
 * instead of random bytes), and an RSA signature without a timestamp tag depends only on
 * the bytes it signs. So composing the same message twice, in two workers or before and
 * after a crash, gives the same bytes, and the worker needs no write of its own before
 * sending: it stores the MIME in the same transaction as the delivery's outcome
 * (pipeline.ts), where `/raw` reads it back. What can still change the bytes is the
 * message's signing key changing between two compositions; the first stored copy wins.
 *
 * A message submitted over SMTP (messages.submission.ts) is not built here: its client's
 * MIME, as accepted, is only signed (signMime), with the same key choice and the same
 * first-stored-copy-wins rule.
 *
 * Tracking (opens, clicks, List-Unsubscribe; features/notify/tracking) makes every copy
 * a recipient's own, like a personalised send: its links carry tokens naming the
 * recipient. It stays deterministic, since the tokens are HMACs of the recipient id (and
 * link index) with a fixed key (lib/tracking-tokens.ts); only a change of the tracking
 * base URL or of the installation secret between two compositions could change the
 * bytes, and then too the first stored copy wins.
 *
 * Bulk copies (a campaign's, one per recipient) are not stored by the pipeline: at
 * 100,000 recipients that was 400 MB of MIME written inside the outcome commits. Their
 * retries and `/raw` compose them again, the same bytes unless the key, the tracking
 * base URL or the secret changed in between; `/raw` stores what it composed, so from
 * then on it answers the same.
 */
import fs from 'node:fs';
import type { DbOrTrx } from '../db/database.js';
import type { MessageRow, RecipientKind, StoredAttachment } from '../features/notify/messages/messages.table.js';
import { htmlToText } from '../lib/html-to-text.js';
import { trackHtml } from '../lib/tracked-html.js';
import type { TrackingTokens } from '../lib/tracking-tokens.js';
import type { ComposeRecipient } from './compose.types.js';
import { addresseesOf, storeComposed, storedMime } from './delivery.store.js';
import { signMime, type DkimKey, type MimeSpec } from './mime.js';
import { BUILD_ON_THIS_THREAD, type MimeBuilder } from './mime-threads.js';

export type { DkimKey } from './mime.js';
export type { ComposeRecipient, ComposedTarget } from './compose.types.js';

type TrackingFlags = Partial<Pick<MessageRow, 'track_opens' | 'track_clicks' | 'list_unsubscribe'>>;

type Composable = Pick<MessageRow, 'id' | 'account_id' | 'from_email' | 'from_name' | 'subject' | 'html_content' | 'message_id_header' | 'created_at'> &
  Partial<Pick<MessageRow, 'text_content' | 'reply_to' | 'headers' | 'attachments'>> &
  TrackingFlags;

/** Whether the message's copies carry per-recipient tracking or unsubscribe links. */
export function isTracked(message: TrackingFlags): boolean {
  return Boolean(message.track_opens || message.track_clicks || message.list_unsubscribe);
}

/** Whether a recipient gets a copy of its own (its own content, or tracking links naming it) rather than the message's one MIME. */
export function hasOwnCopy(message: TrackingFlags, recipient: { content: string | null }): boolean {
  return recipient.content !== null || isTracked(message);
}

/** What tracked copies need: the token signer and the public base of the links (TRACKING_BASE_URL, else BASE_URL). */
export interface CopyTracking {
  tokens: TrackingTokens;
  baseUrl: () => string;
}

/** The public paths of the tracking endpoints (features/notify/tracking/tracking.routes.ts). */
export const TRACKING_PATHS = { open: '/t/o/', click: '/t/c/', unsubscribe: '/u/', webVersion: '/w/' } as const;

/** One recipient's copy with its tracking: pixel, rewritten links, List-Unsubscribe headers. */
function trackCopy(spec: MimeSpec, message: TrackingFlags, recipientId: string, tracking: CopyTracking): MimeSpec {
  const base = tracking.baseUrl();
  const url = (path: string, token: string) => `${base}${path}${token}`;
  let { html, text, headers } = spec;
  if (html !== null && (message.track_opens || message.track_clicks)) {
    // The text part keeps the links as written: derived from the HTML before its links are rewritten.
    text = text ?? htmlToText(html);
    html = trackHtml(html, {
      ...(message.track_clicks
        ? { clickUrl: (linkIndex: number) => url(TRACKING_PATHS.click, tracking.tokens.sign({ kind: 'click', recipientId, linkIndex })) }
        : {}),
      ...(message.track_opens ? { pixelUrl: url(TRACKING_PATHS.open, tracking.tokens.sign({ kind: 'open', recipientId })) } : {}),
    });
  }
  if (message.list_unsubscribe) {
    // Ours replace any the sender gave: one List-Unsubscribe, and it works.
    const own = Object.entries(headers).filter(([name]) => !/^list-unsubscribe(-post)?$/i.test(name));
    headers = {
      ...Object.fromEntries(own),
      'List-Unsubscribe': `<${url(TRACKING_PATHS.unsubscribe, tracking.tokens.sign({ kind: 'unsubscribe', recipientId }))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  return { ...spec, html, text, headers };
}

/** A recipient's own copy of a personalised send (messages.table.ts `content`). */
export interface PersonalContent {
  subject: string;
  html: string;
  text: string | null;
}

/** The plain description of one copy of a message, for buildMime (mime.ts). */
function specOf(
  message: Composable,
  recipients: ComposeRecipient[],
  own: PersonalContent | undefined,
  baseBoundary: string,
  dkim: DkimKey | undefined,
): MimeSpec {
  const named = (kind: RecipientKind) => recipients.filter((r) => (r.kind ?? 'to') === kind).map((r) => ({ name: r.name, address: r.email }));
  const replyTo = message.reply_to ? (JSON.parse(message.reply_to) as { email: string; name: string }) : undefined;
  return {
    baseBoundary,
    from: { name: message.from_name, address: message.from_email },
    // To and Cc name their recipients; Bcc recipients appear in no header.
    to: named('to'),
    cc: named('cc'),
    ...(replyTo ? { replyTo: { name: replyTo.name, address: replyTo.email } } : {}),
    subject: own ? own.subject : message.subject,
    // Empty HTML is a text-only message (messages.service.ts).
    html: (own ? own.html : message.html_content) || null,
    text: own ? own.text : (message.text_content ?? null),
    attachments: message.attachments ? (JSON.parse(message.attachments) as StoredAttachment[]) : [],
    messageId: message.message_id_header,
    date: message.created_at,
    // The sender's own headers were checked against a deny-list at acceptance; ours come last and win.
    headers: { ...(message.headers ? (JSON.parse(message.headers) as Record<string, string>) : {}), 'X-Postwire-Message-Id': message.id },
    ...(dkim ? { dkim } : {}),
  };
}

/** DKIM_PRIVATE_KEY holds the PEM itself or a path to it. */
export function loadDkimKey(domain: string | undefined, selector: string, keyOrPath: string | undefined): DkimKey | undefined {
  if (!domain || !keyOrPath) return undefined;
  const privateKey = keyOrPath.includes('-----BEGIN') ? keyOrPath : fs.readFileSync(keyOrPath, 'utf8');
  return { domain, selector, privateKey };
}

/** The account's own signing key for a From address (its verified sending domain), if any. */
export interface DomainKeySource {
  keyFor(accountId: string, fromEmail: string): Promise<DkimKey | undefined>;
}

export class MessageComposer {
  /**
   * `dkim` is the configured key (DKIM_DOMAIN); `domainKeys` the keys of the accounts'
   * verified sending domains, which win: they are the sender's own.
   */
  constructor(
    private readonly dkim: DkimKey | undefined = undefined,
    private readonly domainKeys: DomainKeySource | undefined = undefined,
    /** Where the bytes are built: on this thread by default, or in compose threads (mime-threads.ts). */
    private readonly builder: MimeBuilder = BUILD_ON_THIS_THREAD,
    /** Tracked copies' links; absent (tests of other parts): a tracked message is composed without them. */
    private readonly tracking: CopyTracking | undefined = undefined,
  ) {}

  /** The key that signs `message`: its account's verified domain's, else the configured one for its domain or a subdomain of it. */
  private async keyFor(message: Composable): Promise<DkimKey | undefined> {
    const own = await this.domainKeys?.keyFor(message.account_id, message.from_email);
    if (own || !this.dkim) return own;
    const domain = message.from_email.slice(message.from_email.lastIndexOf('@') + 1).toLowerCase();
    return domain === this.dkim.domain || domain.endsWith(`.${this.dkim.domain}`) ? this.dkim : undefined;
  }

  /**
   * `own`: the content of one recipient's personalised copy, instead of the message's;
   * `copyId` names that copy (the recipient's id) so its boundaries are its own, and its
   * tracking links name that recipient.
   */
  async compose(message: Composable, to: ComposeRecipient[], own?: PersonalContent, copyId?: string): Promise<string> {
    const spec = specOf(message, to, own, copyId ?? message.id, await this.keyFor(message));
    return this.builder.build(copyId !== undefined && this.tracking && isTracked(message) ? trackCopy(spec, message, copyId, this.tracking) : spec);
  }

  /**
   * The stored MIME of a message (or of a personalised recipient's own copy), composing
   * it first if nobody has: `addressees` are the message's recipients, in order, for the
   * To and Cc headers. Returns the bytes and whether they are new (to be stored with
   * storeComposed). Pure apart from the signing-key look-up: no database write.
   */
  async composedCopy(message: MessageRow, addressees: ComposeRecipient[], personal?: PersonalCopy): Promise<ComposedCopy> {
    if (personal && hasOwnCopy(message, personal)) {
      if (personal.mime !== null) return { mime: personal.mime, fresh: false };
      const own = personal.content !== null ? (JSON.parse(personal.content) as PersonalContent) : undefined;
      return { mime: await this.compose(message, addressees, own, personal.id), fresh: true };
    }
    if (message.mime !== null) return { mime: message.mime, fresh: false };
    // Submitted over SMTP: the client's MIME as accepted, only signed here.
    if (message.submitted_mime) return { mime: await signMime(message.submitted_mime, await this.keyFor(message)), fresh: true };
    return { mime: await this.compose(message, addressees), fresh: true };
  }

  /**
   * The stored MIME, composing and storing it now if no worker has yet (the `/raw`
   * endpoint; the pipeline stores its compositions with its outcomes instead).
   */
  async ensureComposed(db: DbOrTrx, message: MessageRow, personal?: PersonalCopy): Promise<string> {
    const copy = await this.composedCopy(message, await addresseesOf(db, [message.id]).then((m) => m.get(message.id) ?? []), personal);
    if (!copy.fresh) return copy.mime;
    const own = personal && hasOwnCopy(message, personal) ? personal.id : undefined;
    await storeComposed(db, [own ? { recipientId: own, mime: copy.mime } : { messageId: message.id, mime: copy.mime }]);
    return (await storedMime(db, own ? { recipientId: own } : { messageId: message.id })) ?? copy.mime;
  }
}

/** A recipient with a copy of its own (personalised or tracked): its own content (`null`: the message's) and its own stored MIME. */
export interface PersonalCopy {
  id: string;
  content: string | null;
  mime: string | null;
}

export interface ComposedCopy {
  mime: string;
  /** Composed now, not yet stored. */
  fresh: boolean;
}

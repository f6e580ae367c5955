/**
 * The MIME of an accepted message: which key signs it (the account's verified domain's,
 * else the configured one), the plain description of the copy (specOf: From, To/Cc
 * naming their recipients, Reply-To, the sender's extra headers, content, attachments,
 * the Message-ID and Date fixed at acceptance), and where the bytes are kept. The bytes
 * themselves are built by mime.ts, on this thread or in compose threads (mime-thread-pool.ts).
 *
 * Composition is deterministic: the Message-ID and Date are fixed at acceptance, the
 * multipart boundaries are derived from the message id (nodemailer's `baseBoundary`
 * instead of random bytes), and an RSA signature without a timestamp tag depends only on
 * the bytes it signs. So the MIME is not stored: the first composition keeps only its
 * DKIM-Signature field (in the same transaction as the delivery's outcome: pipeline.ts,
 * through its DeliveryStore), and every later one (a retry, `/raw`) builds the copy
 * unsigned and puts that field first, the same bytes even if the signing key changed
 * meanwhile. The first kept field wins.
 *
 * A message submitted over SMTP (messages.submission.ts) is not built here: its client's
 * MIME, as accepted, is only signed (signMime), with the same key choice; its field is kept
 * the same way (the whole MIME only if the signer changed more than it added).
 *
 * Tracking (opens, clicks, List-Unsubscribe; features/notify/tracking) makes every copy
 * a recipient's own, like a personalised send: its links carry tokens naming the
 * recipient. It stays deterministic, since the tokens are HMACs of the recipient id (and
 * link index) with a fixed key (lib/tracking-tokens.ts); only a change of the tracking
 * base URL or of the installation secret between two compositions could change the
 * bytes (and the kept signature would no longer match them).
 *
 * Bulk copies (a campaign's, one per recipient) keep nothing from the pipeline: a large
 * campaign would write inside the outcome commits, copy after copy. Instead the key is fixed
 * once for all the copies of a shared content, From domain and day of acceptance
 * (`SigningKeyPins`: the first bulk composition fixes the key it finds, or no key). Their
 * retries and `/raw` compose them again with that key, the same bytes after a change of the
 * account's or the configured key; only a change of the tracking base URL or the secret
 * changes them. A copy whose content has no key fixed (composed before keys were) is signed
 * with the key of the moment, and `/raw` keeps the field of what it composed, so from then on
 * it answers the same.
 */
import fs from 'node:fs';
import { htmlToText } from '../lib/html-to-text.js';
import { fillCopyLinks, hasCopyLinks } from '../lib/copy-links.js';
import { trackHtml } from '../lib/tracked-html.js';
import { messageIdOf } from '../lib/message-id.js';
import { replyToOf } from '../lib/reply-to.js';
import type { TrackingTokens } from '../lib/tracking-tokens.js';
import type { ComposeRecipient, KeptComposition, RecipientKind } from './compose.types.js';
import type { OutgoingMessage } from './delivery-store.js';
import { signMime, type DkimKey, type MimeSpec } from './mime.js';
import type { StoredAttachment } from './mime.types.js';
import { BUILD_ON_THIS_THREAD, type MimeBuilder } from './mime-thread-pool.js';

export type { DkimKey } from './mime.js';
export type { ComposeRecipient, ComposedTarget, RecipientKind } from './compose.types.js';

type TrackingFlags = Partial<Pick<OutgoingMessage, 'track_opens' | 'track_clicks' | 'list_unsubscribe'>>;

type Composable = Pick<OutgoingMessage, 'id' | 'account_id' | 'from_email' | 'from_name' | 'subject' | 'html_content' | 'message_id_header' | 'created_at'> &
  Partial<Pick<OutgoingMessage, 'text_content' | 'reply_to' | 'headers' | 'attachments' | 'content_id'>> &
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
export const TRACKING_PATHS = { open: '/t/o/', click: '/t/c/', unsubscribe: '/u/', webversion: '/w/' } as const;

/** One recipient's copy with its tracking: pixel, rewritten links, List-Unsubscribe headers, its unsubscribe and web-version links. */
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
  if (hasCopyLinks(html) || hasCopyLinks(text)) {
    // After click tracking: these links are the recipient's own, not links of the message to count.
    const links = {
      unsubscribe: message.list_unsubscribe ? url(TRACKING_PATHS.unsubscribe, tracking.tokens.sign({ kind: 'unsubscribe', recipientId })) : '',
      webversion: url(TRACKING_PATHS.webversion, tracking.tokens.sign({ kind: 'webversion', recipientId })),
    };
    html = html === null ? null : fillCopyLinks(html, links);
    text = text === null ? null : fillCopyLinks(text, links);
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
  const replyTo = replyToOf({ reply_to: message.reply_to ?? null, from_email: message.from_email, from_name: message.from_name });
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
    messageId: messageIdOf(message),
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

/** Which bulk copies share one fixed key: those of one shared content and From domain accepted on one day (UTC). */
export interface PinnedCopies {
  contentId: string;
  fromDomain: string;
  /** Days since 1970-01-01 UTC. */
  day: number;
}

/**
 * The keys fixed for bulk copies (a fixed key of `undefined`: they go unsigned). A fixed
 * key never changes: the first to fix one wins, and every later composition reads it.
 */
export interface SigningKeyPins {
  /** The key fixed for these copies; if none is, fixes `current()`'s. */
  pin(copies: PinnedCopies, current: () => Promise<DkimKey | undefined>): Promise<DkimKey | undefined>;
  /** The key fixed for these copies, if one is (`{ key: undefined }`: fixed unsigned). */
  pinned(copies: PinnedCopies): Promise<{ key: DkimKey | undefined } | undefined>;
}

const DAY_MS = 86_400_000;

/** The domain of the message's From address, lowercased: what chooses, and fixes, its key. */
function fromDomainOf(message: Pick<Composable, 'from_email'>): string {
  return message.from_email.slice(message.from_email.lastIndexOf('@') + 1).toLowerCase();
}

export class MessageComposer {
  /**
   * `dkim` is the configured key (DKIM_DOMAIN); `domainKeys` the keys of the accounts'
   * verified sending domains, which win: they are the sender's own.
   */
  constructor(
    private readonly dkim: DkimKey | undefined = undefined,
    private readonly domainKeys: DomainKeySource | undefined = undefined,
    /** Where the bytes are built: on this thread by default, or in compose threads (mime-thread-pool.ts). */
    private readonly builder: MimeBuilder = BUILD_ON_THIS_THREAD,
    /** Tracked copies' links; absent (tests of other parts): a tracked message is composed without them. */
    private readonly tracking: CopyTracking | undefined = undefined,
    /** Keys fixed for bulk copies; absent (tests of other parts): every copy is signed with the key of the moment. */
    private readonly pins: SigningKeyPins | undefined = undefined,
  ) {}

  /** The key that signs `message`: its account's verified domain's, else the configured one for its domain or a subdomain of it. */
  private async keyFor(message: Composable): Promise<DkimKey | undefined> {
    const own = await this.domainKeys?.keyFor(message.account_id, message.from_email);
    if (own || !this.dkim) return own;
    const domain = fromDomainOf(message);
    return domain === this.dkim.domain || domain.endsWith(`.${this.dkim.domain}`) ? this.dkim : undefined;
  }

  /**
   * The key for a first composition. A bulk copy of a shared content takes the key fixed for
   * its content, From domain and day, fixing the current one if none is; any other copy of
   * such content (`/raw`, a campaign's test send) takes that key if one is fixed, else the current.
   */
  private async signingKey(message: Composable, bulk: boolean): Promise<DkimKey | undefined> {
    if (!this.pins || !message.content_id) return this.keyFor(message);
    const copies: PinnedCopies = {
      contentId: message.content_id,
      fromDomain: fromDomainOf(message),
      day: Math.floor(message.created_at / DAY_MS),
    };
    if (bulk) return this.pins.pin(copies, () => this.keyFor(message));
    const fixed = await this.pins.pinned(copies);
    return fixed ? fixed.key : this.keyFor(message);
  }

  /**
   * `own`: the content of one recipient's personalised copy, instead of the message's;
   * `copyId` names that copy (the recipient's id) so its boundaries are its own, and its
   * tracking links name that recipient. `signature`: the field a first composition kept
   * (null: this is the first): the copy is then built unsigned and that field put first,
   * the bytes the first composition gave, whatever the key is now.
   */
  async compose(message: Composable, to: ComposeRecipient[], own?: PersonalContent, copyId?: string): Promise<string> {
    return (await this.composeCopy(message, to, own, copyId, null, false)).mime;
  }

  private async composeCopy(
    message: Composable,
    to: ComposeRecipient[],
    own: PersonalContent | undefined,
    copyId: string | undefined,
    signature: string | null,
    bulk: boolean,
  ): Promise<ComposedCopy> {
    const key = signature === null ? await this.signingKey(message, bulk) : undefined;
    const spec = specOf(message, to, own, copyId ?? message.id, key);
    const built = await this.builder.build(
      copyId !== undefined && this.tracking && isTracked(message) ? trackCopy(spec, message, copyId, this.tracking) : spec,
    );
    if (signature !== null) return { mime: signature + built, fresh: false };
    // Both writers put the signature first and leave the rest as an unsigned build writes it.
    return { mime: built, fresh: true, keep: { signature: key ? signatureField(built) : '' } };
  }

  /**
   * The MIME of a message (or of a personalised recipient's own copy): the same bytes as its
   * first composition, composed again from the content and the signature field that one
   * kept, or composed now for the first time. `addressees` are the message's recipients, in
   * order, for the To and Cc headers. A fresh composition says what to keep (the caller
   * stores it: the pipeline's DeliveryStore, or `/raw`). `bulk`: a bulk copy, which keeps
   * nothing, so its first composition fixes the key of its content's copies. No database
   * write apart from that key.
   */
  async composedCopy(
    message: OutgoingMessage,
    addressees: ComposeRecipient[],
    personal?: PersonalCopy,
    options: { bulk?: boolean } = {},
  ): Promise<ComposedCopy> {
    if (personal && hasOwnCopy(message, personal)) {
      if (personal.mime !== null) return { mime: personal.mime, fresh: false };
      const own = personal.content !== null ? (JSON.parse(personal.content) as PersonalContent) : undefined;
      return this.composeCopy(message, addressees, own, personal.id, personal.dkim_signature, options.bulk ?? false);
    }
    if (message.mime !== null) return { mime: message.mime, fresh: false };
    // Submitted over SMTP: the client's MIME as accepted, only signed here.
    if (message.submitted_mime) {
      if (message.dkim_signature !== null) return { mime: message.dkim_signature + message.submitted_mime, fresh: false };
      const signed = await signMime(message.submitted_mime, await this.keyFor(message));
      const signature = signed === message.submitted_mime ? '' : signatureField(signed);
      // The signer may rewrite what it signs (line ends): then only the whole bytes say what was sent.
      const same = signature !== '' ? signed.slice(signature.length) === message.submitted_mime : signed === message.submitted_mime;
      return { mime: signed, fresh: true, keep: same ? { signature } : { signature, mime: signed } };
    }
    return this.composeCopy(message, addressees, undefined, undefined, message.dkim_signature, false);
  }
}

/** The DKIM-Signature field a signed MIME starts with, folded lines and final CRLF included. */
export function signatureField(mime: string): string {
  const field = /^DKIM-Signature:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n/i.exec(mime);
  if (!field) throw new Error('a signed message does not start with its DKIM-Signature field');
  return field[0];
}

/** A recipient with a copy of its own (personalised or tracked): its own content (`null`: the message's), its kept signature and its MIME if stored whole. */
export interface PersonalCopy {
  id: string;
  content: string | null;
  dkim_signature: string | null;
  mime: string | null;
}

export interface ComposedCopy {
  mime: string;
  /** Composed now for the first time: `keep` is what to store so that later compositions give these bytes. */
  fresh: boolean;
  keep?: KeptComposition;
}

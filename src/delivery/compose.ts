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
 */
import fs from 'node:fs';
import type { DbOrTrx } from '../db/database.js';
import type { MessageRow, RecipientKind, StoredAttachment } from '../features/notify/messages/messages.table.js';
import type { ComposeRecipient } from './compose.types.js';
import { addresseesOf, storeComposed, storedMime } from './delivery.store.js';
import { signMime, type DkimKey, type MimeSpec } from './mime.js';
import { BUILD_ON_THIS_THREAD, type MimeBuilder } from './mime-threads.js';

export type { DkimKey } from './mime.js';
export type { ComposeRecipient, ComposedTarget } from './compose.types.js';

type Composable = Pick<MessageRow, 'id' | 'account_id' | 'from_email' | 'from_name' | 'subject' | 'html_content' | 'message_id_header' | 'created_at'> &
  Partial<Pick<MessageRow, 'text_content' | 'reply_to' | 'headers' | 'attachments'>>;

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
   * `copyId` names that copy (the recipient's id) so its boundaries are its own.
   */
  async compose(message: Composable, to: ComposeRecipient[], own?: PersonalContent, copyId?: string): Promise<string> {
    return this.builder.build(specOf(message, to, own, copyId ?? message.id, await this.keyFor(message)));
  }

  /**
   * The stored MIME of a message (or of a personalised recipient's own copy), composing
   * it first if nobody has: `addressees` are the message's recipients, in order, for the
   * To and Cc headers. Returns the bytes and whether they are new (to be stored with
   * storeComposed). Pure apart from the signing-key look-up: no database write.
   */
  async composedCopy(message: MessageRow, addressees: ComposeRecipient[], personal?: PersonalCopy): Promise<ComposedCopy> {
    if (personal?.content != null) {
      if (personal.mime !== null) return { mime: personal.mime, fresh: false };
      const mime = await this.compose(message, addressees, JSON.parse(personal.content) as PersonalContent, personal.id);
      return { mime, fresh: true };
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
    const own = personal?.content != null ? personal.id : undefined;
    await storeComposed(db, [own ? { recipientId: own, mime: copy.mime } : { messageId: message.id, mime: copy.mime }]);
    return (await storedMime(db, own ? { recipientId: own } : { messageId: message.id })) ?? copy.mime;
  }
}

/** A recipient of a personalised send: its own content (`null`: it has none) and its own stored MIME. */
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

/**
 * The plain description of one message copy that mime.ts turns into bytes (through
 * mime-writer.ts or nodemailer). Plain data on purpose: it crosses to the compose threads
 * by structured cloning (mime-thread-pool.ts).
 */

/** An attachment as stored on the message (its `attachments` column, a JSON array of these). */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentId: string | null;
  /** base64 */
  content: string;
}

export interface MimeAddress {
  name: string;
  address: string;
}

export interface DkimKey {
  domain: string;
  selector: string;
  privateKey: string;
}

export interface MimeSpec {
  /** The fixed part of every multipart boundary: the same spec always gives the same bytes. */
  baseBoundary: string;
  from: MimeAddress;
  to: MimeAddress[];
  cc: MimeAddress[];
  replyTo?: MimeAddress;
  subject: string;
  /** Null: a text-only message. */
  html: string | null;
  /** Null: derived from the HTML. */
  text: string | null;
  attachments: StoredAttachment[];
  messageId: string;
  /** Milliseconds since the epoch. */
  date: number;
  headers: Record<string, string>;
  dkim?: DkimKey;
}

/**
 * A message row's Reply-To, stored as JSON `{ email, name }`. A campaign copy's is usually its
 * From mailbox itself (the sender's reply address is its own): that one is stored as `{}` and read
 * back as the From, so the API and the composed Reply-To header are as they were. Rows written
 * before store it whole; `{}` was never stored otherwise.
 */

export interface ReplyTo {
  email: string;
  name: string;
}

/** What a message row stores for its Reply-To (null: none). */
export function storedReplyTo(replyTo: ReplyTo | null | undefined, from: ReplyTo): string | null {
  if (!replyTo) return null;
  if (replyTo.email === from.email && replyTo.name === from.name) return '{}';
  return JSON.stringify({ email: replyTo.email, name: replyTo.name });
}

/** A message row's Reply-To, if it has one. */
export function replyToOf(row: { reply_to: string | null; from_email: string; from_name: string }): ReplyTo | undefined {
  if (!row.reply_to) return undefined;
  const stored = JSON.parse(row.reply_to) as Partial<ReplyTo>;
  return stored.email === undefined ? { email: row.from_email, name: row.from_name } : { email: stored.email, name: stored.name ?? '' };
}

/**
 * VERP: each recipient gets its own return path, bounces+<recipientId>@<BOUNCE_DOMAIN>,
 * so a bounce that arrives days later names the one recipient it is about, whatever
 * the remote server wrote in it. Without BOUNCE_DOMAIN the sender's address is used.
 */
import { isId } from '../lib/ids.js';

const PREFIX = 'bounces+';

export function returnPath(fromEmail: string, recipientId: string, bounceDomain: string | undefined): string {
  return bounceDomain ? `${PREFIX}${recipientId}@${bounceDomain}` : fromEmail;
}

/** The recipient id a VERP address stands for, or undefined if it is not one of ours. */
export function recipientIdFromReturnPath(address: string, bounceDomain: string | undefined): string | undefined {
  const at = address.lastIndexOf('@');
  if (at < 0) return undefined;
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  if (bounceDomain && domain !== bounceDomain.toLowerCase()) return undefined;
  if (!local.startsWith(PREFIX)) return undefined;
  const id = local.slice(PREFIX.length);
  return isId(id) ? id : undefined;
}

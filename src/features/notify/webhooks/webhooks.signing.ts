/**
 * Webhook secrets and signatures. A receiver proves a call came from us, unchanged and
 * recently, by recomputing
 *
 *   X-Postwire-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>
 *
 * over the raw body and the X-Postwire-Timestamp header (Unix seconds). The timestamp
 * is inside the signed text so an old call cannot be replayed with a fresh header.
 * docs/webhooks.md shows a receiver's side.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
export const SIGNATURE_VERSION = 'v1';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('hex');
}

/** Enough of a secret to tell two apart, never enough to use it. */
export function secretPreview(secret: string): string {
  return `${SECRET_PREFIX}…${secret.slice(-4)}`;
}

/** The X-Postwire-Signature value of `body` sent at `timestamp` (Unix seconds, as sent in X-Postwire-Timestamp). */
export function signatureOf(secret: string, timestamp: string, body: string): string {
  return `${SIGNATURE_VERSION}=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What remains of an erased address (docs/privacy.md): a one-way hash that keeps it on the
 * account's suppression list without storing it. The suppression checks hash each address
 * they look up and match either form, so an erased address stays unmailable.
 *
 * Plain SHA-256 over the account id and the normalized address, not an HMAC with a secret:
 * the hash must match for as long as the database lives, in every process that sends (an API
 * and workers on other machines) and after a restore onto a new host. A secret that is lost,
 * rotated or differs between processes would make erased addresses mailable again without a
 * sign. The account id in the input makes one address hash differently per account, so the
 * rows of two accounts cannot be joined; what the hash still allows is confirming a guessed
 * address, which the suppression check itself must be able to do.
 */
import { createHash } from 'node:crypto';
import { normalizeEmail } from './email-address.js';

/** The prefix of a hashed suppression's address: no real address starts so (no `@` follows). */
export const ERASED_PREFIX = 'erased:';

/** The stored form of an erased address of an account. */
export function erasedAddress(accountId: string, email: string): string {
  return `${ERASED_PREFIX}${createHash('sha256')
    .update(`${accountId}\n${normalizeEmail(email)}`)
    .digest('hex')}`;
}

export function isErasedAddress(stored: string): boolean {
  return stored.startsWith(ERASED_PREFIX);
}

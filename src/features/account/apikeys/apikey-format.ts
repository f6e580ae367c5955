/**
 * The shape of an API key: `pwLIVE` followed by 40 base62 characters (about 238 random
 * bits), e.g. `pwLIVE3vQ8ZkT1mW0bYc7Rr2LxA9dHgPu5NsEfKj6Ti4Oy`. Letters and digits only,
 * because integrations written for the original service (its WordPress plugins) refuse
 * a key with any other character. The fixed prefix, in that mix of cases, lets secret
 * scanners find leaked keys (regular expression: `\bpwLIVE[0-9A-Za-z]{40}\b`) and lets the
 * server tell a key from a JWT (which starts `eyJ`) without trying to verify it.
 *
 * Keys issued earlier look like `pw_live_` + 40 base62 characters; they stay valid, as
 * every key is found by its hash whatever its shape. Keys are high-entropy, so one
 * SHA-256 is enough to store them (no salt or slow hash needed).
 */
import { randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'pwLIVE';
/** The prefix of keys issued before keys became letters and digits only. */
const EARLIER_API_KEY_PREFIX = 'pw_live_';
const BODY_LENGTH = 40;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function generateApiKey(): string {
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH)) {
      // 248 = 4 × 62: dropping larger bytes keeps every character equally likely.
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return API_KEY_PREFIX + body;
}

/** Whether a Bearer value is meant as an API key (rather than a JWT), in either format. */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) || value.startsWith(EARLIER_API_KEY_PREFIX);
}

/** What is stored and shown to tell keys apart: the prefix and the last four characters. */
export function previewApiKey(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}

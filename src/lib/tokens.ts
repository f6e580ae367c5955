/**
 * Opaque secrets (refresh tokens) and their stored form. Only a SHA-256 hash of a
 * secret is ever written to the database, so a database leak reveals no usable token.
 */
import { createHash, randomBytes } from 'node:crypto';

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Password hashing with scrypt (built into Node, no native addon): salted, and slow on
 * purpose (tens of milliseconds per hash at the default cost) so a stolen database resists
 * guessing. Stored form: `scrypt$N$r$p$<salt b64>$<hash b64>`, so parameters can rise
 * later without breaking old hashes: checking reads N from the stored form.
 *
 * The cost of new hashes (N = 2^PASSWORD_HASH_COST) is process-wide, set once from the
 * configuration at boot (`setPasswordHashCost`). Only the test suite lowers it: it creates
 * thousands of users, and at the default cost the hashing alone took minutes of CPU.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** log2 of scrypt's N for new hashes; CONFIG_SCHEMA's PASSWORD_HASH_COST default. */
export const DEFAULT_PASSWORD_HASH_COST = 14;
let N = 2 ** DEFAULT_PASSWORD_HASH_COST;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Sets the cost of the hashes made from now on (the boot of a process, from its config). */
export function setPasswordHashCost(cost: number): void {
  N = 2 ** cost;
  // Made ahead, so the first login with an unknown email does not pay for two hashes.
  void decoyHash();
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const decoys = new Map<number, Promise<string>>();

/**
 * A hash of a random password at the current cost: checked against when the email is
 * unknown, so a wrong email costs as long as a wrong password. Made once per cost.
 */
export function decoyHash(): Promise<string> {
  let decoy = decoys.get(N);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'));
    decoys.set(N, decoy);
  }
  return decoy;
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

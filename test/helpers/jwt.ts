// Forged access tokens for the tests that prove forgeries are refused: a token like the
// real one (its account, session and subject), signed as the options say.
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import type { TestApp } from './app.js';

/** The app's generated JWT secret (JWT_SECRET absent: kept in DATA_DIR). */
export function jwtSecretOf(app: TestApp): string {
  return fs.readFileSync(path.join(app.database.dataDir, 'jwt-secret'), 'utf8').trim();
}

export interface ForgeOptions {
  /** Signing key; default: the app's own secret. */
  key?: string;
  iatOffset?: number;
  expOffset?: number;
  issuer?: string;
  audience?: string;
  /** Claims over the real token's `acc` and `sid` (undefined removes one). */
  claims?: Record<string, unknown>;
}

/** A token with `real`'s account, session and user, issued and signed as `options` say. */
export function forgeToken(real: string, secret: string, options: ForgeOptions = {}): Promise<string> {
  const claims = decodeJwt(real);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ acc: claims.acc, sid: claims.sid, ...options.claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(options.issuer ?? 'postwire')
    .setAudience(options.audience ?? 'postwire-api')
    .setIssuedAt(now + (options.iatOffset ?? 0))
    .setExpirationTime(now + (options.expOffset ?? 3600))
    .sign(new TextEncoder().encode(options.key ?? secret));
}

/**
 * The HMAC secret for access tokens: JWT_SECRET when configured, otherwise generated
 * once and kept in DATA_DIR/jwt-secret (mode 0600) so tokens survive a restart.
 * Processes on several machines must share JWT_SECRET.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then use theirs.
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

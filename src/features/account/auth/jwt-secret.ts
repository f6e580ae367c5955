/**
 * The HMAC secret for access tokens: JWT_SECRET when configured, otherwise generated
 * once and kept in DATA_DIR/jwt-secret (mode 0600) so tokens survive a restart.
 * Processes on several machines must share JWT_SECRET.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DATA_FILES, secureDataDir, writePrivateFile } from '../../../lib/data-dir.js';

export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, DATA_FILES.jwtSecret);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  secureDataDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then use theirs.
    writePrivateFile(file, secret + '\n', 'wx');
    return secret;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

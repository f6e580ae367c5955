/**
 * The data folder (DATA_DIR) holds what an installation must keep secret: the SQLite file
 * (password hashes, API key hashes, DKIM private keys), the generated JWT secret that signs
 * every access token and tracking link, and the submission certificate's private key. So
 * the folder is its owner's alone (0700) and so are its files (0600), whatever the umask;
 * a folder made by an older version (0755, files 0644) is tightened at start.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The files Postwire keeps in the data folder: what a backup takes and what is tightened. */
export const DATA_FILES = {
  database: 'postwire.db',
  jwtSecret: 'jwt-secret',
  submissionCert: 'smtp-submission-cert.pem',
  submissionKey: 'smtp-submission-key.pem',
} as const;

/** SQLite's companions of the database file (write-ahead log, shared memory index). */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Takes group and other permissions away (never adds any the owner lacks). */
function tighten(file: string, mode: number): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((stat.mode & 0o077) === 0) return;
  try {
    fs.chmodSync(file, stat.mode & mode & 0o777);
  } catch (error) {
    // Another user's folder (a shared mount): left as it is, the operator's to decide.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Creates the folder if need be and makes it and Postwire's files in it private. */
export function secureDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  tightenDataDir(dir);
}

/** An existing folder made private with Postwire's files in it (at start: it may hold an older version's). */
export function tightenDataDir(dir: string): void {
  tighten(dir, FOLDER_MODE);
  for (const name of Object.values(DATA_FILES)) tighten(path.join(dir, name), FILE_MODE);
}

/**
 * The SQLite file, created empty and private before SQLite opens it (SQLite would create it
 * 0644 under the usual umask; it gives its -wal and -shm files the database file's mode).
 * An existing file and its companions are tightened.
 */
export function secureDatabaseFile(file: string): void {
  secureDataDir(path.dirname(file));
  fs.closeSync(fs.openSync(file, 'a', FILE_MODE));
  for (const suffix of ['', ...SQLITE_COMPANIONS]) tighten(file + suffix, FILE_MODE);
}

/** Writes a new file readable by its owner only (`wx`: fails if it exists). */
export function writePrivateFile(file: string, content: string | Uint8Array, flag: 'w' | 'wx' = 'w'): void {
  fs.writeFileSync(file, content, { mode: FILE_MODE, flag });
  tighten(file, FILE_MODE);
}

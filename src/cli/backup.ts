/**
 * `postwire backup --to FILE` and `postwire restore --from FILE` (docs/operations.md).
 *
 * The archive is a gzipped tar of the data folder's contents that matter: the SQLite
 * database (when SQLite is the database), the generated JWT secret (it signs every access
 * token, refresh token and tracking link: without it every session ends and every link
 * already mailed breaks) and the submission certificate with its key, plus a manifest.
 *
 * The database is copied with `VACUUM INTO` on a connection of its own: one read
 * transaction, so the copy is the database as of the moment it began, every commit before
 * it included (a send is answered only after its commit), and with WAL it neither waits for
 * the running service's writes nor holds them up. SQLite's page-by-page backup API would
 * start over each time another process wrote, which under a steady send load may be never.
 *
 * PostgreSQL keeps its data on its own server: the archive then holds the secrets only, and
 * the database is backed up with pg_dump.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { DATA_FILES, secureDataDir } from '../lib/data-dir.js';
import { tarStream, untar, type TarEntry } from '../lib/tar.js';

const MANIFEST = 'postwire-backup.json';
const FORMAT = 1;

interface Manifest {
  format: number;
  postwireVersion: string;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  files: string[];
}

/** A command's failure, told in one line (main.ts prints the message and exits 1). */
function failed(command: 'backup' | 'restore', message: string): AppError {
  return new AppError('bad_request', `postwire ${command}: ${message}`);
}

const SECRETS = [DATA_FILES.jwtSecret, DATA_FILES.submissionCert, DATA_FILES.submissionKey];

function databaseKind(config: Config): 'sqlite' | 'postgres' {
  return config.databaseUrl ? 'postgres' : 'sqlite';
}

export async function backup(config: Config, to: string, postwireVersion: string, say: (line: string) => void): Promise<void> {
  const target = path.resolve(to);
  const database = databaseKind(config);
  const dbFile = path.join(config.dataDir, DATA_FILES.database);
  if (database === 'sqlite' && !fs.existsSync(dbFile)) throw failed('backup', `no database at ${dbFile} (DATA_DIR); nothing to back up`);
  if (!fs.existsSync(path.dirname(target))) throw failed('backup', `the folder of ${to} does not exist`);
  // Next to the target: the copy of the database needs its room there anyway, and the rename at the end stays on one file system.
  const work = fs.mkdtempSync(path.join(path.dirname(target), '.postwire-backup-'));
  const partial = path.join(work, 'archive');
  try {
    const entries: TarEntry[] = [];
    const now = Math.floor(Date.now() / 1000);
    if (database === 'sqlite') {
      const copy = path.join(work, DATA_FILES.database);
      const { default: SqliteDatabase } = await import('../db/sqlite-driver.js');
      const source = new SqliteDatabase(dbFile, { readonly: true, fileMustExist: true });
      try {
        source.pragma('busy_timeout = 10000');
        source.prepare('vacuum into ?').run(copy);
      } finally {
        source.close();
      }
      entries.push({ name: DATA_FILES.database, file: copy, mode: 0o600, mtimeSeconds: now });
    }
    for (const name of SECRETS) {
      const file = path.join(config.dataDir, name);
      if (fs.existsSync(file)) entries.push({ name, content: fs.readFileSync(file), mode: 0o600, mtimeSeconds: now });
    }
    const manifest: Manifest = { format: FORMAT, postwireVersion, createdAt: new Date().toISOString(), database, files: entries.map((e) => e.name) };
    entries.unshift({ name: MANIFEST, content: Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), mode: 0o600, mtimeSeconds: now });

    // The archive holds the secrets: its owner's only, like the data folder.
    const out = fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    await pipeline(Readable.from(tarStream(entries)), zlib.createGzip(), out);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, target);
    const size = fs.statSync(target).size;
    const secrets = manifest.files.filter((name) => name !== DATA_FILES.database);
    if (database === 'sqlite') {
      say(`Backed up the SQLite database and ${secrets.length ? secrets.join(', ') : 'no secrets'} to ${to} (${megabytes(size)}).`);
    } else {
      say(`Backed up ${secrets.length ? secrets.join(', ') : 'nothing (no secrets in DATA_DIR)'} to ${to} (${megabytes(size)}).`);
      say('The PostgreSQL database is not in it: back it up with pg_dump (docs/operations.md, "Backup").');
    }
    if (config.jwtSecret) say('JWT_SECRET is set in the environment, not kept in DATA_DIR: keep it with this backup.');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Fills an empty (or missing) DATA_DIR from an archive `backup` wrote. */
export async function restore(config: Config, from: string, say: (line: string) => void): Promise<void> {
  if (!fs.existsSync(from)) throw failed('restore', `${from} does not exist`);
  const dataDir = config.dataDir;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw failed('restore', `DATA_DIR (${dataDir}) is not empty; restore fills an empty data folder (point DATA_DIR at a new one)`);
  }
  secureDataDir(dataDir);
  // Unpacked beside the files' places and moved in only once the whole archive has been read.
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    const allowed = new Set<string>([MANIFEST, DATA_FILES.database, ...SECRETS]);
    let names: string[];
    try {
      names = await untar(fs.createReadStream(from).pipe(zlib.createGunzip()), (name) => {
        if (!allowed.has(name)) throw failed('restore', `${from} holds ${name}, which a Postwire backup does not`);
        return fs.createWriteStream(path.join(staging, name), { mode: 0o600 }) as Writable;
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failed('restore', `${from} is not a Postwire backup or is damaged: ${(error as Error).message}`);
    }
    if (!names.includes(MANIFEST)) throw failed('restore', `${from} is not a Postwire backup (no ${MANIFEST})`);
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) throw failed('restore', `${from} is a backup of format ${manifest.format}; this version reads format ${FORMAT}`);
    const missing = manifest.files.filter((name) => !names.includes(name));
    if (missing.length) throw failed('restore', `${from} is incomplete: ${missing.join(', ')} missing`);
    const database = databaseKind(config);
    if (manifest.database !== database) {
      throw failed(
        'restore',
        manifest.database === 'sqlite'
          ? `${from} holds a SQLite database, but DATABASE_URL points at PostgreSQL; unset DATABASE_URL to restore it`
          : `${from} is the backup of a PostgreSQL installation (secrets only); set DATABASE_URL to the restored PostgreSQL database`,
      );
    }
    for (const name of manifest.files) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
    // The restored files reach the disk before the command says so.
    for (const name of manifest.files) {
      const fd = fs.openSync(path.join(dataDir, name), 'r');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
    }
    say(`Restored ${manifest.files.join(', ')} into ${dataDir} from the backup of ${manifest.createdAt} (Postwire ${manifest.postwireVersion}).`);
    if (manifest.database === 'postgres') say('Restore the PostgreSQL database with pg_restore before starting (docs/operations.md, "Restore").');
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

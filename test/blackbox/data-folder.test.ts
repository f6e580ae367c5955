/**
 * Black box: the data folder is private. A first start creates it 0700 and every file it
 * writes there 0600 (the SQLite file with its -wal and -shm, the JWT secret, the submission
 * certificate and key), under the usual umask; an older installation's folder (0755, files
 * 0644) is tightened at the next start.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { startPostwire, stopAll, stopPostwire } from '../helpers/process.js';

after(async () => {
  await stopAll();
});

/** `name 0600` lines for the folder and each file in it, sorted: one comparison shows every difference. */
function modes(dir: string): string[] {
  const lines = [`. ${(fs.statSync(dir).mode & 0o777).toString(8).padStart(4, '0')}`];
  for (const name of fs.readdirSync(dir).sort()) lines.push(`${name} ${(fs.statSync(path.join(dir, name)).mode & 0o777).toString(8).padStart(4, '0')}`);
  return lines;
}

for (const dialect of DIALECTS) {
  describe(`the data folder's permissions [${dialect}]`, () => {
    let database: TestDatabase;
    let dataDir: string;
    const expected =
      dialect === 'sqlite'
        ? [
            '. 0700',
            'jwt-secret 0600',
            'postwire.db 0600',
            'postwire.db-shm 0600',
            'postwire.db-wal 0600',
            'smtp-submission-cert.pem 0600',
            'smtp-submission-key.pem 0600',
          ]
        : ['. 0700', 'jwt-secret 0600', 'smtp-submission-cert.pem 0600', 'smtp-submission-key.pem 0600'];

    before(async () => {
      database = await createTestDatabase(dialect);
      // A folder the start itself has to create.
      dataDir = path.join(database.dataDir, 'data');
    });
    after(async () => {
      await database.drop();
    });

    it('a first start creates the folder 0700 and its files 0600', async () => {
      const previous = process.umask(0o022);
      try {
        const server = await startPostwire('start', { DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl });
        assert.deepEqual(modes(dataDir), expected);
        await stopPostwire(server);
      } finally {
        process.umask(previous);
      }
    });

    it("a start tightens an older installation's folder and files", async () => {
      fs.chmodSync(dataDir, 0o755);
      for (const name of fs.readdirSync(dataDir)) fs.chmodSync(path.join(dataDir, name), 0o644);
      const server = await startPostwire('start', { DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl });
      assert.deepEqual(modes(dataDir), expected);
      await stopPostwire(server);
    });
  });
}

/**
 * Migrating a new database from two processes at once (an API and a worker started
 * together on a fresh file or database): both come up, and the migrations run once.
 * Two handles on one database stand for the two processes (on SQLite each has its own
 * thread and connection, as another process would).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type DbHandle } from '../../src/db/database.js';
import { isMigrated, migrateToLatest } from '../../src/db/migrate.js';
import { DIALECTS, createTestDatabase, type TestDatabase } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  describe(`migrations from two processes at once [${dialect}]`, () => {
    let database: TestDatabase;
    const handles: DbHandle[] = [];

    before(async () => {
      database = await createTestDatabase(dialect);
    });
    after(async () => {
      for (const handle of handles) await handle.close();
      await database?.drop();
    });

    it('both succeed on a new database, and each migration is applied once', async () => {
      for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }));
      const results = await Promise.allSettled(handles.map((handle) => migrateToLatest(handle.db)));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      assert.deepEqual(failures, []);
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      // One of the two applied everything; the other found it done.
      assert.equal(new Set(applied).size, applied.length, `a migration ran twice: ${applied.join(', ')}`);
      assert.ok(applied.length > 0);
      for (const handle of handles) assert.equal(await isMigrated(handle.db), true);
    });
  });
}

/**
 * For a describe block of a per-dialect loop: a fresh database of the dialect, opened and
 * migrated before the block's tests and closed and dropped after them. `handle` is valid
 * inside the tests (and in `before` hooks declared after the call).
 */
import { after, before } from 'node:test';
import { openDatabase, type DbHandle, type Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface MigratedDatabase {
  readonly handle: DbHandle;
}

export function migratedDatabase(dialect: Dialect): MigratedDatabase {
  let database: TestDatabase | undefined;
  let handle: DbHandle | undefined;
  before(async () => {
    database = await createTestDatabase(dialect);
    handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    await migrateToLatest(handle.db);
  });
  after(async () => {
    await handle?.close();
    await database?.drop();
  });
  return {
    get handle() {
      if (!handle) throw new Error('the database is opened in before(): use it inside the tests');
      return handle;
    },
  };
}

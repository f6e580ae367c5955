/**
 * readTogether (src/db/one-round-trip-reads.ts), on both dialects: two built SELECTs with
 * parameters of their own answer with the rows each answers alone, whether they find
 * rows or none, and a query with nothing to look up (undefined) answers with no rows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type DbHandle } from '../../src/db/database.js';
import { insertRows } from '../../src/db/group-commit.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { readTogether } from '../../src/db/one-round-trip-reads.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  describe(`two look-ups read together (${dialect})`, () => {
    let database: TestDatabase;
    let handle: DbHandle;

    before(async () => {
      database = await createTestDatabase(dialect);
      handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      await migrateToLatest(handle.db);
      const at = Date.now();
      await insertRows(
        handle.db,
        'idempotency_keys',
        ['a1', 'a2', 'b1'].map((k) => ({ account_id: k.slice(0, 1), key: k, request_hash: `h-${k}`, response: '{"n":1}', created_at: at, expires_at: at + 1 })),
      );
    });
    after(async () => {
      await handle?.close();
      await database?.drop();
    });

    const keys = (account: string, notKey: string) =>
      handle.reads
        .selectFrom('idempotency_keys')
        .select(['key', 'request_hash', 'response'])
        .where('account_id', '=', account)
        .where('key', '!=', notKey)
        .orderBy('key');

    it('answers each query with its own rows', async () => {
      const [a, b] = await readTogether(handle.reads, keys('a', 'a2'), keys('b', 'zz'));
      assert.deepEqual(a, [{ key: 'a1', request_hash: 'h-a1', response: '{"n":1}' }]);
      assert.deepEqual(b, [{ key: 'b1', request_hash: 'h-b1', response: '{"n":1}' }]);
    });

    it('answers a query that finds nothing, or has nothing to look up, with no rows', async () => {
      const [none, all] = await readTogether(handle.reads, keys('c', 'zz'), keys('a', 'zz'));
      assert.deepEqual(none, []);
      assert.deepEqual(
        all.map((r) => r.key),
        ['a1', 'a2'],
      );
      const [skipped, b] = await readTogether(handle.reads, undefined, keys('b', 'zz'));
      assert.deepEqual(skipped, []);
      assert.deepEqual(
        b.map((r) => r.key),
        ['b1'],
      );
    });
  });
}

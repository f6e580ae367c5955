/**
 * inOneSnapshot (src/db/snapshot.ts), on both dialects: reads inside it all see the
 * database as of its first read. A commit made meanwhile through the writer (another
 * connection on PostgreSQL, the SQLite thread on SQLite) shows in neither of two reads run
 * side by side after it, and shows in a read made after the snapshot ends. The same two
 * reads without it, the second after the commit, disagree: that is what it is for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insertRows } from '../../src/db/group-commit.js';
import type { Reads } from '../../src/db/database.js';
import { inOneSnapshot } from '../../src/db/snapshot.js';
import { DIALECTS } from '../helpers/db.js';
import { migratedDatabase } from '../helpers/migrated-db.js';

for (const dialect of DIALECTS) {
  describe(`reads in one snapshot (${dialect})`, () => {
    const opened = migratedDatabase(dialect);
    let n = 0;

    /** Commits one idempotency key of `account` through the writer. */
    const commitKey = async (account: string) => {
      const at = Date.now();
      await opened.handle.db
        .transaction()
        .execute((trx) =>
          insertRows(trx, 'idempotency_keys', [
            { account_id: account, key: `k${++n}`, request_hash: 'h', response: '{}', created_at: at, expires_at: at + 60_000 },
          ]),
        );
    };
    const keysOf = async (db: Reads, account: string) =>
      (await db.selectFrom('idempotency_keys').select('key').where('account_id', '=', account).execute()).length;

    it('reads made after a commit inside the snapshot do not see it; a read after the snapshot does', async () => {
      await commitKey('s');
      const seen = await inOneSnapshot(opened.handle.reads, async (trx) => {
        const first = await keysOf(trx, 's');
        await commitKey('s');
        const [again, alongside] = await Promise.all([keysOf(trx, 's'), keysOf(trx, 's')]);
        return [first, again, alongside];
      });
      assert.deepEqual(seen, [1, 1, 1], 'every read in the snapshot sees one key');
      assert.equal(await keysOf(opened.handle.reads, 's'), 2, 'after it, both keys');
    });

    it('without it, a read before a commit and one after disagree', async () => {
      await commitKey('p');
      const first = await keysOf(opened.handle.reads, 'p');
      await commitKey('p');
      assert.deepEqual([first, await keysOf(opened.handle.reads, 'p')], [1, 2]);
    });
  });
}

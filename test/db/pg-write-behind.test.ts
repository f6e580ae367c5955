/**
 * Write-behind on PostgreSQL (src/db/pg-write-behind.ts): a transaction's plain INSERTs
 * and notifications go to the server as one statement, yet the transaction means what it
 * meant: all its rows commit or none do, a foreign key to a row inserted later in the
 * same transaction holds, a read inside it sees the writes before it, a rollback leaves
 * nothing, and a notification is delivered only when the rows are committed.
 * PostgreSQL only: on SQLite `writeBehind` is sqlite-thread-dialect.ts (sqlite-thread-dialect.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../src/db/database.js';
import { insertRows } from '../../src/db/group-commit.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { notifyOnCommit } from '../../src/db/pg-write-behind.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';

const key = (account: string, name: string, at = Date.now()) => ({
  account_id: account,
  key: name,
  request_hash: 'h',
  response: '{}',
  created_at: at,
  expires_at: at + 60_000,
});

const account = (id: string, at = Date.now()) => ({
  id,
  name: id,
  email: `${id}@example.com`,
  created_at: at,
  updated_at: at,
  create_user_id: null,
  update_user_id: null,
  deleted_at: null,
});

const user = (id: string, accountId: string, at = Date.now()) => ({
  id,
  account_id: accountId,
  email: `${id}@example.com`,
  email_normalized: `${id}@example.com`,
  name: id,
  password_hash: 'x',
  role: 'owner' as const,
  created_at: at,
  updated_at: at,
  create_user_id: null,
  update_user_id: null,
  deleted_at: null,
});

if (DIALECTS.includes('postgres')) {
  describe('write-behind transactions on PostgreSQL', () => {
    let database: TestDatabase;
    let handle: DbHandle;

    before(async () => {
      database = await createTestDatabase('postgres');
      handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      await migrateToLatest(handle.db);
    });
    after(async () => {
      await handle?.close();
      await database?.drop();
    });

    const keysOf = async (accountId: string) =>
      (await handle.db.selectFrom('idempotency_keys').select('key').where('account_id', '=', accountId).orderBy('key').execute()).map((r) => r.key);

    it('commits every row of a transaction of INSERTs, a child inserted before its parent included', async () => {
      await handle.writeBehind.transaction().execute(async (trx) => {
        // The user's account comes in a later statement of the same transaction.
        await insertRows(trx, 'users', [user('u-one', 'a-one')]);
        await trx.insertInto('accounts').values(account('a-one')).execute();
        await insertRows(trx, 'idempotency_keys', [key('a-one', 'k1'), key('a-one', 'k2')]);
      });
      assert.equal((await handle.db.selectFrom('users').select('id').where('account_id', '=', 'a-one').execute()).length, 1);
      assert.deepEqual(await keysOf('a-one'), ['k1', 'k2']);
    });

    it('commits none of its rows when one INSERT fails, and the connection goes on working', async () => {
      await handle.db.insertInto('idempotency_keys').values(key('a-two', 'taken')).execute();
      await assert.rejects(
        handle.writeBehind.transaction().execute(async (trx) => {
          await insertRows(trx, 'idempotency_keys', [key('a-two', 'first'), key('a-two', 'second')]);
          await insertRows(trx, 'idempotency_keys', [key('a-two', 'taken')]);
        }),
        (error: Error & { code?: string }) => error.code === '23505',
      );
      await assert.rejects(
        handle.writeBehind.transaction().execute((trx) => insertRows(trx, 'users', [user('u-orphan', 'no-such-account')])),
        (error: Error & { code?: string }) => error.code === '23503',
      );
      assert.deepEqual(await keysOf('a-two'), ['taken']);
      assert.equal((await handle.db.selectFrom('users').select('id').where('id', '=', 'u-orphan').execute()).length, 0);
      await handle.writeBehind.transaction().execute((trx) => insertRows(trx, 'idempotency_keys', [key('a-two', 'after')]));
      assert.deepEqual(await keysOf('a-two'), ['after', 'taken']);
    });

    it('a read inside the transaction sees the INSERTs before it, and what follows it commits with them', async () => {
      const seen = await handle.writeBehind.transaction().execute(async (trx) => {
        await insertRows(trx, 'idempotency_keys', [key('a-three', 'one'), key('a-three', 'two')]);
        const rows = await trx.selectFrom('idempotency_keys').select('key').where('account_id', '=', 'a-three').orderBy('key').execute();
        await insertRows(trx, 'idempotency_keys', [key('a-three', 'three')]);
        return rows.map((r) => r.key);
      });
      assert.deepEqual(seen, ['one', 'two']);
      assert.deepEqual(await keysOf('a-three'), ['one', 'three', 'two']);
    });

    it('a transaction that throws leaves nothing, whether or not it had sent anything', async () => {
      await assert.rejects(
        handle.writeBehind.transaction().execute(async (trx) => {
          await insertRows(trx, 'idempotency_keys', [key('a-four', 'held')]);
          throw new Error('changed my mind');
        }),
        /changed my mind/,
      );
      await assert.rejects(
        handle.writeBehind.transaction().execute(async (trx) => {
          await insertRows(trx, 'idempotency_keys', [key('a-four', 'sent')]);
          await trx.selectFrom('idempotency_keys').select('key').execute();
          throw new Error('changed my mind again');
        }),
        /changed my mind again/,
      );
      assert.deepEqual(await keysOf('a-four'), []);
    });

    it('a notification is delivered with the committed rows, never for a transaction that failed', async () => {
      const listener = new pg.Client({ connectionString: database.databaseUrl });
      await listener.connect();
      try {
        const heard: string[] = [];
        let heardTest!: () => void;
        const testHeard = new Promise<void>((resolve) => {
          heardTest = resolve;
        });
        listener.on('notification', (n) => {
          heard.push(n.channel);
          if (n.channel === 'pw_test') heardTest();
        });
        await listener.query('listen pw_test; listen pw_failed');
        await assert.rejects(
          handle.writeBehind.transaction().execute(async (trx) => {
            await insertRows(trx, 'idempotency_keys', [key('a-five', 'after')]);
            await notifyOnCommit(trx, 'pw_failed');
            await insertRows(trx, 'users', [user('u-orphan-2', 'no-such-account')]);
          }),
        );
        await handle.writeBehind.transaction().execute(async (trx) => {
          await insertRows(trx, 'idempotency_keys', [key('a-five', 'one')]);
          await notifyOnCommit(trx, 'pw_test');
        });
        // Notifications arrive in commit order: had the failed one been sent, it would be here first.
        await testHeard;
        assert.deepEqual(heard, ['pw_test']);
        assert.deepEqual(await keysOf('a-five'), ['one']);
      } finally {
        await listener.end();
      }
    });

    it('many rows beyond the limit of one statement still commit together', async () => {
      // 12,000 rows of 6 columns: 72,000 parameters, more than PostgreSQL takes in one statement.
      const many = Array.from({ length: 12_000 }, (_, i) => key('a-six', `k${String(i).padStart(5, '0')}`));
      await handle.writeBehind.transaction().execute(async (trx) => {
        await insertRows(trx, 'idempotency_keys', many.slice(0, 6_000));
        await insertRows(trx, 'idempotency_keys', many.slice(6_000));
        await insertRows(
          trx,
          'idempotency_keys',
          many.slice(0, 1).map((k) => ({ ...k, account_id: 'a-six-b' })),
        );
      });
      assert.equal((await keysOf('a-six')).length, 12_000);
      assert.deepEqual(await keysOf('a-six-b'), ['k00000']);
    });
  });
}

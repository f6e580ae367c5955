/**
 * The SQLite connection on its own thread (src/db/sqlite-thread-dialect.ts): what a writer
 * relies on. A write-behind transaction whose held-back write fails commits nothing; its
 * writes in raw SQL are held back too; a read inside it sees its own earlier writes; the
 * read-only connection sees what has committed; and two handles on one file (two processes,
 * in effect) with read-then-write transactions wait for each other instead of failing with
 * SQLITE_BUSY; a writer waits out another connection's write lock (tried every
 * millisecond). A new file gets 2 KB pages; a file made before with 4 KB pages keeps them
 * and works. With checkpoints aside (the purge), a commit reaches the database file without
 * a later commit checkpointing.
 * SQLite only: on PostgreSQL `writeBehind` and `reads` are the plain `db`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import BetterSqlite from '../../src/db/sqlite-driver.js';
import { Kysely, sql } from 'kysely';
import { openDatabase, type DbHandle, type Reads } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { SqliteHost, ThreadedSqliteDialect } from '../../src/db/sqlite-thread-dialect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { insertRows } from '../../src/db/group-commit.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const key = (account: string, name: string, at = Date.now()) => ({
  account_id: account,
  key: name,
  request_hash: 'h',
  response: '{}',
  created_at: at,
  expires_at: at + 60_000,
});

async function keysOf(db: Reads, account: string): Promise<string[]> {
  const rows = await db.selectFrom('idempotency_keys').select('key').where('account_id', '=', account).orderBy('key').execute();
  return rows.map((r) => r.key);
}

describe('SQLite on its own thread', () => {
  let database: TestDatabase;
  let handle: DbHandle;

  before(async () => {
    database = await createTestDatabase('sqlite');
    handle = await openDatabase({ dataDir: database.dataDir });
    await migrateToLatest(handle.db);
  });
  after(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('a write-behind transaction whose held-back write fails commits none of its writes', async () => {
    await handle.db.insertInto('idempotency_keys').values(key('acct-a', 'taken')).execute();
    await assert.rejects(
      handle.writeBehind.transaction().execute(async (trx) => {
        await insertRows(trx, 'idempotency_keys', [key('acct-a', 'first'), key('acct-a', 'second')]);
        // Same primary key as the row above: fails, but only when sent with the COMMIT.
        await insertRows(trx, 'idempotency_keys', [key('acct-a', 'taken')]);
      }),
      (error: Error & { code?: string }) => error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY',
    );
    assert.deepEqual(await keysOf(handle.db, 'acct-a'), ['taken']);
    // The connection is usable afterwards, and not left inside the failed transaction.
    await handle.writeBehind.transaction().execute((trx) => insertRows(trx, 'idempotency_keys', [key('acct-a', 'after')]));
    assert.deepEqual(await keysOf(handle.db, 'acct-a'), ['after', 'taken']);
  });

  it('a read inside a write-behind transaction sees the writes held back before it', async () => {
    const seen = await handle.writeBehind.transaction().execute(async (trx) => {
      await insertRows(trx, 'idempotency_keys', [key('acct-b', 'one'), key('acct-b', 'two')]);
      return keysOf(trx, 'acct-b');
    });
    assert.deepEqual(seen, ['one', 'two']);
  });

  it('a write-behind transaction holds back a write in raw SQL as it does a built one: the write lock stays free until its COMMIT', async () => {
    const other = new BetterSqlite(path.join(database.dataDir, 'postwire.db'));
    other.pragma('busy_timeout = 0');
    try {
      await handle.writeBehind.transaction().execute(async (trx) => {
        await sql`insert into idempotency_keys (account_id, key, request_hash, response, created_at, expires_at) values ('acct-r', 'raw', 'h', '{}', 1, 2)`.execute(
          trx,
        );
        await sql`update idempotency_keys set response = '[]' where account_id = 'acct-r'`.execute(trx);
        // Nothing sent yet, the BEGIN included: another connection takes the lock and lets it go.
        other.exec('begin immediate');
        other.exec('rollback');
      });
      assert.deepEqual(await handle.db.selectFrom('idempotency_keys').select(['key', 'response']).where('account_id', '=', 'acct-r').execute(), [
        { key: 'raw', response: '[]' },
      ]);
    } finally {
      other.close();
    }
  });

  it('the read-only connection sees what has committed, and refuses to write', async () => {
    await handle.writeBehind.transaction().execute((trx) => insertRows(trx, 'idempotency_keys', [key('acct-c', 'committed')]));
    assert.deepEqual(await keysOf(handle.reads, 'acct-c'), ['committed']);
    // A write through a read handle does not compile (the build fails if this directive goes
    // unused, that is if `Reads` ever allows it); the connection refuses it too.
    // @ts-expect-error: `reads` has no insertInto.
    await assert.rejects(handle.reads.insertInto('idempotency_keys').values(key('acct-c', 'nope')).execute(), /readonly/);
  });

  it('a failing statement rejects with its SQLite error and leaves the connection working', async () => {
    await assert.rejects(sql`select * from no_such_table`.execute(handle.db), /no such table/);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    assert.deepEqual(rows, [{ one: 1 }]);
  });

  it('a new file is made with 2 KB pages; a file made before keeps its own size, and works', async () => {
    const pageSize = async (db: DbHandle['db']) => (await sql<{ page_size: number }>`pragma page_size`.execute(db)).rows[0]?.page_size;
    assert.equal(await pageSize(handle.db), 2048);
    // A database from before the change: SQLite's default 4 KB pages, in WAL mode.
    const older = await createTestDatabase('sqlite');
    const made = new BetterSqlite(path.join(older.dataDir, 'postwire.db'));
    made.pragma('page_size = 4096');
    made.pragma('journal_mode = WAL');
    made.exec('create table made_before (n integer)');
    made.close();
    const reopened = await openDatabase({ dataDir: older.dataDir });
    try {
      assert.equal(await pageSize(reopened.db), 4096);
      await migrateToLatest(reopened.db);
      await reopened.writeBehind.transaction().execute((trx) => insertRows(trx, 'idempotency_keys', [key('acct-p', 'kept')]));
      assert.deepEqual(await keysOf(reopened.reads, 'acct-p'), ['kept']);
      assert.equal(await pageSize(reopened.db), 4096);
    } finally {
      await reopened.close();
      await older.drop();
    }
  });

  it('two handles on one file: read-then-write transactions in both all commit (BEGIN IMMEDIATE waits for the lock)', async () => {
    const other = await openDatabase({ dataDir: database.dataDir });
    try {
      const transaction = (db: DbHandle['db'], name: string) =>
        db.transaction().execute(async (trx) => {
          const before = await keysOf(trx, 'acct-d');
          await trx
            .insertInto('idempotency_keys')
            .values(key('acct-d', `${name}-${before.length}`))
            .execute();
        });
      await Promise.all(Array.from({ length: 20 }, (_, i) => transaction(i % 2 ? other.db : handle.db, `t${i}`)));
      const names = await keysOf(handle.db, 'acct-d');
      assert.equal(names.length, 20);
      // Each saw the rows of all that committed before it: the counts it read are 0…19, each once.
      assert.deepEqual(
        names.map((n) => Number(n.split('-')[1])).sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => i),
      );
    } finally {
      await other.close();
    }
  });

  it("a transaction and a lone write wait for another process's write lock, commit once it is released, and leave SQLite's busy timeout as it was", async () => {
    // Another process, in effect: a connection of its own, holding the write lock.
    const other = new BetterSqlite(path.join(database.dataDir, 'postwire.db'));
    try {
      other.exec('begin immediate');
      other
        .prepare('insert into idempotency_keys (account_id, key, request_hash, response, created_at, expires_at) values (?, ?, ?, ?, ?, ?)')
        .run(...Object.values(key('acct-l', 'other')));
      const done: string[] = [];
      const transaction = handle.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('idempotency_keys').values(key('acct-l', 'transaction')).execute();
        })
        .then(() => done.push('transaction'));
      const lone = handle.db
        .insertInto('idempotency_keys')
        .values(key('acct-l', 'lone'))
        .execute()
        .then(() => done.push('lone'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(done, [], 'wrote while another connection held the write lock');
      other.exec('commit');
      await Promise.all([transaction, lone]);
      assert.deepEqual(await keysOf(handle.db, 'acct-l'), ['lone', 'other', 'transaction']);
      const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(handle.db);
      assert.deepEqual(rows, [{ timeout: 10_000 }]);
    } finally {
      other.close();
    }
  });

  it('a statement sent while another lending has a transaction open waits for it, and is not part of it', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const rolledBack = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('idempotency_keys').values(key('acct-e', 'inside')).execute();
      inside();
      await held;
      throw new Error('roll back');
    });
    await opened;
    // Sent while the transaction above is open on the one connection: it must wait, not join it.
    let outsideDone = false;
    const outside = handle.db
      .insertInto('idempotency_keys')
      .values(key('acct-e', 'outside'))
      .execute()
      .then(() => (outsideDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(outsideDone, false, "ran inside another lending's open transaction");
    finish();
    await assert.rejects(rolledBack, /roll back/);
    await outside;
    assert.deepEqual(await keysOf(handle.db, 'acct-e'), ['outside']);
  });

  it("the worker's commits do not wait for the disk, and leave the connection at synchronous=FULL for everyone else", async () => {
    const during = await handle.workerWrites.transaction().execute(async (trx) => {
      await insertRows(trx, 'idempotency_keys', [key('acct-f', 'relaxed')]);
      return (await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows;
    });
    assert.deepEqual(during, [{ synchronous: 1 }]); // NORMAL for this transaction's commit
    await handle.workerWrites.insertInto('idempotency_keys').values(key('acct-f', 'autocommit')).execute();
    assert.deepEqual(await keysOf(handle.reads, 'acct-f'), ['autocommit', 'relaxed']);
    // 2 = FULL, the setting this handle was opened with (openDatabase's default).
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    assert.deepEqual(rows, [{ synchronous: 2 }]);
  });

  it('checkpoints aside: a commit reaches the database file with no later commit, and the writer checkpoints itself again after', async () => {
    const threshold = async () => (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]!.wal_autocheckpoint;
    const file = path.join(database.dataDir, 'postwire.db');
    const copy = path.join(database.dataDir, 'copy-of-the-file.db');
    // The file itself, read without its WAL (from a copy of it alone): what has been checkpointed.
    const inTheFile = (name: string) => {
      fs.copyFileSync(file, copy);
      const alone = new BetterSqlite(copy);
      try {
        return (alone.prepare("select count(*) as n from idempotency_keys where account_id = 'acct-w' and key = ?").get(name) as { n: number }).n;
      } catch {
        return 0; // copied while a checkpoint wrote it: read again
      } finally {
        alone.close();
        for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
      }
    };
    const seen = await handle.checkpointsAside(async () => {
      // SQLite's own checkpoint, inside a commit, only as a fallback meanwhile.
      assert.ok((await threshold()) >= 10_000, `commits checkpoint past ${await threshold()} pages`);
      // One small commit, far below any threshold, and no other write after it.
      await handle.db.insertInto('idempotency_keys').values(key('acct-w', 'aside')).execute();
      const deadline = Date.now() + 10_000;
      while (inTheFile('aside') === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const found = inTheFile('aside');
      // A reader whose snapshot is older than the run's last commit keeps that commit out of
      // the file until it ends, a moment after the run.
      const reader = new BetterSqlite(file, { readonly: true });
      reader.exec('begin');
      reader.prepare('select count(*) from idempotency_keys').get();
      setTimeout(() => {
        reader.exec('commit');
        reader.close();
      }, 1000);
      // The last commit of the run, with no wait after it: the end of the run copies it.
      await handle.db.insertInto('idempotency_keys').values(key('acct-w', 'last')).execute();
      return found;
    });
    assert.equal(seen, 1, 'the commit is in the database file');
    assert.equal(inTheFile('last'), 1, "the run's last commit is in the file when it ends: no backlog left for the next commit to copy");
    assert.equal(await threshold(), 1000, "SQLite's own threshold again");
    await handle.db.insertInto('idempotency_keys').values(key('acct-w', 'after')).execute();
    assert.deepEqual(await keysOf(handle.reads, 'acct-w'), ['after', 'aside', 'last']);
  });

  describe('a thread that ends inside a transaction', () => {
    // A second connection to the same file, whose thread the test can end (as a crash of the
    // thread would): what was sent of the transaction must not count, its caller must see an
    // error (never a COMMIT reported done), and the next query must find a working connection.
    const endThread = (host: SqliteHost) => (host as unknown as { thread: { worker: Worker } }).thread.worker.terminate();

    for (const writeBehind of [false, true]) {
      it(
        `${writeBehind ? 'write-behind (the writes wait for the COMMIT)' : 'each statement sent at once'}: ` +
          `the transaction fails, none of it is committed, the next query gets a new thread`,
        async () => {
          const host = new SqliteHost({ file: path.join(database.dataDir, 'postwire.db'), synchronous: 'FULL' });
          const db = new Kysely<Database>({ dialect: new ThreadedSqliteDialect(host, { writeBehind, relaxed: false }) });
          const account = `acct-end-${writeBehind}`;
          try {
            await assert.rejects(
              db.transaction().execute(async (trx) => {
                await insertRows(trx, 'idempotency_keys', [key(account, 'before-the-end')]);
                await endThread(host);
                await insertRows(trx, 'idempotency_keys', [key(account, 'after-the-end')]);
              }),
              /SQLite thread ended/,
            );
            assert.deepEqual(await keysOf(db, account), [], 'nothing of the transaction is committed');
            await db.insertInto('idempotency_keys').values(key(account, 'next')).execute();
            assert.deepEqual(await keysOf(handle.db, account), ['next'], 'the new thread writes, and the other connection sees it');
          } finally {
            await db.destroy();
          }
        },
      );
    }
  });
});

/**
 * Giving freed space back (src/db/space.ts, sqlite-thread.entry.ts): a new SQLite file is made
 * with incremental auto-vacuum; a file made before without it is converted at open, its rows
 * kept; after a delete, the free pages go back in steps and the file shrinks. On PostgreSQL the
 * space is autovacuum's, and a start on a server that runs without it says so.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import BetterSqlite from '../../src/db/sqlite-driver.js';
import { freePages, giveBackPages } from '../../src/db/space.js';
import { createRuntime } from '../../src/runtime.js';
import { createTestDatabase, DIALECTS } from '../helpers/db.js';
import { loggerKeepingLines } from '../helpers/log-lines.js';

const mode = async (db: Parameters<typeof freePages>[0]) => Number((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db)).rows[0]!.auto_vacuum);

describe('SQLite gives freed pages back', () => {
  it('a new file uses incremental auto-vacuum', async () => {
    const test = await createTestDatabase('sqlite');
    const handle = await openDatabase({ dataDir: test.dataDir });
    try {
      assert.equal(await mode(handle.db), 2);
    } finally {
      await handle.close();
      await test.drop();
    }
  });

  it('a file made without it is converted at open with its rows; after a delete the pages go back in steps and the file shrinks', async () => {
    const test = await createTestDatabase('sqlite');
    const file = path.join(test.dataDir, 'postwire.db');
    const old = new BetterSqlite(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table kept (id integer primary key, body text not null)');
    old.prepare('insert into kept (body) values (?)').run('the row made before');
    assert.equal(old.pragma('auto_vacuum', { simple: true }), 0);
    old.close();

    const handle = await openDatabase({ dataDir: test.dataDir });
    try {
      assert.equal(await mode(handle.db), 2);
      assert.deepEqual((await sql<{ body: string }>`select body from kept`.execute(handle.db)).rows, [{ body: 'the row made before' }]);
      for (let i = 0; i < 10; i++) await sql`insert into kept (body) select hex(randomblob(2000)) from kept limit 500`.execute(handle.db);
      await sql`insert into kept (body) select hex(randomblob(2000)) from kept`.execute(handle.db);
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
      const full = fs.statSync(file).size;
      await sql`delete from kept where id > 1`.execute(handle.db);
      const free = await freePages(handle.db, 'sqlite');
      assert.ok(free > 1000, `${free} pages free after the delete`);
      assert.deepEqual(await giveBackPages(handle.db, 'sqlite', 500, free), { given: 0, free }, 'nothing beyond the pages kept');
      let steps = 0;
      for (let left = free; left > 0; steps++) {
        const step = await giveBackPages(handle.db, 'sqlite', 500);
        assert.ok(step.given > 0 && step.given <= 500, `${step.given} pages in a step of at most 500`);
        left = step.free;
      }
      assert.ok(steps >= Math.ceil(free / 500), `${steps} steps of at most 500 pages for ${free}`);
      assert.equal(await freePages(handle.db, 'sqlite'), 0);
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
      const after = fs.statSync(file).size;
      assert.ok(after < full / 4, `the file shrank from ${full} to ${after} bytes`);
    } finally {
      await handle.close();
      await test.drop();
    }
  });

  it("before a step, the pages it moves are read into the cache: the database's last ones as of its last commit, not the longer file's", async () => {
    const test = await createTestDatabase('sqlite');
    const file = path.join(test.dataDir, 'postwire.db');
    const handle = await openDatabase({ dataDir: test.dataDir });
    const pragma = async (name: string) => Number(Object.values((await sql.raw<Record<string, number>>(`pragma ${name}`).execute(handle.db)).rows[0]!)[0]);
    try {
      await sql`create table kept (id integer primary key, body text not null)`.execute(handle.db);
      await sql`insert into kept (body) values ('the row kept')`.execute(handle.db);
      for (let i = 0; i < 9; i++) await sql`insert into kept (body) select hex(randomblob(1000)) from kept`.execute(handle.db);
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
      // No checkpoint from here on: the file keeps its length while the database shrinks in the WAL.
      await sql`pragma wal_autocheckpoint = 0`.execute(handle.db);
      const fileBytes = fs.statSync(file).size;
      await sql`delete from kept where id > 1`.execute(handle.db);
      while ((await giveBackPages(handle.db, 'sqlite', 500)).free > 0);
      const pageSize = await pragma('page_size');
      const pages = await pragma('page_count');
      assert.equal(fs.statSync(file).size, fileBytes, 'the file as long as before');
      assert.ok(pages * pageSize < fileBytes / 4, `${pages} pages in the database, ${fileBytes} bytes in the file`);
      assert.ok(pages >= 3, `${pages} pages: the schema's and the kept row's`);
      assert.equal(await handle.readFileTail(2), 2 * pageSize, 'the last two pages');
      assert.equal(await handle.readFileTail(1_000_000), pages * pageSize, "no more than the database's pages");
    } finally {
      await handle.close();
      await test.drop();
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`a start names a server that would keep dead rows [${dialect}]`, () => {
    it("warns once started when PostgreSQL's autovacuum is off, and only then", async () => {
      const test = await createTestDatabase(dialect);
      const { logger, lines } = loggerKeepingLines();
      const config = loadConfig({ LOG_LEVEL: 'info', PASSWORD_HASH_COST: '4' }, { dataDir: test.dataDir, databaseUrl: test.databaseUrl, port: 0 });
      const runtime = await createRuntime(config, { api: true, worker: false }, logger);
      try {
        await runtime.listen();
        // The server's setting, which no session can change: the warning follows it.
        const off =
          dialect === 'postgres' && (await sql<{ autovacuum: string }>`show autovacuum`.execute(runtime.services.handle.db)).rows[0]!.autovacuum === 'off';
        const warnings = lines.filter((line) => line.level === 40 && line.msg.includes('autovacuum is off'));
        assert.equal(warnings.length, off ? 1 : 0, JSON.stringify(lines.map((line) => line.msg)));
        if (off) assert.match(warnings[0]!.msg, /not reused until VACUUM runs/);
      } finally {
        await runtime.close();
        await test.drop();
      }
    });
  });
}

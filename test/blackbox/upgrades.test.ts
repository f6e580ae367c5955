/**
 * Black box: upgrades. `postwire migrate --status` lists what the database has applied and
 * what this version would apply, and changes nothing; a database a newer Postwire has
 * migrated (a migration this version does not know) is refused by start and migrate with one
 * line, before anything runs on it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { runPostwire as cli, stopAll } from '../helpers/process.js';

after(async () => {
  await stopAll();
});

const FROM_THE_FUTURE = '0999_from_a_newer_version';

for (const dialect of DIALECTS) {
  describe(`postwire migrate --status and a newer database [${dialect}]`, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;

    before(async () => {
      database = await createTestDatabase(dialect);
      env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, PORT: '0' };
    });
    after(() => database.drop());

    it('on a new database lists every migration as pending, exits 3, and applies nothing', async () => {
      const out = await cli(['migrate', '--status'], env);
      assert.equal(out.code, 3, out.stderr);
      const lines = out.stdout.split('\n');
      assert.equal(lines[0], 'pending  0001_init');
      assert.ok(lines.every((line) => !line.startsWith('applied')));
      assert.match(out.stdout, /\n0 applied, (\d+) pending \(/);
      const again = await cli(['migrate', '--status'], env);
      assert.equal(again.stdout, out.stdout, 'nothing was applied');
    });

    it('after migrate lists every migration as applied, with its time, and exits 0', async () => {
      assert.equal((await cli(['migrate'], env)).code, 0);
      const out = await cli(['migrate', '--status'], env);
      assert.equal(out.code, 0, out.stderr);
      assert.match(out.stdout, /^applied {2}0001_init {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n/);
      assert.match(out.stdout, /\n(\d+) applied, 0 pending \(/);
      assert.doesNotMatch(out.stdout, /^pending/m);
    });

    it('a database with a migration this version does not know: start and migrate refuse with one line, --status names it', async () => {
      const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        await sql`insert into postwire_migrations (name, timestamp) values (${FROM_THE_FUTURE}, ${new Date().toISOString()})`.execute(handle.db);
      } finally {
        await handle.close();
      }
      for (const command of [['start'], ['migrate']]) {
        const out = await cli(command, env);
        assert.equal(out.code, 1, `${command}: ${out.stdout}`);
        assert.equal(out.stdout, '');
        assert.equal(
          out.stderr,
          `The database is newer than this version of Postwire (it has migration ${FROM_THE_FUTURE}, which this version does not know); run the newer version, or restore a backup made before the upgrade (docs/upgrading.md).\n`,
        );
      }
      const status = await cli(['migrate', '--status'], env);
      assert.equal(status.code, 1);
      assert.match(status.stdout, new RegExp(`^unknown {2}${FROM_THE_FUTURE} {2}\\S+ {2}\\(applied by a newer Postwire\\)$`, 'm'));
      assert.match(status.stdout, /, 0 pending, 1 unknown to this version \(/);
    });
  });
}

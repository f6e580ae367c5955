/**
 * Fault-style, with real processes: `postwire backup` while `postwire start` takes a steady
 * send load, `postwire restore` into a new data folder, and a start on it. Every send
 * answered 200 before the backup began is in the restored installation, with the contact
 * and the API key made before it, and an access token issued by the first installation still
 * works (the JWT secret came along). On PostgreSQL the archive holds the secrets only, and
 * the command says so.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, killAll, logIn, resultOf, runPostwire, startPostwire, stopPostwire } from '../helpers/process.js';
import { addresses, sendTo, type Accepted } from './deliveries.js';

/** Sends in flight at once while the backup runs. */
const SEND_LANES = 4;
/** Sends answered before the backup begins (more follow while it runs). */
const BEFORE_BACKUP = 150;

after(async () => {
  await killAll();
});

for (const dialect of DIALECTS) {
  describe(`backup under load, restore into a new folder [${dialect}]`, () => {
    let database: TestDatabase;
    let restoredDir: string;
    let archive: string;

    before(async () => {
      database = await createTestDatabase(dialect);
      restoredDir = path.join(database.dataDir, 'restored');
      archive = path.join(database.dataDir, 'postwire-backup.tar.gz');
    });
    after(async () => {
      await database.drop();
    });

    it('the restored installation has every send answered before the backup, the contact, the API key, and takes the old token', async () => {
      const dataDir = path.join(database.dataDir, 'data');
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl };
      const first = await startPostwire('start', env);
      assert.ok(first.credentials);
      const from = first.credentials.email;
      const token = await logIn(first, first.credentials);
      const created = resultOf(await callApi(first.url, '/account/apikeys', { token, json: { name: 'Backup test', scopes: ['send', 'read'] } }), 201);
      const list = resultOf(await callApi(first.url, '/inbox/v1/contactlists', { token, json: { listName: 'Readers' } }), 201).id;
      resultOf(await callApi(first.url, `/inbox/v1/contactlists/${list}/add`, { token, json: { email: 'ann@example.net' } }), 200);

      // A steady load, each answer stamped with when it came.
      const answered: { at: number; sent: Accepted }[] = [];
      let stop = false;
      const to = addresses(`backup-${dialect}-`, 100_000);
      let next = 0;
      const lane = async () => {
        while (!stop) {
          const sent = await sendTo(first, token, from, to[next++]!);
          answered.push({ at: performance.now(), sent });
        }
      };
      const lanes = Promise.all(Array.from({ length: SEND_LANES }, lane));
      while (answered.length < BEFORE_BACKUP) await new Promise((resolve) => setTimeout(resolve, 20));
      const began = performance.now();
      const atBegin = answered.length;
      const out = await runPostwire(['backup', '--to', archive], env);
      const atEnd = answered.length;
      stop = true;
      await lanes;
      assert.equal(out.code, 0, out.stderr);
      assert.ok(atEnd > atBegin, 'sends were answered while the backup ran');
      assert.equal(fs.statSync(archive).mode & 0o777, 0o600, 'the archive holds secrets: its owner only');
      if (dialect === 'sqlite') {
        assert.match(
          out.stdout,
          /^Backed up the SQLite database and jwt-secret, smtp-submission-cert\.pem, smtp-submission-key\.pem to .* \(\d+\.\d MB\)\.\n$/,
        );
      } else {
        assert.match(
          out.stdout,
          /^Backed up jwt-secret, smtp-submission-cert\.pem, smtp-submission-key\.pem to .*\nThe PostgreSQL database is not in it: back it up with pg_dump/,
        );
      }
      await stopPostwire(first);

      const restoreEnv = { DATA_DIR: restoredDir, DATABASE_URL: database.databaseUrl };
      const restored = await runPostwire(['restore', '--from', archive], restoreEnv);
      assert.equal(restored.code, 0, restored.stderr);
      assert.match(restored.stdout, /^Restored /);
      const again = await runPostwire(['restore', '--from', archive], restoreEnv);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /^postwire restore: DATA_DIR \(.*\) is not empty; restore fills an empty data folder/);
      assert.deepEqual(
        fs.readdirSync(restoredDir).sort(),
        [...(dialect === 'sqlite' ? ['postwire.db'] : []), 'jwt-secret', 'smtp-submission-cert.pem', 'smtp-submission-key.pem'].sort(),
      );

      // On PostgreSQL the database is the same one (pg_restore is the operator's step): the secrets are what came back.
      const second = await startPostwire('start', restoreEnv);
      assert.equal(second.credentials, undefined, 'not a new installation');
      const before = answered.filter((a) => a.at < began).map((a) => a.sent);
      assert.ok(before.length >= BEFORE_BACKUP);
      const missing: string[] = [];
      for (let i = 0; i < before.length; i += 10) {
        const replies = await Promise.all(before.slice(i, i + 10).map((sent) => callApi(second.url, `/notify/v1/messages/${sent.id}`, { token })));
        replies.forEach((reply, j) => {
          if (reply.status !== 200) missing.push(`${before[i + j]!.id}: ${reply.status}`);
        });
      }
      assert.deepEqual(missing, [], `of ${before.length} sends answered before the backup`);
      const contacts = resultOf(await callApi(second.url, '/inbox/v1/contacts?email=ann%40example.net', { token }), 200);
      assert.equal(JSON.stringify(contacts).includes('ann@example.net'), true);
      resultOf(await callApi(second.url, '/notify/v1/senders', { headers: { 'x-api-key': created.key } }), 200);
      await stopPostwire(second);
    });
  });
}

/**
 * Fault: `postwire start` is killed with SIGKILL in the middle of a CSV contact import,
 * then started again on the same database.
 *
 * What must hold: the import finishes after the restart with exactly the counters of the
 * file (none counted twice, no row left out), the list holds each address once, and the
 * uploaded file is gone. The file repeats addresses across chunk boundaries, so a repeat
 * is only recognised as one if the marks of the chunks applied before the kill survive.
 * The lease is long (WORKER_LEASE_SECONDS=300): the import resumes because the restarted
 * process takes back the dead process's job at start, not because a lease ran out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, killAll, killPostwire, logIn, resultOf, startPostwire, stopPostwire } from '../helpers/process.js';

const ROWS = 20_000;
const CHUNK_ROWS = 20;
/** Kill once at least this many rows are applied (of ROWS). */
const KILL_AFTER_ROWS = 2_000;

/** Row i (from 1): every 10th repeats the address of row i-7 (an earlier chunk or this one), every 97th is not an address. */
function csvFile(): { csv: string; expected: { total: number; invalid: number; repetitive: number; added: number } } {
  const lines = ['email,Note'];
  let invalid = 0;
  let repetitive = 0;
  const address = (i: number) => `person${i}@restart.example.net`;
  const isRepeat = (i: number) => i % 10 === 0 && i % 97 !== 0 && !((i - 7) % 10 === 0) && (i - 7) % 97 !== 0;
  for (let i = 1; i <= ROWS; i++) {
    if (i % 97 === 0) {
      invalid++;
      lines.push(`row ${i},invalid`);
    } else if (isRepeat(i)) {
      repetitive++;
      lines.push(`${address(i - 7).toUpperCase()},again`);
    } else lines.push(`${address(i)},first`);
  }
  return { csv: `${lines.join('\n')}\n`, expected: { total: ROWS, invalid, repetitive, added: ROWS - invalid - repetitive } };
}

for (const dialect of DIALECTS) {
  describe(`kill -9 in the middle of a contact import, then restart [${dialect}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabase(dialect);
    });
    after(async () => {
      await killAll();
      await database?.drop();
    });

    it('finishes after the restart with every counter exact and nothing twice', async (t) => {
      const env = {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        IMPORT_CHUNK_ROWS: String(CHUNK_ROWS),
        WORKER_LEASE_SECONDS: '300',
        WORKER_POLL_MS: '100',
      };
      const first = await startPostwire('start', env);
      const credentials = first.credentials!;
      const token = await logIn(first, credentials);
      const list = resultOf(await callApi(first.url, '/inbox/v1/contactlists', { token, json: { listName: 'Restarted' } }), 201).id;

      const { csv, expected } = csvFile();
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
      const upload = await fetch(`${first.url}/inbox/v1/contactlists/${list}/import/csv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const importId = ((await upload.json()) as { resultObject: string }).resultObject;
      assert.equal(upload.status, 200);

      const statusOf = async (p: { url: string }, tok: string) =>
        resultOf(await callApi(p.url, `/inbox/v1/contactlists/${list}/import/${importId}`, { token: tok }), 200);
      const before = await eventually(
        async () => {
          const s = await statusOf(first, token);
          return s.total >= KILL_AFTER_ROWS ? s : undefined;
        },
        120_000,
        `${KILL_AFTER_ROWS} rows applied`,
        10,
      );
      assert.equal((await killPostwire(first)).signal, 'SIGKILL');
      assert.equal(before.status, 1, 'the import was running at the kill');
      assert.ok(before.total < ROWS, 'the kill came before the end of the file');

      const second = await startPostwire('start', env);
      const token2 = await logIn(second, credentials);
      const done = await eventually(
        async () => {
          const s = await statusOf(second, token2);
          return s.status === 2 ? s : undefined;
        },
        180_000,
        'the import completed after the restart',
        100,
      );
      t.diagnostic(`killed with ${before.total} of ${ROWS} rows applied`);
      assert.deepEqual(
        { total: done.total, invalid: done.invalid, repetitive: done.repetitive, added: done.added, alreadyExists: done.alreadyExists },
        { ...expected, alreadyExists: 0 },
      );
      assert.equal(resultOf(await callApi(second.url, `/inbox/v1/contactlists/${list}`, { token: token2 }), 200).count, expected.added);
      const contacts = resultOf(await callApi(second.url, `/inbox/v1/contacts?listId=${list}&pageSize=1`, { token: token2 }), 200);
      assert.equal(contacts.totalCount, expected.added, 'each address once');
      assert.deepEqual(await stopPostwire(second), { code: 0, signal: null });
    });
  });
}

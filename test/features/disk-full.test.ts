/**
 * A full disk. On SQLite the one connection that writes is given a page limit it has already
 * reached (`PRAGMA max_page_count`, SQLite's own SQLITE_FULL, as on a full disk); on
 * PostgreSQL, where a full disk cannot be made here, a trigger on every table makes the real
 * server raise disk_full (SQLSTATE 53100) on every write, through the real driver. Either
 * way: sends answer 503 with the envelope and Retry-After, reads and every message accepted
 * before stay, /readyz says why, and once there is room again sends are taken and everything
 * accepted is handed over for delivery, without a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

/** Makes every write fail as on a full disk, and undoes it. */
async function fill(app: TestApp): Promise<void> {
  const db = app.runtime.services.handle.db;
  if (app.dialect === 'sqlite') {
    // Below the file's size: SQLite keeps the current size as the limit, so no page can be added.
    await sql`pragma max_page_count = 1`.execute(db);
    return;
  }
  await sql`create function postwire_test_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(db);
  await sql`create function postwire_test_disk_full_ddl() returns event_trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  for (const { name } of rows) {
    await sql`create trigger postwire_test_disk_full before insert or update on ${sql.table(name)} for each statement execute function postwire_test_disk_full()`.execute(
      db,
    );
  }
  await sql`create event trigger postwire_test_disk_full_ddl on ddl_command_start execute function postwire_test_disk_full_ddl()`.execute(db);
}

async function makeRoom(app: TestApp): Promise<void> {
  const db = app.runtime.services.handle.db;
  if (app.dialect === 'sqlite') {
    await sql`pragma max_page_count = 1073741823`.execute(db);
    return;
  }
  await sql`drop event trigger postwire_test_disk_full_ddl`.execute(db);
  await sql`drop function postwire_test_disk_full() cascade`.execute(db);
  await sql`drop function postwire_test_disk_full_ddl()`.execute(db);
}

for (const dialect of DIALECTS) {
  describe(`a full disk [${dialect}]`, () => {
    let app: TestApp;
    let owner: TestAccount;
    let sent = 0;
    const send = () =>
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: owner.token,
        body: {
          from: { email: owner.email },
          to: [{ email: `r${++sent}@example.net` }],
          subject: `Message ${sent}`,
          htmlContent: `<p>${'Hello. '.repeat(200)}</p>`,
        },
      });

    before(async () => {
      // A delivery whose own bookkeeping met the full disk is deferred, and retried after this.
      app = await startTestApp(dialect, { worker: true, config: { retryFirstDelayMs: 500 } });
      owner = await app.signUp();
    });
    after(async () => {
      await app.close();
    });

    it('sends answer 503 with Retry-After, /readyz says why, and nothing accepted is lost once there is room again', async () => {
      const accepted: string[] = [];
      for (let i = 0; i < 5; i++) accepted.push(expectEnvelope(await send(), 200).resultObject.id);

      await fill(app);
      // Pages with room left may take a few more; then the next one needs a page there is no room for.
      let refused: Awaited<ReturnType<typeof send>> | undefined;
      for (let i = 0; i < 500 && !refused; i++) {
        const reply = await send();
        if (reply.status === 200) accepted.push(reply.json.resultObject.id);
        else refused = reply;
      }
      assert.ok(refused, 'a send was refused');
      const envelope = expectEnvelope(refused, 503);
      assert.match(envelope.resultMessage, /disk is full.*try again later/i);
      assert.equal(refused.headers['retry-after'], '30');

      const ready = await app.request({ method: 'GET', url: '/readyz' });
      assert.match(expectEnvelope(ready, 503).resultMessage, /^Not ready: the database cannot store anything since .*: its disk is full/);
      assert.equal(ready.headers['retry-after'], '30');

      // Reads still work, and every message answered 200 is there.
      for (const id of accepted) expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: owner.token }), 200);

      await makeRoom(app);
      expectEnvelope(await app.request({ method: 'GET', url: '/readyz' }), 200);
      accepted.push(expectEnvelope(await send(), 200).resultObject.id);

      // The worker got past its failed writes (deferred, not bounced): every accepted message is handed over (the capture transport).
      for (const id of accepted) {
        let seen = '';
        await eventually(
          async () => {
            const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: owner.token }), 200).resultObject;
            seen = JSON.stringify(detail.recipients);
            return detail.recipients.every((r: { state: string }) => r.state === 'sent') ? true : undefined;
          },
          30_000,
          `message ${id} sent`,
          100,
          () => seen,
        );
      }
    });
  });
}

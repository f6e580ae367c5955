// Runs in a process of its own (scripts/run-tests.mjs): the purge finds old messages by their ids, which begin with
// the time they were made for, and a file before it in a shared process whose clock ran ahead leaves the
// process's id sequence ahead of this file's clock (ids never go back within a process).
/**
 * The purge gives SQLite's freed pages back as it goes, batch by batch (retention.service.ts,
 * db/space.ts): the database's size in /account/usage falls during a run cut short by its
 * time budget, and after the whole purge it is back near what it was before the mail. The
 * rows whose bodies were cleared are written again at the table's end (messages.store.ts
 * `clearBodies`): they fill their pages and keep every other column, and a batch's writes
 * still go with its COMMIT, as the metadata purge's do. SQLite only: PostgreSQL's space is
 * autovacuum's.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import SqliteDatabase from '../../src/db/sqlite-driver.js';
import { after, before, describe, it } from 'node:test';
import { deleteCounted } from '../../src/features/notify/messages/messages.retention.js';
import { clearBodies } from '../../src/features/notify/messages/messages.store.js';
import { RetentionPurge } from '../../src/features/system/retention/retention.service.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';
import { DAY_MS, purgeSettings } from '../helpers/retention.js';

const MESSAGES = 40;
const SETTINGS = purgeSettings({ batchRows: 2, budgetMs: 60_000 });
// About 40 KB of HTML each, stored twice (the message and its composed MIME).
const HTML = `<html><body>${Array.from({ length: 400 }, (_, i) => `<p>Line ${i} of a long order confirmation, kept until the purge.</p>`).join('')}</body></html>`;

for (const dialect of DIALECTS.filter((d) => d === 'sqlite')) {
  describe(`the purge gives the space back as it goes [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    const clock = new TestClock({ frozen: true });
    const ok = async (url: string) => expectEnvelope(await app.request({ method: 'GET', url, token: a.token }), 200).resultObject;
    const everyRecipientDelivered = () =>
      eventually(async () => ((await ok('/notify/v1/messages?state=queued')).totalCount === 0 ? true : undefined), 30_000, 'every recipient delivered');
    const send = async (body: Record<string, unknown>) =>
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, body: { from: { email: a.email }, ...body } }), 200);
    const databaseBytes = async () => (await ok('/account/usage')).storage.totalBytes as number;
    /**
     * Another connection takes the write lock and lets it go: it could not until the COMMIT if
     * BEGIN and a statement had gone ahead to wait for an answer. Tried until it is free: the
     * app's own worker may hold it for a moment.
     */
    const lockTakenMeanwhile = (other: InstanceType<typeof SqliteDatabase>) =>
      eventually(
        async () => {
          try {
            other.exec('begin immediate');
          } catch (error) {
            if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
            throw error;
          }
          other.exec('rollback');
          return true;
        },
        3_000,
        'the write lock taken by another connection while the batch is open',
      );

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      a = await app.signUp();
    });
    after(async () => {
      await app?.close();
    });

    it('a run cut short has already given back what it cleared; the whole purge brings the database back near its size before the mail', async () => {
      const start = await databaseBytes();
      for (let i = 0; i < MESSAGES; i++) {
        await send({ to: [{ email: `reader${i}@example.net` }], subject: 'Your order', htmlContent: HTML });
      }
      await everyRecipientDelivered();
      const full = await databaseBytes();
      const grown = full - start;
      assert.ok(grown > MESSAGES * 40_000, `the mail took ${grown} bytes`);

      const { handle } = app.runtime.services;
      clock.advance(31 * DAY_MS);
      // The run's time is up after half the body batches.
      let bodyBatches = 0;
      const cutShort = RetentionPurge.of(handle, SETTINGS, clock, {
        purgeStep(what) {
          if (what === 'bodies' && ++bodyBatches === MESSAGES / SETTINGS.batchRows / 2) clock.advance(SETTINGS.budgetMs! + 1);
        },
        purgeRunEnded() {},
      });
      const first = await cutShort.run();
      assert.equal(first.complete, false);
      assert.ok(first.bodies > 0 && first.bodies < MESSAGES, `${first.bodies} bodies cleared`);
      const partly = await databaseBytes();
      assert.ok(partly < full - grown / 3, `${full - partly} of ${grown} bytes back after ${first.bodies} of ${MESSAGES} bodies`);

      const report = await RetentionPurge.of(handle, SETTINGS, clock).run();
      assert.equal(report.complete, true);
      assert.equal(first.bodies + report.bodies, MESSAGES);
      const end = await databaseBytes();
      assert.ok(end < start + grown / 5, `${end} bytes after the purge, ${start} before the mail, ${full} with it`);
      assert.equal((await ok('/notify/v1/messages')).totalCount, MESSAGES, 'the messages themselves stay');
    });

    it('messages and personalised copies whose bodies were cleared fill their pages again, not the pages their bodies spread over', async () => {
      // About 2 KB of HTML: a row larger than a page keeps one page's worth there, so a row
      // cleared in place would leave each page mostly empty. Half the sends give each of two
      // recipients a copy of their own (params), kept on the recipient's row.
      const html = `<html><body><p>Code {{ code }}</p>${Array.from({ length: 30 }, (_, i) => `<p>Line ${i} of an order confirmation.</p>`).join('')}</body></html>`;
      const before = (await ok('/notify/v1/messages')).totalCount as number;
      for (let i = 0; i < 200; i++) {
        const to =
          i % 2 === 0 ? [{ email: `buyer${i}@example.net` }] : [1, 2].map((n) => ({ email: `buyer${i}.${n}@example.net`, params: { code: `C${i}.${n}` } }));
        await send({
          from: { email: a.email, name: 'Shop' },
          to,
          replyTo: { email: 'desk@example.net', name: 'Desk' },
          subject: 'Your order',
          htmlContent: html,
          params: { code: 'none' },
          headers: { 'X-Order': String(i) },
          tags: ['orders'],
          metadata: { order: i },
        });
      }
      await everyRecipientDelivered();
      const file = new SqliteDatabase(path.join(app.database.dataDir, 'postwire.db'), { readonly: true });
      // Every column of every row, by table and id, but those the purge clears (the body, and
      // the tracked links it keeps): moved rows must keep all the others.
      const cleared = ['html_content', 'text_content', 'attachments', 'mime', 'submitted_mime', 'body_purged_at', 'content', 'kept_links'];
      const rowsOf = (table: string) =>
        new Map(
          (file.prepare(`select * from ${table}`).all() as Record<string, unknown>[]).map((row) => [
            row.id,
            Object.fromEntries(Object.entries(row).filter(([column]) => !cleared.includes(column))),
          ]),
        );
      const rows = () => ({ messages: rowsOf('messages'), recipients: rowsOf('message_recipients') });
      try {
        const kept = rows();
        clock.advance(31 * DAY_MS);
        const report = await RetentionPurge.of(app.runtime.services.handle, SETTINGS, clock).run();
        assert.equal(report.bodies, 200);
        assert.equal((await ok('/notify/v1/messages')).totalCount, before + 200);
        assert.deepEqual(rows(), kept, 'the purge changed nothing but the bodies');
        assert.equal(kept.recipients.size, before + 300);

        const fill = file.prepare(
          `select name, count(*) as pages, sum(pgsize) as size, sum(pgsize - unused) as used from dbstat where name in ('messages', 'message_recipients') group by name`,
        );
        const tables = fill.all() as { name: string; pages: number; size: number; used: number }[];
        assert.equal(tables.length, 2);
        for (const t of tables) assert.ok(t.used / t.size > 0.8, `${t.name} use ${t.used} of the ${t.size} bytes of their ${t.pages} pages`);
      } finally {
        file.close();
      }
    });

    it("a batch's writes reach SQLite with its COMMIT, in one trip: the writer is not held open across the event loop", async () => {
      for (let i = 0; i < 3; i++) {
        await send({ to: [{ email: `late${i}@example.net` }], subject: 'Your order', htmlContent: HTML });
      }
      await everyRecipientDelivered();
      const file = path.join(app.database.dataDir, 'postwire.db');
      const other = new SqliteDatabase(file);
      try {
        other.pragma('busy_timeout = 0');
        const kept = () => (other.prepare('select id from messages where body_purged_at is null').all() as { id: string }[]).map((r) => r.id);
        const ids = kept();
        assert.equal(ids.length, 3);
        await app.runtime.services.handle.workerWrites.transaction().execute(async (trx) => {
          await clearBodies(trx, ids, clock.now());
          await lockTakenMeanwhile(other);
        });
        assert.deepEqual(kept(), [], 'the bodies are cleared once the transaction commits');
      } finally {
        other.close();
      }
    });

    it("the metadata purge's writes, the counts /stats keeps with them, reach SQLite with its COMMIT in one trip", async () => {
      for (let i = 0; i < 2; i++) {
        await send({ to: [{ email: `old${i}@example.net` }], subject: 'Your order', htmlContent: '<p>Thanks</p>', tags: ['old'] });
      }
      await everyRecipientDelivered();
      const other = new SqliteDatabase(path.join(app.database.dataDir, 'postwire.db'));
      try {
        other.pragma('busy_timeout = 0');
        const ids = (other.prepare(`select message_id from message_recipients where email like 'old%'`).all() as { message_id: string }[]).map(
          (r) => r.message_id,
        );
        assert.equal(ids.length, 2);
        const count = (sql: string, ...params: string[]) => (other.prepare(sql).get(...params) as { n: number }).n;
        const events = count('select count(*) as n from events where message_id in (?, ?)', ...ids);
        assert.ok(events >= 4, `${events} events`);
        await app.runtime.services.handle.workerWrites.transaction().execute(async (trx) => {
          await deleteCounted(trx, ids);
          await lockTakenMeanwhile(other);
        });
        assert.equal(count('select count(*) as n from messages where id in (?, ?)', ...ids), 0, 'the messages are gone once the transaction commits');
        assert.equal(count(`select coalesce(sum(n), 0) as n from stats_daily where tag = 'old'`), events, 'their events counted under their tag');
      } finally {
        other.close();
      }
    });
  });
}

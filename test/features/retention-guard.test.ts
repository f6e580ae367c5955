// Runs in a process of its own (scripts/run-tests.mjs): the purge finds old messages by their ids, which begin with
// the time they were made for, and a file before it in a shared process whose clock ran ahead leaves the
// process's id sequence ahead of this file's clock (ids never go back within a process).
/**
 * The body purge reads which messages go before its write transaction, and its writes
 * travel to the database without an answer (messages.retention.ts). A message that changed
 * in between keeps its body: here a recipient queued again after the message was chosen.
 * The purge runs as the server wires it (its writes through `workerWrites`). Both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RetentionPurge } from '../../src/features/system/retention/retention.service.js';
import { clearBodies, keepLinks } from '../../src/features/notify/messages/messages.store.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';
import { DAY_MS, purgeSettings } from '../helpers/retention.js';

const SETTINGS = purgeSettings();

for (const dialect of DIALECTS) {
  describe(`the body purge and a message that changed after it was chosen [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    const clock = new TestClock({ frozen: true });
    const ok = async (url: string) => expectEnvelope(await app.request({ method: 'GET', url, token: a.token }), 200).resultObject;
    const send = async () =>
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: {
            from: { email: a.email },
            to: [{ email: 'reader@example.net' }],
            subject: 'Hi',
            htmlContent: '<p>Hello <a href="https://example.org/x">x</a></p>',
          },
        }),
        200,
      ).resultObject.id as string;

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      a = await app.signUp();
    });
    after(async () => {
      await app?.close();
    });

    it('a recipient queued again keeps the body; once final, the purge clears it', async () => {
      const id = await send();
      const others = [await send(), await send()];
      await eventually(
        async () => ((await ok('/notify/v1/messages?state=queued')).totalCount === 0 ? true : undefined),
        20_000,
        'every recipient handed to the capture inbox',
      );
      const { handle } = app.runtime.services;
      // Chosen, then queued again before the writes arrive: the writes, as the purge sends them, change nothing.
      await handle.db.updateTable('message_recipients').set({ state: 'queued' }).where('message_id', '=', id).execute();
      await handle.workerWrites.transaction().execute(async (trx) => {
        await keepLinks(trx, [{ id, links: '[]' }], []);
        await clearBodies(trx, [id], clock.now());
      });
      const kept = await ok(`/notify/v1/messages/${id}`);
      assert.equal(kept.htmlContent, '<p>Hello <a href="https://example.org/x">x</a></p>');
      assert.equal(kept.bodyPurgedTime, undefined);
      assert.equal((await app.request({ method: 'GET', url: `/notify/v1/messages/${id}/raw`, token: a.token })).status, 200);

      await handle.db.updateTable('message_recipients').set({ state: 'delivered' }).where('message_id', '=', id).execute();
      clock.advance(31 * DAY_MS);
      const report = await RetentionPurge.of(handle, SETTINGS, clock).run();
      assert.equal(report.bodies, 3);
      for (const purged of [id, ...others]) {
        const message = await ok(`/notify/v1/messages/${purged}`);
        assert.equal(message.htmlContent, undefined);
        assert.equal(new Date(message.bodyPurgedTime).getTime(), clock.now());
        assert.equal(expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${purged}/raw`, token: a.token }), 410).resultCode, 410);
      }
    });
  });
}

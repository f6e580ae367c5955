/**
 * A webhook call waiting for its retry whose event is gone meanwhile (the metadata purge, an
 * erasure) ends failed, saying why, and the calls of other events still go out: released
 * instead, it was claimed again at once, for ever, ahead of every other call. Both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { Receiver } from '../helpers/webhook-receiver.js';

for (const dialect of DIALECTS) {
  describe(`a webhook call whose event is gone [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let receiver: Receiver;

    const ok = async (method: 'GET' | 'POST', url: string, body?: unknown, status = 200) =>
      expectEnvelope(await app.request({ method, url, token: a.token, ...(body === undefined ? {} : { body }) }), status).resultObject;
    const send = (to: string) => ok('POST', '/notify/v1/send', { from: { email: a.email }, to: [{ email: to }], subject: 'Hi', htmlContent: '<p>Hi</p>' });

    before(async () => {
      receiver = await Receiver.start();
      app = await startTestApp(dialect, { worker: true, config: { outboundAllow: ['127.0.0.1'], webhookRetryFirstDelayMs: 300 } });
      a = await app.signUp();
    });
    after(async () => {
      await app?.close();
      await receiver?.close();
    });

    it('ends failed with its reason, and the next event still reaches the receiver', async () => {
      const db = app.runtime.services.handle.db;
      // A receiver that is down: the first call fails and waits for its retry.
      const down = await Receiver.start();
      const downUrl = down.url;
      await down.close();
      const hook = await ok('POST', '/notify/v1/webhooks', { url: downUrl, events: ['sent'] }, 201);
      const first = await send('ann@example.net');
      const waiting = await eventually(
        async () => {
          const row = await db
            .selectFrom('webhook_deliveries as d')
            .innerJoin('events as e', 'e.id', 'd.event_id')
            .select(['d.id', 'd.event_id', 'd.attempts'])
            .where('e.message_id', '=', first.id)
            .where('d.webhook_id', '=', hook.id)
            .executeTakeFirst();
          return row && row.attempts >= 1 ? row : undefined;
        },
        20_000,
        'the first call failed and waits for its retry',
      );
      await db.deleteFrom('events').where('id', '=', waiting.event_id).execute();

      const ended = await eventually(
        async () => {
          const row = await db.selectFrom('webhook_deliveries').select(['failed_at', 'last_error']).where('id', '=', waiting.id).executeTakeFirstOrThrow();
          return row.failed_at !== null ? row : undefined;
        },
        20_000,
        'the call of the event that is gone to end failed',
      );
      assert.match(`${ended.last_error}`, /no longer exists/);

      // The dispatcher is not stuck on it: a webhook that answers gets the next event.
      await ok('POST', '/notify/v1/webhooks', { url: receiver.url, events: ['sent'] }, 201);
      const second = await send('bob@example.net');
      await eventually(async () => (receiver.payloads.some((p) => JSON.stringify(p).includes(second.id)) ? true : undefined), 20_000, 'the next call');
    });
  });
}

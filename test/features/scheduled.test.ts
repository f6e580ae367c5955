/**
 * Scheduled sends: accepted now, delivered at `scheduledAt` and not before (the queue
 * rows are not due until then), visible as scheduled, and cancellable with
 * DELETE /notify/v1/messages/{id}/schedule until delivery starts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, queueRowOf, recipientsNow, sendMessage } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';
import { messagesTo, type SmtpSink } from '../helpers/smtp-sink.js';

const HOUR = 3_600_000;

for (const dialect of DIALECTS) {
  describe(`scheduled sends [${dialect}]`, () => {
    let relay: RelayedTestApp;
    let sink: SmtpSink;
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      relay = await startRelayedTestApp(dialect);
      ({ app, sink } = relay);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => relay?.close());

    const schedule = (to: string[], at: string | number, account = a) =>
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: {
          from: { email: account.email },
          to: to.map((email) => ({ email })),
          subject: 'Later',
          htmlContent: '<p>Later</p>',
          scheduledAt: typeof at === 'number' ? new Date(at).toISOString() : at,
        },
      });
    const cancel = (id: string, account = a) => app.request({ method: 'DELETE', url: `/notify/v1/messages/${id}/schedule`, token: account.token });
    const detail = async (id: string) =>
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: a.token }), 200).resultObject;

    it('is accepted now and shows its time; its queue rows are not due before it', async () => {
      const at = Date.now() + HOUR;
      const result = expectEnvelope(await schedule(['later@example.net'], at), 200).resultObject;
      assert.equal(result.scheduledAt, new Date(at).toISOString());
      assert.equal(result.recipients[0].state, 'queued');
      const job = await queueRowOf(app, result.recipients[0].id);
      assert.equal(Number(job!.run_at), at);

      // A message sent after it is delivered; the scheduled one is still waiting.
      const now = await sendMessage(app, a, ['now@example.net']);
      assert.equal((await outcomeOf(app, a, now, 'now@example.net')).state, 'delivered');
      assert.equal((await recipientsNow(app, a, result.id))[0]!.state, 'queued');
      assert.equal(messagesTo(sink, 'later@example.net').length, 0);

      const message = await detail(result.id);
      assert.equal(message.scheduledAt, new Date(at).toISOString());
      assert.deepEqual(
        message.recipients[0].events.map((e: any) => [e.type, e.details.scheduledAt]),
        [['accepted', new Date(at).toISOString()]],
      );
    });

    it('is delivered once its time has come, not before', async () => {
      const at = Date.now() + 1500;
      const result = expectEnvelope(await schedule(['soon@example.net'], at), 200).resultObject;
      const outcome = await outcomeOf(app, a, result, 'soon@example.net');
      assert.equal(outcome.state, 'delivered');
      assert.ok(Date.parse(outcome.sentTime!) >= at, `delivered at ${outcome.sentTime}, scheduled for ${new Date(at).toISOString()}`);
      assert.equal(messagesTo(sink, 'soon@example.net').length, 1);
    });

    it('DELETE …/schedule cancels it: recipients cancelled with an event, queue rows gone, never delivered', async () => {
      const result = expectEnvelope(await schedule(['c1@example.net', 'c2@example.net'], Date.now() + HOUR), 200).resultObject;
      const body = expectEnvelope(await cancel(result.id), 200);
      assert.deepEqual(body.resultObject, { id: result.id, cancelled: ['c1@example.net', 'c2@example.net'] });
      const message = await detail(result.id);
      for (const r of message.recipients) {
        assert.equal(r.state, 'cancelled');
        assert.deepEqual(
          r.events.map((e: any) => e.type),
          ['accepted', 'cancelled'],
        );
        assert.equal(await queueRowOf(app, r.id), undefined);
      }
      const events = expectEnvelope(
        await app.request({ method: 'GET', url: `/notify/v1/events?type=cancelled&messageId=${result.id}`, token: a.token }),
        200,
      ).resultObject;
      assert.equal(events.totalCount, 2);
      // Cancelling twice is a conflict, not a second cancellation.
      assert.match(expectEnvelope(await cancel(result.id), 409).resultMessage, /already cancelled/);
    });

    it('cannot be cancelled once delivery has started or finished', async () => {
      const result = expectEnvelope(await schedule(['leased@example.net'], Date.now() + HOUR), 200).resultObject;
      // A worker holding a live lease on the row: its delivery may be under way.
      const db: Db = app.runtime.services.handle.db;
      await db
        .updateTable('delivery_jobs')
        .set({ locked_by: 'another-worker', locked_until: Date.now() + HOUR })
        .where('message_id', '=', result.id)
        .execute();
      assert.match(expectEnvelope(await cancel(result.id), 409).resultMessage, /has started/);
      assert.equal((await recipientsNow(app, a, result.id))[0]!.state, 'queued', 'nothing changed');
      assert.ok(await queueRowOf(app, result.recipients[0].id), 'the queue row is still there');

      const sent = expectEnvelope(await schedule(['done@example.net'], Date.now() + 800), 200).resultObject;
      assert.equal((await outcomeOf(app, a, sent, 'done@example.net')).state, 'delivered');
      expectEnvelope(await cancel(sent.id), 409);
    });

    it("a message that was not scheduled cannot be cancelled; another account's message is not found", async () => {
      const now = await sendMessage(app, a, ['plain@example.net']);
      assert.match(expectEnvelope(await cancel(now.id), 409).resultMessage, /not scheduled/);
      const scheduled = expectEnvelope(await schedule(['mine@example.net'], Date.now() + HOUR), 200).resultObject;
      expectEnvelope(await cancel(scheduled.id, b), 404);
      expectEnvelope(await cancel('000000000000000000000000'), 404);
      expectEnvelope(await cancel('not-an-id'), 404);
      assert.equal((await recipientsNow(app, a, scheduled.id))[0]!.state, 'queued');
    });

    it('scheduledAt must be a zoned time in the future, at most 30 days ahead', async () => {
      for (const at of [Date.now() - 1000, Date.now() + 31 * 24 * HOUR, '2030-01-01T10:00:00', 'tomorrow', '2030-02-30T10:00:00Z']) {
        const body = expectEnvelope(await schedule(['x@example.net'], at), 400);
        assert.deepEqual(errorFields(body), ['scheduledAt'], String(at));
      }
      expectEnvelope(await schedule(['x@example.net'], Date.now() + 29 * 24 * HOUR), 200);
    });
  });
}

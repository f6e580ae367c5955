/**
 * The delivery pipeline step by step, against a real database, with a transport whose
 * answer per address the test chooses (a real implementation of the Transport
 * interface, like a relay that accepts, defers or refuses): what each outcome does to
 * the recipient, its queue row, its events and the account's suppression list; the
 * retry age; and recordFeedback, the entry point of asynchronous bounces and complaints.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db, Dialect } from '../../src/db/database.js';
import { FIRST_RETRY_MS } from '../../src/queue/backoff.js';
import { MessageComposer } from '../../src/delivery/compose.js';
import { DeliveryPipeline } from '../../src/delivery/pipeline.js';
import { claimDueJobs } from '../../src/delivery/queue.js';
import type { Envelope, SendOutcome, Transport } from '../../src/delivery/transports/transport.js';
import type { MessageRow } from '../../src/features/notify/messages/messages.table.js';
import { recordFeedback } from '../../src/features/notify/suppressions/suppressions.service.js';
import { withRecipients } from '../../src/features/notify/events/events.service.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

/** Answers each envelope with the outcome chosen for its address (default: delivered), and keeps what it was given. */
class ScriptedTransport implements Transport {
  readonly name = 'scripted';
  readonly handed: { envelope: Envelope; raw: string }[] = [];
  private readonly script = new Map<string, SendOutcome | Error>();

  answer(email: string, outcome: SendOutcome | Error): void {
    this.script.set(email.toLowerCase(), outcome);
  }

  async send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    this.handed.push({ envelope, raw });
    const outcome = this.script.get(envelope.to.toLowerCase()) ?? { kind: 'delivered', response: '250 2.0.0 OK queued' };
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  handedTo(email: string): number {
    return this.handed.filter((h) => h.envelope.to.toLowerCase() === email.toLowerCase()).length;
  }

  async close(): Promise<void> {}
}

const MAX_RETRY_AGE_SECONDS = 3600;

for (const dialect of DIALECTS) {
  describe(`delivery pipeline [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let db: Db;
    let d: Dialect;
    let transport: ScriptedTransport;
    let pipeline: DeliveryPipeline<MessageRow>;

    before(async () => {
      // No runtime worker: each test runs the pipeline over what is due, to completion.
      app = await startTestApp(dialect);
      account = await app.signUp();
      db = app.runtime.services.handle.db;
      d = app.runtime.services.handle.dialect;
      transport = new ScriptedTransport();
      pipeline = new DeliveryPipeline(
        db,
        app.runtime.services.deliveryStore,
        transport,
        new MessageComposer(),
        { bounceDomain: 'bounces.example.com', maxRetryAgeSeconds: MAX_RETRY_AGE_SECONDS },
        app.runtime.logger,
      );
    });
    after(async () => {
      await pipeline.drain();
      await app.close();
    });

    /** What one worker iteration does: claim what is due, run every delivery, wait for the outcomes to commit. */
    async function deliverDue(): Promise<number> {
      const jobs = await claimDueJobs(db, d, { holder: 'pipeline-test', limit: 1000, leaseMs: 60_000 });
      const tasks = await pipeline.loadBatch(jobs);
      const deliveries = await Promise.all(tasks.map((task) => task()));
      await Promise.all(deliveries.map((d) => d.recorded));
      return jobs.length;
    }

    async function send(to: string[], subject = 'Hello') {
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { email: account.email }, to: to.map((email) => ({ email })), subject, htmlContent: `<p>${subject}</p>` },
      });
      return expectEnvelope(response, 200).resultObject as { id: string; recipients: { id: string; email: string }[] };
    }

    const recipient = (id: string) => db.selectFrom('message_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const jobOf = (recipientId: string) => db.selectFrom('delivery_jobs').selectAll().where('recipient_id', '=', recipientId).executeTakeFirst();
    // As the API shows them: a message with one recipient stores its events without it (events.store.ts insertEvents).
    const eventsOf = async (recipientId: string) => {
      const { message_id } = await recipient(recipientId);
      const stored = await db.selectFrom('events').selectAll().where('message_id', '=', message_id).orderBy('id').execute();
      return (await withRecipients(db, stored)).filter((e) => e.recipient_id === recipientId);
    };
    const suppressionsOf = (email: string) =>
      db
        .selectFrom('suppressions')
        .selectAll()
        .where('account_id', '=', account.accountId)
        .where('email_normalized', '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .execute();
    const suppressionViaApi = (email: string) =>
      app.request({ method: 'GET', url: `/notify/v1/suppressions/${encodeURIComponent(email)}`, token: account.token });

    describe('handToTransport and recordOutcome: delivered', () => {
      it('a 2xx ends `delivered`: sent time, the reply, the job gone, a `delivered` event with the reply and attempt', async () => {
        const sent = await send(['ok@example.net']);
        assert.equal(await deliverDue(), 1);
        const [r] = sent.recipients;
        const row = await recipient(r!.id);
        assert.equal(row.state, 'delivered');
        assert.equal(row.attempts, 1);
        assert.equal(row.last_response, '250 2.0.0 OK queued');
        assert.equal(row.sent_at, row.updated_at);
        assert.equal(await jobOf(r!.id), undefined);
        const events = await eventsOf(r!.id);
        assert.deepEqual(
          events.map((e) => e.type),
          ['accepted', 'delivered'],
        );
        assert.deepEqual(JSON.parse(events[1]!.details), { response: '250 2.0.0 OK queued', attempt: 1 });
        assert.equal(events[1]!.created_at, row.updated_at);
        assert.equal(events[1]!.account_id, account.accountId);
        assert.equal(events[1]!.message_id, sent.id);
        assert.equal(events[1]!.email, 'ok@example.net');
        // Stored without what the message's one recipient row holds: its id, address and last_response.
        assert.deepEqual(
          await db.selectFrom('events').select(['type', 'recipient_id', 'email', 'details']).where('message_id', '=', sent.id).orderBy('id').execute(),
          [
            { type: 'accepted', recipient_id: null, email: null, details: '{}' },
            { type: 'delivered', recipient_id: null, email: null, details: '{"attempt":1}' },
          ],
        );
        const handed = transport.handed.find((h) => h.envelope.recipientId === r!.id)!;
        assert.equal(handed.envelope.from, `bounces+${r!.id}@bounces.example.com`, 'VERP return path');
        assert.deepEqual(await suppressionsOf('ok@example.net'), []);
      });
    });

    describe('recordOutcome: bounced', () => {
      it('a 5xx ends `bounced`, drops the job, writes a `bounced` event and suppresses the address (hard_bounce)', async () => {
        transport.answer('gone@example.net', { kind: 'bounced', response: '550 5.1.1 <gone@example.net>: user unknown' });
        const sent = await send(['gone@example.net', 'fine@example.net']);
        await deliverDue();
        const [gone, fine] = sent.recipients;
        const row = await recipient(gone!.id);
        assert.equal(row.state, 'bounced');
        assert.equal(row.attempts, 1);
        assert.equal(row.sent_at, null);
        assert.equal(row.last_response, '550 5.1.1 <gone@example.net>: user unknown');
        assert.equal(await jobOf(gone!.id), undefined);
        const events = await eventsOf(gone!.id);
        assert.deepEqual(
          events.map((e) => e.type),
          ['accepted', 'bounced'],
        );
        assert.deepEqual(JSON.parse(events[1]!.details), { response: '550 5.1.1 <gone@example.net>: user unknown', attempt: 1 });

        const suppression = expectEnvelope(await suppressionViaApi('gone@example.net'), 200).resultObject;
        assert.equal(suppression.reason, 'hard_bounce');
        assert.equal(suppression.createUserId, '', 'suppressed by the system, not a user');
        assert.deepEqual(suppression.details, { response: '550 5.1.1 <gone@example.net>: user unknown', messageId: sent.id, recipientId: gone!.id });
        assert.equal((await recipient(fine!.id)).state, 'delivered', 'the other recipient is unaffected');
        assert.deepEqual(await suppressionsOf('fine@example.net'), []);
        // A message with two recipients names each in its events, as stored.
        const stored = await db
          .selectFrom('events')
          .select(['recipient_id', 'email', 'details'])
          .where('message_id', '=', sent.id)
          .where('type', '=', 'delivered')
          .execute();
        assert.deepEqual(stored, [
          { recipient_id: fine!.id, email: 'fine@example.net', details: JSON.stringify({ response: (await recipient(fine!.id)).last_response, attempt: 1 }) },
        ]);
      });

      it('bounces of one address in the same batch suppress it once, and the batch still commits', async () => {
        transport.answer('twice@example.net', { kind: 'bounced', response: '550 5.1.1 no such mailbox' });
        const first = await send(['twice@example.net'], 'One');
        const second = await send(['TWICE@example.net'], 'Two');
        assert.equal(await deliverDue(), 2);
        for (const s of [first, second]) {
          assert.equal((await recipient(s.recipients[0]!.id)).state, 'bounced');
          assert.deepEqual(
            (await eventsOf(s.recipients[0]!.id)).map((e) => e.type),
            ['accepted', 'bounced'],
          );
        }
        assert.equal((await suppressionsOf('twice@example.net')).length, 1);
      });
    });

    describe('checkSuppression', () => {
      it('an address suppressed by an earlier bounce is not handed to the transport: `suppressed`, event, job done', async () => {
        transport.answer('hard@example.net', { kind: 'bounced', response: '550 5.1.1 unknown user' });
        await send(['hard@example.net'], 'First');
        await deliverDue();
        const handedBefore = transport.handedTo('hard@example.net');
        assert.equal(handedBefore, 1);

        const later = await send(['Hard@Example.net', 'other@example.net'], 'Second');
        await deliverDue();
        assert.equal(transport.handedTo('hard@example.net'), handedBefore, 'not attempted again');
        const [hard, other] = later.recipients;
        const row = await recipient(hard!.id);
        assert.equal(row.state, 'suppressed');
        assert.equal(row.attempts, 0);
        assert.equal(row.sent_at, null);
        assert.match(row.last_response!, /^not attempted: Hard@Example\.net is on the suppression list \(hard_bounce\)$/);
        assert.equal(await jobOf(hard!.id), undefined);
        const events = await eventsOf(hard!.id);
        assert.deepEqual(
          events.map((e) => e.type),
          ['accepted', 'suppressed'],
        );
        assert.deepEqual(JSON.parse(events[1]!.details), { response: row.last_response, reason: 'hard_bounce' });
        assert.equal((await recipient(other!.id)).state, 'delivered');
      });

      it('a recipient suppressed after a deferral keeps the attempts it made', async () => {
        transport.answer('flaky@example.net', { kind: 'deferred', response: '421 4.7.0 try again later' });
        const sent = await send(['flaky@example.net']);
        await deliverDue();
        const [r] = sent.recipients;
        assert.equal((await recipient(r!.id)).state, 'deferred');
        expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: account.token, body: { email: 'flaky@example.net' } }), 201);
        await db.updateTable('delivery_jobs').set({ run_at: Date.now() }).where('recipient_id', '=', r!.id).execute();
        const handed = transport.handedTo('flaky@example.net');
        await deliverDue();
        assert.equal(transport.handedTo('flaky@example.net'), handed);
        const row = await recipient(r!.id);
        assert.equal(row.state, 'suppressed');
        assert.equal(row.attempts, 1);
        assert.deepEqual(
          (await eventsOf(r!.id)).map((e) => e.type),
          ['accepted', 'deferred', 'suppressed'],
        );
        assert.equal(await jobOf(r!.id), undefined);
      });
    });

    describe('recordOutcome: deferred', () => {
      it('a 4xx ends `deferred`: the job is rescheduled with backoff and released, a `deferred` event, no suppression', async () => {
        transport.answer('busy@example.net', { kind: 'deferred', response: '451 4.3.0 mailbox busy' });
        const sent = await send(['busy@example.net']);
        await deliverDue();
        const [r] = sent.recipients;
        const row = await recipient(r!.id);
        assert.equal(row.state, 'deferred');
        assert.equal(row.attempts, 1);
        assert.equal(row.last_response, '451 4.3.0 mailbox busy');
        assert.equal(row.sent_at, null);
        const job = await jobOf(r!.id);
        assert.ok(job, 'the job stays');
        assert.equal(job.locked_by, null);
        assert.equal(job.locked_until, null);
        assert.equal(job.last_error, '451 4.3.0 mailbox busy');
        // First retry: one minute ±20 % after the outcome was recorded.
        assert.ok(
          job.run_at >= row.updated_at + FIRST_RETRY_MS * 0.8 && job.run_at <= row.updated_at + FIRST_RETRY_MS * 1.2,
          `run_at ${job.run_at - row.updated_at} ms after the outcome`,
        );
        assert.equal(await deliverDue(), 0, 'not due again yet');
        const events = await eventsOf(r!.id);
        assert.deepEqual(
          events.map((e) => e.type),
          ['accepted', 'deferred'],
        );
        assert.deepEqual(JSON.parse(events[1]!.details), { response: '451 4.3.0 mailbox busy', attempt: 1 });
        assert.deepEqual(await suppressionsOf('busy@example.net'), []);

        // The retry, once due, is the second attempt; this time the server takes it.
        transport.answer('busy@example.net', { kind: 'delivered', response: '250 ok' });
        await db.updateTable('delivery_jobs').set({ run_at: Date.now() }).where('recipient_id', '=', r!.id).execute();
        assert.equal(await deliverDue(), 1);
        const done = await recipient(r!.id);
        assert.equal(done.state, 'delivered');
        assert.equal(done.attempts, 2);
        const timeline = await eventsOf(r!.id);
        assert.deepEqual(
          timeline.map((e) => e.type),
          ['accepted', 'deferred', 'delivered'],
        );
        assert.equal(JSON.parse(timeline[2]!.details).attempt, 2);
        assert.equal(await jobOf(r!.id), undefined);
      });

      it('a step that throws defers the recipient instead of dropping it', async () => {
        transport.answer('broken@example.net', new Error('socket hang up'));
        const sent = await send(['broken@example.net']);
        await deliverDue();
        const row = await recipient(sent.recipients[0]!.id);
        assert.equal(row.state, 'deferred');
        assert.equal(row.last_response, 'internal error: socket hang up');
        assert.ok(await jobOf(row.id));
        assert.deepEqual(
          (await eventsOf(row.id)).map((e) => e.type),
          ['accepted', 'deferred'],
        );
      });
    });

    describe('recordOutcome: retry age', () => {
      it(`a deferral of a message accepted more than MAX_RETRY_AGE_SECONDS ago ends \`bounced\` (expired), without suppressing`, async () => {
        transport.answer('down@example.net', { kind: 'deferred', response: '421 4.4.2 connection timed out' });
        const sent = await send(['down@example.net']);
        const [r] = sent.recipients;
        await deliverDue();
        assert.equal((await recipient(r!.id)).state, 'deferred', 'a young message is retried');

        // The message was accepted long ago (as if its retries had gone on for that long).
        await db
          .updateTable('messages')
          .set({ created_at: Date.now() - (MAX_RETRY_AGE_SECONDS + 60) * 1000 })
          .where('id', '=', sent.id)
          .execute();
        await db.updateTable('delivery_jobs').set({ run_at: Date.now() }).where('recipient_id', '=', r!.id).execute();
        assert.equal(await deliverDue(), 1);
        const row = await recipient(r!.id);
        assert.equal(row.state, 'bounced');
        assert.equal(row.attempts, 2);
        assert.match(row.last_response!, /^expired after 2 attempts .*; last response: 421 4\.4\.2 connection timed out$/);
        assert.equal(await jobOf(r!.id), undefined, 'no more retries');
        const events = await eventsOf(r!.id);
        assert.deepEqual(
          events.map((e) => e.type),
          ['accepted', 'deferred', 'bounced'],
        );
        assert.deepEqual(JSON.parse(events[2]!.details), { response: row.last_response, attempt: 2, expired: true });
        // The address is not known to be bad: a later message to it is attempted.
        assert.deepEqual(await suppressionsOf('down@example.net'), []);
        expectEnvelope(await suppressionViaApi('down@example.net'), 404);
      });

      it('an old message whose delivery succeeds is delivered, not expired', async () => {
        const sent = await send(['late-but-fine@example.net']);
        await db
          .updateTable('messages')
          .set({ created_at: Date.now() - (MAX_RETRY_AGE_SECONDS + 60) * 1000 })
          .where('id', '=', sent.id)
          .execute();
        await deliverDue();
        assert.equal((await recipient(sent.recipients[0]!.id)).state, 'delivered');
      });
    });

    describe('recordFeedback', () => {
      it('a complaint writes a `complained` event and suppresses the address (complaint); the state stays', async () => {
        const sent = await send(['annoyed@example.net']);
        await deliverDue();
        const [r] = sent.recipients;
        const result = await recordFeedback(db, app.runtime.services.eventLog, {
          at: Date.now(),
          recipientId: r!.id,
          type: 'complained',
          details: { feedbackType: 'abuse', userAgent: 'ExampleISP FBL' },
        });
        assert.ok(result);
        assert.equal(result.accountId, account.accountId);
        assert.equal(result.messageId, sent.id);
        assert.equal(result.email, 'annoyed@example.net');
        assert.equal(result.suppressed, true);
        assert.equal((await recipient(r!.id)).state, 'delivered', 'a complaint does not change the delivery state');

        const message = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: account.token }), 200).resultObject;
        const timeline = message.recipients[0].events;
        assert.deepEqual(
          timeline.map((e: any) => e.type),
          ['accepted', 'delivered', 'complained'],
        );
        assert.equal(timeline[2].id, result.eventId);
        assert.deepEqual(timeline[2].details, { feedbackType: 'abuse', userAgent: 'ExampleISP FBL' });

        const suppression = expectEnvelope(await suppressionViaApi('annoyed@example.net'), 200).resultObject;
        assert.equal(suppression.reason, 'complaint');
        assert.equal(suppression.details.feedbackType, 'abuse');
        assert.equal(suppression.details.recipientId, r!.id);

        // And the next message to the address is not attempted.
        const next = await send(['annoyed@example.net']);
        await deliverDue();
        assert.equal((await recipient(next.recipients[0]!.id)).state, 'suppressed');
        assert.equal(transport.handedTo('annoyed@example.net'), 1);

        const again = await recordFeedback(db, app.runtime.services.eventLog, { at: Date.now(), recipientId: r!.id, type: 'complained' });
        assert.equal(again!.suppressed, false, 'already on the list');
        assert.equal((await suppressionsOf('annoyed@example.net')).length, 1);
      });

      it('an asynchronous bounce turns a delivered recipient `bounced` and suppresses the address (hard_bounce)', async () => {
        const sent = await send(['later-bounce@example.net']);
        await deliverDue();
        const [r] = sent.recipients;
        const delivered = await recipient(r!.id);
        const result = await recordFeedback(db, app.runtime.services.eventLog, {
          at: Date.now(),
          recipientId: r!.id,
          type: 'bounced',
          details: { response: '550 5.2.1 mailbox disabled', status: '5.2.1' },
        });
        assert.equal(result!.suppressed, true);
        const row = await recipient(r!.id);
        assert.equal(row.state, 'bounced');
        assert.equal(row.last_response, '550 5.2.1 mailbox disabled');
        assert.equal(row.sent_at, delivered.sent_at, 'when it was handed over stays known');
        assert.equal(row.attempts, delivered.attempts);
        const events = await eventsOf(r!.id);
        assert.deepEqual(
          events.map((e) => e.type),
          ['accepted', 'delivered', 'bounced'],
        );
        // The delivery's event read its reply from last_response: it took it in before the bounce replaced it.
        assert.deepEqual(JSON.parse(events[1]!.details), { response: delivered.last_response, attempt: 1 });
        assert.equal(JSON.parse(events[2]!.details).response, '550 5.2.1 mailbox disabled');
        assert.equal((await suppressionsOf('later-bounce@example.net'))[0]!.reason, 'hard_bounce');
      });

      it('a bounce report for a recipient still queued stops its delivery', async () => {
        const sent = await send(['never-sent@example.net']);
        const [r] = sent.recipients;
        await recordFeedback(db, app.runtime.services.eventLog, { at: Date.now(), recipientId: r!.id, type: 'bounced' });
        await deliverDue();
        assert.equal(transport.handedTo('never-sent@example.net'), 0);
        const row = await recipient(r!.id);
        assert.equal(row.state, 'bounced');
        assert.equal(await jobOf(r!.id), undefined);
      });

      it('an unknown recipient is answered with undefined and changes nothing', async () => {
        const before = await db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(
          await recordFeedback(db, app.runtime.services.eventLog, { at: Date.now(), recipientId: '000000000000000000000000', type: 'complained' }),
          undefined,
        );
        const afterCount = await db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(afterCount.n), Number(before.n));
      });
    });
  });
}

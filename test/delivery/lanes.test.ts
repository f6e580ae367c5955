/**
 * Priority lanes of the delivery queue (src/delivery/queue.ts, "Lanes"): transactional
 * mail is claimed before any bulk mail, bulk mail is served account by account, the
 * claims stay index range scans with a large bulk backlog, and a transactional send
 * jumps the bulk work a worker has already claimed (at a real SMTP server). Bulk work is queued the
 * way campaigns will queue it, through enqueueMessages; the order of delivery is what
 * a transport of the test's own records, one delivery at a time.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../../src/db/database.js';
import { insertRows } from '../../src/db/group-commit.js';
import { MessageComposer } from '../../src/delivery/compose.js';
import { enqueueMessages } from '../../src/delivery/enqueue.js';
import { DeliveryPipeline } from '../../src/delivery/pipeline.js';
import { deliveryQueue, LANES } from '../../src/delivery/queue.js';
import type { Envelope, SendOutcome, Transport } from '../../src/delivery/transports/transport.js';
import { Worker } from '../../src/delivery/worker.js';
import { WorkSignal } from '../../src/delivery/work-signal.js';
import { newId } from '../../src/lib/ids.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';

const BACKLOG = 20_000;

/** One transactional message to `email`, sent through the API. */
async function sendOne(app: TestApp, account: TestAccount, email: string): Promise<{ id: string; recipients: { id: string }[] }> {
  return expectEnvelope(
    await app.request({
      method: 'POST',
      url: '/notify/v1/send',
      token: account.token,
      body: { from: { email: account.email }, to: [{ email }], subject: 'Lanes', htmlContent: '<p>lanes</p>' },
    }),
    200,
  ).resultObject;
}

/**
 * `count` one-recipient messages of `account` (to bulk0@, bulk1@, …), copied from one sent
 * through the API, queued as bulk work in one transaction; `runAt` orders them against
 * other accounts' work. The copies start afresh (queued, never composed), whatever became
 * of the model meanwhile in an app whose worker runs.
 */
async function queueBulkOf(app: TestApp, account: TestAccount, count: number, runAt: number): Promise<void> {
  const db = app.runtime.services.handle.db;
  const model = await sendOne(app, account, 'model@example.net');
  await db.deleteFrom('delivery_jobs').where('message_id', '=', model.id).execute();
  const message = await db.selectFrom('messages').selectAll().where('id', '=', model.id).executeTakeFirstOrThrow();
  const recipient = await db.selectFrom('message_recipients').selectAll().where('message_id', '=', model.id).executeTakeFirstOrThrow();
  const messages = Array.from({ length: count }, () => ({ ...message, id: newId(), message_id_header: `<${newId()}@example.com>`, mime: null }));
  const recipients = messages.map((m, i) => ({
    ...recipient,
    id: newId(),
    message_id: m.id,
    email: `bulk${i}@example.net`,
    state: 'queued' as const,
    mime: null,
    attempts: 0,
    last_response: null,
    sent_at: null,
  }));
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'messages', messages);
    await insertRows(trx, 'message_recipients', recipients);
    await enqueueMessages(
      trx,
      recipients.map((r) => ({ recipientId: r.id, messageId: r.message_id, accountId: r.account_id, runAt, priority: 'bulk' })),
      Date.now(),
    );
  });
}

/** Records who was delivered to, in order. */
class RecordingTransport implements Transport {
  readonly name = 'recording';
  readonly delivered: Envelope[] = [];
  async send(envelope: Envelope): Promise<SendOutcome> {
    this.delivered.push(envelope);
    return { kind: 'delivered', response: '250 recorded' };
  }
  async close(): Promise<void> {}
}

for (const dialect of DIALECTS) {
  describe(`delivery lanes [${dialect}]`, () => {
    let app: TestApp;
    let db: Db;
    let d: Dialect;
    let first: TestAccount;
    let second: TestAccount;

    const send = (account: TestAccount, email: string) => sendOne(app, account, email);
    const queueBulk = (account: TestAccount, count: number, runAt: number) => queueBulkOf(app, account, count, runAt);

    /** A worker delivering one message at a time, `batchSize` claimed at once. */
    const recordingWorker = (batchSize: number) => {
      const { handle } = app.runtime.services;
      const transport = new RecordingTransport();
      const pipeline = new DeliveryPipeline(
        handle.db,
        app.runtime.services.deliveryStore,
        transport,
        new MessageComposer(),
        { bounceDomain: undefined, concurrency: 1 },
        app.runtime.logger,
      );
      const worker = new Worker(handle, pipeline, new WorkSignal(), { batchSize, leaseMs: 60_000, pollMs: 20, concurrency: 1 }, app.runtime.logger);
      return { worker, transport };
    };

    before(async () => {
      app = await startTestApp(dialect);
      db = app.runtime.services.handle.db;
      d = app.runtime.services.handle.dialect;
      first = await app.signUp();
      second = await app.signUp();
    });
    after(() => app.close());
    beforeEach(async () => {
      await db.deleteFrom('delivery_jobs').execute();
    });

    it(`a transactional send is delivered before ${BACKLOG.toLocaleString('en')} bulk jobs queued earlier`, async () => {
      await queueBulk(first, BACKLOG, Date.now() - 60_000);
      const urgent = await send(first, 'reset-password@example.net');
      const { worker, transport } = recordingWorker(10);
      worker.start();
      try {
        await eventually(async () => (transport.delivered.length >= 5 ? true : undefined), 30_000, 'the first deliveries');
      } finally {
        await worker.stop();
      }
      assert.equal(transport.delivered[0]!.recipientId, urgent.recipients[0]!.id, 'the transactional message went first');
      assert.ok(transport.delivered.slice(1).every((e) => e.recipientId !== urgent.recipients[0]!.id));
    });

    it('the claims read their partial indexes, not the whole backlog', async (t) => {
      await queueBulk(first, BACKLOG, Date.now() - 60_000);
      if (d === 'postgres') await db.executeQuery(CompiledQuery.raw('analyze delivery_jobs'));
      const planOf = async (lane: object): Promise<string> => {
        const statement = deliveryQueue.claimStatement(db, d, { holder: 'plan', limit: 10, leaseMs: 1_000, ...lane }).compile();
        const explain = d === 'postgres' ? 'explain ' : 'explain query plan ';
        const rows = (await db.executeQuery(CompiledQuery.raw(explain + statement.sql, [...statement.parameters]))).rows as Record<string, unknown>[];
        return rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).join('\n');
      };
      const transactional = await planOf(LANES.transactional);
      const bulk = await planOf(LANES.bulk(''));
      t.diagnostic(`transactional lane:\n${transactional}\nbulk lane:\n${bulk}`);
      assert.match(transactional, /delivery_jobs_transactional_due/, `transactional lane plan:\n${transactional}`);
      assert.match(bulk, /delivery_jobs_bulk_due/, `bulk lane plan:\n${bulk}`);
      assert.doesNotMatch(bulk, /TEMP B-TREE|Sort/i, `the bulk lane reads the index in order, without sorting the backlog:\n${bulk}`);
    });

    it("one account's bulk backlog does not starve another's: their deliveries interleave", async () => {
      // The first account's work is older: oldest-first alone would deliver all of it first.
      await queueBulk(first, 100, Date.now() - 60_000);
      await queueBulk(second, 100, Date.now() - 30_000);
      const { worker, transport } = recordingWorker(10);
      worker.start();
      try {
        await eventually(async () => (transport.delivered.length >= 40 ? true : undefined), 30_000, '40 deliveries');
      } finally {
        await worker.stop();
      }
      const accounts = transport.delivered.slice(0, 40).map((e) => e.accountId);
      const ofFirst = accounts.filter((a) => a === first.accountId).length;
      assert.ok(ofFirst >= 15 && ofFirst <= 25, `the first 40 deliveries: ${ofFirst} of the first account, ${40 - ofFirst} of the second`);
      const turns = accounts.filter((a, i) => i > 0 && a !== accounts[i - 1]).length;
      assert.ok(turns >= 3, `the accounts take turns (${turns} changes in 40 deliveries)`);
    });
  });

  /**
   * The worker of `postwire start` relaying to a real SMTP server, claiming BUFFERED jobs at
   * once: a claim of bulk work fills its buffer with thousands of them, and a transactional
   * send made meanwhile jumps that buffer (worker.ts, "Transactional work jumps the buffer").
   */
  describe(`a transactional send while thousands of bulk jobs are buffered [${dialect}]`, () => {
    const BUFFERED = 2_000;
    let relayed: RelayedTestApp;
    let account: TestAccount;

    before(async () => {
      relayed = await startRelayedTestApp(dialect, { workerBatchSize: BUFFERED, workerConcurrency: 4 });
      account = await relayed.app.signUp();
    });
    after(() => relayed?.close());

    it('reaches the relay before the buffer drains, and bulk goes on after it', async (t) => {
      const { app, sink } = relayed;
      const db = app.runtime.services.handle.db;
      const order = () => sink.messages.map((m) => m.rcptTo[0]!);
      const bulkDelivered = () => order().filter((to) => to.startsWith('bulk')).length;
      await queueBulkOf(app, account, BUFFERED + 1_000, Date.now() - 60_000);
      // The worker's next poll claims BUFFERED of them into its buffer; send once it delivers from it.
      await eventually(async () => (bulkDelivered() >= 20 ? true : undefined), 60_000, 'the first bulk deliveries');
      const leased = await db
        .selectFrom('delivery_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('locked_by', 'is not', null)
        .executeTakeFirstOrThrow();
      assert.ok(Number(leased.n) >= 1_000, `thousands of bulk jobs claimed and not yet delivered (${leased.n})`);

      await sendOne(app, account, 'reset-password@example.net');
      await eventually(async () => (order().includes('reset-password@example.net') ? true : undefined), 60_000, 'the transactional delivery');
      const ahead = order()
        .slice(0, order().indexOf('reset-password@example.net'))
        .filter((to) => to.startsWith('bulk')).length;
      t.diagnostic(`${ahead} bulk messages reached the relay before the transactional one; ${leased.n} were claimed when it was sent`);
      // Behind the buffer it would have come after all BUFFERED of them (less the few in flight).
      assert.ok(ahead < BUFFERED / 2, `${ahead} bulk messages reached the relay before the transactional one`);
      await eventually(async () => (bulkDelivered() >= ahead + 50 ? true : undefined), 60_000, 'bulk deliveries after it');
    });
  });
}

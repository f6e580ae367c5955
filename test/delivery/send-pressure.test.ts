/**
 * Acceptance first (src/delivery/send-pressure.ts): the meter of accepted sends that says when
 * the API is pressed, and the worker that keeps one delivery in flight while it is, started at
 * most one per GIVE_WAY_START_MS, on a real database with a capture transport that holds every
 * hand-over a while, so that what is in flight at once can be counted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../src/db/database.js';
import { SendPressure } from '../../src/delivery/send-pressure.js';
import { MessageComposer } from '../../src/delivery/compose.js';
import { DeliveryPipeline } from '../../src/delivery/pipeline.js';
import { CaptureTransport } from '../../src/delivery/transports/capture.js';
import type { Envelope, SendOutcome, Transport } from '../../src/delivery/transports/transport.js';
import { GIVE_WAY_START_MS, Worker } from '../../src/delivery/worker.js';
import { WorkSignal } from '../../src/delivery/work-signal.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

describe('SendPressure: the rate of accepted messages that makes the worker give way', () => {
  const accept = (pressure: SendPressure, n: number) => {
    for (let i = 0; i < n; i++) pressure.messageAccepted();
  };

  it('is pressed once a window of at least 100 ms saw the rate, and no longer once a window did not', () => {
    const pressure = new SendPressure(100, 0);
    assert.equal(pressure.pressed(50), false, 'nothing accepted yet');
    accept(pressure, 14);
    // 14 messages over the 150 ms since the window started: 93 per second, under 100.
    assert.equal(pressure.pressed(150), false);
    accept(pressure, 11);
    // 11 over the next 100 ms: 110 per second.
    assert.equal(pressure.pressed(250), true);
    accept(pressure, 50);
    assert.equal(pressure.pressed(300), true, 'within a window the last answer holds');
    // The window 250 → 400 saw those 50 (333 per second); the next one nothing.
    assert.equal(pressure.pressed(400), true);
    assert.equal(pressure.pressed(520), false);
  });

  it('a window that began long ago averages over its whole length', () => {
    const pressure = new SendPressure(100, 0);
    accept(pressure, 150);
    // 150 messages, all in the last moment of a 10 s window: 15 per second on average.
    assert.equal(pressure.pressed(10_000), false);
    accept(pressure, 20);
    assert.equal(pressure.pressed(10_100), true, 'the next window sees the load');
  });

  it('with a rate of 0 it is never pressed', () => {
    const pressure = new SendPressure(0, 0);
    accept(pressure, 10_000);
    assert.equal(pressure.pressed(100), false);
    assert.equal(pressure.pressed(200), false);
  });
});

/** The capture inbox, holding every hand-over `holdMs` and counting how many are in flight at once. */
class HoldingTransport implements Transport {
  readonly name = 'capture';
  inFlight = 0;
  /** The most in flight at once while `phase` was each value. */
  readonly maxInFlight = new Map<string, number>();
  phase = 'start';
  handedOver = 0;
  /** performance.now() at the last hand-over. */
  lastHandoverAt = 0;

  constructor(
    private readonly inner: CaptureTransport,
    private readonly holdMs: number,
  ) {}

  async send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    this.inFlight++;
    this.handedOver++;
    this.lastHandoverAt = performance.now();
    this.maxInFlight.set(this.phase, Math.max(this.maxInFlight.get(this.phase) ?? 0, this.inFlight));
    try {
      await sleep(this.holdMs);
      return await this.inner.send(envelope, raw);
    } finally {
      this.inFlight--;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

for (const dialect of DIALECTS) {
  describe(`the worker gives way to a pressed API [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let db: Db;

    before(async () => {
      // No runtime worker: each test runs its own, with its own notion of pressure.
      app = await startTestApp(dialect);
      account = await app.signUp();
      db = app.runtime.services.handle.db;
    });
    after(() => app.close());

    async function sendTo(count: number, subject: string): Promise<{ id: string; recipients: { id: string }[] }> {
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: {
          from: { email: account.email },
          to: Array.from({ length: count }, (_, i) => ({ email: `r${i}.${subject.replace(/\W/g, '')}@example.net` })),
          subject,
          htmlContent: `<p>${subject}</p>`,
        },
      });
      return expectEnvelope(response, 200).resultObject;
    }

    function workerWith(giveWay: () => boolean, holdMs: number, batchSize = 50) {
      const { handle } = app.runtime.services;
      const transport = new HoldingTransport(new CaptureTransport(handle.db), holdMs);
      const worker = new Worker(
        handle,
        new DeliveryPipeline(
          handle.db,
          app.runtime.services.deliveryStore,
          transport,
          new MessageComposer(),
          { bounceDomain: undefined, concurrency: 4 },
          app.runtime.logger,
        ),
        new WorkSignal(),
        { batchSize, leaseMs: 60_000, pollMs: 20, concurrency: 4, giveWay },
        app.runtime.logger,
      );
      return { worker, transport };
    }

    const states = async (messageId: string) =>
      (await db.selectFrom('message_recipients').select('state').where('message_id', '=', messageId).execute()).map((r) => r.state);
    /** Runs the worker until every recipient of the message is sent (after `meanwhile`, if given), then stops it. */
    async function runUntilAllSent({ worker, transport }: ReturnType<typeof workerWith>, messageId: string, meanwhile?: () => Promise<void>) {
      worker.start();
      try {
        await meanwhile?.();
        await eventually(async () => ((await states(messageId)).every((s) => s === 'sent') ? true : undefined), 20_000, 'every recipient sent');
      } finally {
        await worker.stop();
        await transport.close();
      }
    }
    const capturedCount = async (messageId: string) =>
      (await db.selectFrom('captured_emails').select('id').where('message_id', '=', messageId).execute()).length;

    it('while pressed, one delivery is in flight at a time, started at most one per GIVE_WAY_START_MS, and every recipient is still delivered once', async () => {
      const sent = await sendTo(10, 'Pressed throughout');
      // Batches of 4: the lanes that give way must not hold up the next batch once the first lane has finished one.
      const running = workerWith(() => true, 20, 4);
      const startedAt = performance.now();
      await runUntilAllSent(running, sent.id);
      assert.equal(running.transport.maxInFlight.get('start'), 1, 'never more than one delivery in flight');
      // Deliveries start at least GIVE_WAY_START_MS apart, and each hands over after it starts:
      // the tenth hand-over comes at least nine intervals after the worker started.
      const took = running.transport.lastHandoverAt - startedAt;
      assert.ok(took >= 9 * GIVE_WAY_START_MS, `10 deliveries handed over within ${took.toFixed(0)} ms of the start`);
      assert.equal(await capturedCount(sent.id), 10, 'each recipient captured once');
    });

    it('not pressed, it keeps its full concurrency in flight', async () => {
      const sent = await sendTo(12, 'Never pressed');
      const running = workerWith(() => false, 100);
      await runUntilAllSent(running, sent.id);
      assert.equal(running.transport.maxInFlight.get('start'), 4, 'WORKER_CONCURRENCY deliveries in flight at once');
      assert.equal(await capturedCount(sent.id), 12);
    });

    it('takes its full concurrency back once the pressure is over', async () => {
      const sent = await sendTo(16, 'Pressure ends');
      let pressed = true;
      // Any hold longer than the worker's 20 ms check, so that lanes find deliveries left to start.
      const running = workerWith(() => pressed, 60);
      const { transport } = running;
      await runUntilAllSent(running, sent.id, async () => {
        await eventually(async () => (transport.handedOver >= 3 ? true : undefined), 20_000, 'three deliveries under pressure');
        transport.phase = 'after';
        pressed = false;
      });
      assert.equal(transport.maxInFlight.get('start'), 1, 'one at a time while pressed');
      assert.equal(transport.maxInFlight.get('after'), 4, 'all lanes once the pressure is over');
      assert.equal(await capturedCount(sent.id), 16);
    });

    it('stops promptly while giving way, giving back the jobs it did not start', async () => {
      const sent = await sendTo(20, 'Stop while pressed');
      const { worker, transport } = workerWith(() => true, 50);
      worker.start();
      await eventually(async () => (transport.handedOver >= 2 ? true : undefined), 20_000, 'deliveries under way');
      await worker.stop();
      await transport.close();
      const jobs = await db.selectFrom('delivery_jobs').select(['locked_by']).where('message_id', '=', sent.id).execute();
      const sentStates = (await states(sent.id)).filter((s) => s === 'sent').length;
      assert.ok(jobs.length > 0, 'some recipients were left for later');
      assert.equal(jobs.length + sentStates, 20, 'every recipient is either sent or still queued');
      assert.ok(
        jobs.every((j) => j.locked_by === null),
        'the unstarted jobs were released, not left under a lease',
      );
      assert.equal(await capturedCount(sent.id), sentStates, 'what was handed over is recorded');
    });
  });
}

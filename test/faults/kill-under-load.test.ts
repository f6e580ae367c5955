/**
 * Fault: `postwire start` is killed with SIGKILL while it accepts sends and delivers to a
 * slow relay, then started again on the same database.
 *
 * What must hold: every send answered 200 is delivered (the answer comes only after the
 * commit, and a claimed row whose worker died is claimed again once its lease runs out).
 * A message may reach the relay twice: one handed over but not yet recorded when the
 * process died is handed over again. Only those can repeat, and each of a worker's
 * WORKER_CONCURRENCY lanes has at most WORKER_UNRECORDED_PER_LANE: one at the transport and
 * the earlier ones' outcomes waiting for their commit (src/delivery/worker.ts), so
 * WORKER_UNRECORDED_PER_LANE × WORKER_CONCURRENCY bounds the repeats.
 * Sends that got no answer because of the kill may or may not have been stored.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { killPostwire, logIn, startPostwire, stopPostwire } from '../helpers/process.js';
import { addresses, answeredOf, copiesByRecipient, duplicateCount, inState, messageIdOf, sendToEach, setUpFaultTest, untilStates } from './deliveries.js';

/** A few thousand: the kill comes while most are still being accepted (asserted below). */
const SENDS = 2000;
/** Sends in flight at once: few enough that sending is still going on at the kill. */
const SEND_LANES = 4;
const CONCURRENCY = 5;
/** WORKER_UNRECORDED_PER_LANE, its default, named here because it bounds the repeats. */
const UNRECORDED_PER_LANE = 4;
/** Each message waits this long at the relay before its 250: deliveries are in flight at the kill. */
const RELAY_DELAY_MS = 80;
/** Kill once the relay has this many messages (and others waiting for their 250). */
const KILL_AFTER_DELIVERIES = 40;

for (const dialect of DIALECTS) {
  describe(`kill -9 under load, then restart [${dialect}]`, () => {
    const setup = setUpFaultTest(dialect, { delayMs: RELAY_DELAY_MS });

    it('delivers every send answered 200, with no more repeats than deliveries in flight at the kill', async (t) => {
      const sink = setup.relay;
      const env = setup.env({
        SMTP_POOL_SIZE: String(CONCURRENCY),
        WORKER_CONCURRENCY: String(CONCURRENCY),
        WORKER_UNRECORDED_PER_LANE: String(UNRECORDED_PER_LANE),
        WORKER_BATCH_SIZE: '40',
        WORKER_LEASE_SECONDS: '5',
        WORKER_POLL_MS: '100',
      });
      const first = await startPostwire('start', env);
      assert.ok(first.credentials, 'the first start creates an account and prints its credentials');
      const from = first.credentials.email;
      const token = await logIn(first, first.credentials);

      // The sends the kill cuts off are expected to fail.
      const sends = sendToEach(first, token, from, addresses(`kill-${dialect}-`, SENDS), SEND_LANES);
      await eventually(
        async () => (sink.messages.length >= KILL_AFTER_DELIVERIES && sink.delayed() > 0 ? true : undefined),
        60_000,
        `${KILL_AFTER_DELIVERIES} deliveries with more in flight`,
      );
      const inFlightAtRelay = sink.delayed();
      const exit = await killPostwire(first);
      assert.equal(exit.signal, 'SIGKILL');
      assert.ok(inFlightAtRelay > 0, 'the kill came while messages were being handed to the relay');

      const answered = answeredOf(await sends);
      assert.ok(answered.length > 0, 'some sends were answered before the kill');
      assert.ok(answered.length < SENDS, `the kill came while sends were still being accepted (${answered.length} of ${SENDS} answered)`);

      const second = await startPostwire('start', env);
      assert.equal(second.credentials, undefined, 'no second account on a database that has one');

      // Every send answered 200 reaches the relay…
      const missing = () => {
        const copies = copiesByRecipient(sink);
        return answered.filter((a) => !copies.has(a.email));
      };
      await eventually(async () => (missing().length === 0 ? true : undefined), 90_000, 'every answered send at the relay').catch((error: Error) => {
        throw new Error(`${error.message}: ${missing().length} of ${answered.length} never arrived`);
      });
      // …and the queue runs dry: every stored recipient, answered or not, ends delivered.
      const states = await untilStates(second, token, 'every stored recipient delivered', (all) => inState(all, 'delivered').length === all.size, 60_000);

      for (const a of answered) {
        assert.equal(states.get(a.email)?.state, 'delivered', `${a.email} is delivered in the API`);
        const copy = sink.messages.find((m) => m.rcptTo.includes(a.email))!;
        assert.equal(messageIdOf(copy.raw), a.messageId, `${a.email} got the message it was sent`);
      }
      const copies = copiesByRecipient(sink);
      for (const address of copies.keys()) assert.ok(states.has(address), `${address} reached the relay and is a stored recipient`);
      const duplicates = duplicateCount(copies);
      t.diagnostic(`${answered.length} of ${SENDS} sends answered before the kill; ${inFlightAtRelay} at the relay at the kill; ${duplicates} delivered twice`);
      assert.ok(
        duplicates <= UNRECORDED_PER_LANE * CONCURRENCY,
        `${duplicates} repeated deliveries; at most WORKER_UNRECORDED_PER_LANE × WORKER_CONCURRENCY (${UNRECORDED_PER_LANE * CONCURRENCY}) may have ` +
          `been handed over and not yet recorded at the kill (${inFlightAtRelay} were waiting at the relay)`,
      );

      assert.deepEqual(await stopPostwire(second), { code: 0, signal: null }, 'the restarted process shuts down cleanly');
    });
  });
}

/**
 * Fault: the relay goes away while messages are queued and being delivered, stays away
 * for a few retries, and comes back on the same address.
 *
 * What must hold: while it is away, undelivered recipients are `deferred` (state and
 * events, through the API) and retried with backoff, never bounced: an unreachable relay
 * says nothing about the recipient. Once it is back, every message is delivered exactly
 * once: a message the relay was still taking when it went away never got its 250, so it
 * was not delivered, and it is retried.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { logIn, startPostwire, stopPostwire } from '../helpers/process.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { addresses, allAnswered, copiesByRecipient, eventsOfType, inState, sendToEach, setUpFaultTest, untilStates } from './deliveries.js';

const SENDS = 60;
const RELAY_DELAY_MS = 50;
/** The relay goes away once it has taken this many messages. */
const DOWN_AFTER_DELIVERIES = 10;

for (const dialect of DIALECTS) {
  describe(`the relay goes away and comes back [${dialect}]`, () => {
    const setup = setUpFaultTest(dialect, { delayMs: RELAY_DELAY_MS });

    it('defers while the relay is down, never bounces, then delivers every message exactly once', async (t) => {
      const relay = setup.relay;
      const postwire = await startPostwire(
        'start',
        setup.env({
          SMTP_POOL_SIZE: '4',
          WORKER_CONCURRENCY: '4',
          // Retries after 0.3 s, 0.6 s, 1.2 s…; a rescheduled row is found by the next poll.
          RETRY_FIRST_DELAY_MS: '300',
          WORKER_POLL_MS: '100',
        }),
      );
      const from = postwire.credentials!.email;
      const token = await logIn(postwire, postwire.credentials!);
      // The relay goes away while messages are still being accepted and delivered.
      const sending = sendToEach(postwire, token, from, addresses(`outage-${dialect}-`, SENDS), 4);
      await eventually(async () => (relay.messages.length >= DOWN_AFTER_DELIVERIES ? true : undefined), 30_000, 'the first deliveries');
      await relay.close();
      const takenBeforeOutage = relay.messages.length;
      const sent = allAnswered(await sending);
      assert.ok(takenBeforeOutage < SENDS, 'the relay went away with messages still to deliver');

      // Down: every recipient the relay did not take is deferred, and some were retried
      // while it stayed away.
      const down = await untilStates(
        postwire,
        token,
        'every undelivered recipient deferred, some retried twice',
        (all) => {
          const deferred = inState(all, 'deferred');
          return inState(all, 'delivered').length + deferred.length === SENDS && deferred.some((r) => r.attempts >= 3);
        },
        30_000,
      );
      t.diagnostic(
        `${takenBeforeOutage} delivered before the outage; ${inState(down, 'deferred').length} deferred, up to ${Math.max(...inState(down, 'deferred').map((r) => r.attempts))} attempts`,
      );
      assert.equal(inState(down, 'delivered').length, takenBeforeOutage, 'delivered while the relay was down: only what it took before');
      const deferredEvents = await eventsOfType(postwire, token, 'deferred');
      assert.ok(deferredEvents.totalCount >= SENDS - takenBeforeOutage, `a deferred event per deferral (${deferredEvents.totalCount})`);
      for (const event of deferredEvents.items) {
        assert.equal(typeof event.details.response, 'string', 'a deferred event says why');
        assert.ok(event.details.response.length > 0);
      }
      assert.equal((await eventsOfType(postwire, token, 'bounced')).totalCount, 0, 'nothing bounced while the relay was down');

      // Back, on the same address.
      const back = await startSmtpSink({ port: relay.port, delayMs: RELAY_DELAY_MS });
      setup.sinks.push(back);
      await untilStates(postwire, token, 'every recipient delivered after the relay came back', (all) => inState(all, 'delivered').length === SENDS, 60_000);

      const copies = copiesByRecipient(...setup.sinks);
      for (const message of sent) assert.equal(copies.get(message.email), 1, `${message.email} received exactly once`);
      assert.equal(
        [...copies.values()].reduce((sum, n) => sum + n, 0),
        SENDS,
        'no other copies',
      );
      assert.ok(back.messages.length > 0, 'the relay that came back took the rest');
      assert.equal((await eventsOfType(postwire, token, 'bounced')).totalCount, 0, 'nothing bounced');
      assert.equal((await eventsOfType(postwire, token, 'delivered')).totalCount, SENDS, 'one delivered event per recipient');

      assert.deepEqual(await stopPostwire(postwire), { code: 0, signal: null });
    });
  });
}

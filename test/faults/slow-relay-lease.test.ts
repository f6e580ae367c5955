/**
 * No crash at all, only a slow relay: with two worker processes on one database, a claimed
 * batch takes longer to deliver than its lease (WORKER_LEASE_SECONDS). Once a lease has
 * run out the other worker may claim the row, so a worker keeps the rows it holds by
 * renewing their leases (the heartbeat, src/queue/lease-heartbeat.ts) and never starts a
 * delivery whose lease may run out first; it gives such rows back instead. What must
 * hold: every message is delivered exactly once, and nothing is lost.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { logIn, startPostwire, stopPostwire, type PostwireProcess } from '../helpers/process.js';
import { addresses, allAnswered, copiesByRecipient, inState, sendToEach, setUpFaultTest, untilStates } from './deliveries.js';

const SENDS = 60;
const LEASE_SECONDS = 5;
const BATCH_SIZE = 40;
const CONCURRENCY = 1;
/**
 * A batch takes BATCH_SIZE / CONCURRENCY × RELAY_DELAY_MS = 6 s at the relay: longer than
 * its lease, while one delivery stays well inside half of it (on a busy machine too).
 */
const RELAY_DELAY_MS = 150;

for (const dialect of DIALECTS) {
  describe(`two workers, a relay slower than the lease [${dialect}]`, () => {
    const setup = setUpFaultTest(dialect, { delayMs: RELAY_DELAY_MS });
    const processes: PostwireProcess[] = [];

    it('delivers each message exactly once although a batch outlasts its lease', async (t) => {
      assert.ok((BATCH_SIZE / CONCURRENCY) * RELAY_DELAY_MS > LEASE_SECONDS * 1000, 'the setting this test is about');
      const sink = setup.relay;
      const env = setup.env({
        SMTP_POOL_SIZE: String(CONCURRENCY),
        WORKER_CONCURRENCY: String(CONCURRENCY),
        WORKER_BATCH_SIZE: String(BATCH_SIZE),
        WORKER_LEASE_SECONDS: String(LEASE_SECONDS),
        WORKER_POLL_MS: '100',
      });
      // All messages are accepted before the workers start, so that the first claim takes a
      // whole batch, and the second worker is done with the rest before that batch is.
      const api = await startPostwire('api', env);
      processes.push(api);
      const from = api.credentials!.email;
      const token = await logIn(api, api.credentials!);
      const sent = allAnswered(await sendToEach(api, token, from, addresses(`lease-${dialect}-`, SENDS), 10));
      processes.push(...(await Promise.all([startPostwire('worker', env), startPostwire('worker', env)])));
      await untilStates(api, token, `all ${SENDS} recipients delivered`, (all) => inState(all, 'delivered').length === SENDS, 90_000);

      const copies = copiesByRecipient(sink);
      const repeated = sent.filter((m) => copies.get(m.email)! > 1).map((m) => m.email);
      t.diagnostic(`${sink.messages.length} copies for ${SENDS} messages`);
      assert.deepEqual(repeated, [], 'no message delivered twice');
      for (const message of sent) assert.equal(copies.get(message.email), 1, `${message.email} received once`);

      const exits = await Promise.all(processes.map(stopPostwire));
      for (const [i, exit] of exits.entries()) assert.deepEqual(exit, { code: 0, signal: null }, `postwire ${processes[i]!.role} shuts down cleanly`);
    });
  });
}

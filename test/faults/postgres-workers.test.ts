/**
 * Several processes on one PostgreSQL database: one `postwire api` and two `postwire
 * worker`s, a few hundred messages. Both workers claim from the same queue (FOR UPDATE
 * SKIP LOCKED), so what must hold is that each recipient is delivered exactly once, that
 * nothing is lost, and that the work is in fact shared. Each worker gives its own EHLO
 * name (HELO_NAME), so the relay can tell who delivered what.
 *
 * This needs PostgreSQL. Without TEST_DATABASE_URL the suite is not defined (DIALECTS has
 * no postgres) and says so; under CI=true that is a failure, since CI always sets it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { logIn, startPostwire, stopPostwire, type PostwireProcess } from '../helpers/process.js';
import { addresses, allAnswered, copiesByRecipient, inState, sendToEach, setUpFaultTest, untilStates } from './deliveries.js';

const SENDS = 300;
const WORKER_NAMES = ['worker-a.postwire.test', 'worker-b.postwire.test'];

const NO_POSTGRES = 'PostgreSQL is required for the multi-process fault test: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)';

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`one api and two workers on one database [${dialect}]`, () => {
    const setup = setUpFaultTest(dialect, { delayMs: 10 });
    const processes: PostwireProcess[] = [];

    it('delivers every recipient exactly once, with both workers taking part', async (t) => {
      const sink = setup.relay;
      const env = setup.env({
        // Small batches and a quick poll: the queue is shared out in many claims.
        SMTP_POOL_SIZE: '4',
        WORKER_CONCURRENCY: '4',
        WORKER_BATCH_SIZE: '10',
        WORKER_POLL_MS: '50',
      });
      const api = await startPostwire('api', env);
      processes.push(api);
      processes.push(...(await Promise.all(WORKER_NAMES.map((name) => startPostwire('worker', { ...env, HELO_NAME: name })))));
      const from = api.credentials!.email;
      const token = await logIn(api, api.credentials!);

      const sent = allAnswered(await sendToEach(api, token, from, addresses('pg-workers-', SENDS), 20));
      const states = await untilStates(api, token, `all ${SENDS} recipients delivered`, (all) => inState(all, 'delivered').length === SENDS, 90_000);

      const copies = copiesByRecipient(sink);
      for (const message of sent) {
        assert.equal(states.get(message.email)?.attempts, 1, `${message.email} took one attempt`);
        assert.equal(copies.get(message.email), 1, `${message.email} received exactly once`);
      }
      assert.equal(sink.messages.length, SENDS, 'no other copies');
      const byWorker = WORKER_NAMES.map((name) => sink.messages.filter((m) => m.helo === name).length);
      t.diagnostic(`deliveries per worker: ${WORKER_NAMES.map((name, i) => `${name} ${byWorker[i]}`).join(', ')}`);
      for (const [i, name] of WORKER_NAMES.entries()) assert.ok(byWorker[i]! > 0, `${name} delivered some of the messages`);

      const exits = await Promise.all(processes.map(stopPostwire));
      for (const [i, exit] of exits.entries()) assert.deepEqual(exit, { code: 0, signal: null }, `postwire ${processes[i]!.role} shuts down cleanly`);
    });
  });
}

if (!DIALECTS.includes('postgres')) {
  if (process.env.CI === 'true') {
    describe('one api and two workers on one database [postgres]', () => {
      it('needs PostgreSQL', () => assert.fail(NO_POSTGRES));
    });
  } else {
    process.stdout.write(`# ${NO_POSTGRES}; not run.\n`);
  }
}

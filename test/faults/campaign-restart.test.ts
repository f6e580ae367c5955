/**
 * Fault: `postwire start` is killed with SIGKILL while a campaign is being dispatched,
 * started again, killed again while the campaign's mail is being handed to the relay,
 * and started once more, on the same database.
 *
 * What must hold: every contact gets the campaign, as one message: dispatch resumes from
 * its cursor with no contact skipped and none written twice (each contact's copies all
 * carry one Message-ID), and the campaign ends `sent` with counters equal to the contacts.
 * What a kill may repeat is a delivery the relay had taken but whose 250 the dead process
 * never recorded: the same message again (same Message-ID), at most as many as were in
 * flight at the kills (waiting at the relay, or answered and not yet recorded: WORKER_UNRECORDED_PER_LANE per lane). Dispatch writes 10 contacts per transaction here, so that the kill
 * lands between its pages; the lease is long (300 s), so only the restart's reclaim of the
 * dead process's job and deliveries (src/queue/dead-leases.ts) brings them back in time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { callApi, killPostwire, logIn, type PostwireProcess, resultOf, startPostwire, stopPostwire } from '../helpers/process.js';
import { addresses, setUpFaultTest } from './deliveries.js';

const CONTACTS = 300;
const RELAY_DELAY_MS = 20;
/** WORKER_CONCURRENCY, and WORKER_UNRECORDED_PER_LANE (its default): together they bound the repeats. */
const LANES = 2;
const UNRECORDED_PER_LANE = 4;

for (const dialect of DIALECTS) {
  describe(`kill -9 mid-dispatch and mid-delivery of a campaign, then restart [${dialect}]`, () => {
    const setup = setUpFaultTest(dialect, { delayMs: RELAY_DELAY_MS });

    it('every contact receives the campaign as one message, and the counters say so', async (t) => {
      const sink = setup.relay;
      const env = setup.env({
        CAMPAIGN_DISPATCH_PAGE_SIZE: '10',
        SMTP_POOL_SIZE: '2',
        WORKER_CONCURRENCY: String(LANES),
        WORKER_UNRECORDED_PER_LANE: String(UNRECORDED_PER_LANE),
        WORKER_LEASE_SECONDS: '300',
        WORKER_POLL_MS: '100',
      });
      const began = Date.now();
      const at = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;
      let p: PostwireProcess = await startPostwire('start', env);
      const owner = p.credentials!;
      let token = await logIn(p, owner);
      const api = async (method: string, path: string, json?: unknown, status = 200) =>
        resultOf(await callApi(p.url, path, { method, token, ...(json === undefined ? {} : { json }) }), status);

      const sender = (await api('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: owner.email, ReplyEmail: owner.email }, 201)).id;
      const list = (await api('POST', '/inbox/v1/contactlists', { listName: 'All' }, 201)).id;
      const emails = addresses(`campaign-${dialect}-`, CONTACTS);
      const importId = await api(
        'POST',
        `/inbox/v1/contactlists/${list}/import`,
        emails.map((email) => ({ email, customFields: [] })),
      );
      await eventually(
        async () => ((await api('GET', `/inbox/v1/contactlists/${list}/import/${importId}`)).status === 2 ? true : undefined),
        60_000,
        'the import',
      );
      t.diagnostic(`contacts imported at ${at()}`);

      const id = await api(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'News for #email#', htmlContent: '<p>Hello #email#</p>', language: 'en-US', senderAccountId: sender, listType: 2, lists: [list] },
        201,
      );
      const campaign = () => api('GET', `/inbox/v1/campaigns/${id}`);

      // Kill 1: dispatch has written some pages, not all. A timeout here says what was seen
      // last and what the process logged (warnings and errors), so that a dispatch that
      // never started can be told from one that finished between two polls.
      let lastSeen = 'no answer yet';
      const midDispatch = await eventually(
        async () => {
          const c = await campaign();
          lastSeen = `status ${c.status}, totalRecipients ${c.totalRecipients}`;
          return c.totalRecipients > 0 && c.totalRecipients < CONTACTS ? c.totalRecipients : undefined;
        },
        60_000,
        'dispatch under way',
        10,
        () => `${lastSeen}\npostwire's log:\n${p.stdout.slice(-3000)}\n${p.stderr.slice(-3000)}`,
      );
      const inFlightAtFirst = sink.delayed();
      await killPostwire(p);
      t.diagnostic(`first kill at ${at()}: ${midDispatch} of ${CONTACTS} dispatched, ${sink.messages.length} at the relay`);

      // Kill 2: mail is being handed to the relay.
      p = await startPostwire('start', env);
      token = await logIn(p, owner);
      await eventually(async () => (sink.messages.length >= 60 && sink.delayed() > 0 ? true : undefined), 60_000, 'deliveries in flight', 10);
      const inFlightAtSecond = sink.delayed();
      const atSecond = sink.messages.length;
      await killPostwire(p);
      t.diagnostic(`second kill at ${at()}: ${atSecond} at the relay, ${inFlightAtSecond} in flight`);
      assert.ok(atSecond < CONTACTS, 'the second kill came before the campaign was delivered');

      p = await startPostwire('start', env);
      token = await logIn(p, owner);
      const done = await eventually(
        async () => {
          const c = await campaign();
          return c.status === 3 ? c : undefined;
        },
        60_000,
        'the campaign to end',
        200,
      );
      t.diagnostic(`campaign sent at ${at()}`);
      assert.deepEqual([done.totalRecipients, done.sent, done.delivered, done.bounceHard, done.bounceSoft], [CONTACTS, CONTACTS, CONTACTS, 0, 0]);

      const messageIds = new Map<string, Set<string>>();
      const copies = new Map<string, number>();
      for (const m of sink.messages) {
        const header = /^Message-ID:\s*(<[^>]+>)/im.exec(m.raw.toString('utf8'))?.[1] ?? '';
        for (const rcpt of m.rcptTo) {
          const email = rcpt.toLowerCase();
          if (!emails.includes(email)) continue;
          copies.set(email, (copies.get(email) ?? 0) + 1);
          let ids = messageIds.get(email);
          if (!ids) messageIds.set(email, (ids = new Set()));
          ids.add(header);
        }
      }
      assert.deepEqual(
        emails.filter((e) => !copies.has(e)),
        [],
        'every contact got the campaign',
      );
      assert.deepEqual(
        emails.filter((e) => messageIds.get(e)!.size !== 1),
        [],
        'each contact got one message (no second dispatch of anyone)',
      );
      const repeated = emails.filter((e) => copies.get(e)! > 1).length;
      t.diagnostic(`${repeated} deliveries repeated after the kills (${inFlightAtFirst + inFlightAtSecond} were in flight)`);
      // Beyond those waiting at the relay, each lane may have had 250s not yet recorded (worker.ts), at each of the two kills.
      assert.ok(repeated <= inFlightAtFirst + inFlightAtSecond + 2 * LANES * UNRECORDED_PER_LANE, `${repeated} repeated deliveries`);

      assert.deepEqual(await stopPostwire(p), { code: 0, signal: null });
    });
  });
}

/**
 * Fault: `postwire start` is killed with SIGKILL while SMTP clients send it a burst of mail
 * for a receiving domain, then started again on the same database.
 *
 * What must hold: every message the listener answered 250 is there after the restart,
 * with the subject it was sent with (the 250 comes only after the commit). Messages whose
 * conversation the kill cut off got no 250: their senders would send them again, and they
 * may or may not have been stored.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { eventually } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { callApi, killPostwire, logIn, resultOf, startPostwire, stopPostwire } from '../helpers/process.js';
import { SmtpDialogue } from '../helpers/smtp-dialogue.js';
import { setUpFaultTest } from './deliveries.js';

const DOMAIN = 'in.fault.example.test';
/** Clients sending at once, each one message after another on its own connection. */
const LANES = 6;
/** Kill once this many messages got their 250 (and more are in flight). */
const KILL_AFTER = 60;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

for (const dialect of DIALECTS) {
  describe(`kill -9 during a burst of received mail, then restart [${dialect}]`, () => {
    const setup = setUpFaultTest(dialect, {});

    it('keeps every message answered 250', async (t) => {
      const port = await freePort();
      const env = setup.env({ INBOUND_SMTP_PORT: String(port) });
      const first = await startPostwire('start', env);
      const token = await logIn(first, first.credentials!);
      const domain = resultOf(await callApi(first.url, '/notify/v1/inbound/domains', { token, json: { name: DOMAIN } }), 201);
      resultOf(await callApi(first.url, '/notify/v1/inbound/routes', { token, json: { domainId: domain.id, pattern: '*', action: 'store' } }), 201);

      const answered: { id: string; subject: string }[] = [];
      let killed = false;
      let sent = 0;
      const lane = async (n: number) => {
        while (!killed) {
          const subject = `burst ${n}-${sent++}`;
          try {
            const { dialogue } = await SmtpDialogue.open(port);
            await dialogue.command('EHLO burst.example.net');
            const reply = await dialogue.send('burst@example.net', [`box${n}@${DOMAIN}`], `From: burst@example.net\r\nSubject: ${subject}\r\n\r\nhello\r\n`);
            dialogue.close();
            if (reply.code === 250) answered.push({ id: /\(([0-9a-f]{24})\)/.exec(reply.text)![1]!, subject });
          } catch {
            // The kill cut this conversation off: no 250, nothing promised.
          }
        }
      };
      const lanes = Array.from({ length: LANES }, (_, n) => lane(n));
      await eventually(async () => (answered.length >= KILL_AFTER ? true : undefined), 60_000, `${KILL_AFTER} messages answered 250`);
      const exit = await killPostwire(first);
      killed = true;
      assert.equal(exit.signal, 'SIGKILL');
      await Promise.all(lanes);
      const promised = [...answered];

      const second = await startPostwire('start', env);
      const token2 = await logIn(second, first.credentials!);
      const lost: string[] = [];
      for (const { id, subject } of promised) {
        const reply = await callApi(second.url, `/notify/v1/inbound/messages/${id}`, { token: token2 });
        if (reply.status !== 200 || reply.json.resultObject.subject !== subject) lost.push(`${id} (${subject}): ${reply.status}`);
      }
      const total = resultOf(await callApi(second.url, '/notify/v1/inbound/messages?limit=1', { token: token2 }), 200).totalCount;
      t.diagnostic(`${promised.length} messages answered 250 before the kill, ${sent} attempted; ${total} stored after the restart`);
      assert.deepEqual(lost, [], 'every message answered 250 survived the kill');
      assert.ok(total >= promised.length);
      assert.deepEqual(await stopPostwire(second), { code: 0, signal: null }, 'the restarted process shuts down cleanly');
    });
  });
}

/**
 * Destination pacing through the whole service (TRANSPORT=mx): a provider that answers
 * "slow down" is paused, and the deliveries that come in meanwhile for any of its domains
 * go back to the queue (DELIVERY_PACING_MAX_WAIT_MS=0 here, so none waits) without a
 * deferral, an event or an attempt, and arrive once the pause is over. Mail for other
 * providers goes on as before.
 *
 * Zone: two domains hosted by one provider (mx1/mx2.provider.test), one by another.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { outcomeOf, sendMessage } from '../helpers/delivery-api.js';
import { messagesTo, startSmtpSink, THROTTLE_REPLY, type SmtpSink } from '../helpers/smtp-sink.js';

for (const dialect of DIALECTS) {
  describe(`pacing a throttling provider [${dialect}]`, () => {
    let dns: TestDnsServer;
    let sink: SmtpSink;
    let app: TestApp;
    let account: TestAccount;

    before(async () => {
      dns = await startDnsServer();
      dns.set('one.example', { mx: [{ exchange: 'mx1.provider.test', priority: 10 }] });
      dns.set('two.example', { mx: [{ exchange: 'mx2.provider.test', priority: 10 }] });
      dns.set('mx1.provider.test', { a: ['127.0.0.1'] });
      dns.set('mx2.provider.test', { a: ['127.0.0.1'] });
      dns.set('elsewhere.example', { mx: [{ exchange: 'mx.other-provider.test', priority: 10 }] });
      dns.set('mx.other-provider.test', { a: ['127.0.0.1'] });
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          transport: 'mx',
          mxResolver: dns.address,
          mxPort: sink.port,
          deliveryPacingMaxWaitMs: 0,
          workerConcurrency: 1,
          smtpTlsRejectUnauthorized: false,
        },
      });
      account = await app.signUp();
    });
    after(async () => {
      await app?.close();
      await sink?.close();
      await dns?.close();
    });

    const eventsOf = async (messageId: string) => {
      const response = await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${messageId}`, token: account.token });
      return (expectEnvelope(response, 200).resultObject as { items: { type: string; email: string }[] }).items;
    };

    it('a "slow down" reply pauses the provider: its other domains wait out the pause in the queue, without a deferral or an attempt', async () => {
      // One lane (WORKER_CONCURRENCY=1): the recipients go out one after the other, in this order.
      const sent = await sendMessage(app, account, ['throttle@one.example', 'ann@two.example', 'bob@elsewhere.example'], { subject: 'Hello' });
      const first = await outcomeOf(app, account, sent, 'throttle@one.example');
      assert.equal(first.state, 'deferred');
      assert.equal(first.lastResponse, THROTTLE_REPLY);
      const throttledAt = sink.throttledAt('throttle@one.example')!;

      const [ann, bob] = [await outcomeOf(app, account, sent, 'ann@two.example'), await outcomeOf(app, account, sent, 'bob@elsewhere.example')];
      assert.equal(ann.state, 'delivered');
      assert.equal(ann.attempts, 1, 'a postponement is not an attempt');
      assert.equal(messagesTo(sink, 'ann@two.example').length, 1);
      const annArrival = messagesTo(sink, 'ann@two.example')[0]!.receivedAt;
      assert.ok(
        annArrival >= throttledAt + 1_000,
        `the provider got nothing during its 1 s pause (ann arrived ${annArrival - throttledAt} ms after the reply)`,
      );
      assert.equal(bob.state, 'delivered');
      assert.ok(
        messagesTo(sink, 'bob@elsewhere.example')[0]!.receivedAt < annArrival,
        'the other provider did not wait for the pause: bob, next in line, went out while ann was postponed',
      );
      // What ann went through: accepted, then delivered; never "deferred".
      const types = await eventually(async () => {
        const events = (await eventsOf(sent.id)).filter((e) => e.email === 'ann@two.example').map((e) => e.type);
        return events.includes('delivered') ? events : undefined;
      });
      assert.deepEqual(
        types.filter((t) => t !== 'accepted'),
        ['delivered'],
      );
    });
  });
}

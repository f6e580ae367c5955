/**
 * TRANSPORT=mx through the whole service: a real DNS server on 127.0.0.1 (dns2, set as
 * MX_RESOLVER) answers the MX and address records of made-up domains, and real SMTP
 * servers on loopback addresses stand in for their mail hosts, all on one MX_PORT.
 *
 *   127.0.0.1   the main sink (smtp-sink.ts behaviours per recipient)
 *   127.0.0.3   a second sink, to tell which MX host got a message
 *   127.0.0.2   nothing listens: connections are refused
 *   ::1         a sink on IPv6 loopback, for hosts that publish only AAAA records
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { eventually, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { outcomeOf, queueRowOf, rawOf, recipientId, sendMessage, type Sent } from '../helpers/delivery-api.js';
import { messagesTo, REJECT_REPLY, startSmtpSink, TEMPFAIL_REPLY, type SmtpSink } from '../helpers/smtp-sink.js';

const BOUNCE_DOMAIN = 'bounces.example.test';
const REFUSING_ADDRESS = '127.0.0.2';
const PER_DOMAIN = 2;
/** Connections per destination host: more than PER_DOMAIN, so the pool does not mask the domain limit. */
const PER_HOST = 3;

/** The zone the tests deliver into. */
function publishZone(dns: TestDnsServer): void {
  // An ordinary domain with one MX host.
  dns.set('mail.example.test', { mx: [{ exchange: 'mx.mail.example.test', priority: 10 }] });
  dns.set('mx.mail.example.test', { a: ['127.0.0.1'] });
  // The preferred MX (10) refuses connections; the backup (20) is listed first on purpose.
  dns.set('fallback.example.test', {
    mx: [
      { exchange: 'backup.fallback.example.test', priority: 20 },
      { exchange: 'primary.fallback.example.test', priority: 10 },
    ],
  });
  dns.set('primary.fallback.example.test', { a: [REFUSING_ADDRESS] });
  dns.set('backup.fallback.example.test', { a: ['127.0.0.1'] });
  // Both MX hosts work: the preferred one (10, on 127.0.0.3) must get the message.
  dns.set('order.example.test', {
    mx: [
      { exchange: 'low.order.example.test', priority: 50 },
      { exchange: 'high.order.example.test', priority: 10 },
    ],
  });
  dns.set('high.order.example.test', { a: ['127.0.0.3'] });
  dns.set('low.order.example.test', { a: ['127.0.0.1'] });
  // No MX at all: the domain's own address is the mail host (RFC 5321 §5.1).
  dns.set('implicit.example.test', { a: ['127.0.0.1'] });
  // IPv6 only: an MX host with an AAAA record and no A, and a domain with no MX whose own address is IPv6.
  dns.set('v6mx.example.test', { mx: [{ exchange: 'mx.v6mx.example.test', priority: 10 }] });
  dns.set('mx.v6mx.example.test', { aaaa: ['::1'] });
  dns.set('v6only.example.test', { aaaa: ['::1'] });
  // Every MX host refuses.
  dns.set('down.example.test', { mx: [{ exchange: 'mx.down.example.test', priority: 10 }] });
  dns.set('mx.down.example.test', { a: [REFUSING_ADDRESS] });
  // RFC 7505: this domain says it takes no mail.
  dns.set('nullmx.example.test', { mx: [{ exchange: '.', priority: 0 }] });
  // The resolver cannot answer right now.
  dns.set('servfail.example.test', { rcode: 'SERVFAIL' });
  // The MX host's name does not resolve.
  dns.set('dangling.example.test', { mx: [{ exchange: 'gone.dangling-host.test', priority: 10 }] });
  // For the per-domain limit and for connection reuse.
  dns.set('limited.example.test', { mx: [{ exchange: 'mx.limited.example.test', priority: 10 }] });
  dns.set('mx.limited.example.test', { a: ['127.0.0.1'] });
  dns.set('reuse.example.test', { mx: [{ exchange: 'mx.reuse.example.test', priority: 10 }] });
  dns.set('mx.reuse.example.test', { a: ['127.0.0.1'] });
}

for (const dialect of DIALECTS) {
  describe(`MX transport [${dialect}]`, () => {
    let dns: TestDnsServer;
    let sink: SmtpSink;
    let preferred: SmtpSink;
    let ipv6: SmtpSink;
    let app: TestApp;
    let account: TestAccount;

    before(async () => {
      dns = await startDnsServer();
      publishZone(dns);
      sink = await startSmtpSink();
      preferred = await startSmtpSink({ host: '127.0.0.3', port: sink.port });
      ipv6 = await startSmtpSink({ host: '::1', port: sink.port });
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          transport: 'mx',
          mxResolver: dns.address,
          mxPort: sink.port,
          mxConcurrencyPerDomain: PER_DOMAIN,
          smtpPoolSize: PER_HOST,
          smtpTlsRejectUnauthorized: false,
          bounceDomain: BOUNCE_DOMAIN,
          heloName: 'mx-out.postwire.example.test',
        },
      });
      account = await app.signUp();
    });
    after(async () => {
      // A held delivery would keep the worker (and so app.close) waiting for it.
      sink?.stopHolding();
      await app?.close();
      await sink?.close();
      await preferred?.close();
      await ipv6?.close();
      await dns?.close();
    });

    const deliverTo = async (email: string, subject?: string): Promise<{ sent: Sent; outcome: Awaited<ReturnType<typeof outcomeOf>> }> => {
      const sent = await sendMessage(app, account, [email], { subject });
      return { sent, outcome: await outcomeOf(app, account, sent, email) };
    };

    it("delivers to the domain's MX host: the reply, the VERP envelope and the composed bytes", async () => {
      const html = '<p>Your code is <b>4711</b>.</p>';
      const sent = await sendMessage(app, account, ['ann@mail.example.test'], { subject: 'Sign-in code', html });
      const ann = await outcomeOf(app, account, sent, 'ann@mail.example.test');
      const [received] = messagesTo(sink, 'ann@mail.example.test');
      assert.ok(received);
      assert.equal(ann.state, 'delivered');
      assert.equal(ann.lastResponse, received.reply);
      assert.equal(received.mailFrom, `bounces+${recipientId(sent, 'ann@mail.example.test')}@${BOUNCE_DOMAIN}`);
      assert.equal(received.helo, 'mx-out.postwire.example.test');
      assert.equal(received.raw.toString('utf8'), await rawOf(app, account, sent.id));
      const parsed = await simpleParser(received.raw);
      assert.equal(parsed.messageId, sent.messageId);
      assert.equal(parsed.subject, 'Sign-in code');
      assert.equal(parsed.html, html);
      assert.match(parsed.text ?? '', /Your code is 4711\./);
    });

    it('delivers a non-ASCII local part to an MX host that announces SMTPUTF8, on a connection with the same settings', async () => {
      const { sent, outcome } = await deliverTo('jürgen@mail.example.test', 'Grüße');
      assert.equal(outcome.state, 'delivered', JSON.stringify(outcome));
      const [received] = messagesTo(sink, 'jürgen@mail.example.test');
      assert.ok(received);
      assert.equal(received.smtpUtf8, true);
      assert.equal(received.helo, 'mx-out.postwire.example.test');
      assert.equal(received.mailFrom, `bounces+${recipientId(sent, 'jürgen@mail.example.test')}@${BOUNCE_DOMAIN}`);
    });

    it('tries MX hosts by preference: the preferred one gets the message', async () => {
      const { outcome } = await deliverTo('ann@order.example.test');
      assert.equal(outcome.state, 'delivered');
      assert.equal(messagesTo(preferred, 'ann@order.example.test').length, 1, 'the preference-10 host got it');
      assert.equal(messagesTo(sink, 'ann@order.example.test').length, 0, 'the preference-50 host did not');
      assert.equal(outcome.lastResponse, messagesTo(preferred, 'ann@order.example.test')[0]!.reply);
    });

    it('falls back to the next MX host when the preferred one refuses connections', async () => {
      const { outcome } = await deliverTo('bob@fallback.example.test');
      assert.equal(outcome.state, 'delivered');
      const received = messagesTo(sink, 'bob@fallback.example.test');
      assert.equal(received.length, 1, 'the backup MX got it');
      assert.equal(outcome.lastResponse, received[0]!.reply);
    });

    it("delivers to the domain's own address when it has no MX records", async () => {
      const { outcome } = await deliverTo('cid@implicit.example.test');
      assert.equal(outcome.state, 'delivered');
      assert.equal(messagesTo(sink, 'cid@implicit.example.test').length, 1);
    });

    it('delivers over IPv6 to an MX host with only an AAAA record, and to a domain whose own address is IPv6 only', async () => {
      for (const email of ['fay@v6mx.example.test', 'gus@v6only.example.test']) {
        const { outcome } = await deliverTo(email);
        assert.equal(outcome.state, 'delivered', `${email}: ${outcome.lastResponse}`);
        assert.equal(messagesTo(ipv6, email).length, 1, `${email} arrived at the sink on ::1`);
        assert.equal(messagesTo(sink, email).length, 0);
      }
    });

    it('bounces a domain that does not exist (NXDOMAIN), without a retry', async () => {
      const { outcome } = await deliverTo('dee@nowhere.example.test');
      assert.equal(outcome.state, 'bounced');
      assert.match(outcome.lastResponse!, /nowhere\.example\.test.*NXDOMAIN/);
      assert.equal(await queueRowOf(app, outcome.id), undefined);
    });

    it('bounces a domain that publishes a null MX', async () => {
      const { outcome } = await deliverTo('eve@nullmx.example.test');
      assert.equal(outcome.state, 'bounced');
      assert.match(outcome.lastResponse!, /null MX/);
    });

    it('defers when the DNS server fails (SERVFAIL), with a retry due later', async () => {
      const { outcome } = await deliverTo('fay@servfail.example.test');
      assert.equal(outcome.state, 'deferred');
      assert.match(outcome.lastResponse!, /ESERVFAIL/);
      assert.ok((await queueRowOf(app, outcome.id))!.run_at > Date.now());
    });

    it('defers when every MX host refuses connections, naming each host tried', async () => {
      const { outcome } = await deliverTo('gus@down.example.test');
      assert.equal(outcome.state, 'deferred');
      assert.match(outcome.lastResponse!, new RegExp(`mx\\.down\\.example\\.test \\[${REFUSING_ADDRESS.replace(/\./g, '\\.')}\\]: connect ECONNREFUSED`));
      assert.ok((await queueRowOf(app, outcome.id))!.run_at > Date.now());
    });

    it('defers when no MX host name resolves', async () => {
      const { outcome } = await deliverTo('hal@dangling.example.test');
      assert.equal(outcome.state, 'deferred');
      assert.match(outcome.lastResponse!, /gone\.dangling-host\.test/);
    });

    it("maps the MX host's answers as the relay does: 451 deferred, 550 bounced, a cut connection deferred", async () => {
      const to = ['tempfail@mail.example.test', 'reject@mail.example.test', 'drop@mail.example.test'];
      const sent = await sendMessage(app, account, to);
      const [tempfail, reject, drop] = await Promise.all(to.map((email) => outcomeOf(app, account, sent, email)));
      assert.equal(tempfail!.state, 'deferred');
      assert.equal(tempfail!.lastResponse, TEMPFAIL_REPLY, 'a 4xx answer is final for this attempt, not passed to another host');
      assert.equal(reject!.state, 'bounced');
      assert.equal(reject!.lastResponse, REJECT_REPLY);
      assert.equal(drop!.state, 'deferred');
      assert.match(drop!.lastResponse!, /mx\.mail\.example\.test \[127\.0\.0\.1\]: Connection closed unexpectedly/);
    });

    it('keeps at most MX_CONCURRENCY_PER_DOMAIN deliveries in flight to one domain', async () => {
      const held = Array.from({ length: 6 }, (_, i) => `hold+${i}@limited.example.test`);
      const sent = await sendMessage(app, account, [...held, 'marker@implicit.example.test'], { subject: 'Limited' });
      try {
        // The other domain's recipient is not held up by the limited domain…
        assert.equal((await outcomeOf(app, account, sent, 'marker@implicit.example.test')).state, 'delivered');
        // …while the limited domain has exactly its limit waiting at its server.
        await eventually(async () => (sink.held() === PER_DOMAIN ? true : undefined), 10_000, `${PER_DOMAIN} held deliveries`);
        assert.equal(sink.held(), PER_DOMAIN);
        // Let every held delivery finish (each release frees a slot for the next one).
        await eventually(
          async () => {
            sink.releaseHeld();
            return held.every((email) => messagesTo(sink, email).length === 1) ? true : undefined;
          },
          20_000,
          'every held recipient delivered',
        );
      } finally {
        // Whatever happened, nothing stays held to block the worker for the next tests.
        sink.stopHolding();
      }
      for (const email of held) assert.equal((await outcomeOf(app, account, sent, email)).state, 'delivered');
      assert.equal(sink.peakHeld(), PER_DOMAIN, 'never more than the limit at once');
    });

    it('reuses connections to a destination host', async () => {
      const to = Array.from({ length: 8 }, (_, i) => `r${i}@reuse.example.test`);
      const sent = await sendMessage(app, account, to, { subject: 'Reuse' });
      for (const email of to) assert.equal((await outcomeOf(app, account, sent, email)).state, 'delivered');
      const sessions = new Set(to.flatMap((email) => messagesTo(sink, email).map((m) => m.sessionId)));
      // The pool may open a connection while another is finishing its reply, hence PER_HOST, not PER_DOMAIN.
      assert.ok(sessions.size <= PER_HOST, `8 messages over at most ${PER_HOST} connections, got ${sessions.size}`);
    });
  });
}

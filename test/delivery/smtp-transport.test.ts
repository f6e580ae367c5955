/**
 * TRANSPORT=smtp through the whole service, against a real SMTP server on 127.0.0.1
 * (test/helpers/smtp-sink.ts): what the relay receives (envelope, bytes, TLS, login,
 * EHLO name), what the client sees per recipient for each kind of answer, connection
 * reuse, and relay trouble that must be retried rather than bounced.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Dialect } from '../../src/db/database.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { eventually, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, queueRowOf, rawOf, recipientId, sendMessage } from '../helpers/delivery-api.js';
import { messagesTo, REJECT_REPLY, SPAM_REPLY, startSmtpSink, TEMPFAIL_REPLY, type SmtpSink } from '../helpers/smtp-sink.js';

const BOUNCE_DOMAIN = 'bounces.example.test';
const HELO = 'out.postwire.example.test';
const RELAY_USER = 'relay-user@example.test';
// Characters that must be percent-encoded in SMTP_URL, to prove the credentials are decoded.
const RELAY_PASS = 'p@ss:w/rd%1';

function relayUrl(sink: SmtpSink, user = RELAY_USER, pass = RELAY_PASS): string {
  return sink.url.replace('://', `://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@`);
}

function relayConfig(smtpUrl: string, extra: Partial<Config> = {}): Partial<Config> {
  return { transport: 'smtp', smtpUrl, smtpTlsRejectUnauthorized: false, bounceDomain: BOUNCE_DOMAIN, heloName: HELO, ...extra };
}

/** A port on 127.0.0.1 where nothing listens (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((f) => f.value.map((v) => v.address));

/** One app + relay pair for a describe block; both closed after it. */
function relaySuite(dialect: Dialect, sinkOptions: Parameters<typeof startSmtpSink>[0], config: (sink: SmtpSink) => Partial<Config>) {
  const ctx = {} as { sink: SmtpSink; app: TestApp; account: TestAccount };
  before(async () => {
    ctx.sink = await startSmtpSink(sinkOptions);
    ctx.app = await startTestApp(dialect, { worker: true, config: config(ctx.sink) });
    ctx.account = await ctx.app.signUp();
  });
  after(async () => {
    await ctx.app?.close();
    await ctx.sink?.close();
  });
  return ctx;
}

for (const dialect of DIALECTS) {
  describe(`SMTP relay transport [${dialect}]`, () => {
    describe('a relay that offers STARTTLS and requires a login', () => {
      const ctx = relaySuite(dialect, { auth: { user: RELAY_USER, pass: RELAY_PASS } }, (sink) => relayConfig(relayUrl(sink), { smtpPoolSize: 2 }));

      it("delivers: the recipient is delivered with the relay's reply, and the relay got the composed bytes", async () => {
        const { app, account, sink } = ctx;
        const html = '<h1>Order 1042</h1><p>Hello <b>Ann</b>, your parcel ships today.</p>';
        const sent = await sendMessage(app, account, ['ann@example.net'], { subject: 'Order 1042 ships', html });
        const ann = await outcomeOf(app, account, sent, 'ann@example.net');

        const [received] = messagesTo(sink, 'ann@example.net');
        assert.ok(received, 'the relay received the message');
        assert.equal(ann.state, 'delivered');
        assert.equal(ann.attempts, 1);
        assert.equal(ann.lastResponse, received.reply, "lastResponse is the relay's own reply");
        assert.match(ann.lastResponse!, /^250 2\.0\.0 Accepted by the test sink as /);
        assert.ok(ann.sentTime, 'a delivered recipient has a sentTime');
        assert.equal(await queueRowOf(app, ann.id), undefined, 'nothing left to do');

        assert.equal(received.mailFrom, `bounces+${recipientId(sent, 'ann@example.net')}@${BOUNCE_DOMAIN}`, 'VERP return path');
        assert.deepEqual(received.rcptTo, ['ann@example.net']);
        assert.equal(received.raw.toString('utf8'), await rawOf(app, account, sent.id), 'the bytes are exactly the stored MIME');

        const parsed = await simpleParser(received.raw);
        assert.equal(parsed.messageId, sent.messageId, 'Message-ID is the one the send answer gave');
        assert.equal(parsed.subject, 'Order 1042 ships');
        assert.deepEqual(addresses(parsed.from), [account.email]);
        assert.equal((parsed.from as AddressObject).value[0]!.name, 'Shop');
        assert.deepEqual(addresses(parsed.to), ['ann@example.net']);
        assert.equal(parsed.headers.get('x-postwire-message-id'), sent.id);
        assert.equal(parsed.html, html);
        assert.match(parsed.text ?? '', /Order 1042/);
        assert.match(parsed.text ?? '', /Hello Ann, your parcel ships today\./);
        assert.ok(!/<b>/.test(parsed.text ?? ''), 'the text part has no markup');
      });

      it("logs in with the URL's credentials over STARTTLS and introduces itself with HELO_NAME", async () => {
        const { app, account, sink } = ctx;
        const sent = await sendMessage(app, account, ['bob@example.net']);
        assert.equal((await outcomeOf(app, account, sent, 'bob@example.net')).state, 'delivered');
        const [received] = messagesTo(sink, 'bob@example.net');
        assert.equal(received!.secure, true, 'STARTTLS was taken when offered');
        assert.equal(received!.user, RELAY_USER);
        assert.equal(received!.helo, HELO);
      });

      it('451 at RCPT TO: deferred with the reply, and a queue row due later', async () => {
        const { app, account, sink } = ctx;
        const sent = await sendMessage(app, account, ['tempfail@example.net']);
        const recipient = await outcomeOf(app, account, sent, 'tempfail@example.net');
        assert.equal(recipient.state, 'deferred');
        assert.equal(recipient.lastResponse, TEMPFAIL_REPLY);
        assert.equal(recipient.attempts, 1);
        assert.equal(recipient.sentTime, null);
        const row = await eventually(async () => queueRowOf(app, recipient.id));
        assert.ok(row.run_at > Date.now(), 'the retry is scheduled in the future');
        assert.equal(row.locked_by, null, 'the lease was given up');
        assert.equal(row.last_error, TEMPFAIL_REPLY);
        assert.deepEqual(messagesTo(sink, 'tempfail@example.net'), []);
      });

      it('550 at RCPT TO: bounced with the reply, and no queue row', async () => {
        const { app, account, sink } = ctx;
        const sent = await sendMessage(app, account, ['reject@example.net']);
        const recipient = await outcomeOf(app, account, sent, 'reject@example.net');
        assert.equal(recipient.state, 'bounced');
        assert.equal(recipient.lastResponse, REJECT_REPLY);
        assert.equal(await queueRowOf(app, recipient.id), undefined);
        assert.deepEqual(messagesTo(sink, 'reject@example.net'), []);
        // A refused recipient is a hard bounce: the address goes on the suppression list.
        const suppression = await app.request({ method: 'GET', url: '/notify/v1/suppressions/reject@example.net', token: account.token });
        assert.equal(suppression.status, 200, suppression.text);
        assert.equal(suppression.json.resultObject.reason, 'hard_bounce');
      });

      it('554 after DATA (the content refused): bounced with the reply', async () => {
        const { app, account, sink } = ctx;
        const sent = await sendMessage(app, account, ['spam@example.net']);
        const recipient = await outcomeOf(app, account, sent, 'spam@example.net');
        assert.equal(recipient.state, 'bounced');
        assert.equal(recipient.lastResponse, SPAM_REPLY);
        assert.equal(await queueRowOf(app, recipient.id), undefined);
        assert.deepEqual(messagesTo(sink, 'spam@example.net'), []);
        // Refused content says nothing about the address: it is not suppressed.
        const suppression = await app.request({ method: 'GET', url: '/notify/v1/suppressions/spam@example.net', token: account.token });
        assert.equal(suppression.status, 404, suppression.text);
      });

      it('the connection cut mid-transaction: deferred with the error, and a queue row due later', async () => {
        const { app, account } = ctx;
        const sent = await sendMessage(app, account, ['drop@example.net']);
        const recipient = await outcomeOf(app, account, sent, 'drop@example.net');
        assert.equal(recipient.state, 'deferred');
        assert.match(recipient.lastResponse!, /Connection closed unexpectedly/);
        const row = await eventually(async () => queueRowOf(app, recipient.id));
        assert.ok(row.run_at > Date.now());
      });

      it('one message to four recipients: each gets its own envelope and its own outcome', async () => {
        const { app, account, sink } = ctx;
        const to = ['accept+four@example.net', 'tempfail+four@example.net', 'reject+four@example.net', 'drop+four@example.net'];
        const sent = await sendMessage(app, account, to, { subject: 'Four ways' });
        const outcomes = await Promise.all(to.map((email) => outcomeOf(app, account, sent, email)));
        assert.deepEqual(
          outcomes.map((o) => o.state),
          ['delivered', 'deferred', 'bounced', 'deferred'],
        );
        const received = messagesTo(sink, 'accept+four@example.net');
        assert.equal(received.length, 1);
        assert.equal(received[0]!.mailFrom, `bounces+${recipientId(sent, 'accept+four@example.net')}@${BOUNCE_DOMAIN}`);
        assert.equal(received[0]!.raw.toString('utf8'), await rawOf(app, account, sent.id));
        assert.equal(sink.messages.filter((m) => m.raw.toString('utf8').includes(sent.id)).length, 1, 'only the accepted recipient got a copy');
      });

      it('reuses its pooled connections instead of connecting per message', async () => {
        const { app, account, sink } = ctx;
        const before = sink.connections();
        const to = Array.from({ length: 12 }, (_, i) => `pooled${i}@example.net`);
        const sent = await sendMessage(app, account, to, { subject: 'Pooled' });
        for (const email of to) assert.equal((await outcomeOf(app, account, sent, email)).state, 'delivered');
        const sessions = new Set(to.flatMap((email) => messagesTo(sink, email).map((m) => m.sessionId)));
        assert.ok(sessions.size <= 2, `12 messages over at most SMTP_POOL_SIZE=2 connections, got ${sessions.size}`);
        assert.ok(sink.connections() - before <= 2, 'no extra connections were opened');
      });
    });

    describe('a worker process starting', () => {
      const ctx = {} as { sink: SmtpSink; app: TestApp; worker: Runtime };
      before(async () => {
        ctx.sink = await startSmtpSink();
        // The API alone accepts the messages; the worker is a process of its own, started as `postwire worker` is.
        ctx.app = await startTestApp(dialect, { worker: false });
      });
      after(async () => {
        await ctx.worker?.close();
        await ctx.app?.close();
        await ctx.sink?.close();
      });

      it('connects to the relay before the first message, which then goes over that connection', async () => {
        const { app, sink } = ctx;
        const account = await app.signUp();
        const config = loadConfig(
          { LOG_LEVEL: 'silent', WORKER_POLL_MS: '50', PASSWORD_HASH_COST: '4', TRANSPORT: 'smtp', SMTP_URL: sink.url, SMTP_TLS_REJECT_UNAUTHORIZED: 'false' },
          { dataDir: app.database.dataDir, databaseUrl: app.database.databaseUrl, port: 0 },
        );
        ctx.worker = await createRuntime(config, { api: false, worker: true }, createLogger(config));
        await ctx.worker.listen();
        await eventually(async () => (sink.connections() === 1 ? true : undefined), 10_000, 'a connection to the relay with no message to send');
        const sent = await sendMessage(app, account, ['first@example.net']);
        assert.equal((await outcomeOf(app, account, sent, 'first@example.net')).state, 'delivered');
        assert.equal(sink.connections(), 1, 'the first message opened no connection of its own');
        assert.equal(messagesTo(sink, 'first@example.net').length, 1);
      });
    });

    describe('SMTP_MAX_MESSAGES_PER_CONNECTION', () => {
      const ctx = relaySuite(dialect, {}, (sink) => relayConfig(sink.url, { smtpPoolSize: 1, smtpMaxMessagesPerConnection: 3 }));

      it('replaces a connection after that many messages', async () => {
        const { app, account, sink } = ctx;
        const to = Array.from({ length: 7 }, (_, i) => `batch${i}@example.net`);
        const sent = await sendMessage(app, account, to, { subject: 'Three per connection' });
        for (const email of to) assert.equal((await outcomeOf(app, account, sent, email)).state, 'delivered');
        const perSession = new Map<string, number>();
        for (const m of sink.messages) perSession.set(m.sessionId, (perSession.get(m.sessionId) ?? 0) + 1);
        assert.deepEqual([...perSession.values()].sort(), [1, 3, 3], '7 messages: 3 + 3 + 1 over one connection at a time');
      });
    });

    describe('an smtps:// relay (TLS from the first byte)', () => {
      const ctx = relaySuite(dialect, { secure: true }, (sink) => relayConfig(sink.url));

      it('delivers over TLS', async () => {
        const { app, account, sink } = ctx;
        assert.match(sink.url, /^smtps:\/\//);
        const sent = await sendMessage(app, account, ['tls@example.net']);
        const recipient = await outcomeOf(app, account, sent, 'tls@example.net');
        assert.equal(recipient.state, 'delivered');
        const [received] = messagesTo(sink, 'tls@example.net');
        assert.equal(received!.secure, true);
        assert.equal(recipient.lastResponse, received!.reply);
      });
    });

    describe('relay trouble is retried, never bounced', () => {
      describe('a wrong password', () => {
        const ctx = relaySuite(dialect, { auth: { user: RELAY_USER, pass: RELAY_PASS } }, (sink) => relayConfig(relayUrl(sink, RELAY_USER, 'wrong')));

        it("defers with the relay's 535 (a configuration mistake must not bounce the queue)", async () => {
          const { app, account, sink } = ctx;
          const sent = await sendMessage(app, account, ['ann@example.net']);
          const recipient = await outcomeOf(app, account, sent, 'ann@example.net');
          assert.equal(recipient.state, 'deferred');
          assert.match(recipient.lastResponse!, /^535 /);
          assert.ok((await queueRowOf(app, recipient.id))!.run_at > Date.now());
          assert.deepEqual(sink.messages, []);
        });
      });

      describe('a self-signed certificate while SMTP_TLS_REJECT_UNAUTHORIZED=true', () => {
        const ctx = relaySuite(dialect, {}, (sink) => relayConfig(sink.url, { smtpTlsRejectUnauthorized: true }));

        it('defers with the certificate error and sends nothing in the clear', async () => {
          const { app, account, sink } = ctx;
          const sent = await sendMessage(app, account, ['ann@example.net']);
          const recipient = await outcomeOf(app, account, sent, 'ann@example.net');
          assert.equal(recipient.state, 'deferred');
          assert.match(recipient.lastResponse!, /certificate/i);
          assert.deepEqual(sink.messages, []);
        });
      });

      describe('a relay that goes silent after DATA, past SMTP_IDLE_TIMEOUT_MS', () => {
        const ctx = relaySuite(dialect, {}, (sink) => relayConfig(sink.url, { smtpIdleTimeoutMs: 700 }));

        it('defers with the timeout, keeps the queue row for later, and delivers the next message on a new connection', async () => {
          const { app, account, sink } = ctx;
          const sent = await sendMessage(app, account, ['hold@example.net']);
          const recipient = await outcomeOf(app, account, sent, 'hold@example.net');
          assert.equal(recipient.state, 'deferred');
          assert.match(recipient.lastResponse ?? '', /timeout/i);
          assert.equal(recipient.sentTime, null);
          assert.ok((await queueRowOf(app, recipient.id))!.run_at > Date.now(), 'tried again later');
          const next = await sendMessage(app, account, ['ann@example.net']);
          assert.equal((await outcomeOf(app, account, next, 'ann@example.net')).state, 'delivered');
          sink.releaseHeld();
        });
      });

      describe('nothing listening at SMTP_URL', () => {
        const ctx = {} as { app: TestApp; account: TestAccount; port: number };
        before(async () => {
          ctx.port = await closedPort();
          ctx.app = await startTestApp(dialect, { worker: true, config: relayConfig(`smtp://127.0.0.1:${ctx.port}`) });
          ctx.account = await ctx.app.signUp();
        });
        after(() => ctx.app?.close());

        it('defers with the connection error', async () => {
          const { app, account, port } = ctx;
          const sent = await sendMessage(app, account, ['ann@example.net', 'reject@example.net']);
          for (const email of ['ann@example.net', 'reject@example.net']) {
            const recipient = await outcomeOf(app, account, sent, email);
            assert.equal(recipient.state, 'deferred');
            assert.equal(recipient.lastResponse, `connect ECONNREFUSED 127.0.0.1:${port}`);
            assert.ok((await queueRowOf(app, recipient.id))!.run_at > Date.now());
          }
        });
      });
    });
  });
}

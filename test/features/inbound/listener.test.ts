/**
 * Received mail end to end, on both dialects, as the outside world meets it: nodemailer
 * sends to the inbound SMTP listener over TCP, a DNS server on 127.0.0.1 answers the
 * sender domain's SPF, DKIM and DMARC records, the real spamd scores, and a webhook
 * receiver on loopback gets the signed document through the webhook queue. Also what is
 * refused and where in the conversation (RCPT or DATA, with which code), the limits,
 * STARTTLS, a reply linked to the message it answers, a webhook that never answers 2xx
 * (the message stays fetchable, a replay reaches it later), a forward, and a seeded fuzz
 * of malformed messages: 250 with the raw kept whole, or a 5xx; never a crash.
 */
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { DIALECTS } from '../../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../../helpers/app.js';
import { outcomeOf, sendMessage } from '../../helpers/delivery-api.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { seededRandom } from '../../helpers/seeded-random.js';
import { SmtpDialogue } from '../../helpers/smtp-dialogue.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import { GTUBE, requireSpamd, SPAMD } from '../../helpers/spamd.js';
import { purgeInboundBefore } from '../../../src/features/notify/inbound/inbound.store.js';
import { RetentionPurge } from '../../../src/features/system/retention/retention.service.js';

const MX_HOST = 'mx.postwire.example.test';
const SENDER_DOMAIN = 'sender.example.test';
const MAX_BYTES = 64 * 1024;
const MAX_RECIPIENTS = 3;

interface Call {
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
}

/** A webhook receiver on loopback that keeps each call whole (headers and raw body); `failing` answers 500. */
async function startReceiver() {
  const calls: Call[] = [];
  const state = { failing: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      calls.push({ headers: request.headers, text, body: JSON.parse(text) });
      response.writeHead(state.failing ? 500 : 200).end(state.failing ? 'down' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    calls,
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbound`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function verifies(call: Call, secret: string): boolean {
  const timestamp = String(call.headers['x-postwire-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${call.text}`).digest('hex')}`;
  return call.headers['x-postwire-signature'] === expected;
}

interface Answer {
  accepted: boolean;
  code: number;
  response: string;
  stage: 'rcpt' | 'data' | undefined;
  rejected: string[];
}

async function send(port: number, mail: Record<string, unknown>, transport: Record<string, unknown> = {}): Promise<Answer> {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...transport } as never);
  try {
    const info = await client.sendMail(mail as never);
    return { accepted: true, code: 250, response: info.response, stage: undefined, rejected: (info.rejected as string[]) ?? [] };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; code?: string; message: string; rejected?: string[] };
    return {
      accepted: false,
      code: e.responseCode ?? 0,
      response: e.response ?? e.message,
      stage: e.code === 'EENVELOPE' ? 'rcpt' : e.code === 'EMESSAGE' ? 'data' : undefined,
      rejected: e.rejected ?? [],
    };
  } finally {
    client.close();
  }
}

for (const dialect of DIALECTS) {
  describe(`inbound SMTP listener, received mail [${dialect}]`, () => {
    let app: TestApp;
    let dns: TestDnsServer;
    let sink: SmtpSink;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let port: number;
    let a: TestAccount;
    let domain: string;
    let privateKey: string;
    const routes: Record<string, any> = {};

    const url = (path: string) => `/notify/v1/inbound/${path}`;
    const get = (path: string) => app.request({ method: 'GET', url: url(path), token: a.token });
    const addRoute = async (body: object) =>
      expectEnvelope(await app.request({ method: 'POST', url: url('routes'), token: a.token, body: { domainId: routes.domainId, ...body } }), 201).resultObject;
    const messagesOfRoute = async (routeId: string): Promise<any[]> => expectEnvelope(await get(`messages?routeId=${routeId}`), 200).resultObject.items;

    before(async () => {
      await requireSpamd();
      dns = await startDnsServer();
      sink = await startSmtpSink();
      receiver = await startReceiver();
      app = await startTestApp(dialect, {
        worker: true,
        inbound: true,
        config: {
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          dnsResolver: dns.address,
          inboundMxHost: MX_HOST,
          inboundSmtpMaxBytes: MAX_BYTES,
          inboundSmtpMaxRecipients: MAX_RECIPIENTS,
          spamdHost: SPAMD.host,
          spamdPort: SPAMD.port,
          spamdRejectScore: 20,
          spamdTimeoutMs: 30_000,
          outboundAllow: ['127.0.0.1'],
          webhookRetryFirstDelayMs: 50,
          webhookMaxAttempts: 2,
          systemFrom: 'postwire@system.example.test',
        },
      });
      port = app.runtime.inbound!.port!;
      a = await app.signUp();
      domain = `in-${dialect}.example.test`;
      routes.domainId = expectEnvelope(await app.request({ method: 'POST', url: url('domains'), token: a.token, body: { name: domain } }), 201).resultObject.id;
      routes.support = await addRoute({ pattern: 'support', action: 'webhook', webhookUrl: receiver.url });
      routes.reply = await addRoute({ pattern: 'reply+*', action: 'store' });
      routes.closed = await addRoute({ pattern: 'closed', action: 'reject', rejectCode: 554, rejectMessage: '5.7.1 This mailbox is closed' });
      routes.forward = await addRoute({ pattern: 'sales', action: 'forward', forwardTo: 'boss@elsewhere.example' });

      const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
      privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      dns.set(`sel._domainkey.${SENDER_DOMAIN}`, { txt: [`v=DKIM1; k=rsa; p=${publicKey}`] });
      dns.set(SENDER_DOMAIN, { txt: ['v=spf1 ip4:127.0.0.1 -all'] });
      dns.set(`_dmarc.${SENDER_DOMAIN}`, { txt: ['v=DMARC1; p=reject'] });
    });
    after(async () => {
      await app?.close();
      await receiver?.close();
      await sink?.close();
      await dns?.close();
    });

    it('takes a DKIM-signed message for a webhook route: 250, then the signed document with SPF, DKIM and DMARC passing reaches the webhook', async () => {
      assert.match(routes.support.webhookSecret, /^whsec_[0-9a-f]{48}$/, 'the whole secret, once, in the answer that creates the route');
      const answer = await send(
        port,
        {
          envelope: { from: `ann@${SENDER_DOMAIN}`, to: [`Support@${domain}`] },
          from: `Ann <ann@${SENDER_DOMAIN}>`,
          to: `support@${domain}`,
          subject: 'My order is late',
          text: 'Where is order 1234?\n\nOn Mon, Bob wrote:\n> Thanks for your order\n',
          attachments: [{ filename: 'receipt.txt', content: 'paid 12 EUR' }],
          dkim: { domainName: SENDER_DOMAIN, keySelector: 'sel', privateKey },
        },
        { name: 'mail.sender.example.test' },
      );
      assert.ok(answer.accepted, answer.response);
      assert.match(answer.response, /^250 2\.0\.0 Message received \([0-9a-f]{24}\)/);
      const id = /\(([0-9a-f]{24})\)/.exec(answer.response)![1]!;

      const call = await eventually(async () => receiver.calls.find((c) => c.body.id === id));
      assert.ok(verifies(call, routes.support.webhookSecret), 'the call is signed with the route’s secret');
      assert.equal(call.headers['x-postwire-event-id'], id);
      assert.equal(call.body.routeId, routes.support.id);
      assert.deepEqual(call.body.recipients, [`Support@${domain}`]);
      const doc = call.body.document;
      assert.equal(doc.subject, 'My order is late');
      assert.deepEqual(doc.from, [{ name: 'Ann', address: `ann@${SENDER_DOMAIN}` }]);
      assert.equal(doc.reply, 'Where is order 1234?');
      assert.equal(doc.envelope.clientIp, '127.0.0.1');
      assert.equal(doc.envelope.helo, 'mail.sender.example.test');
      assert.deepEqual(doc.auth.spf, { result: 'pass', domain: SENDER_DOMAIN });
      assert.deepEqual(doc.auth.dkim, [{ result: 'pass', domain: SENDER_DOMAIN, selector: 'sel' }]);
      assert.equal(doc.auth.dmarc.result, 'pass');
      assert.equal(doc.attachments[0].filename, 'receipt.txt');
      assert.equal(typeof doc.spam.score, 'number', 'scored by spamd');

      // The same JSON through the API, and the attachment's bytes.
      const fetched = expectEnvelope(await get(`messages/${id}`), 200).resultObject;
      assert.deepEqual(fetched, call.body);
      const attachment = await get(`messages/${id}/attachments/0`);
      assert.equal(attachment.status, 200);
      assert.equal(attachment.text, 'paid 12 EUR');
      // Later, the route shows only a preview of its secret.
      const route = expectEnvelope(await get(`routes/${routes.support.id}`), 200).resultObject;
      assert.notEqual(route.webhookSecret, routes.support.webhookSecret);
      assert.ok(routes.support.webhookSecret.endsWith(route.webhookSecret.slice(-4)));
    });

    it('links a reply to the message Postwire sent (In-Reply-To), with its id in the document’s message', async () => {
      const sent = await sendMessage(app, a, ['customer@example.net']);
      const recipient = await outcomeOf(app, a, sent, 'customer@example.net');
      assert.equal(recipient.state, 'delivered');
      const copy = messagesTo(sink, 'customer@example.net').at(-1)!;
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(copy.raw.toString('latin1'))![1]!;

      const answer = await send(port, {
        envelope: { from: 'customer@example.net', to: [`reply+${sent.id}@${domain}`] },
        from: 'customer@example.net',
        to: `reply+${sent.id}@${domain}`,
        subject: 'Re: Your order',
        inReplyTo: messageId,
        references: [messageId],
        text: 'Thanks!',
      });
      assert.ok(answer.accepted, answer.response);
      const [received] = await messagesOfRoute(routes.reply.id);
      assert.equal(received.replyToMessageId, sent.id);
      assert.equal(received.replyToCampaignId, null);
      assert.equal(expectEnvelope(await get(`messages/${received.id}`), 200).resultObject.document.inReplyTo, messageId);
    });

    it('links a reply to a message whose Message-ID is its sender’s own (as SMTP submission keeps it), by In-Reply-To alone', async () => {
      const sent = await sendMessage(app, a, ['own-id@example.net']);
      const own = '<order-42.confirmation@shop.example>';
      // A submitted message keeps the Message-ID its client wrote; this one is given one the same way.
      await app.runtime.services.handle.db.updateTable('messages').set({ message_id_header: own }).where('id', '=', sent.id).execute();
      const answer = await send(port, {
        envelope: { from: 'own-id@example.net', to: [`reply+none@${domain}`] },
        from: 'own-id@example.net',
        to: `reply+none@${domain}`,
        subject: 'Re: order 42',
        inReplyTo: own,
        references: [own],
        text: 'Thanks!',
      });
      assert.ok(answer.accepted, answer.response);
      const received = (await messagesOfRoute(routes.reply.id)).find((m) => m.subject === 'Re: order 42');
      assert.equal(received.replyToMessageId, sent.id);
    });

    it('links a reply to a message whose row stores its own Message-ID written out, as rows from before did', async () => {
      const sent = await sendMessage(app, a, ['older@example.net']);
      // Since migration 0040 a row stores '' for the Message-ID made from its id; rows written before keep it whole.
      await app.runtime.services.handle.db.updateTable('messages').set({ message_id_header: sent.messageId }).where('id', '=', sent.id).execute();
      const shown = await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token });
      assert.equal(expectEnvelope(shown, 200).resultObject.messageId, sent.messageId);
      const answer = await send(port, {
        envelope: { from: 'older@example.net', to: [`reply+none@${domain}`] },
        from: 'older@example.net',
        to: `reply+none@${domain}`,
        subject: 'Re: an older order',
        inReplyTo: sent.messageId,
        references: [sent.messageId],
        text: 'Thanks!',
      });
      assert.ok(answer.accepted, answer.response);
      const received = (await messagesOfRoute(routes.reply.id)).find((m) => m.subject === 'Re: an older order');
      assert.equal(received.replyToMessageId, sent.id);
    });

    it('links a reply by its per-message reply address alone (reply+<message id>@, no In-Reply-To)', async () => {
      const sent = await sendMessage(app, a, ['other-customer@example.net']);
      const answer = await send(port, {
        envelope: { from: 'other-customer@example.net', to: [`reply+${sent.id}@${domain}`] },
        raw: 'From: other-customer@example.net\r\nSubject: answer without headers\r\n\r\nyes\r\n',
      });
      assert.ok(answer.accepted, answer.response);
      const received = (await messagesOfRoute(routes.reply.id)).find((m) => m.subject === 'answer without headers');
      assert.equal(received.replyToMessageId, sent.id);
      // Another account's message id in the address links nothing.
      const b = await app.signUp();
      const theirs = await sendMessage(app, b, ['x@example.net']);
      await send(port, {
        envelope: { from: 'x@example.net', to: [`reply+${theirs.id}@${domain}`] },
        raw: 'From: x@example.net\r\nSubject: not mine\r\n\r\nno\r\n',
      });
      assert.equal((await messagesOfRoute(routes.reply.id)).find((m) => m.subject === 'not mine').replyToMessageId, null);
    });

    it('refuses at RCPT, before any data: 550 for an unrouted address or a domain nobody receives for, a reject route’s own reply', async () => {
      const mail = (to: string) => ({ envelope: { from: 'x@example.net', to: [to] }, raw: `From: x@example.net\r\nSubject: hi\r\n\r\nhello\r\n` });
      for (const to of [`nobody@${domain}`, 'someone@not-received.example.test']) {
        const answer = await send(port, mail(to));
        assert.equal(answer.stage, 'rcpt', answer.response);
        assert.equal(answer.code, 550, answer.response);
      }
      const closed = await send(port, mail(`closed@${domain}`));
      assert.equal(closed.stage, 'rcpt');
      assert.equal(closed.response, '554 5.7.1 This mailbox is closed');
      // Nothing of them was stored.
      const all = expectEnvelope(await get('messages?limit=100'), 200).resultObject.items;
      assert.ok(all.every((m: any) => !m.recipients.some((r: string) => /nobody|closed|not-received/.test(r))));
    });

    it('rejects a spam message (GTUBE) at DATA with 550 5.7.1 and keeps nothing of it', async () => {
      const before = (await messagesOfRoute(routes.support.id)).length;
      const answer = await send(port, {
        envelope: { from: 'spammer@example.net', to: [`support@${domain}`] },
        from: 'spammer@example.net',
        to: `support@${domain}`,
        subject: 'Cheap pills',
        text: `Buy now\n${GTUBE}\n`,
      });
      assert.equal(answer.stage, 'data', answer.response);
      assert.match(answer.response, /^550 5\.7\.1 /);
      assert.equal((await messagesOfRoute(routes.support.id)).length, before);
    });

    it('answers the limits: 552 above the size, 452 4.5.3 beyond the recipients per message', async () => {
      const big = await send(port, {
        envelope: { from: 'x@example.net', to: [`reply+big@${domain}`] },
        raw: `From: x@example.net\r\nSubject: big\r\n\r\n${'x'
          .repeat(76)
          .concat('\r\n')
          .repeat(Math.ceil(MAX_BYTES / 78) + 10)}`,
      });
      assert.equal(big.accepted, false);
      assert.equal(big.code, 552, big.response);

      const { dialogue } = await SmtpDialogue.open(port);
      assert.equal((await dialogue.command('EHLO client.example.net')).code, 250);
      assert.equal((await dialogue.command('MAIL FROM:<x@example.net>')).code, 250);
      for (let i = 0; i < MAX_RECIPIENTS; i++) assert.equal((await dialogue.command(`RCPT TO:<reply+r${i}@${domain}>`)).code, 250);
      const over = await dialogue.command(`RCPT TO:<reply+r9@${domain}>`);
      assert.equal(over.code, 452);
      assert.match(over.text, /^452 4\.5\.3 /);
      // The message still goes to the recipients taken.
      assert.equal((await dialogue.command('DATA')).code, 354);
      assert.equal((await dialogue.sendData('From: x@example.net\r\nSubject: many\r\n\r\nhi\r\n')).code, 250);
      dialogue.close();
      const many = (await messagesOfRoute(routes.reply.id)).find((m) => m.subject === 'many');
      assert.equal(many.recipients.length, MAX_RECIPIENTS);
    });

    it('offers STARTTLS: a client that requires TLS delivers over it', async () => {
      const answer = await send(
        port,
        { envelope: { from: 'x@example.net', to: [`reply+tls@${domain}`] }, raw: 'From: x@example.net\r\nSubject: over TLS\r\n\r\nsecret\r\n' },
        { ignoreTLS: false, requireTLS: true, tls: { rejectUnauthorized: false } },
      );
      assert.ok(answer.accepted, answer.response);
      assert.ok((await messagesOfRoute(routes.reply.id)).some((m) => m.subject === 'over TLS'));
    });

    it('keeps a message whose webhook calls all failed, and a replay reaches the webhook once it answers', async () => {
      receiver.state.failing = true;
      try {
        const answer = await send(port, {
          envelope: { from: 'x@example.net', to: [`support@${domain}`] },
          raw: 'From: x@example.net\r\nSubject: hook down\r\n\r\nhi\r\n',
        });
        assert.ok(answer.accepted, answer.response);
        const id = /\(([0-9a-f]{24})\)/.exec(answer.response)![1]!;
        // Both attempts (WEBHOOK_MAX_ATTEMPTS 2) answered 500.
        await eventually(async () => (receiver.calls.filter((c) => c.body.id === id).length === 2 ? true : undefined));
        assert.equal(expectEnvelope(await get(`messages/${id}`), 200).resultObject.subject, 'hook down');
        receiver.state.failing = false;
        expectEnvelope(await app.request({ method: 'POST', url: url(`messages/${id}/replay`), token: a.token }), 202);
        await eventually(async () => (receiver.calls.filter((c) => c.body.id === id).length === 3 ? true : undefined));
      } finally {
        receiver.state.failing = false;
      }
    });

    it('forwards through the send path: a message from SYSTEM_FROM to the forward address, Reply-To the original sender', async () => {
      const answer = await send(port, {
        envelope: { from: 'lead@example.net', to: [`sales@${domain}`] },
        from: 'Lead <lead@example.net>',
        to: `sales@${domain}`,
        subject: 'Quote please',
        text: 'How much for 100?',
      });
      assert.ok(answer.accepted, answer.response);
      const copy = await eventually(async () => messagesTo(sink, 'boss@elsewhere.example')[0]);
      const text = copy.raw.toString('utf8');
      assert.match(text, /^From: "?Lead via Postwire"? <postwire@system\.example\.test>/m);
      assert.match(text, /^Reply-To: "?Lead"? <lead@example\.net>/m);
      assert.match(text, /^Subject: Quote please/m);
      assert.match(text, /How much for 100\?/);
      assert.equal((await messagesOfRoute(routes.forward.id)).length, 1, 'and kept');
    });

    it('takes a seeded fuzz of malformed messages with 250 (the raw kept whole) or a 5xx, and stays up', async () => {
      const seed = 4242;
      const random = seededRandom(seed);
      const nested = (depth: number): string =>
        depth === 0
          ? 'Content-Type: text/plain\r\n\r\ninner\r\n'
          : `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${nested(depth - 1)}--b${depth}--\r\n`;
      const shapes: (() => Buffer)[] = [
        () => Buffer.from(''),
        () => Buffer.from(`Subject: nul\0byte\r\nFrom: a\0@example.net\r\n\r\nbody\0with\0nuls\r\n`, 'latin1'),
        () =>
          Buffer.from(
            `Subject: =?x-unknown?B?${Buffer.from('caf\xe9', 'latin1').toString('base64')}?=\r\nContent-Type: text/plain; charset=no-such-charset\r\n\r\ncaf\xe9\r\n`,
            'latin1',
          ),
        () => Buffer.from(`Subject: 8bit h\xe9ader \xff\xfe\r\nFrom: J\xfcrgen <j@example.net>\r\n\r\n\xe9\xe8\r\n`, 'latin1'),
        () => Buffer.from(`From: a@example.net\r\n${nested(100)}`),
        () => Buffer.from('Content-Type: multipart/mixed; boundary="never"\r\n\r\n--never\r\nContent-Type: text/html\r\n\r\n<p>unterminated'),
        () => Buffer.from('Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not base64@@@\r\n'),
        () => Buffer.from(`${'X-Long: '.concat('y'.repeat(5000))}\r\n\r\nlong header\r\n`),
        () => Buffer.from(Array.from({ length: 300 }, () => random.int(256))),
      ];
      for (let i = 0; i < 18; i++) {
        const raw = i < shapes.length ? shapes[i]!() : random.pick(shapes)();
        const to = `reply+fuzz${i}@${domain}`;
        // A raw conversation: the bytes go as they are (a client library would rewrap long lines).
        const { dialogue } = await SmtpDialogue.open(port);
        await dialogue.command('EHLO fuzz.example.net');
        const reply = await dialogue.send('fuzz@example.net', [to], raw);
        dialogue.close();
        if (reply.code === 250) {
          const id = /\(([0-9a-f]{24})\)/.exec(reply.text)![1]!;
          const stored = await get(`messages/${id}/raw`);
          assert.equal(stored.status, 200, `seed ${seed}, message ${i}`);
          // Byte for byte, but for the CRLF the conversation ends the data with when it does not end with one.
          const expected = raw.length > 0 && raw.subarray(-2).toString() === '\r\n' ? raw : Buffer.concat([raw, Buffer.from('\r\n')]);
          assert.ok(stored.bytes!.equals(expected), `seed ${seed}, message ${i}: the raw message is kept whole`);
          expectEnvelope(await get(`messages/${id}`), 200);
        } else {
          assert.ok(reply.code >= 500 && reply.code < 600, `seed ${seed}, message ${i}: ${reply.text}`);
        }
      }
      // Still answering.
      const { dialogue, greeting } = await SmtpDialogue.open(port);
      assert.equal(greeting.code, 220);
      dialogue.close();
    });

    it('purges received messages older than a time, raw and attachments with them, a batch at a time; the retention purge after the body retention', async () => {
      const db = app.runtime.services.handle.db;
      const total = expectEnvelope(await get('messages?limit=1'), 200).resultObject.totalCount;
      const [newest] = expectEnvelope(await get('messages?limit=1'), 200).resultObject.items;
      assert.ok(total > 2);
      assert.equal(await purgeInboundBefore(db, Date.parse(newest.createTime) + 1, 2), 2, 'at most the limit');
      assert.equal(expectEnvelope(await get('messages?limit=1'), 200).resultObject.totalCount, total - 2);
      // The retention purge deletes the rest once they are older than the body retention.
      const bodyDays = 30;
      const purge = new RetentionPurge(
        db,
        { captureDays: 7, captureMaxRows: 100_000, webhookLogDays: 30, jobsDays: 30, bodyDays, metadataDays: 400, intervalMs: 3_600_000, batchRows: 50 },
        { now: () => Date.parse(newest.createTime) + 1 + bodyDays * 86_400_000 },
      );
      assert.equal((await purge.run()).inbound, total - 2);
      expectEnvelope(await get(`messages/${newest.id}`), 404);
      expectEnvelope(await get(`messages/${newest.id}/raw`), 404);
      assert.equal(await purgeInboundBefore(db, Date.now() + 1000, 100), 0, 'nothing left');
    });
  });

  describe(`inbound SMTP listener, per-IP rate [${dialect}]`, () => {
    let app: TestApp;
    let port: number;
    let a: TestAccount;
    before(async () => {
      app = await startTestApp(dialect, { inbound: true, config: { inboundSmtpMessagesPerIp: 2, inboundSmtpRateWindowSeconds: 3600 } });
      port = app.runtime.inbound!.port!;
      a = await app.signUp();
      const domainId = expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/inbound/domains', token: a.token, body: { name: 'rate.example.test' } }),
        201,
      ).resultObject.id;
      expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/inbound/routes', token: a.token, body: { domainId, pattern: '*', action: 'store' } }),
        201,
      );
    });
    after(() => app?.close());

    it('answers MAIL FROM with 450 4.7.1 beyond the messages per IP, and new connections with 421', async () => {
      const { dialogue } = await SmtpDialogue.open(port);
      await dialogue.command('EHLO client.example.net');
      for (let i = 0; i < 2; i++) assert.equal((await dialogue.send('x@example.net', ['a@rate.example.test'], 'Subject: n\r\n\r\nhi\r\n')).code, 250);
      const third = await dialogue.command('MAIL FROM:<x@example.net>');
      assert.equal(third.code, 450);
      assert.match(third.text, /^450 4\.7\.1 Too many messages from .*try again in \d+ s/);
      dialogue.close();
      const again = await SmtpDialogue.open(port);
      assert.equal(again.greeting.code, 421, again.greeting.text);
      again.dialogue.close();
      assert.equal(expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbound/messages', token: a.token }), 200).resultObject.totalCount, 2);
    });
  });
}

/**
 * SMTP submission as the applications that use it meet it: real clients over TCP
 * (nodemailer through STARTTLS against the certificate Postwire generated, and a raw
 * dialogue for every reply), real relaying (TRANSPORT=smtp to an smtp-server sink), and
 * the result checked the way a user sees it: GET /notify/v1/messages/{id} with the id
 * from the 250, and the bytes the relay received. Last, the real program: a kill -9
 * right after a 250, and the message is delivered after the restart.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { createApiKey } from '../helpers/accounts.js';
import { rawOf } from '../helpers/delivery-api.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, killPostwire, logIn, resultOf, startPostwire, stopPostwire } from '../helpers/process.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { SmtpDialogue, type Reply } from '../helpers/smtp-dialogue.js';
import { TestClock } from '../helpers/clock.js';

const MAX_BYTES = 200_000;
const MAX_RECIPIENTS = 3;
const MAX_MESSAGES_PER_CONNECTION = 2;
const FAILURES_PER_IP = 3;
const ADMIN_TOKEN = 'operator-secret-0123456789abcdef';
const DKIM = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** This machine's address on a non-loopback interface: a client from there is not a local one. */
function externalAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4');
  assert.ok(found, 'the test needs a non-loopback IPv4 interface');
  return found.address;
}

/** The message id in a 250 after DATA. */
function queuedId(reply: Reply | string): string {
  const text = typeof reply === 'string' ? reply : reply.text;
  const match = /queued as (\w+)/.exec(text);
  assert.ok(match, `no message id in: ${text}`);
  return match[1]!;
}

function simpleMessage(from: string, to: string, subject = 'Hello', extra = ''): string {
  return `From: Shop <${from}>\r\nTo: <${to}>\r\nSubject: ${subject}\r\n${extra}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello there.\r\n`;
}

async function messageOf(app: TestApp, account: TestAccount, id: string): Promise<any> {
  return expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token }), 200).resultObject;
}

/** A dialogue that has said EHLO and authenticated with `key`. */
async function authenticated(port: number, key: string): Promise<SmtpDialogue> {
  const { dialogue } = await SmtpDialogue.open(port);
  assert.equal((await dialogue.command('EHLO client.test')).code, 250);
  assert.equal((await dialogue.auth(key)).code, 235);
  return dialogue;
}

/** Waits until the relay has a copy for `address`. */
function relayed(sink: SmtpSink, address: string, count = 1) {
  return eventually(
    async () => {
      const copies = messagesTo(sink, address);
      return copies.length >= count ? copies : undefined;
    },
    20_000,
    `a copy for ${address}`,
  );
}

for (const dialect of DIALECTS) {
  describe(`SMTP submission [${dialect}]`, () => {
    let sink: SmtpSink;
    let app: TestApp;
    let port: number;
    let a: TestAccount;
    let sendKey: string;
    let readKey: string;

    const session = () => authenticated(port, sendKey);

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        smtp: true,
        config: {
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          smtpSubmissionHost: '0.0.0.0',
          smtpSubmissionTlsPort: 0,
          bodyLimitBytes: MAX_BYTES,
          smtpSubmissionMaxRecipients: MAX_RECIPIENTS,
          smtpSubmissionMaxMessagesPerConnection: MAX_MESSAGES_PER_CONNECTION,
          loginFailuresPerEmailAndIp: FAILURES_PER_IP,
          dkimDomain: 'example.com',
          dkimSelector: 'pw',
          dkimPrivateKey: DKIM,
        },
      });
      port = app.runtime.submission!.port!;
      a = await app.signUp();
      sendKey = (await createApiKey(app, a.token, ['send', 'read'])).key;
      readKey = (await createApiKey(app, a.token, ['read'])).key;
    });
    after(async () => {
      await app?.close();
      await sink?.close();
    });

    it("takes mail from nodemailer through STARTTLS with the generated certificate: Bcc, attachments and the client's MIME byte for byte, signed", async () => {
      const certFile = path.join(app.database.dataDir, 'smtp-submission-cert.pem');
      const ca = fs.readFileSync(certFile, 'utf8');
      assert.match(new crypto.X509Certificate(ca).subjectAltName ?? '', /DNS:localhost/);
      const attachment = crypto.randomBytes(5000);
      // The client's own MIME, built first, so what the relay receives can be compared with it.
      const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }).sendMail({
        from: { name: 'Shop', address: a.email },
        to: 'ann@example.net',
        bcc: 'hidden@example.net',
        subject: 'Your invoice',
        text: 'Own text part.',
        html: '<p>Own <b>HTML</b> part, inline image: <img src="cid:logo@shop"></p>',
        attachments: [
          { filename: 'invoice.bin', content: attachment, contentType: 'application/octet-stream' },
          { filename: 'logo.png', content: crypto.randomBytes(300), contentType: 'image/png', cid: 'logo@shop' },
        ],
        headers: { 'X-Postwire-Tags': 'invoice, billing', 'X-Postwire-Metadata': '{"orderId":"A-1001"}' },
      });
      const raw = (built.message as Buffer).toString('utf8');
      const client = nodemailer.createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        requireTLS: true,
        tls: { ca, servername: 'localhost' },
        auth: { user: 'apikey', pass: sendKey },
      });
      const info = await client.sendMail({ envelope: { from: a.email, to: ['ann@example.net', 'hidden@example.net'] }, raw }).finally(() => client.close());
      assert.match(info.response, /^250 2\.0\.0 Ok: queued as \w+$/);
      const id = queuedId(info.response);

      const message = await messageOf(app, a, id);
      assert.equal(message.subject, 'Your invoice');
      assert.deepEqual(message.recipients.map((r: any) => r.email).sort(), ['ann@example.net', 'hidden@example.net']);
      assert.deepEqual(message.tags, ['invoice', 'billing']);
      assert.deepEqual(message.metadata, { orderId: 'A-1001' });

      const [ann] = await relayed(sink, 'ann@example.net');
      const [hidden] = await relayed(sink, 'hidden@example.net');
      for (const copy of [ann!, hidden!]) {
        const text = copy.raw.toString('utf8');
        assert.match(text, /^DKIM-Signature: v=1; a=rsa-sha256; [\s\S]*?d=example\.com;/);
        // Everything after the signature is the client's message without the X-Postwire-* and Bcc headers.
        const unsigned = text.replace(/^DKIM-Signature:[^\r\n]*\r\n(?:[ \t][^\r\n]*\r\n)*/, '');
        assert.equal(unsigned, raw.replace(/^(X-Postwire-(Tags|Metadata)|Bcc):.*\r\n/gim, ''));
        // What the message log shows is what was sent: the client's MIME and the signature kept with it, not a second copy.
        assert.equal(await rawOf(app, a, id), text);
        const parsed = await simpleParser(copy.raw);
        assert.equal(parsed.headers.get('bcc'), undefined, 'no Bcc header');
        assert.match(raw, /^Bcc: hidden@example\.net\r\n/m, 'the client did write one');
        assert.ok(parsed.attachments.find((f) => f.filename === 'invoice.bin')!.content.equals(attachment), 'the attachment byte for byte');
        assert.equal(parsed.attachments.find((f) => f.filename === 'logo.png')!.contentId, '<logo@shop>', 'the inline image');
        assert.equal(parsed.text?.trim(), 'Own text part.');
        assert.match(copy.mailFrom, /^bounces\+|@example\.com$/);
      }
      const stored = await app.runtime.services.handle.db
        .selectFrom('messages')
        .select(['mime', 'dkim_signature'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.mime, null, 'the signed MIME is not stored beside the submitted one');
      assert.match(stored.dkim_signature ?? '', /^DKIM-Signature: /);
    });

    it('takes the same over TLS from the first byte on SMTP_SUBMISSION_TLS_PORT', async () => {
      const ca = fs.readFileSync(path.join(app.database.dataDir, 'smtp-submission-cert.pem'), 'utf8');
      const client = nodemailer.createTransport({
        host: '127.0.0.1',
        port: app.runtime.submission!.tlsPort!,
        secure: true,
        tls: { ca, servername: 'localhost' },
        auth: { user: 'apikey', pass: sendKey },
      });
      try {
        const info = await client.sendMail({ from: a.email, to: 'implicit@example.net', subject: 'Over SMTPS', text: 'Encrypted from the start.' });
        assert.equal((await messageOf(app, a, queuedId(info.response))).subject, 'Over SMTPS');
      } finally {
        client.close();
      }
      await relayed(sink, 'implicit@example.net');
    });

    it('answers a raw dialogue: greeting, EHLO extensions, 530 without AUTH, 235 (PLAIN and LOGIN), 250 with the id GET accepts', async () => {
      const { dialogue, greeting } = await SmtpDialogue.open(port);
      try {
        assert.equal(greeting.code, 220);
        const ehlo = await dialogue.command('EHLO client.test');
        assert.equal(ehlo.code, 250);
        for (const extension of ['PIPELINING', '8BITMIME', 'SMTPUTF8', 'STARTTLS', `SIZE ${MAX_BYTES}`, 'AUTH PLAIN LOGIN']) {
          assert.match(ehlo.text, new RegExp(`^250[- ]${extension}$`, 'm'), extension);
        }
        assert.equal((await dialogue.command(`MAIL FROM:<${a.email}>`)).code, 530);
        assert.equal((await dialogue.auth(sendKey, 'any user name')).code, 235);
        const reply = await dialogue.send(a.email, ['raw@example.net'], simpleMessage(a.email, 'raw@example.net', 'Raw'));
        assert.equal(reply.code, 250, reply.text);
        const message = await messageOf(app, a, queuedId(reply));
        assert.equal(message.subject, 'Raw');
        const [copy] = await relayed(sink, 'raw@example.net');
        // Postwire added what the client left out.
        assert.match(copy!.raw.toString(), /\r\nMessage-ID: <\w+@/);
        assert.match(copy!.raw.toString(), /\r\nDate: \w{3}, \d{2} \w{3} \d{4} /);
        assert.equal((await dialogue.command('QUIT')).code, 221);
      } finally {
        dialogue.close();
      }
      // AUTH LOGIN, the other mechanism offered: user name, then the key.
      const { dialogue: login } = await SmtpDialogue.open(port);
      try {
        await login.command('EHLO client.test');
        assert.equal((await login.command('AUTH LOGIN')).code, 334);
        assert.equal((await login.command(Buffer.from('apikey').toString('base64'))).code, 334);
        assert.equal((await login.command(Buffer.from(sendKey).toString('base64'))).code, 235);
      } finally {
        login.close();
      }
    });

    it('answers 535 to a wrong key and to a key without the send scope, and 454 once an address has failed too often', async () => {
      // From another address than the tests that follow, so its failures count only here.
      const { dialogue } = await SmtpDialogue.open(port, externalAddress());
      try {
        await dialogue.command('EHLO client.test');
        const ca = fs.readFileSync(path.join(app.database.dataDir, 'smtp-submission-cert.pem'), 'utf8');
        assert.equal((await dialogue.startTls(ca)).code, 220);
        await dialogue.command('EHLO client.test');
        const noScope = await dialogue.auth(readKey);
        assert.equal(noScope.code, 535);
        assert.match(noScope.text, /does not have the "send" scope/);
        for (let i = 0; i < FAILURES_PER_IP; i++) {
          const wrong = await dialogue.auth('pw_live_not-a-real-key');
          assert.equal(wrong.code, 535, wrong.text);
          assert.match(wrong.text, /^535 5\.7\.8 /);
        }
        const locked = await dialogue.auth(sendKey);
        assert.equal(locked.code, 454, 'even the right key waits out the window');
        assert.match(locked.text, /Too many failed logins/);
      } finally {
        dialogue.close();
      }
      // Another address is not locked out.
      (await session()).close();
    });

    it('refuses AUTH before STARTTLS from a non-local address (538)', async () => {
      const { dialogue } = await SmtpDialogue.open(port, externalAddress());
      try {
        await dialogue.command('EHLO client.test');
        const refused = await dialogue.auth(sendKey);
        assert.equal(refused.code, 538);
        assert.match(refused.text, /STARTTLS/);
      } finally {
        dialogue.close();
      }
    });

    it("refuses a From that is not one of the account's senders with 550 5.7.1 and the API's message", async () => {
      const dialogue = await session();
      try {
        const reply = await dialogue.send(a.email, ['x@example.net'], simpleMessage('stranger@elsewhere.test', 'x@example.net'));
        assert.equal(reply.code, 550);
        assert.match(reply.text, /^550 5\.7\.1 from\.email stranger@elsewhere\.test is not one of this account's senders/);
        // The connection goes on.
        assert.equal((await dialogue.send(a.email, ['after@example.net'], simpleMessage(a.email, 'after@example.net'))).code, 250);
      } finally {
        dialogue.close();
      }
    });

    it('accepts a suppressed recipient and says it is not sent to, as the API reports it', async () => {
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: a.token, body: { email: 'blocked@example.net' } }), 201);
      const dialogue = await session();
      try {
        const reply = await dialogue.send(a.email, ['blocked@example.net', 'open@example.net'], simpleMessage(a.email, 'open@example.net'));
        assert.equal(reply.code, 250);
        assert.match(reply.text, /on the suppression list, not sent: blocked@example\.net$/);
        const message = await messageOf(app, a, queuedId(reply));
        assert.equal(message.recipients.find((r: any) => r.email === 'blocked@example.net').state, 'suppressed');
        await relayed(sink, 'open@example.net');
        assert.equal(messagesTo(sink, 'blocked@example.net').length, 0);
      } finally {
        dialogue.close();
      }
    });

    it('enforces SIZE (552), recipients per message (452) and messages per connection (421)', async () => {
      const dialogue = await session();
      try {
        assert.equal((await dialogue.command(`MAIL FROM:<${a.email}> SIZE=${MAX_BYTES + 1}`)).code, 552);
        const big = simpleMessage(a.email, 'big@example.net', 'Big', `X-Filler: ${'y'.repeat(MAX_BYTES)}\r\n`);
        const tooBig = await dialogue.send(a.email, ['big@example.net'], big);
        assert.equal(tooBig.code, 552);
        assert.equal((await dialogue.command('RSET')).code, 250);

        assert.equal((await dialogue.command(`MAIL FROM:<${a.email}>`)).code, 250);
        for (let i = 0; i < MAX_RECIPIENTS; i++) assert.equal((await dialogue.command(`RCPT TO:<many${i}@example.net>`)).code, 250);
        const tooMany = await dialogue.command('RCPT TO:<onemore@example.net>');
        assert.equal(tooMany.code, 452);
        assert.match(tooMany.text, /^452 4\.5\.3 /);
        assert.equal((await dialogue.command('DATA')).code, 354);
        assert.equal((await dialogue.sendData(simpleMessage(a.email, 'many0@example.net'))).code, 250);

        assert.equal((await dialogue.send(a.email, ['second@example.net'], simpleMessage(a.email, 'second@example.net'))).code, 250);
        const third = await dialogue.command(`MAIL FROM:<${a.email}>`);
        assert.equal(third.code, 421);
        assert.match(third.text, /reconnect/);
      } finally {
        dialogue.close();
      }
    });

    it('takes pipelined commands and answers each in order', async () => {
      const dialogue = await session();
      try {
        dialogue.write(`MAIL FROM:<${a.email}>\r\nRCPT TO:<pipe1@example.net>\r\nRCPT TO:<pipe2@example.net>\r\nDATA\r\n`);
        assert.deepEqual(
          [(await dialogue.read()).code, (await dialogue.read()).code, (await dialogue.read()).code, (await dialogue.read()).code],
          [250, 250, 250, 354],
        );
        const reply = await dialogue.sendData(simpleMessage(a.email, 'pipe1@example.net', 'Piped'));
        assert.equal(reply.code, 250);
        await relayed(sink, 'pipe1@example.net');
        await relayed(sink, 'pipe2@example.net');
      } finally {
        dialogue.close();
      }
    });

    it('carries UTF-8 addresses and 8-bit UTF-8 text (SMTPUTF8), and refuses 8-bit data that is not UTF-8', async () => {
      const dialogue = await session();
      try {
        const message =
          `From: Shop <${a.email}>\r\nTo: José <josé@exämple.net>\r\nSubject: Grüße aus Köln\r\nContent-Type: ` +
          `text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nÄrger? Nein: Grüße.\r\n`;
        const reply = await dialogue.send(a.email, ['josé@exämple.net'], message, ' SMTPUTF8 BODY=8BITMIME');
        assert.equal(reply.code, 250, reply.text);
        assert.equal((await messageOf(app, a, queuedId(reply))).subject, 'Grüße aus Köln');
        const [copy] = await relayed(sink, 'josé@exämple.net');
        assert.ok(copy!.raw.toString('utf8').endsWith('\r\n\r\nÄrger? Nein: Grüße.\r\n'));

        const latin1 = Buffer.from(`From: <${a.email}>\r\nTo: <l@example.net>\r\nSubject: x\r\n\r\nCaf\u00e9\r\n`, 'latin1');
        const refused = await dialogue.send(a.email, ['l@example.net'], latin1, ' BODY=8BITMIME');
        assert.equal(refused.code, 550);
        assert.match(refused.text, /^550 5\.6\.0 .*not UTF-8/);
      } finally {
        dialogue.close();
      }
    });

    it('refuses a message with a NUL byte with the same permanent 550 5.6.0 on every dialect, stores nothing, and the connection goes on', async () => {
      const before = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject.totalCount;
      const dialogue = await session();
      try {
        const refused = await dialogue.send(
          a.email,
          ['nul@example.net'],
          simpleMessage(a.email, 'nul@example.net').replace('Hello there.', 'Hello\u0000there.'),
        );
        assert.equal(refused.code, 550, refused.text);
        assert.match(refused.text, /^550 5\.6\.0 message contains a NUL byte/);
        const after = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject.totalCount;
        assert.equal(after, before, 'nothing stored');
        assert.equal((await dialogue.send(a.email, ['after-nul@example.net'], simpleMessage(a.email, 'after-nul@example.net'))).code, 250);
      } finally {
        dialogue.close();
      }
    });

    it('folds CR, LF and other control characters of encoded-word headers into spaces in the message log; the delivered header stays one line', async () => {
      const encoded = (text: string) => `=?utf-8?B?${Buffer.from(text).toString('base64')}?=`;
      const subject = encoded('Invoice\r\nBcc: victim@example.org\r\n\tpaid\u0000\u001b now');
      const fromName = encoded('Shop\r\nX-Injected: yes');
      const message =
        `From: ${fromName} <${a.email}>\r\nTo: <fold@example.net>\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n` +
        'Content-Type: text/plain; charset=utf-8\r\n\r\nHello.\r\n';
      const dialogue = await session();
      try {
        const reply = await dialogue.send(a.email, ['fold@example.net'], message);
        assert.equal(reply.code, 250, reply.text);
        const stored = await messageOf(app, a, queuedId(reply));
        assert.equal(stored.subject, 'Invoice Bcc: victim@example.org paid now');
        assert.equal(stored.from.name, 'Shop X-Injected: yes');
        const listed = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages?limit=100', token: a.token }), 200).resultObject;
        const row = JSON.stringify(listed).match(/"subject":"Invoice[^"]*"/)?.[0];
        assert.equal(row, '"subject":"Invoice Bcc: victim@example.org paid now"', 'the list shows the folded subject too');
        const [copy] = await relayed(sink, 'fold@example.net');
        const delivered = copy!.raw.toString('utf8');
        assert.ok(delivered.includes(`\r\nSubject: ${subject}\r\n`), "the client's encoded word, one line, as written");
        assert.doesNotMatch(delivered, /^(Bcc|X-Injected):/im);
        const parsed = await simpleParser(copy!.raw);
        assert.equal(parsed.headers.get('bcc'), undefined);
      } finally {
        dialogue.close();
      }
    });

    it('honours Idempotency-Key: the same submission twice is one message, answered with the same id', async () => {
      const dialogue = await session();
      try {
        const message = simpleMessage(a.email, 'once@example.net', 'Once', 'Idempotency-Key: order-77\r\n');
        const first = await dialogue.send(a.email, ['once@example.net'], message);
        const second = await dialogue.send(a.email, ['once@example.net'], message);
        assert.equal(first.code, 250);
        assert.equal(queuedId(second), queuedId(first));
        const [copy] = await relayed(sink, 'once@example.net');
        assert.doesNotMatch(copy!.raw.toString(), /Idempotency-Key/i);
        await new Promise((r) => setTimeout(r, 300));
        assert.equal(messagesTo(sink, 'once@example.net').length, 1);
      } finally {
        dialogue.close();
      }
    });
  });

  describe(`SMTP submission when it cannot accept [${dialect}]`, () => {
    let app: TestApp;
    let port: number;
    let a: TestAccount;
    let sendKey: string;

    before(async () => {
      app = await startTestApp(dialect, { smtp: true, config: { billing: 'credits', adminToken: ADMIN_TOKEN } });
      port = app.runtime.submission!.port!;
      a = await app.signUp();
      sendKey = (await createApiKey(app, a.token, ['send'])).key;
    });
    after(async () => {
      await app?.close();
    });

    const session = () => authenticated(port, sendKey);

    it('answers 452 with the reason when the account is out of credits, and stores nothing', async () => {
      const dialogue = await session();
      try {
        const reply = await dialogue.send(a.email, ['x@example.net'], simpleMessage(a.email, 'x@example.net'));
        assert.equal(reply.code, 452);
        assert.match(reply.text, /^452 4\.7\.1 Out of credits: this send needs 1 credit/);
        const list = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject;
        assert.equal(list.totalCount, 0);
      } finally {
        dialogue.close();
      }
    });

    it('answers 451 when the message cannot be stored', async () => {
      const db = app.runtime.services.handle.db;
      await db.schema.alterTable('events').renameTo('events_away').execute();
      const dialogue = await session();
      try {
        const payment = { credits: 10, amount: 10, currency: 'EUR' };
        expectEnvelope(
          await app.request({
            method: 'POST',
            url: `/admin/accounts/${a.accountId}/payments`,
            body: payment,
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          }),
          201,
        );
        const reply = await dialogue.send(a.email, ['y@example.net'], simpleMessage(a.email, 'y@example.net'));
        assert.equal(reply.code, 451, reply.text);
        assert.match(reply.text, /^451 4\.3\.0 The message could not be stored; try again later$/);
      } finally {
        dialogue.close();
        await db.schema.alterTable('events_away').renameTo('events').execute();
      }
    });

    it('answers 421 once shutting down', async () => {
      const dialogue = await session();
      try {
        const closing = app.runtime.submission!.close();
        const reply = await dialogue.command(`MAIL FROM:<${a.email}>`);
        assert.equal(reply.code, 421);
        dialogue.close();
        await closing;
      } finally {
        dialogue.close();
      }
    });
  });

  describe(`SMTP submission's failed-AUTH limit under a burst [${dialect}]`, () => {
    let app: TestApp;
    after(async () => {
      await app?.close();
    });

    it('checks at most the limit of 40 wrong passwords sent at once, and refuses the right one after them with the lock-out reply', async () => {
      const limit = 10;
      app = await startTestApp(dialect, { smtp: true, config: { loginFailuresPerEmailAndIp: limit } });
      const a = await app.signUp();
      const key = (await createApiKey(app, a.token, ['send'])).key;
      const port = app.runtime.submission!.port!;
      const dialogues = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const { dialogue } = await SmtpDialogue.open(port);
          assert.equal((await dialogue.command('EHLO burst.test')).code, 250);
          return dialogue;
        }),
      );
      try {
        // Every AUTH is written before any reply is read: all 40 are in flight together.
        const wrong = `AUTH PLAIN ${Buffer.from('\0apikey\0pw_live_not-a-real-key').toString('base64')}\r\n`;
        for (const dialogue of dialogues) dialogue.write(wrong);
        const codes = (await Promise.all(dialogues.map((d) => d.read()))).map((r) => r.code);
        assert.deepEqual(
          codes.filter((c) => c !== 535 && c !== 454),
          [],
          'every answer a refusal',
        );
        assert.equal(codes.filter((c) => c === 535).length, limit, 'exactly the limit checked (535); the rest refused unchecked (454)');
        const { dialogue } = await SmtpDialogue.open(port);
        try {
          await dialogue.command('EHLO burst.test');
          const locked = await dialogue.auth(key);
          assert.equal(locked.code, 454, locked.text);
          assert.match(locked.text, /^454 4\.7\.0 Too many failed logins from this address; retry in \d+ seconds$/);
        } finally {
          dialogue.close();
        }
      } finally {
        for (const dialogue of dialogues) dialogue.close();
      }
    });
  });

  describe(`SMTP submission's per-key rate limit [${dialect}]`, () => {
    let app: TestApp;
    const clock = new TestClock();
    before(async () => {
      app = await startTestApp(dialect, { smtp: true, clock, config: { rateLimitPerMinute: 2 } });
    });
    after(async () => {
      await app?.close();
    });

    it('answers 451 4.7.0 at MAIL FROM once the key has sent RATE_LIMIT_PER_MINUTE messages', async () => {
      const a = await app.signUp();
      const key = (await createApiKey(app, a.token, ['send'])).key;
      const dialogue = await authenticated(app.runtime.submission!.port!, key);
      try {
        for (let i = 0; i < 2; i++) assert.equal((await dialogue.send(a.email, [`r${i}@example.net`], simpleMessage(a.email, `r${i}@example.net`))).code, 250);
        const limited = await dialogue.command(`MAIL FROM:<${a.email}>`);
        assert.equal(limited.code, 451);
        assert.match(limited.text, /^451 4\.7\.0 Too many messages with this API key \(limit 2 per minute/);
        // A new minute: the key's window starts again.
        clock.advance(60_000);
        assert.equal((await dialogue.send(a.email, ['r2@example.net'], simpleMessage(a.email, 'r2@example.net'))).code, 250);
      } finally {
        dialogue.close();
      }
    });

    it('holds to the limit when messages from several connections are under way at once: the rest get 451 after DATA', async () => {
      const a = await app.signUp();
      const key = (await createApiKey(app, a.token, ['send'])).key;
      const dialogues = await Promise.all(Array.from({ length: 4 }, () => authenticated(app.runtime.submission!.port!, key)));
      try {
        // Every connection is past MAIL FROM before any message is complete.
        for (const [i, dialogue] of dialogues.entries()) {
          assert.equal((await dialogue.command(`MAIL FROM:<${a.email}>`)).code, 250);
          assert.equal((await dialogue.command(`RCPT TO:<burst${i}@example.net>`)).code, 250);
          assert.equal((await dialogue.command('DATA')).code, 354);
        }
        const replies = await Promise.all(dialogues.map((d, i) => d.sendData(simpleMessage(a.email, `burst${i}@example.net`))));
        assert.deepEqual(replies.map((r) => r.code).sort(), [250, 250, 451, 451]);
        assert.match(replies.find((r) => r.code === 451)!.text, /^451 4\.7\.0 Too many messages with this API key/);
        const list = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject;
        assert.equal(list.totalCount, 2);
      } finally {
        for (const dialogue of dialogues) dialogue.close();
      }
    });
  });

  describe(`SMTP submission survives kill -9 after a 250; postwire smtp on its own [${dialect}]`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    before(async () => {
      database = await createTestDatabase(dialect);
      sink = await startSmtpSink();
    });
    after(async () => {
      await sink?.close();
      await database?.drop();
    });

    it('delivers after the restart what it answered 250 to, and what postwire smtp alone takes', async () => {
      const env = {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        SMTP_SUBMISSION_PORT: '0',
        SMTP_SUBMISSION_HOST: '127.0.0.1',
        INBOUND_SMTP_PORT: '0',
        TRANSPORT: 'smtp',
        SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
        WORKER_POLL_MS: '100',
        // A delivery tried before the kill is retried soon, and a lease the kill left expires soon.
        RETRY_FIRST_DELAY_MS: '200',
        WORKER_LEASE_SECONDS: '5',
      };
      // The first process relays nowhere: nothing it accepts can leave before the kill.
      const first = await startPostwire('start', { ...env, SMTP_URL: 'smtp://127.0.0.1:9' });
      const smtpPort = Number(/^ {2}SMTP: smtp:\/\/[^:]+:(\d+)/m.exec(first.stdout)?.[1]);
      assert.ok(smtpPort > 0, `no SMTP line in:\n${first.stdout}`);
      const from = first.credentials!.email;
      const token = await logIn(first, first.credentials!);
      const key = resultOf(await callApi(first.url, '/account/apikeys', { token, json: { name: 'smtp', scopes: ['send', 'read'] } }), 201).key;

      const { dialogue } = await SmtpDialogue.open(smtpPort);
      await dialogue.command('EHLO client.test');
      assert.equal((await dialogue.auth(key)).code, 235);
      const reply = await dialogue.send(from, ['survivor@example.net'], simpleMessage(from, 'survivor@example.net', 'Survivor'));
      assert.equal(reply.code, 250);
      await killPostwire(first);
      dialogue.close();

      const second = await startPostwire('start', { ...env, SMTP_URL: sink.url });
      const [copy] = await relayed(sink, 'survivor@example.net', 1);
      assert.match(copy!.raw.toString(), /Subject: Survivor/);
      const token2 = await logIn(second, first.credentials!);
      const message = resultOf(await callApi(second.url, `/notify/v1/messages/${queuedId(reply)}`, { token: token2 }), 200);
      assert.equal(message.recipients[0].email, 'survivor@example.net');

      // `postwire smtp` alone, beside it: what it accepts, the other process's worker delivers.
      const smtpOnly = await startPostwire('smtp', { ...env, SMTP_URL: sink.url });
      const alone = await SmtpDialogue.open(Number(/^ {2}SMTP: smtp:\/\/[^:]+:(\d+)/m.exec(smtpOnly.stdout)?.[1]));
      await alone.dialogue.command('EHLO client.test');
      assert.equal((await alone.dialogue.auth(key)).code, 235);
      assert.equal((await alone.dialogue.send(from, ['split@example.net'], simpleMessage(from, 'split@example.net', 'Split roles'))).code, 250);
      alone.dialogue.close();
      await relayed(sink, 'split@example.net');
      assert.deepEqual(await stopPostwire(smtpOnly), { code: 0, signal: null });
      assert.deepEqual(await stopPostwire(second), { code: 0, signal: null });
    });
  });
}

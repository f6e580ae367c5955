/**
 * DKIM as a receiving server checks it: a key made here, its public half published as
 * TXT postwire._domainkey.<domain> on a real DNS server (dns2), messages delivered through
 * the relay transport to a real SMTP server, and the signature on the delivered bytes
 * checked by an independent verifier (mailauth) that looks the key up over DNS.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { authenticate } from 'mailauth';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { outcomeOf, rawOf, sendMessage } from '../helpers/delivery-api.js';
import { messagesTo, startSmtpSink, type ReceivedMessage, type SmtpSink } from '../helpers/smtp-sink.js';

const DKIM_DOMAIN = 'signed.example.test';
const SELECTOR = 'postwire';

function rsaKeyPair(): { privateKeyPem: string; publicKeyBase64: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') };
}

for (const dialect of DIALECTS) {
  describe(`DKIM signing [${dialect}]`, () => {
    let dns: TestDnsServer;
    let sink: SmtpSink;
    let app: TestApp;

    before(async () => {
      const key = rsaKeyPair();
      dns = await startDnsServer();
      dns.set(`${SELECTOR}._domainkey.${DKIM_DOMAIN}`, { txt: [`v=DKIM1; k=rsa; p=${key.publicKeyBase64}`] });
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          bounceDomain: 'bounces.example.test',
          dkimDomain: DKIM_DOMAIN,
          dkimSelector: SELECTOR,
          dkimPrivateKey: key.privateKeyPem,
        },
      });
    });
    after(async () => {
      await app?.close();
      await sink?.close();
      await dns?.close();
    });

    async function deliverFrom(account: TestAccount, to: string): Promise<ReceivedMessage> {
      const sent = await sendMessage(app, account, [to], { subject: 'Signed?', html: '<p>Dear customer,</p><p>thank you.</p>' });
      assert.equal((await outcomeOf(app, account, sent, to)).state, 'delivered');
      const [received] = messagesTo(sink, to);
      assert.ok(received, 'the relay received it');
      assert.equal(received.raw.toString('utf8'), await rawOf(app, account, sent.id));
      return received;
    }

    /** What a receiving MTA would conclude, asking the test DNS server for the key. */
    async function verify(message: ReceivedMessage | Buffer) {
      const raw = Buffer.isBuffer(message) ? message : message.raw;
      const { dkim } = await authenticate(raw, {
        ip: '127.0.0.1',
        helo: 'relay.example.test',
        mta: 'mx.example.test',
        sender: Buffer.isBuffer(message) ? undefined : message.mailFrom,
        resolver: dns.resolve,
        disableArc: true,
        disableDmarc: true,
        disableBimi: true,
      });
      return dkim.results;
    }

    it("a message from the key's domain carries a signature that verifies (pass)", async () => {
      const account = await app.signUp(`shop@${DKIM_DOMAIN}`);
      const received = await deliverFrom(account, 'ann@example.net');
      assert.match(received.raw.toString('utf8'), /^DKIM-Signature: /m);
      const results = await verify(received);
      assert.equal(results.length, 1);
      assert.equal(results[0]!.status.result, 'pass', results[0]!.info);
      assert.equal(results[0]!.signingDomain, DKIM_DOMAIN);
      assert.equal(results[0]!.selector, SELECTOR);
      assert.equal(results[0]!.status.aligned, DKIM_DOMAIN, 'd= matches the From domain');
    });

    it("a sender on a subdomain is signed with the domain's key", async () => {
      const account = await app.signUp(`news@mail.${DKIM_DOMAIN}`);
      const results = await verify(await deliverFrom(account, 'bob@example.net'));
      assert.equal(results[0]!.status.result, 'pass', results[0]!.info);
      assert.equal(results[0]!.signingDomain, DKIM_DOMAIN);
    });

    it('the verifier is not fooled: the same bytes with a changed body do not pass', async () => {
      const account = await app.signUp(`billing@${DKIM_DOMAIN}`);
      const received = await deliverFrom(account, 'cid@example.net');
      const tampered = Buffer.from(received.raw.toString('utf8').replace('thank you', 'pay here'));
      assert.notDeepEqual(tampered, received.raw);
      const results = await verify(tampered);
      // mailauth reports a body hash mismatch as 'neutral' with this comment (RFC 6376 §3.9).
      assert.notEqual(results[0]!.status.result, 'pass');
      assert.match(results[0]!.status.comment ?? '', /body hash did not verify/);
    });

    it('a message from another domain carries no DKIM-Signature', async () => {
      const account = await app.signUp('shop@unsigned.example.test');
      const received = await deliverFrom(account, 'dee@example.net');
      assert.doesNotMatch(received.raw.toString('utf8'), /^DKIM-Signature:/im);
      const results = await verify(received);
      assert.ok(
        results.every((r) => r.status.result === 'none'),
        'the verifier finds no signature',
      );
    });
  });
}

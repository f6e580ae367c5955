/**
 * The document built from a received message: addresses, text, the stripped reply,
 * attachments, headers, and SPF/DKIM/DMARC/ARC results checked against a real DNS server on
 * 127.0.0.1. And a seeded fuzz of malformed messages: the builder answers what it could read
 * and flags it, and never throws.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { dkimSign } from 'mailauth';
import { buildDocument, type DocumentOptions } from '../../../src/features/notify/inbound/inbound-document.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { seededRandom } from '../../helpers/seeded-random.js';

const SENDER_DOMAIN = 'sender.example.test';
const SENDER_IP = '192.0.2.10';
const session = { clientIp: SENDER_IP, helo: 'mail.sender.example.test' };
const envelope = { mailFrom: `ann@${SENDER_DOMAIN}`, rcptTo: ['support@in.example.test'] };

const reply = [
  `From: Ann Example <ann@${SENDER_DOMAIN}>`,
  'To: Support <support@in.example.test>, "Bob, Jr." <bob@in.example.test>',
  'Cc: team: carol@in.example.test, dave@in.example.test;',
  'Subject: =?UTF-8?Q?Re:_Gr=C3=BC=C3=9Fe?=',
  'Date: Tue, 03 Mar 2026 10:00:00 +0000',
  `Message-ID: <reply-1@${SENDER_DOMAIN}>`,
  'In-Reply-To: <sent-1@shop.example.test>',
  'References: <first@shop.example.test>\r\n <sent-1@shop.example.test>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Thanks, that works.',
  '',
  'On Mon, 2 Mar 2026 at 09:00, Shop <shop@shop.example.test> wrote:',
  '> Your order shipped.',
  '--b1',
  'Content-Type: application/pdf; name="invoice.pdf"',
  'Content-Disposition: attachment; filename="invoice.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.7 test').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

describe('the inbound message document', () => {
  let dns: TestDnsServer;
  let options: DocumentOptions;
  let privateKey: string;

  before(async () => {
    dns = await startDnsServer();
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns.set(`sel._domainkey.${SENDER_DOMAIN}`, { txt: [`v=DKIM1; k=rsa; p=${publicKey}`] });
    dns.set(SENDER_DOMAIN, { txt: [`v=spf1 ip4:${SENDER_IP} -all`] });
    dns.set(`_dmarc.${SENDER_DOMAIN}`, { txt: ['v=DMARC1; p=reject'] });
    options = { mta: 'mx.postwire.example.test', resolver: dns.resolve, receivedAt: Date.UTC(2026, 2, 3, 10, 1) };
  });
  after(() => dns?.close());

  async function signed(message: string): Promise<Buffer> {
    const key = { signingDomain: SENDER_DOMAIN, selector: 'sel', privateKey };
    // mailauth 4 signs with `signatureData`; its type declarations name only the single-key fields.
    const { signatures, errors } = await dkimSign(message, { ...key, signatureData: [key] } as Parameters<typeof dkimSign>[1]);
    assert.deepEqual(errors, []);
    return Buffer.from(signatures + message);
  }

  it('reads addresses, subject, date, text, the reply, attachments and every header', async () => {
    const doc = await buildDocument(await signed(reply), envelope, session, options);
    assert.deepEqual(doc.envelope, {
      mailFrom: envelope.mailFrom,
      rcptTo: envelope.rcptTo,
      clientIp: SENDER_IP,
      helo: session.helo,
      receivedTime: '2026-03-03T10:01:00.000Z',
    });
    assert.deepEqual(doc.from, [{ name: 'Ann Example', address: `ann@${SENDER_DOMAIN}` }]);
    assert.deepEqual(doc.to, [
      { name: 'Support', address: 'support@in.example.test' },
      { name: 'Bob, Jr.', address: 'bob@in.example.test' },
    ]);
    assert.deepEqual(
      doc.cc.map((m) => m.address),
      ['carol@in.example.test', 'dave@in.example.test'],
    );
    assert.equal(doc.subject, 'Re: Grüße');
    assert.equal(doc.date, '2026-03-03T10:00:00.000Z');
    assert.equal(doc.messageId, `<reply-1@${SENDER_DOMAIN}>`);
    assert.equal(doc.inReplyTo, '<sent-1@shop.example.test>');
    assert.deepEqual(doc.references, ['<first@shop.example.test>', '<sent-1@shop.example.test>']);
    assert.match(doc.text ?? '', /Your order shipped/);
    assert.equal(doc.reply, 'Thanks, that works.');
    assert.deepEqual(doc.attachments, [{ index: 0, filename: 'invoice.pdf', contentType: 'application/pdf', size: 13, contentId: null, inline: false }]);
    assert.deepEqual(
      doc.headers.slice(0, 1).map((h) => h.name),
      ['DKIM-Signature'],
    );
    assert.deepEqual(doc.headers.find((h) => h.name === 'References')?.value, '<first@shop.example.test> <sent-1@shop.example.test>');
    assert.deepEqual(doc.parsed, { complete: true, problems: [] });
    assert.equal(doc.spam, null);
  });

  it('passes SPF, DKIM and DMARC for a signed message from an authorised address', async () => {
    const doc = await buildDocument(await signed(reply), envelope, session, options);
    assert.deepEqual(doc.auth.spf, { result: 'pass', domain: SENDER_DOMAIN });
    assert.deepEqual(doc.auth.dkim, [{ result: 'pass', domain: SENDER_DOMAIN, selector: 'sel' }]);
    assert.deepEqual(doc.auth.dmarc, { result: 'pass', domain: SENDER_DOMAIN, policy: 'reject' });
    assert.equal(doc.auth.arc.result, 'none');
  });

  it('fails them for a forged message from an address the domain does not authorise', async () => {
    const forged = Buffer.from((await signed(reply)).toString().replace('Thanks, that works.', 'Send me the money.'));
    const doc = await buildDocument(forged, envelope, { clientIp: '198.51.100.66', helo: 'evil.example' }, options);
    assert.equal(doc.auth.spf.result, 'fail');
    assert.equal(doc.auth.dkim[0]?.result, 'neutral', 'the body no longer matches its hash');
    assert.equal(doc.auth.dmarc.result, 'fail');
  });

  it('uses the HTML when there is no text part, and strips the reply from it', async () => {
    const html = ['From: a@example.test', 'Subject: h', 'Content-Type: text/html; charset=utf-8', '', '<p>Yes!</p><p>-- <br>Ann</p>'].join('\r\n');
    const doc = await buildDocument(Buffer.from(html), envelope, session, options);
    assert.match(doc.html ?? '', /<p>Yes!<\/p>/);
    assert.match(doc.text ?? '', /Yes!/);
    assert.equal(doc.reply, 'Yes!');
  });

  it('answers for a 0-byte message, flagging it', async () => {
    const doc = await buildDocument(Buffer.alloc(0), { mailFrom: '', rcptTo: ['a@in.example.test'] }, { clientIp: null, helo: null }, options);
    assert.equal(doc.parsed.complete, false);
    assert.ok(doc.parsed.problems.includes('the message is empty'), doc.parsed.problems.join('; '));
    assert.equal(doc.subject, '');
    assert.deepEqual(doc.headers, []);
  });

  it('survives a seeded fuzz of malformed messages: always a document, flagged when incomplete, storable as JSON', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 4242);
    const random = seededRandom(seed);
    const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => random.int(256)));
    const nested = (depth: number) => {
      let body = 'Content-Type: text/plain\r\n\r\ninnermost\r\n';
      for (let i = 0; i < depth; i++) body = `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n${body}--n${i}--\r\n`;
      return Buffer.from(`From: a@example.test\r\nSubject: deep\r\nMIME-Version: 1.0\r\n${body}`);
    };
    const makers: [string, () => Buffer][] = [
      ['empty', () => Buffer.alloc(0)],
      ['random bytes', () => bytes(1 + random.int(3000))],
      ['NUL bytes in headers and body', () => Buffer.from(`From: a\0b@example.test\r\nSub\0ject: x\0y\r\n\r\nbody\0with\0nul`)],
      ['8-bit headers', () => Buffer.concat([Buffer.from('From: '), bytes(40), Buffer.from('\r\nSubject: '), bytes(60), Buffer.from('\r\n\r\nhi')])],
      ['an unknown charset', () => Buffer.from('From: a@example.test\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n\xff\xfe caf\xe9')],
      ['a broken encoded word', () => Buffer.from('Subject: =?utf-8?B?!!!notbase64?= =?x-bad?Q?=ZZ?=\r\n\r\nx')],
      ['a multipart without its boundary', () => Buffer.from('Content-Type: multipart/mixed\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\na\r\n')],
      ['an unterminated multipart', () => Buffer.from('Content-Type: multipart/mixed; boundary=q\r\n\r\n--q\r\nContent-Type: text/html\r\n\r\n<p>')],
      ['bad base64 and quoted-printable', () => Buffer.from('Content-Transfer-Encoding: base64\r\n\r\n@@@%%%\r\n')],
      ['multiparts nested 100 deep', () => nested(100)],
      ['only headers, no blank line', () => Buffer.from('From: a@example.test\r\nSubject: no body')],
      ['a huge header line', () => Buffer.from(`X-Long: ${'a'.repeat(200_000)}\r\n\r\nx`)],
      ['bare LF and CR', () => Buffer.from('From: a@example.test\nSubject: lf\r\rbody\n')],
      ['a DKIM-Signature that is garbage', () => Buffer.from(`DKIM-Signature: v=1; a=rsa-sha256; d=; s=; b=${'%'.repeat(50)}\r\nFrom: a\r\n\r\nx`)],
      ['a bad Date', () => Buffer.from('Date: yesterday-ish\r\nFrom: a@example.test\r\n\r\nx')],
    ];
    const mutate = (message: Buffer) => {
      const copy = Buffer.from(message);
      for (let i = random.int(4); i > 0 && copy.length > 0; i--) copy[random.int(copy.length)] = random.int(256);
      return random.chance(0.3) ? copy.subarray(0, random.int(copy.length + 1)) : copy;
    };
    for (let round = 0; round < 60; round++) {
      const [name, make] = makers[round % makers.length]!;
      const raw = round < makers.length ? make() : mutate(make());
      const doc = await buildDocument(
        raw,
        { mailFrom: random.chance(0.5) ? '' : 'a\0@x', rcptTo: ['x@in.example.test'] },
        { clientIp: null, helo: null },
        options,
      ).catch((error: unknown) => assert.fail(`seed ${seed}, round ${round} (${name}): the builder threw ${String(error)}`));
      const json = JSON.stringify(doc);
      assert.ok(!json.includes('\0'), `seed ${seed}, round ${round} (${name}): a raw NUL in the document`);
      assert.equal(doc.parsed.complete, doc.parsed.problems.length === 0);
      if (name === 'multiparts nested 100 deep' && round < makers.length) assert.equal(doc.subject, 'deep');
      if (name === 'empty') assert.equal(doc.parsed.complete, false);
    }
  });
});

/**
 * The direct MIME writer (src/delivery/mime-writer.ts) against nodemailer's composer, the
 * path it stands in for: for each message in a corpus of the shapes it takes (Latin and
 * non-Latin text, Unicode in names and subjects, long lines, bare LF and CR, trailing
 * whitespace, a body that contains the boundary, tracking headers, many addressees), both
 * outputs are parsed by an independent parser (mailparser) and must say the same: every
 * header's decoded value, the content type, the text and the HTML. Both are signed with
 * the same key and both signatures must verify in an independent verifier (mailauth) that
 * fetches the key from a DNS server on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { authenticate } from 'mailauth';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { buildMime, composeWithNodemailer, textOf, type MimeSpec } from '../../src/delivery/mime.js';
import { canWriteDirectly } from '../../src/delivery/mime-writer.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';

const DKIM_DOMAIN = 'signed.example.test';
const SELECTOR = 'writer';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'der' },
});

function spec(overrides: Partial<MimeSpec>): MimeSpec {
  return {
    baseBoundary: 'rcp_01HZX3Q9Y8K2',
    from: { name: 'Shop', address: `news@${DKIM_DOMAIN}` },
    to: [{ name: '', address: 'ann@example.net' }],
    cc: [],
    subject: 'Your order has shipped',
    html: '<p>Dear customer,</p><p>thank you.</p>',
    text: null,
    attachments: [],
    messageId: '<msg_1@postwire.example.test>',
    date: Date.UTC(2026, 10, 25, 12, 30, 5),
    headers: { 'X-Postwire-Message-Id': 'msg_1' },
    ...overrides,
  };
}

const LONG_URL = `https://track.example.test/u/${'a1B2c3D4'.repeat(12)}`;

const CORPUS: [string, MimeSpec][] = [
  ['HTML with a derived text part', spec({})],
  [
    'long ASCII lines (quoted-printable)',
    spec({ html: `<p>${'Hello there, this is a test = of wrapping. '.repeat(60)}</p><a href="https://example.com/x?a=1&b=2">link</a>` }),
  ],
  [
    'Unicode in the subject, names and body',
    spec({
      from: { name: 'Boutique Ünïcode', address: `news@${DKIM_DOMAIN}` },
      to: [{ name: 'Zoë Çelik', address: 'zoe@example.net' }],
      subject: 'Votre commande a été expédiée ✓',
      html: '<p>Chère cliente, merci — à bientôt. Ça marche très bien, déjà expédié. 🎉</p>',
    }),
  ],
  [
    'mostly non-Latin text (base64)',
    spec({ subject: 'Ваш заказ отправлен', html: `<p>${'Здравствуйте! Ваш заказ уже в пути. 注文は発送されました。'.repeat(8)}</p>` }),
  ],
  ['short ASCII text only (7bit)', spec({ html: null, text: 'Your code is 123456.\nIt expires in ten minutes.' })],
  [
    'line endings and whitespace: bare LF, CRLF, tabs, trailing spaces, a leading dot',
    spec({ html: null, text: 'one  \r\ntwo\t\tthree \n\n.four\nfive   \n\nFrom the shop\n\n\n' }),
  ],
  ['a 7bit body that contains the boundary', spec({ html: null, text: 'a line\n--=_pw_rcp_01HZX3Q9Y8K2\nanother line' })],
  ['control characters in the HTML', spec({ html: '<p>bell\u0007 and form\u000cfeed</p>' })],
  ['a word longer than a line may be', spec({ html: `<p>${'x'.repeat(1200)}</p>` })],
  [
    'tracking headers and a sender header in Unicode',
    spec({
      headers: {
        'X-Campaign': 'Winter sale — ünïcode',
        'List-Unsubscribe': `<${LONG_URL}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Postwire-Message-Id': 'msg_1',
      },
    }),
  ],
  [
    'many addressees, names that need quoting, Cc and Reply-To',
    spec({
      to: [
        { name: 'Bob, Jr', address: 'bob@example.net' },
        { name: 'O\'Neil "the" Tester\\', address: 'oneil@example.net' },
        ...Array.from({ length: 8 }, (_, i) => ({ name: `Person ${i}`, address: `person.${i}@example.org` })),
      ],
      cc: [{ name: 'Accounts', address: 'accounts@example.com' }],
      replyTo: { name: 'Support Désk', address: 'support@example.com' },
    }),
  ],
  ['an empty text part', spec({ html: null, text: '' })],
  ['a subject longer than a header line', spec({ subject: `${'A very long subject line that keeps going '.repeat(5)}and ends here` })],
];

/** Headers whose spelling differs by design (layout, boundary, signature) and that are compared apart. */
const LAYOUT_HEADERS = new Set(['content-type', 'content-transfer-encoding', 'dkim-signature']);

function addresses(value: AddressObject | AddressObject[] | undefined) {
  return [value ?? []].flat().flatMap((a) => a.value.map((v) => ({ name: v.name, address: v.address })));
}

/** What a reader of the message sees: decoded headers, content type, text and HTML. */
function reading(parsed: ParsedMail) {
  const headers = [...parsed.headers.entries()]
    .filter(([name]) => !LAYOUT_HEADERS.has(name))
    .map(([name, value]) => [name, JSON.stringify(value)])
    .sort();
  return {
    headers,
    contentType: (parsed.headers.get('content-type') as { value: string }).value,
    subject: parsed.subject,
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    messageId: parsed.messageId,
    date: parsed.date?.toISOString(),
    text: parsed.text,
    html: parsed.html,
  };
}

describe('the direct MIME writer says what nodemailer says', () => {
  let dns: TestDnsServer;

  before(async () => {
    dns = await startDnsServer();
    dns.set(`${SELECTOR}._domainkey.${DKIM_DOMAIN}`, { txt: [`v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`] });
  });
  after(async () => {
    await dns?.close();
  });

  async function dkimResult(raw: string): Promise<string> {
    const { dkim } = await authenticate(Buffer.from(raw), {
      ip: '127.0.0.1',
      helo: 'relay.example.test',
      mta: 'mx.example.test',
      sender: `news@${DKIM_DOMAIN}`,
      resolver: dns.resolve,
      disableArc: true,
      disableDmarc: true,
      disableBimi: true,
    });
    assert.equal(dkim.results.length, 1);
    return `${dkim.results[0]!.status.result} ${dkim.results[0]!.info}`;
  }

  for (const [name, message] of CORPUS) {
    it(name, async () => {
      assert.ok(canWriteDirectly(message), 'the writer takes this shape');
      const written = await buildMime(message);
      const composed = await composeWithNodemailer(message, textOf(message));
      assert.deepEqual(reading(await simpleParser(written)), reading(await simpleParser(composed)));

      // Wire-safe: CRLF only, 7-bit, no line over RFC 5322's 998 characters.
      assert.doesNotMatch(written, /\r(?!\n)|(?<!\r)\n/, 'no bare CR or LF');
      assert.doesNotMatch(written, /[^\x00-\x7f]/, 'ASCII only');
      assert.ok(Math.max(...written.split('\r\n').map((line) => line.length)) <= 998, 'no line over 998 characters');
      assert.equal(await buildMime(message), written, 'the same spec gives the same bytes');

      const dkim = { domain: DKIM_DOMAIN, selector: SELECTOR, privateKey };
      const signed = await buildMime({ ...message, dkim });
      assert.match(signed, /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed;\r\n d=signed\.example\.test;/);
      assert.match(await dkimResult(signed), /^pass /);
      assert.match(await dkimResult(await composeWithNodemailer({ ...message, dkim }, textOf(message))), /^pass /);
      assert.equal(signed.slice(signed.indexOf('\r\nFrom: ') + 2), written, 'the signature is prepended and nothing else changes');
    });
  }

  it('a bare CR in the text is a line break on the wire (nodemailer would send it bare, which SMTP forbids)', async () => {
    const written = await buildMime(spec({ html: null, text: 'first\rsecond\r\nthird' }));
    assert.doesNotMatch(written, /\r(?!\n)/);
    assert.equal((await simpleParser(written)).text, 'first\nsecond\nthird\n');
  });

  it('a signature that verifies fails once the body or a signed header is changed', async () => {
    const signed = await buildMime(spec({ dkim: { domain: DKIM_DOMAIN, selector: SELECTOR, privateKey } }));
    assert.match(await dkimResult(signed), /^pass /);
    assert.doesNotMatch(await dkimResult(signed.replace('thank you', 'pay here')), /^pass /);
    assert.doesNotMatch(await dkimResult(signed.replace('Subject: Your order', 'Subject: Urgent: your order')), /^pass /);
  });

  it('leaves attachments and internationalised addresses to nodemailer', () => {
    const attachment = { filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hi').toString('base64'), contentId: null };
    assert.equal(canWriteDirectly(spec({ attachments: [attachment] })), false);
    assert.equal(canWriteDirectly(spec({ to: [{ name: '', address: 'zoë@bücher.example' }] })), false);
    assert.equal(canWriteDirectly(spec({ from: { name: '', address: 'news@bücher.example' } })), false);
    assert.equal(canWriteDirectly(spec({ dkim: { domain: 'bücher.example', selector: SELECTOR, privateKey } })), false);
  });
});

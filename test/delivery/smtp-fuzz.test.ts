/**
 * A seeded fuzzer over Postwire's two SMTP listeners, over real TCP: SMTP submission and
 * the feedback (bounce and complaint) listener. Each conversation mixes well-formed steps
 * with hostile ones: malformed and unknown commands, odd AUTH payloads (bad base64, empty,
 * NUL-laden, endless LOGIN dialogues), lines past smtp-server's limit, bare LF, NUL and
 * 8-bit bytes in commands; and messages with NUL bytes, 8-bit headers that are or are not
 * UTF-8, encoded words decoding to control characters, huge and many headers, broken
 * MIME, deeply nested multiparts, long lines and dot lines.
 *
 * What must hold, whatever the input: every reply is a well-formed SMTP reply (a code from
 * 200 to 599, one code per reply, printable text); the server closes a connection only
 * after saying so (421 or 221); a message is answered 250 or refused permanently (5xx),
 * never 451 (a message the database cannot store would be retried for ever); every 250
 * is stored and readable through the API, its body byte for byte, its subject one line;
 * and the listeners and the API are healthy afterwards.
 *
 * Reproducible: FUZZ_SEED=<n> replays a run, FUZZ_CONVERSATIONS=<n> sets its size. A
 * failure names the seed, the conversation and its transcript.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createApiKey } from '../helpers/accounts.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { recipientId, rawOf, sendMessage } from '../helpers/delivery-api.js';
import { arfMessage, dsnMessage, plainMessage } from '../helpers/feedback-reports.js';
import { seededRandom } from '../helpers/seeded-random.js';

const SEED = Number(process.env.FUZZ_SEED ?? 2_711_2026);
const CONVERSATIONS = Number(process.env.FUZZ_CONVERSATIONS ?? 120);
const MAX_BYTES = 400_000;
const BOUNCE_DOMAIN = 'bounces.example.com';
/** Longer than any reply can take; reached only when the server hangs, and then it names the conversation. */
const HANG_MS = 20_000;

type Random = ReturnType<typeof seededRandom>;

interface Reply {
  code: number;
  text: string;
}

/** A raw connection that reads replies byte for byte and checks each one's form. */
class Wire {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  closed = false;
  readonly transcript: string[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
  }

  static async open(port: number): Promise<Wire> {
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new Wire(socket);
  }

  write(data: string | Buffer): void {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    this.transcript.push(`C: ${JSON.stringify(bytes.subarray(0, 160).toString('latin1'))}${bytes.length > 160 ? ` …(${bytes.length} bytes)` : ''}`);
    if (!this.closed) this.socket.write(bytes);
  }

  /** The next whole reply, or undefined once the server has closed the connection with nothing unread. */
  async read(): Promise<Reply | undefined> {
    const lines: string[] = [];
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      if (end === -1) {
        if (this.closed) {
          assert.equal(this.buffer.length, 0, `a reply cut off by the close: ${JSON.stringify(this.buffer.toString('latin1'))}`);
          assert.equal(lines.length, 0, 'a multi-line reply cut off by the close');
          return undefined;
        }
        await this.more();
        continue;
      }
      const line = this.buffer.subarray(0, end).toString('utf8');
      this.buffer = this.buffer.subarray(end + 2);
      this.transcript.push(`S: ${line.slice(0, 200)}`);
      const match = /^([2-5]\d\d)([ -])(.*)$/s.exec(line);
      assert.ok(match, `not an SMTP reply line: ${JSON.stringify(line)}`);
      assert.doesNotMatch(match[3]!, /[\x00-\x1f\x7f\ufffd]/, `control characters or broken UTF-8 in the reply: ${JSON.stringify(line)}`);
      if (lines.length) assert.equal(line.slice(0, 3), lines[0]!.slice(0, 3), 'one code for every line of a reply');
      lines.push(line);
      if (match[2] === ' ') return { code: Number(match[1]), text: lines.join('\n') };
    }
  }

  private async more(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve, reject) => {
      this.waiting = resolve;
      timer = setTimeout(() => reject(new Error(`no reply within ${HANG_MS} ms: the server hangs`)), HANG_MS);
    }).finally(() => {
      clearTimeout(timer);
      this.waiting = undefined;
    });
  }

  /** One line (with the given line end) and its reply; undefined when the server closed instead, which only 421 and 221 may. */
  async command(line: string | Buffer, end = '\r\n'): Promise<Reply | undefined> {
    this.write(Buffer.concat([Buffer.isBuffer(line) ? line : Buffer.from(line, 'utf8'), Buffer.from(end)]));
    return this.read();
  }

  /** The message, dot-stuffed after every LF as smtp-server unstuffs it, and the final dot. */
  async data(message: Buffer): Promise<Reply | undefined> {
    const stuffed = Buffer.from(message.toString('latin1').replace(/(^|\n)\./g, '$1..'), 'latin1');
    const ending = stuffed.subarray(-2).toString() === '\r\n' ? '.\r\n' : '\r\n.\r\n';
    this.write(Buffer.concat([stuffed, Buffer.from(ending)]));
    return this.read();
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Printable ASCII, a little of everything a parser trips on. */
function junk(random: Random, max = 60): string {
  const alphabet = 'abcXYZ019 <>@:;,."\\()[]=+-_/%*?!#$&\'`{}|~';
  return Array.from({ length: random.int(max + 1) }, () => random.pick([...alphabet])).join('');
}

/** Bytes no command should carry: NUL, CR alone, 8-bit that is and is not UTF-8, DEL, ESC. */
function oddBytes(random: Random): Buffer {
  return Buffer.concat(
    Array.from({ length: 1 + random.int(6) }, () =>
      random.pick([
        Buffer.from([0]),
        Buffer.from('\r'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from([0xc3]),
        Buffer.from('Grüße', 'utf8'),
        Buffer.from([0x7f, 0x1b]),
        Buffer.from(junk(random, 10)),
      ]),
    ),
  );
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** A command line with nothing right about it, or with one thing wrong. */
function hostileCommand(random: Random, email: string): { line: Buffer; end: string } {
  const verb = random.pick([
    'EHLO',
    'HELO',
    'LHLO',
    'MAIL FROM:',
    'RCPT TO:',
    'VRFY',
    'EXPN',
    'HELP',
    'NOOP',
    'ETRN',
    'TURN',
    'BDAT',
    'XCLIENT',
    'mail from:',
    'rcpt to:',
    'DATA',
    'RSET',
    'AUTH',
  ]);
  const argument = random.pick([
    () => Buffer.from(` ${junk(random)}`),
    () => Buffer.from(` <${junk(random)}>`),
    () => Buffer.from(`<${email}> ${junk(random, 20)}=${junk(random, 20)}`),
    () => Buffer.from(`<${email}> SIZE=${random.pick(['abc', '-1', '99999999999999999999', '0', ''])}`),
    () => Buffer.from(`<${email}> BODY=${random.pick(['8BITMIME', 'BINARYMIME', 'JUNK', ''])} SMTPUTF8 SMTPUTF8`),
    () => Buffer.from('<>'),
    () => Buffer.from(''),
    () => Buffer.concat([Buffer.from(' <a'), oddBytes(random), Buffer.from('@example.net>')]),
    () => Buffer.concat([Buffer.from(' '), oddBytes(random)]),
    () => Buffer.from(` ${'x'.repeat(random.pick([1_000, 16_000, 17_000, 70_000]))}`),
  ])();
  const line = random.chance(0.1) ? oddBytes(random) : Buffer.concat([Buffer.from(verb), argument]);
  return { line, end: random.chance(0.2) ? '\n' : '\r\n' };
}

/** AUTH lines that are wrong in every way a client can be wrong, each answered by one reply. */
function hostileAuth(random: Random): string[] {
  return random.pick([
    () => [`AUTH PLAIN ${b64(`\0apikey\0pw_live_${junk(random, 20)}`)}`],
    () => ['AUTH PLAIN', b64(`\0\0${junk(random, 30)}`)],
    () => ['AUTH PLAIN', '*'],
    () => ['AUTH PLAIN', '='],
    () => [`AUTH PLAIN ${junk(random, 40)}`],
    () => [`AUTH PLAIN ${b64('\0')}`],
    () => [`AUTH PLAIN ${b64(`a\0b\0c\0d\0${'\0'.repeat(random.int(50))}`)}`],
    () => [`AUTH PLAIN ${b64(Buffer.from([0xff, 0xfe, 0, 0xc3]))}`],
    () => [`AUTH PLAIN ${'QUFB'.repeat(random.pick([10, 1000, 4000]))}`],
    () => ['AUTH LOGIN', b64(junk(random, 30)), b64(`${junk(random, 10)}\0${junk(random, 10)}`)],
    () => ['AUTH LOGIN', junk(random, 30)],
    () => ['AUTH LOGIN', '*'],
    () => [`AUTH LOGIN ${b64('apikey')}`, b64('')],
    () => [`AUTH ${random.pick(['CRAM-MD5', 'XOAUTH2', 'DIGEST-MD5', 'GSSAPI', 'NTLM', ''])} ${junk(random, 20)}`],
  ])();
}

interface Draft {
  message: Buffer;
  /** Whether Postwire must take it (250), must refuse it (a 5xx), or may do either. */
  expect: 'accept' | 'refuse' | 'either';
  /** Text in the body, to find the message by through the API. */
  marker: string;
}

/** An encoded word of any bytes, as clients write non-ASCII header text. */
const encodedWord = (bytes: Buffer) => `=?utf-8?B?${bytes.toString('base64')}?=`;

function nestedMultipart(depth: number, nl: string, marker: string): string {
  let part = `Content-Type: text/plain; charset=utf-8${nl}${nl}${marker}${nl}`;
  for (let i = depth; i > 0; i--) {
    const boundary = `b${i}-${'='.repeat(i % 3)}`;
    part = `Content-Type: multipart/mixed; boundary="${boundary}"${nl}${nl}--${boundary}${nl}${part}--${boundary}--${nl}`;
  }
  return part;
}

/** A message from the account's own address, with one or several hostile traits. */
function draftMessage(random: Random, email: string, n: number): Draft {
  const marker = `fuzz-marker-${n}`;
  const nl = random.chance(0.25) ? '\n' : '\r\n';
  let expect: Draft['expect'] = 'accept';
  const headers: string[] = [];
  const fromName = random.pick([
    'Shop',
    '"Shop, Ltd." ',
    'Grüße GmbH',
    encodedWord(Buffer.from(`Shop\r\nBcc: victim@example.org\u0000\u001b`)),
    encodedWord(Buffer.from([0xff, 0xfe, 0x00])),
    '',
  ]);
  headers.push(fromName ? `From: ${fromName} <${email}>` : `From: ${email}`);
  headers.push(`To: ${random.pick(['<fuzz@example.net>', 'undisclosed-recipients:;', `"${junk(random, 20)}" <fuzz@example.net>`, junk(random, 30)])}`);
  headers.push(
    `Subject: ${random.pick([
      () => `Fuzz ${n}`,
      () => junk(random),
      () => 'Grüße aus Köln',
      () => encodedWord(Buffer.from(`Line one\r\nLine two\u0000\u0085\u2028end`)),
      () => encodedWord(Buffer.from([0x00, 0x0a, 0x0d, 0xff])),
      () => `=?utf-8?Q?broken=ZZ=0D=0A=00?= =?bogus-charset?B?AAAA?= =?utf-8?B?%%%?=`,
      () => 'x'.repeat(random.pick([1_000, 20_000, 100_000])),
      () => `folded${nl}\tacross${nl} three lines`,
    ])()}`,
  );
  // The traits that replace the body come first, so those that add to it are kept.
  const order = ['nested', 'broken-mime', 'many-headers', 'huge-header', 'odd-headers', 'postwire-headers', 'long-lines', 'dots', 'nul', 'latin1', 'none'];
  const traits = Array.from({ length: 1 + random.int(3) }, () => random.pick(order)).sort((x, y) => order.indexOf(x) - order.indexOf(y));
  let body = `${marker}${nl}Hello.${nl}`;
  let contentType = `Content-Type: text/plain; charset=utf-8`;
  for (const trait of traits) {
    switch (trait) {
      case 'many-headers':
        for (let i = 0; i < random.pick([100, 2_000]); i++) headers.push(`X-Many-${i}: ${junk(random, 10)}`);
        break;
      case 'huge-header':
        headers.push(`X-Huge: ${'h'.repeat(random.pick([10_000, 150_000]))}`);
        break;
      case 'odd-headers':
        headers.push(`No colon at all ${junk(random, 20)}`, `X-Empty:`, `: no name`, `X-Utf8-Ünïcode: ✓`, ` continuation of nothing`);
        break;
      case 'postwire-headers':
        // Tags and metadata the API would refuse are refused here too; a refusal is permanent.
        headers.push(
          random.pick([
            `X-Postwire-Tags: ${junk(random, 30)}`,
            `X-Postwire-Tags: ${encodedWord(Buffer.from('a\r\nb, c\u0000d'))}`,
            `X-Postwire-Metadata: ${random.pick(['{"a":1}', '[]', '{', '{"a":{"b":1}}', '{"k":"\\u0000"}', encodedWord(Buffer.from('{"a":"\r\n"}'))])}`,
            `Idempotency-Key: ${random.pick([`key-${n}`, '', junk(random, 300), 'spaces in key'])}`,
          ]),
        );
        if (expect === 'accept') expect = 'either';
        break;
      case 'nested':
        contentType = '';
        body = `MIME-Version: 1.0${nl}${nestedMultipart(random.pick([3, 60, 400]), nl, marker)}`;
        break;
      case 'broken-mime':
        contentType = `Content-Type: multipart/mixed; boundary="${random.pick(['', 'unterminated', '"'])}`;
        body = `--unterminated${nl}Content-Type: text/html${nl}Content-Transfer-Encoding: base64${nl}${nl}%%%not base64%%%${nl}${marker}${nl}--wrong--${nl}`;
        break;
      case 'long-lines':
        body += `${'L'.repeat(random.pick([1_000, 100_000]))}${nl}`;
        break;
      case 'dots':
        body += `.${nl}..${nl}.hidden${nl}. ${nl}`;
        break;
      case 'nul':
        body += `before\u0000after${nl}`;
        expect = 'refuse';
        break;
      case 'latin1':
        // Bytes that are not UTF-8 are added below, after the text is encoded.
        expect = 'refuse';
        break;
    }
  }
  if (contentType) headers.push(contentType);
  let message = Buffer.from(`${headers.join(nl)}${nl}${nl}${body}`, 'utf8');
  if (traits.includes('latin1')) message = Buffer.concat([message, Buffer.from(`Caf\u00e9${nl}`, 'latin1')]);
  if (message.length > MAX_BYTES) expect = expect === 'accept' ? 'refuse' : expect;
  return { message, expect, marker };
}

for (const dialect of DIALECTS) {
  describe(`SMTP listeners under fuzzing [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    let key: string;

    before(async () => {
      app = await startTestApp(dialect, {
        smtp: true,
        inbound: true,
        config: {
          bodyLimitBytes: MAX_BYTES,
          inboundSmtpMaxBytes: MAX_BYTES,
          bounceDomain: BOUNCE_DOMAIN,
          // The fuzzer's wrong keys must not lock its right one out (the limit has tests of its own).
          loginFailuresPerEmailAndIp: 0,
          smtpSubmissionMaxMessagesPerConnection: 1_000,
        },
      });
      account = await app.signUp();
      key = (await createApiKey(app, account.token, ['send'])).key;
    });
    after(async () => {
      await app?.close();
    });

    /** What a user sees of a message answered 250: stored, its body byte for byte, its subject and sender name one line each. */
    async function checkStored(id: string, draft: Draft, context: string): Promise<void> {
      const message = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token }), 200).resultObject;
      assert.doesNotMatch(message.subject, /[\x00-\x1f\x7f-\x9f\u2028\u2029]/, `${context}: the subject is one line`);
      assert.doesNotMatch(message.from.name, /[\x00-\x1f\x7f-\x9f\u2028\u2029]/, `${context}: the sender name is one line`);
      const raw = await rawOf(app, account, id);
      // A message that does not end its last line with CRLF gets one before the final dot, and keeps it.
      const sent = draft.message.toString('utf8').replace(/(?<!\r\n)$/, '\r\n');
      const crlf = sent.indexOf('\r\n\r\n');
      const lf = sent.indexOf('\n\n');
      const body = crlf !== -1 && (lf === -1 || crlf < lf) ? sent.slice(crlf + 4) : sent.slice(lf + 2);
      if (!raw.endsWith(body)) {
        let same = 0;
        while (same < body.length && raw[raw.length - 1 - same] === body[body.length - 1 - same]) same++;
        const at = body.length - same;
        assert.fail(
          `${context}: the body differs ${same} characters from its end: sent ${JSON.stringify(body.slice(Math.max(0, at - 40), at + 1))}, stored ${JSON.stringify(raw.slice(Math.max(0, raw.length - same - 41), raw.length - same))}`,
        );
      }
      assert.ok(raw.includes(draft.marker), `${context}: the marker`);
    }

    it(`answers ${CONVERSATIONS} hostile submission conversations with valid replies, stores every 250, refuses the rest permanently (seed ${SEED})`, async (t) => {
      const random = seededRandom(SEED);
      const port = app.runtime.submission!.port!;
      let accepted = 0;
      let messages = 0;
      for (let n = 0; n < CONVERSATIONS; n++) {
        const wire = await Wire.open(port);
        const context = () => `FUZZ_SEED=${SEED} conversation ${n}:\n${wire.transcript.slice(-30).join('\n')}`;
        try {
          const greeting = await wire.read();
          assert.equal(greeting?.code, 220, context());
          let authenticated = false;
          let open = true;
          /** A reply, or the close that only a 421 or 221 may announce. */
          const answered = (reply: Reply | undefined, last: Reply | undefined): reply is Reply => {
            if (reply) return true;
            assert.ok(last && [421, 221].includes(last.code), `closed without a 421 or 221: ${context()}`);
            open = false;
            return false;
          };
          let last: Reply | undefined = await wire.command(random.pick(['EHLO fuzz.test', 'HELO fuzz.test', `EHLO ${junk(random, 20)}`]));
          if (!answered(last, greeting)) continue;
          for (let step = 0; open && step < 1 + random.int(6); step++) {
            const action = random.pick(['command', 'command', 'auth', 'message', 'message', 'message', 'pipeline']);
            if (action === 'command') {
              const { line, end } = hostileCommand(random, account.email);
              const reply = await wire.command(line, end);
              if (!answered(reply, last)) break;
              last = reply;
              if (reply.code === 334) last = await wire.command('*');
              if (reply.code === 354) last = await wire.data(Buffer.from('Subject: stray\r\n\r\nstray\r\n'));
              if (last && last.code === 421) open = false;
            } else if (action === 'auth') {
              for (const line of hostileAuth(random)) {
                const reply = await wire.command(line);
                if (!answered(reply, last)) break;
                last = reply;
                if (reply.code !== 334) break;
              }
              if (last?.code === 334) last = await wire.command('*');
              if (last?.code === 235) authenticated = true;
              if (last && [421, 221].includes(last.code)) open = false;
            } else if (action === 'pipeline') {
              // Several well-formed commands in one write, each answered in order.
              const lines = ['NOOP', 'RSET', 'EHLO again.test', 'NOOP', 'RSET'].slice(0, 1 + random.int(5));
              wire.write(lines.map((l) => `${l}\r\n`).join(''));
              for (const _ of lines) {
                const reply = await wire.read();
                if (!answered(reply, last)) break;
                last = reply;
                // smtp-server ends a connection that has said too much without AUTH (421).
                assert.ok(reply.code === 250 || reply.code === 421, context());
                if (reply.code === 421) open = false;
              }
            } else {
              if (!authenticated) {
                const auth = await wire.command(
                  random.chance(0.5) ? `AUTH PLAIN ${b64(`\0${junk(random, 10)}\0${key}`)}` : `AUTH PLAIN ${b64(`\0apikey\0${key}`)}`,
                );
                if (!answered(auth, last)) break;
                last = auth;
                if (auth.code === 503) await wire.command('RSET');
                else assert.equal(auth.code, 235, context());
                authenticated = true;
              }
              const draft = draftMessage(random, account.email, n * 10 + step);
              const mail = await wire.command(
                `MAIL FROM:<${account.email}>${random.pick(['', ' BODY=8BITMIME', ' SMTPUTF8', ' BODY=8BITMIME SMTPUTF8', ` SIZE=${draft.message.length}`])}`,
              );
              if (!answered(mail, last)) break;
              last = mail;
              if (mail.code !== 250) {
                assert.ok(mail.code >= 500 || mail.code === 421, `MAIL FROM: ${context()}`);
                if (mail.code === 421) open = false;
                else await wire.command('RSET');
                continue;
              }
              const rcpts = ['fuzz@example.net', 'josé@exämple.net', `r${n}.${step}@example.org`].slice(0, 1 + random.int(3));
              let taken = 0;
              for (const rcpt of rcpts) {
                const reply = await wire.command(`RCPT TO:<${rcpt}>`);
                if (!answered(reply, last)) break;
                last = reply;
                if (reply.code === 250) taken++;
              }
              if (!open) break;
              assert.ok(taken > 0, `no recipient taken: ${context()}`);
              const go = await wire.command('DATA');
              if (!answered(go, last)) break;
              assert.equal(go.code, 354, context());
              const reply = await wire.data(draft.message);
              if (!answered(reply, go)) break;
              last = reply;
              messages++;
              assert.notEqual(reply.code, 451, `451 means "try again" for a message that could never be stored: ${context()}`);
              if (draft.expect === 'accept') assert.equal(reply.code, 250, context());
              else if (draft.expect === 'refuse') assert.ok(reply.code >= 550 && reply.code <= 554, context());
              else assert.ok(reply.code === 250 || (reply.code >= 550 && reply.code <= 554), context());
              if (reply.code === 250) {
                const id = /queued as (\w+)/.exec(reply.text)?.[1];
                assert.ok(id, context());
                await checkStored(id, draft, context());
                accepted++;
              }
            }
          }
          if (open && random.chance(0.7)) {
            const quit = await wire.command('QUIT');
            if (quit) assert.ok(quit.code === 221 || quit.code === 421, context());
          }
        } catch (error) {
          if (error instanceof Error && !error.message.includes('FUZZ_SEED')) error.message += `\n${context()}`;
          throw error;
        } finally {
          wire.close();
        }
      }
      // The run reached the rules, not only the parser: a good share of the messages got through.
      t.diagnostic(`${messages} messages, ${accepted} accepted`);
      assert.ok(messages >= CONVERSATIONS / 2 && accepted >= messages / 4, `${accepted} of ${messages} messages accepted`);

      // Healthy afterwards: an ordinary submission and the API.
      const wire = await Wire.open(port);
      try {
        await wire.read();
        await wire.command('EHLO after.test');
        assert.equal((await wire.command(`AUTH PLAIN ${b64(`\0apikey\0${key}`)}`))?.code, 235);
        assert.equal((await wire.command(`MAIL FROM:<${account.email}>`))?.code, 250);
        assert.equal((await wire.command('RCPT TO:<after@example.net>'))?.code, 250);
        assert.equal((await wire.command('DATA'))?.code, 354);
        const reply = await wire.data(Buffer.from(`From: <${account.email}>\r\nTo: <after@example.net>\r\nSubject: After\r\n\r\nStill here.\r\n`));
        assert.equal(reply?.code, 250, reply?.text);
      } finally {
        wire.close();
      }
      expectEnvelope(await app.request({ method: 'GET', url: '/healthz' }), 200);
    });

    it(`answers hostile reports at the feedback listener with valid replies, and records every 250 readably (seed ${SEED})`, async () => {
      const random = seededRandom(SEED + 1);
      const port = app.runtime.inbound!.port!;
      const sent = await sendMessage(app, account, ['bob@example.net', 'eve@example.net']);
      const to = (email: string) => `bounces+${recipientId(sent, email)}@${BOUNCE_DOMAIN}`;
      for (let n = 0; n < Math.ceil(CONVERSATIONS / 3); n++) {
        const wire = await Wire.open(port);
        const context = () => `FUZZ_SEED=${SEED} report ${n}:\n${wire.transcript.slice(-20).join('\n')}`;
        try {
          assert.equal((await wire.read())?.code, 220, context());
          const ehlo = await wire.command(random.chance(0.3) ? hostileCommand(random, 'x@example.net').line : Buffer.from('EHLO reporter.test'));
          if (!ehlo) continue;
          const mail = await wire.command(random.pick(['MAIL FROM:<>', `MAIL FROM:<${junk(random, 20)}>`, 'MAIL FROM:<mailer-daemon@example.net>']));
          if (!mail || mail.code !== 250) continue;
          const rcptAddress = random.pick([
            to('bob@example.net'),
            to('eve@example.net'),
            `bounces+${junk(random, 24)}@${BOUNCE_DOMAIN}`,
            'postmaster@example.net',
          ]);
          const rcpt = await wire.command(`RCPT TO:<${rcptAddress}>`);
          if (!rcpt || rcpt.code !== 250) continue;
          const go = await wire.command('DATA');
          if (!go) continue;
          assert.equal(go.code, 354, context());
          const nasty = () =>
            random.pick([
              'smtp; 550 5.1.1 user\u0000unknown',
              `smtp; 550 ${'d'.repeat(5_000)}`,
              'smtp; 550 5.7.1 \u001b[31mred\u001b[0m\r\n  continued',
              'x-unix; Grüße \u2028 \u0085',
              '',
            ]);
          const report = random.pick([
            () => dsnMessage({ to: rcptAddress, diagnosticCode: nasty() }),
            () =>
              dsnMessage({ to: rcptAddress, action: random.pick(['failed', 'delayed', 'bogus', '']), status: random.pick(['5.1.1', '4.2.2', '9.9.9', 'x']) }),
            () => dsnMessage({ to: rcptAddress, reportingMta: `mx\u0000.example.net`, finalRecipient: `bob\u0000@example.net` }),
            () =>
              dsnMessage({ to: rcptAddress, deliveryStatus: `${junk(random, 200)}\r\n\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: ${nasty()}\r\n` }),
            () => arfMessage({ to: rcptAddress, feedbackType: random.pick(['abuse', 'a\u0000b', '', 'x'.repeat(2_000)]) }),
            () => arfMessage({ to: rcptAddress, feedbackReport: `Feedback-Type: abuse\r\nUser-Agent: ${nasty()}\r\nSource-IP: \u0000\r\n` }),
            () => plainMessage(rcptAddress),
            () => `Content-Type: multipart/report; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\n${junk(random, 300)}\r\n`,
            () => junk(random, 500),
          ])();
          const reply = await wire.data(Buffer.from(report, 'utf8'));
          assert.ok(reply, context());
          assert.notEqual(reply.code, 451, `451 means "try again" for a report that could never be stored: ${context()}`);
          assert.ok(reply.code === 250 || (reply.code >= 550 && reply.code <= 554), context());
        } catch (error) {
          if (error instanceof Error && !error.message.includes('FUZZ_SEED')) error.message += `\n${context()}`;
          throw error;
        } finally {
          wire.close();
        }
      }
      // Whatever was recorded reads back through the API, and the listener still takes a report.
      const message = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: account.token }), 200).resultObject;
      for (const r of message.recipients) assert.doesNotMatch(r.lastResponse ?? '', /[\x00-\x1f\x7f-\x9f\u2028\u2029]/, 'a reported reply is one line');
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?limit=100`, token: account.token }), 200);
      const wire = await Wire.open(port);
      try {
        await wire.read();
        await wire.command('EHLO reporter.test');
        assert.equal((await wire.command('MAIL FROM:<>'))?.code, 250);
        assert.equal((await wire.command(`RCPT TO:<${to('eve@example.net')}>`))?.code, 250);
        assert.equal((await wire.command('DATA'))?.code, 354);
        assert.equal((await wire.data(Buffer.from(dsnMessage({ to: to('eve@example.net') }))))?.code, 250);
      } finally {
        wire.close();
      }
    });
  });
}

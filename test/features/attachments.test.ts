/**
 * Attachments as the recipient gets them: sent as JSON base64 or as multipart file
 * parts, relayed to a real SMTP server, parsed with mailparser and compared byte for
 * byte; an inline image is a related part whose Content-ID the HTML references. The
 * message log gives each back for download, byte for byte, to its own account only. The
 * limits (count, per file, in all) answer 400 or 413 with a message saying which.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';
import { messagesTo, type SmtpSink } from '../helpers/smtp-sink.js';

// A 1x1 PNG, and binary data covering every byte value.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const BINARY = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(20_000)]);

const LIMITS = { attachmentsMaxCount: 3, attachmentMaxBytes: 40_000, attachmentsMaxTotalBytes: 60_000 };

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body with text fields and file parts. */
function multipartWithFiles(fields: [string, string][], files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----postwire${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

for (const dialect of DIALECTS) {
  describe(`attachments [${dialect}]`, () => {
    let relay: RelayedTestApp;
    let sink: SmtpSink;
    let app: TestApp;
    let a: TestAccount;

    before(async () => {
      relay = await startRelayedTestApp(dialect, LIMITS);
      ({ app, sink } = relay);
      a = await app.signUp();
    });
    after(() => relay?.close());

    const base = () => ({ from: { email: a.email }, subject: 'Files', htmlContent: '<p>See attached</p>' });
    const send = (body: Record<string, unknown>) => app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, body: { ...base(), ...body } });

    async function deliveredTo(result: any, email: string): Promise<ParsedMail> {
      assert.equal((await outcomeOf(app, a, result, email)).state, 'delivered');
      const received = await eventually(async () => messagesTo(sink, email)[0], 10_000, `a message to ${email}`);
      // skipImageLinks: keep `cid:` references as sent instead of inlining them as data: URLs.
      return simpleParser(received.raw, { skipImageLinks: true });
    }

    it('JSON base64 attachments arrive byte for byte; an inline image is referenced by cid', async () => {
      const result = expectEnvelope(
        await send({
          to: [{ email: 'files@example.net' }],
          htmlContent: '<p>Our logo: <img src="cid:logo@shop"></p>',
          attachments: [
            { filename: 'data.bin', content: BINARY.toString('base64'), contentType: 'application/octet-stream' },
            { filename: 'logo.png', content: PNG.toString('base64'), contentType: 'image/png', contentId: 'logo@shop' },
            {
              filename: 'notes.txt',
              content: Buffer.from('line one\nline two\n')
                .toString('base64')
                .replace(/(.{8})/g, '$1\r\n'),
              contentType: 'text/plain',
            },
          ],
        }),
        200,
      ).resultObject;
      const parsed = await deliveredTo(result, 'files@example.net');
      const byName = new Map(parsed.attachments.map((x) => [x.filename, x]));
      assert.deepEqual([...byName.keys()].sort(), ['data.bin', 'logo.png', 'notes.txt']);
      assert.ok(byName.get('data.bin')!.content.equals(BINARY), 'binary content is intact');
      assert.equal(byName.get('data.bin')!.contentType, 'application/octet-stream');
      assert.ok(byName.get('notes.txt')!.content.equals(Buffer.from('line one\nline two\n')), 'base64 with line breaks is accepted');
      const logo = byName.get('logo.png')!;
      assert.ok(logo.content.equals(PNG));
      assert.equal(logo.contentType, 'image/png');
      assert.equal(logo.cid, 'logo@shop');
      assert.equal(logo.related, true, 'the inline image is a related part of the HTML');
      assert.equal(logo.contentDisposition, 'inline');
      assert.match(String(parsed.html), /cid:logo@shop/);

      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(detail.attachments, [
        { filename: 'data.bin', contentType: 'application/octet-stream', contentId: null, size: BINARY.length },
        { filename: 'logo.png', contentType: 'image/png', contentId: 'logo@shop', size: PNG.length },
        { filename: 'notes.txt', contentType: 'text/plain', contentId: null, size: 18 },
      ]);

      // Downloads from the message log: the bytes as sent, under their type and name.
      const download = (index: number | string, token = a.token) =>
        app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}/attachments/${index}`, token });
      const data = await download(0);
      assert.equal(data.status, 200);
      assert.ok(data.bytes!.equals(BINARY), 'the downloaded bytes are the ones sent');
      assert.equal(data.headers['content-type'], 'application/octet-stream');
      assert.equal(data.headers['content-disposition'], `attachment; filename="data.bin"; filename*=UTF-8''data.bin`);
      assert.equal(data.headers['x-content-type-options'], 'nosniff');
      const image = await download(1);
      assert.ok(image.bytes!.equals(PNG));
      assert.equal(image.headers['content-type'], 'image/png');
      expectEnvelope(await download(3), 404);
      assert.deepEqual(errorFields(expectEnvelope(await download(-1), 400)), ['index']);
      const other = await app.signUp();
      expectEnvelope(await download(0, other.token), 404);
    });

    it('a message sent without attachments has none to download', async () => {
      const result = expectEnvelope(await send({ to: [{ email: 'bare@example.net' }] }), 200).resultObject;
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}/attachments/0`, token: a.token }), 404);
    });

    it('multipart requests carry attachments as file parts', async () => {
      const body = multipartWithFiles(
        [
          ['from[email]', a.email],
          ['to[0][email]', 'multi@example.net'],
          ['subject', 'Multipart files'],
          ['htmlContent', '<p>Two files</p>'],
        ],
        [
          { name: 'attachments', filename: 'data.bin', contentType: 'application/octet-stream', content: BINARY },
          { name: 'attachments', filename: 'logo.png', contentType: 'image/png', content: PNG },
        ],
      );
      const result = expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, ...body }), 200).resultObject;
      const parsed = await deliveredTo(result, 'multi@example.net');
      const byName = new Map(parsed.attachments.map((x) => [x.filename, x]));
      assert.ok(byName.get('data.bin')!.content.equals(BINARY));
      assert.ok(byName.get('logo.png')!.content.equals(PNG));
      assert.equal(byName.get('logo.png')!.contentType, 'image/png');
    });

    it('a single multipart file part is one attachment', async () => {
      const body = multipartWithFiles(
        [
          ['from[email]', a.email],
          ['to[0][email]', 'single@example.net'],
          ['subject', 'One file'],
          ['htmlContent', '<p>One</p>'],
        ],
        [{ name: 'attachments', filename: 'only.bin', contentType: 'application/octet-stream', content: BINARY.subarray(0, 1000) }],
      );
      const result = expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, ...body }), 200).resultObject;
      const parsed = await deliveredTo(result, 'single@example.net');
      assert.equal(parsed.attachments.length, 1);
      assert.ok(parsed.attachments[0]!.content.equals(BINARY.subarray(0, 1000)));
    });

    describe('limits and malformed attachments', () => {
      const file = (bytes: number, name = 'f.bin') => ({
        filename: name,
        content: randomBytes(bytes).toString('base64'),
        contentType: 'application/octet-stream',
      });
      const count = async () => expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject.totalCount;

      it('more files than ATTACHMENTS_MAX_COUNT: 400 on attachments', async () => {
        const before = await count();
        const body = expectEnvelope(await send({ to: [{ email: 'x@example.net' }], attachments: [file(10), file(10), file(10), file(10)] }), 400);
        assert.deepEqual(errorFields(body), ['attachments']);
        assert.match(body.resultObject.errors[0].message, /at most 3/);
        assert.equal(await count(), before);
      });

      it('one file over ATTACHMENT_MAX_BYTES: 413 naming it', async () => {
        const body = expectEnvelope(await send({ to: [{ email: 'x@example.net' }], attachments: [file(10), file(40_001, 'big.bin')] }), 413);
        assert.match(body.resultMessage, /attachments\[1\] \(big\.bin\).*ATTACHMENT_MAX_BYTES/);
      });

      it('files over ATTACHMENTS_MAX_TOTAL_BYTES together: 413', async () => {
        const body = expectEnvelope(await send({ to: [{ email: 'x@example.net' }], attachments: [file(30_000), file(30_001)] }), 413);
        assert.match(body.resultMessage, /ATTACHMENTS_MAX_TOTAL_BYTES/);
      });

      it('a multipart file over the limit: 413', async () => {
        const body = multipartWithFiles(
          [
            ['from[email]', a.email],
            ['to[0][email]', 'x@example.net'],
            ['subject', 'Big'],
            ['htmlContent', '<p>Big</p>'],
          ],
          [{ name: 'attachments', filename: 'big.bin', contentType: 'application/octet-stream', content: randomBytes(40_001) }],
        );
        expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, ...body }), 413);
      });

      it('malformed attachments: 400 naming the field', async () => {
        const cases: [unknown, string][] = [
          [[{ filename: 'a.bin', content: 'not base64!', contentType: 'application/octet-stream' }], 'attachments[0].content'],
          [[{ filename: 'a.bin', content: 'abc', contentType: 'application/octet-stream' }], 'attachments[0].content'],
          [[{ content: 'AAAA', contentType: 'application/octet-stream' }], 'attachments[0].filename'],
          [[{ filename: 'a.bin', contentType: 'application/octet-stream' }], 'attachments[0].content'],
          [[{ filename: 'a.bin', content: 'AAAA' }], 'attachments[0].contentType'],
          [[{ filename: 'a.bin', content: 'AAAA', contentType: 'not a type' }], 'attachments[0].contentType'],
          [[{ filename: 'a\r\nb.bin', content: 'AAAA', contentType: 'application/octet-stream' }], 'attachments[0].filename'],
          [[{ filename: 'a.png', content: 'AAAA', contentType: 'image/png', contentId: 'x y' }], 'attachments[0].contentId'],
          [
            [
              { filename: 'a.png', content: 'AAAA', contentType: 'image/png', contentId: 'same' },
              { filename: 'b.png', content: 'AAAA', contentType: 'image/png', contentId: 'same' },
            ],
            'attachments[1].contentId',
          ],
          [{ filename: 'a.bin' }, 'attachments'],
        ];
        for (const [attachments, field] of cases) {
          const body = expectEnvelope(await send({ to: [{ email: 'x@example.net' }], attachments }), 400);
          assert.deepEqual(errorFields(body), [field], JSON.stringify(attachments).slice(0, 200));
        }
      });
    });
  });
}

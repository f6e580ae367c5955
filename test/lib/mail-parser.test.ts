/**
 * parseHeaderBlock runs simpleParser's own header pieces without its streams (an SMTP
 * submission reads only the header block). It must decode exactly as simpleParser decodes
 * the same block: addresses with encoded and UTF-8 names, groups, folded lines, encoded
 * subjects, Message-ID brackets, repeated fields, unknown fields left as written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeWords, oneLine, parseHeaderBlock, parseMail } from '../../src/lib/mail-parser.js';

const BLOCKS: Record<string, string> = {
  plain: 'From: Shop <shop@example.com>\r\nTo: a@example.net, "B, the second" <b@example.net>\r\nSubject: Your order\r\nMessage-ID: <1@example.com>',
  encoded:
    'From: =?UTF-8?Q?Gr=C3=BC=C3=9Fe_GmbH?= <shop@example.com>\r\nTo: =?UTF-8?B?Sm9zw6k=?= <jose@example.net>\r\n' +
    'Cc: team: x@example.net, y@example.net;\r\nSubject: =?UTF-8?Q?K=C3=B6ln?= and\r\n =?UTF-8?B?4pyT?= folded\r\nX-Postwire-Metadata: =?UTF-8?Q?{"orderId":"A-1001"}?=',
  utf8: 'From: Café <café@exämple.net>\r\nTo: <josé@exämple.net>\r\nSubject: Grüße aus Köln\r\nMessage-ID: no-brackets@example.com',
  repeated: 'From: first@example.com\r\nFrom: second@example.com\r\nTo: a@example.net\r\nTo: b@example.net\r\nX-Tag: one\r\nX-Tag: two',
  empty: 'X-Only: nothing else',
};

describe('parseHeaderBlock', () => {
  for (const [name, head] of Object.entries(BLOCKS)) {
    it(`decodes the ${name} block as simpleParser decodes it`, async () => {
      const whole = await parseMail(`${head}\r\n\r\nbody\r\n`);
      const block = await parseHeaderBlock(head);
      assert.deepEqual(block.from, whole.from);
      assert.deepEqual(block.to, whole.to);
      assert.deepEqual(block.cc, whole.cc);
      assert.equal(block.subject, whole.subject);
      assert.equal(block.messageId, whole.messageId);
      assert.deepEqual([...block.headers.entries()], [...whole.headers.entries()]);
    });
  }

  it('reads the names and addresses a client wrote', async () => {
    const block = await parseHeaderBlock(BLOCKS.encoded!);
    assert.equal(block.from?.value[0]?.name, 'Grüße GmbH');
    assert.equal(block.subject, 'Köln and ✓ folded');
  });
});

describe('decodeWords', () => {
  it('decodes encoded words and leaves plain text as it is', async () => {
    assert.equal(await decodeWords('=?UTF-8?Q?{"orderId":"A-1001"}?='), '{"orderId":"A-1001"}');
    assert.equal(await decodeWords('=?UTF-8?B?4pyTIGRvbmU=?='), '✓ done');
    assert.equal(await decodeWords('invoice, billing'), 'invoice, billing');
  });
});

describe('oneLine', () => {
  it('folds every run of control characters, with the spaces around it, into one space, and keeps the rest', () => {
    assert.equal(oneLine('Invoice\r\nBcc: x@example.org\r\n\tpaid\u0000\u001b now'), 'Invoice Bcc: x@example.org paid now');
    assert.equal(oneLine('a\u0085b\u2028c\u007fd'), 'a b c d');
    assert.equal(oneLine('Grüße  aus Köln ✓'), 'Grüße  aus Köln ✓');
  });
});

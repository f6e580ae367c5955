import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { charsetNamed, streamDecoder, Utf8Check } from '../../src/lib/charsets.js';

function decode(charset: string, bytes: number[], cut = bytes.length): string {
  const decoder = streamDecoder(charset);
  return decoder.write(Uint8Array.from(bytes.slice(0, cut))) + decoder.write(Uint8Array.from(bytes.slice(cut))) + decoder.end();
}

function validUtf8(bytes: number[], cut: number): boolean {
  const check = new Utf8Check();
  check.write(Uint8Array.from(bytes.slice(0, cut)));
  check.write(Uint8Array.from(bytes.slice(cut)));
  return check.end();
}

describe('charsets', () => {
  it('names charsets by their WHATWG names; an unknown label is undefined', () => {
    assert.equal(charsetNamed('latin1'), 'windows-1252');
    assert.equal(charsetNamed(' ISO-8859-1 '), 'windows-1252');
    assert.equal(charsetNamed('UTF8'), 'utf-8');
    assert.equal(charsetNamed('klingon'), undefined);
  });

  it('decodes Windows-1252 as its table says, 0x80-0x9F included', () => {
    assert.equal(decode('windows-1252', [0x80, 0x20, 0xe9, 0xfc, 0x92, 0x93, 0x94, 0x9f, 0x81]), '€ éü’“”Ÿ\u0081');
    assert.equal(decode('windows-1252', [0x41, 0xa4]), 'A¤');
  });

  it('drops a UTF-8 byte order mark whatever the charset, and only at the start', () => {
    assert.equal(decode('utf-8', [0xef, 0xbb, 0xbf, 0x61, 0xef, 0xbb, 0xbf]), 'a\ufeff');
    assert.equal(decode('windows-1252', [0xef, 0xbb, 0xbf, 0x80]), '€');
  });

  it('keeps a UTF-8 character split between two pieces whole', () => {
    const bytes = [...Buffer.from('é€😀', 'utf8')];
    for (let cut = 0; cut <= bytes.length; cut++) assert.equal(decode('utf-8', bytes, cut), 'é€😀');
  });

  it('tells valid UTF-8 from other bytes, wherever the pieces are cut', () => {
    const utf8 = [...Buffer.from('Zoë, 10 €', 'utf8')];
    const cp1252 = [0x5a, 0x6f, 0xeb, 0x2c, 0x20, 0x31, 0x30, 0x20, 0x80];
    for (let cut = 0; cut <= utf8.length; cut++) assert.equal(validUtf8(utf8, cut), true);
    for (let cut = 0; cut <= cp1252.length; cut++) assert.equal(validUtf8(cp1252, cut), false);
    assert.equal(validUtf8([0x61, 0xe2, 0x82], 3), false, 'a sequence cut off by the end of the file');
  });
});

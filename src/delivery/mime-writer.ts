/**
 * MIME written out directly, as one string, for the shape nearly every message has: a
 * plain-text part and an HTML part (or text alone), no attachments, ASCII addresses.
 * Everything else still goes through nodemailer's composer (mime.ts, `canWriteDirectly`).
 *
 * Why: nodemailer's composer runs each part through a chain of Node streams and then a DKIM
 * stream that re-parses its own headers. For a campaign, where every recipient's copy is its
 * own, that machinery was the largest CPU cost per message (`npm run bench:compose`).
 *
 * A receiver sees the same either way, because the parts that decide it are nodemailer's own
 * functions (header encoding, `foldLines`, quoted-printable, the transfer-encoding rule); only
 * the header order and the boundary's spelling differ. test/delivery/mime-writer.test.ts
 * parses both outputs, asserts they say the same, and verifies both DKIM signatures.
 *
 * Deterministic like compose.ts: the boundary comes from `baseBoundary` and the signature has
 * no timestamp. The boundary contains "=_", which no quoted-printable or base64 body can
 * contain; a 7bit body that happens to contain it is written quoted-printable instead.
 */
import crypto from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import { foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import type { DkimKey, MimeAddress, MimeSpec } from './mime.types.js';

const LINE_LENGTH = 76;

// One node whose only use is its header encoder; it holds no message.
const headerEncoder = new MimeNode(false, { baseBoundary: 'unused' });

/** Headers this writer writes itself: a sender's header of the same name is left out (nodemailer's composer let its own win too). */
const OWN_HEADERS = new Set(['from', 'to', 'cc', 'reply-to', 'subject', 'message-id', 'date', 'mime-version', 'content-type', 'content-transfer-encoding']);

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Whether the spec is the shape this writer handles. Attachments need nodemailer's
 * multipart/mixed and related trees; a non-ASCII address needs its punycode and
 * SMTPUTF8 rules; a DKIM domain in Unicode needs its A-label.
 */
export function canWriteDirectly(spec: MimeSpec): boolean {
  if (spec.attachments.length > 0) return false;
  if (spec.dkim && NON_ASCII.test(spec.dkim.domain)) return false;
  const addresses = [spec.from, ...spec.to, ...spec.cc, ...(spec.replyTo ? [spec.replyTo] : [])];
  return addresses.every((a) => !NON_ASCII.test(a.address));
}

/**
 * The message's bytes, CRLF line endings throughout. `text` is the plain-text part (the
 * spec's, or the one derived from its HTML by the caller); `signedHeaders` the colon-separated
 * fields a DKIM signature covers when the message has them (mime.ts `SIGNED_HEADERS`).
 */
export function writeMime(spec: MimeSpec, text: string, signedHeaders: string): string {
  const boundary = boundaryOf(spec.baseBoundary);
  const textPart = encodeBody(text, boundary);
  const headers: string[] = [
    headerLine('From', [address(spec.from)]),
    ...(spec.to.length ? [headerLine('To', spec.to.map(address))] : []),
    ...(spec.cc.length ? [headerLine('Cc', spec.cc.map(address))] : []),
    ...(spec.replyTo ? [headerLine('Reply-To', [address(spec.replyTo)])] : []),
    headerLine('Subject', spec.subject),
    headerLine('Message-ID', spec.messageId),
    `Date: ${new Date(spec.date).toUTCString().replace(/GMT/, '+0000')}`,
  ];
  for (const [name, value] of Object.entries(spec.headers)) {
    const key = name.replace(/[\s\x00-\x20\x7f:]/g, '');
    if (!key || OWN_HEADERS.has(key.toLowerCase()) || !String(value).trim()) continue;
    headers.push(headerLine(key, value));
  }
  headers.push('MIME-Version: 1.0');

  let body: string;
  if (spec.html === null) {
    headers.push('Content-Type: text/plain; charset=utf-8', `Content-Transfer-Encoding: ${textPart.encoding}`);
    body = textPart.body;
  } else {
    const htmlPart = encodeBody(spec.html, boundary);
    headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
    body =
      `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: ${textPart.encoding}\r\n\r\n${textPart.body}\r\n` +
      `--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: ${htmlPart.encoding}\r\n\r\n${htmlPart.body}\r\n` +
      `--${boundary}--\r\n`;
  }
  // An empty text-only message ends at the blank line after its header, as nodemailer's does.
  if (body && !body.endsWith('\r\n')) body += '\r\n';
  const header = headers.join('\r\n');
  const signature = spec.dkim ? `${dkimSignature(header, body, spec.dkim, signedHeaders)}\r\n` : '';
  return `${signature}${header}\r\n\r\n${body}`;
}

function address(a: MimeAddress): { name: string; address: string } {
  return { name: a.name, address: a.address };
}

/** One header, its value encoded as nodemailer encodes that field, folded at 76 characters. */
function headerLine(key: string, value: string | MimeAddress[]): string {
  return foldLines(`${key}: ${headerEncoder.encodeHeaderValue(key, value)}`, LINE_LENGTH);
}

/** A boundary of at most 70 characters (RFC 2046 §5.1.1) from the characters of `base` that are safe in one. */
function boundaryOf(base: string): string {
  return `=_pw_${base.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 60)}`;
}

interface EncodedBody {
  encoding: '7bit' | 'quoted-printable' | 'base64';
  body: string;
}

/**
 * A text part's body with CRLF line endings, in the transfer encoding nodemailer would
 * choose for it: 7bit when it is ASCII without control characters and no line is longer
 * than 76 characters, otherwise quoted-printable for mostly Latin text and base64 for the rest.
 */
function encodeBody(content: string, boundary: string): EncodedBody {
  const crlf = content.replace(/\r\n|\r|\n/g, '\r\n');
  if (isPlainText(crlf) && !hasLongerLines(crlf, LINE_LENGTH) && !crlf.includes(boundary)) return { encoding: '7bit', body: crlf };
  if (mostlyLatin(crlf)) return { encoding: 'quoted-printable', body: qpWrap(qpEncode(crlf), LINE_LENGTH) };
  const base64 = Buffer.from(crlf, 'utf8').toString('base64');
  return { encoding: 'base64', body: base64.replace(/.{76}(?!$)/g, '$&\r\n') };
}

/** nodemailer's choice between quoted-printable and base64: more Latin letters than 8-bit and control characters. */
function mostlyLatin(value: string): boolean {
  let latin = 0;
  let other = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x80 || code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f)) other++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return other < latin;
}

/**
 * A DKIM-Signature header (RFC 6376): rsa-sha256, relaxed/relaxed, no timestamp, over the
 * fields of `signedHeaders` that the message has. `header` is the message's header block
 * without its final CRLF, `body` its body.
 */
function dkimSignature(header: string, body: string, key: DkimKey, signedHeaders: string): string {
  const fields = new Map<string, string>();
  // Unfolded fields by lowercase name; the last instance of a name is the one signed first (RFC 6376 §5.4.2), and this writer writes each once.
  for (const line of header.split(/\r\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    fields.set(line.slice(0, colon).trim().toLowerCase(), line);
  }
  const names = signedHeaders.split(':').filter((name) => fields.has(name.toLowerCase()));
  const bodyHash = crypto.createHash('sha256').update(relaxedBody(body), 'utf8').digest('base64');
  // A tag value cannot hold ";", "=" or control characters (they would end or corrupt the tag list).
  const tag = (value: string) => value.replace(/[\x00-\x1f\x7f;=]/g, '');
  const tags = `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${tag(key.domain).toLowerCase()}; q=dns/txt; s=${tag(key.selector)}; bh=${bodyHash}; h=${names.join(':')}`;
  const unsigned = `${foldLines(`DKIM-Signature: ${tags}`, LINE_LENGTH)};\r\n b=`;
  const signedData = names.map((name) => `${relaxedHeader(fields.get(name.toLowerCase())!)}\r\n`).join('') + relaxedHeader(unsigned);
  const signature = crypto.sign('sha256', Buffer.from(signedData, 'utf8'), key.privateKey).toString('base64');
  return unsigned + signature.replace(/^.{73}|.{75}(?!$)/g, '$&\r\n ');
}

/** RFC 6376 §3.4.2: lowercase name, unfolded, whitespace runs as one space, none around the colon or at the end. */
function relaxedHeader(line: string): string {
  const colon = line.indexOf(':');
  const value = line
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${line.slice(0, colon).trim().toLowerCase()}:${value}`;
}

/** RFC 6376 §3.4.4: whitespace runs as one space, none at a line's end, no empty lines at the end, one CRLF after the last. */
function relaxedBody(body: string): string {
  const canonical = body
    .replace(/[ \t]+\r\n/g, '\r\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/(\r\n)+$/, '');
  return canonical ? `${canonical}\r\n` : '';
}

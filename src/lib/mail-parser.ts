/**
 * mailparser, loaded on first use. With its charset tables (encoding-japanese), HTML parser
 * and MIME libraries it is a lot of JavaScript that most processes never need: only
 * an SMTP submission, an inbound report or a look into the capture inbox parses a message.
 * Loading it at start made every process (and every test file) bigger and slower to start
 * (docs/performance.md, "Build, start and CI").
 */
import type { AddressObject, ParsedMail, SimpleParserOptions } from 'mailparser';

let mailparser: Promise<typeof import('mailparser')> | undefined;

/** mailparser's simpleParser, the module loaded by the first call. */
export async function parseMail(source: string | Buffer, options?: SimpleParserOptions): Promise<ParsedMail> {
  const { simpleParser } = await (mailparser ??= import('mailparser'));
  return simpleParser(source, options);
}

/** A header block decoded as simpleParser decodes a message's top-level headers. */
export interface ParsedHeaderBlock {
  /** Every field by lower-case name, decoded as simpleParser's `headers`. */
  headers: Map<string, unknown>;
  from: AddressObject | undefined;
  to: AddressObject | AddressObject[] | undefined;
  cc: AddressObject | AddressObject[] | undefined;
  subject: string | undefined;
  /** `<…>`, as simpleParser gives it. */
  messageId: string | undefined;
}

interface HeaderDecoder {
  /** mailsplit's header splitter: the block into logical lines (continuations joined), as the parser's stream gives them. */
  split(block: Buffer): { key: string; line: string }[];
  /** mailparser's decoding of those lines: addresses, encoded words, Message-ID's brackets. */
  decode(lines: { key: string; line: string }[]): Map<string, unknown>;
}

let headerDecoder: Promise<HeaderDecoder> | undefined;

async function loadHeaderDecoder(): Promise<HeaderDecoder> {
  const [{ MailParser }, { Headers }] = await Promise.all([(mailparser ??= import('mailparser')), import('@zone-eu/mailsplit')]);
  // processHeaders reads only the instance's libmime: one instance serves every call.
  const parser = new MailParser() as unknown as { processHeaders(lines: { key: string; line: string }[]): Map<string, unknown> };
  return {
    split: (block) => new Headers(block).getList(),
    decode: (lines) => parser.processHeaders(lines),
  };
}

/**
 * The header block of a message (without the empty line that ends it), decoded by the very
 * pieces simpleParser runs on a whole message: mailsplit's header splitter, then
 * mailparser's `processHeaders` (no hand-written MIME parsing). Calling them directly skips
 * the parser's streams, which cost far more than the decoding itself per message: an SMTP
 * submission reads only its headers (bench:smtp, docs/performance.md).
 */
export async function parseHeaderBlock(head: string): Promise<ParsedHeaderBlock> {
  const decoder = await (headerDecoder ??= loadHeaderDecoder());
  const headers = decoder.decode(decoder.split(Buffer.from(head)));
  return {
    headers,
    from: headers.get('from') as AddressObject | undefined,
    to: headers.get('to') as AddressObject | AddressObject[] | undefined,
    cc: headers.get('cc') as AddressObject | AddressObject[] | undefined,
    subject: headers.get('subject') as string | undefined,
    messageId: headers.get('message-id') as string | undefined,
  };
}

/** RFC 2047 encoded words in an unstructured value decoded, as mailparser decodes a Subject. */
export async function decodeWords(value: string): Promise<string> {
  if (!value.includes('=?')) return value;
  const decoder = await (headerDecoder ??= loadHeaderDecoder());
  const subject = decoder.decode([{ key: 'subject', line: Buffer.from(`Subject: ${value}`).toString('binary') }]).get('subject');
  return typeof subject === 'string' ? subject : value;
}

/** Control characters (C0 with tab, DEL, C1) and Unicode's line and paragraph separators. */
const CONTROLS = /\s*[\x00-\x1f\x7f-\x9f\u2028\u2029][\s\x00-\x1f\x7f-\x9f\u2028\u2029]*/g;

/**
 * A decoded header value as one line of text: every run of control characters, with the
 * spaces around it, becomes one space. An encoded word may decode to anything (CR, LF,
 * NUL, ESC); stored as it is, it would put line breaks into the message log and what
 * reads it, and PostgreSQL cannot store a NUL at all.
 */
export function oneLine(value: string): string {
  return value.replace(CONTROLS, ' ');
}

/**
 * mailparser, loaded on first use. With its charset tables (encoding-japanese), HTML parser
 * and MIME libraries it is about a megabyte of JavaScript that most processes never need: only
 * an SMTP submission, an inbound report or a look into the development inbox parses a message.
 * Loading it at start made every process (and every test file) bigger and slower to start
 * (docs/performance.md, "Build, start and CI").
 */
import type { ParsedMail, SimpleParserOptions } from 'mailparser';

let mailparser: Promise<typeof import('mailparser')> | undefined;

/** mailparser's simpleParser, the module loaded by the first call. */
export async function parseMail(source: string | Buffer, options?: SimpleParserOptions): Promise<ParsedMail> {
  const { simpleParser } = await (mailparser ??= import('mailparser'));
  return simpleParser(source, options);
}

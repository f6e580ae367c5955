/**
 * Downloads. A file answered as a download (an attachment of a message): its bytes
 * exactly, under its own Content-Type, with a Content-Disposition that names it for any
 * filename (RFC 6266: an ASCII fallback, and `filename*` in UTF-8 for the rest) and makes
 * browsers save it rather than show it. The bytes come from whoever sent the mail, so the
 * reply also forbids sniffing (security-headers.ts, every reply) and, should a browser
 * render it anyway, runs it sandboxed without scripts or anything loaded from elsewhere.
 * And the CSV exports (sendCsv), which all write through the one CSV writer.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { csvLines } from '../lib/csv.js';

export const AttachmentParams = Type.Object({
  id: Type.String({ description: 'Resource id' }),
  index: Type.Integer({ minimum: 0, description: 'Position of the attachment in the `attachments` list, from 0.' }),
});
export type AttachmentParams = Static<typeof AttachmentParams>;

/** The OpenAPI answer of a download route. */
export const DOWNLOAD_PRODUCES = ['application/octet-stream'];
export const DOWNLOAD_ANSWER = {
  type: 'string',
  format: 'binary',
  description:
    "The attachment's bytes exactly, with its own Content-Type, `Content-Disposition: attachment; filename=\"…\"; filename*=UTF-8''…` and `X-Content-Type-Options: nosniff`.",
  examples: ['%PDF-1.7 …'],
  headers: {
    'content-disposition': {
      type: 'string',
      description: 'The file name: an ASCII fallback, and the exact name in UTF-8 (RFC 6266).',
      example: 'attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8\'\'Rechnung%20M%C3%A4rz.pdf',
    },
  },
};

/** A media type fit for a header (`type/subtype` with parameters); anything else is sent as octet-stream. */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;\s*[\w!#$&^.+-]+=("[^"\r\n]*"|[\w!#$&^.+-]+))*$/;

/** RFC 5987 attr-chars are kept; every other byte of the UTF-8 name is percent-encoded. */
function extendedValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(filename: string): string {
  const name = filename.trim() === '' ? 'attachment' : filename;
  // The fallback for clients without filename*: printable ASCII, no quote or backslash.
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extendedValue(name)}`;
}

export function sendDownload(reply: FastifyReply, file: { filename: string; contentType: string; content: Buffer }): FastifyReply {
  return reply
    .status(200)
    .headers({
      'content-type': MEDIA_TYPE.test(file.contentType) ? file.contentType : 'application/octet-stream',
      'content-disposition': contentDisposition(file.filename),
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    })
    .send(file.content);
}

/**
 * The OpenAPI answer of a CSV export. Every export writes its rows with lib/csv.ts, so
 * this says once what all of them share.
 */
export function csvAnswer(example: string): object {
  return {
    type: 'string',
    description:
      'CSV (RFC 4180), UTF-8, CRLF line ends. A value a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab ' +
      'or a carriage return; header names too) is written with a leading apostrophe.',
    examples: [example],
  };
}

/**
 * Streams rows of cells as a CSV download through the one writer (lib/csv.ts: quoting and
 * the formula guard), under a fixed ASCII file name. Exports hold contacts' data: no cache.
 */
export function sendCsv(reply: FastifyReply, filename: string, rows: AsyncIterable<readonly string[]>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .headers({ 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' })
    .send(Readable.from(csvLines(rows)));
}

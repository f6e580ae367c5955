/**
 * The three request content types of the specification reach one schema:
 * JSON as it is; form-urlencoded and multipart flattened fields (`from[email]`,
 * `to[0].email`) turned into the nested object a JSON client would send. Multipart
 * files arrive as `{ filename, contentType, content: Buffer }` under their field name.
 * Afterwards field names are matched to the schema without regard to case.
 *
 * JSON is read strictly first and, only when that fails, leniently (`lenientJsonParser`):
 * the original service's .NET reader accepted what clients built by string concatenation
 * (single quotes, unquoted keys, trailing commas, comments), and those clients still exist.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import JSON5 from 'json5';
import { AppError } from '../errors.js';
import { caseInsensitiveKeys } from '../lib/case-insensitive-keys.js';
import { unflattenFields } from '../lib/form-fields.js';
import { fieldWithNul } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    renameBodyKeys?: (body: unknown) => unknown;
    /**
     * A route whose files are streamed somewhere as they arrive instead of being held in
     * memory (a CSV import): what a file part becomes in the body. The route's `bodyLimit`
     * and `multipartOptions.limits.fileSize` bound it.
     */
    storeUpload?: (file: AsyncIterable<Buffer>) => Promise<unknown>;
  }
}

/** What @fastify/multipart attaches to the body for each part (attachFieldsToBody). */
interface MultipartPart {
  type: 'field' | 'file';
  fieldname: string;
  value?: unknown;
  filename?: string;
  mimetype?: string;
  _buf?: Buffer;
  toBuffer?: () => Promise<Buffer>;
  fieldnameTruncated?: boolean;
  valueTruncated?: boolean;
  file?: NodeJS.ReadableStream & { truncated?: boolean };
  /** What the route's storeUpload made of the file. */
  stored?: unknown;
}

function isMultipartPart(value: unknown): value is MultipartPart {
  return value !== null && typeof value === 'object' && 'type' in value && (value.type === 'field' || value.type === 'file');
}

type ParserDone = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: ParserDone) => void;

/** Requests whose JSON body was read by the strict parser from text that writes no NUL (lenientJsonParser). */
const parsedWithoutNul = new WeakSet<FastifyRequest>();

/** Whether a parsed value holds a number JSON cannot carry (JSON5's NaN and Infinity). */
function hasNonFiniteNumber(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(hasNonFiniteNumber);
}

/**
 * Strict JSON (Fastify's own parser: a byte-order mark is skipped, `__proto__` and
 * `constructor.prototype` keys are refused), and when that fails, JSON5: comments,
 * trailing commas, single-quoted strings and keys, unquoted keys; what the original
 * service's reader (Json.NET) accepted. The strict attempt comes first so that a
 * well-formed body costs what it always did; everything else here runs only for a body it
 * refused. The lenient result goes through the strict parser once more, as JSON, so the
 * prototype checks hold for it too. A body neither accepts is a 400 with JSON.parse's
 * message (what it expected, and where), not JSON5's.
 */
export function lenientJsonParser(strict: JsonParser): JsonParser {
  return (request, body, done) => {
    strict(request, body, (error, value) => {
      if (!error) {
        // In JSON text a NUL can only be written as the escape \u0000 (a raw control
        // character is not allowed in a string): text without it parses to strings
        // without NUL, and the walk over every field below (preValidation) is not needed.
        if (!body.includes('\\u0000')) parsedWithoutNul.add(request);
        return done(null, value);
      }
      // No body at all is a request without one, whatever its Content-Type says: HTTP
      // libraries label every call as JSON, DELETEs included. A route that needs a body then
      // names it, as it does for a request without the header.
      if ((error as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return done(null, undefined);
      if ((error as { code?: string }).code !== 'FST_ERR_CTP_INVALID_JSON_BODY') return done(error);
      const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
      const forbidden = () => AppError.field('body', 'is not valid JSON (a __proto__ or constructor.prototype key is not allowed)');
      let syntax: Error | undefined;
      try {
        JSON.parse(text);
      } catch (thrown) {
        syntax = thrown as Error;
      }
      // Valid JSON the strict parser refused: it holds a prototype key.
      if (!syntax) return done(forbidden());
      let lenient: unknown;
      try {
        lenient = JSON5.parse(text);
      } catch {
        return done(AppError.field('body', `is not valid JSON (${syntax.message})`));
      }
      if (hasNonFiniteNumber(lenient)) return done(AppError.field('body', 'is not valid JSON (NaN and Infinity are not numbers JSON can carry)'));
      strict(request, JSON.stringify(lenient), (again, parsed) => (again ? done(forbidden()) : done(null, parsed)));
    });
  };
}

export async function registerBodyParsers(app: FastifyInstance, options: { bodyLimit: number }): Promise<void> {
  // Only the specification's three content types; anything else is 415.
  app.removeContentTypeParser('text/plain');
  const strictJson = app.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, lenientJsonParser(strictJson) as never);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    // `curl -d '{…}'` without a Content-Type sends JSON labelled as a form: one key, `{…`.
    // Read as a form it would only fail on required fields, which hides the real mistake.
    if (/^\s*[{[]/.test(body as string)) {
      done(
        AppError.field(
          'body',
          'looks like JSON but was sent as application/x-www-form-urlencoded (what curl -d sends by default); send it with Content-Type: application/json',
        ),
        undefined,
      );
      return;
    }
    done(null, unflattenFields(new URLSearchParams(body as string)));
  });

  // @fastify/multipart reads the raw request itself, so Fastify's bodyLimit never sees a
  // multipart body: refuse a declared length over the limit before anything is read, and
  // count what was read below (a chunked body has no declared length).
  const tooLarge = (limit = options.bodyLimit) => new AppError('payload_too_large', `The request body is larger than the limit of ${limit} bytes.`);
  app.addHook('preParsing', async (request) => {
    // A compressed body would reach the parsers as bytes they cannot read (RFC 9110 §15.5.16).
    const encoding = request.headers['content-encoding'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (encoding && hasBody && !/^\s*identity\s*$/i.test(encoding)) {
      throw new AppError('unsupported_media_type', `Content-Encoding ${encoding} is not supported; send the body uncompressed.`);
    }
    if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    const limit = request.routeOptions.bodyLimit ?? options.bodyLimit;
    if (Number(request.headers['content-length']) > limit) throw tooLarge(limit);
  });

  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: options.bodyLimit, fieldSize: options.bodyLimit, fields: 2000, files: 100 },
    async onFile(this: FastifyRequest, part: MultipartPart) {
      const store = this.routeOptions.config.storeUpload;
      if (!store) {
        await part.toBuffer!();
        return;
      }
      const file = part.file!;
      const limit = this.routeOptions.bodyLimit;
      part.stored = await store(
        (async function* () {
          for await (const chunk of file) yield chunk as Buffer;
          // busboy stops a file at the size limit and marks it, rather than failing.
          if (file.truncated) throw tooLarge(limit);
        })(),
      );
    },
  });

  // Renaming is computed once per route from its body schema.
  app.addHook('onRoute', (route) => {
    const schema = route.schema?.body as object | undefined;
    if (schema) route.config = { ...(route.config as object), renameBodyKeys: caseInsensitiveKeys(schema) };
  });

  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.body && typeof request.body === 'object') {
      const pairs: [string, unknown][] = [];
      let size = 0;
      for (const [name, entry] of Object.entries(request.body)) {
        for (const part of Array.isArray(entry) ? entry : [entry]) {
          if (!isMultipartPart(part)) continue;
          // busboy cuts a field longer than fieldSize short instead of failing: never accept a cut value.
          if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
          if (part.type === 'file' && request.routeOptions.config.storeUpload) {
            pairs.push([name, part.stored]);
            continue;
          }
          const value =
            part.type === 'file' ? { filename: part.filename, contentType: part.mimetype, content: part._buf ?? (await part.toBuffer!()) } : part.value;
          size +=
            Buffer.byteLength(name) + (part.type === 'file' ? (value as { content: Buffer }).content.length : Buffer.byteLength(String(part.value ?? '')));
          if (size > options.bodyLimit) throw tooLarge();
          pairs.push([name, value]);
        }
      }
      request.body = unflattenFields(pairs);
    }
    const rename = request.routeOptions.config.renameBodyKeys;
    if (rename && request.body !== undefined) request.body = rename(request.body);
    // Every route, every part, before any schema or service sees the text (validation.ts).
    const withNul = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? (parsedWithoutNul.has(request) ? undefined : fieldWithNul(request.body));
    if (withNul !== undefined) throw AppError.field(withNul || 'body', 'must not contain NUL control characters (\\u0000)');
  });
}

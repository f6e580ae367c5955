/**
 * What the fuzz tests share (http/fuzz.test.ts over the OpenAPI operations,
 * http/fuzz-public.test.ts over the public pages): the hostile values, percent-encoding
 * that survives them, and how a failing request is printed. Every choice is drawn from a
 * seeded generator, so a run is replayed from its seed.
 */
import assert from 'node:assert/strict';
import type { seededRandom } from './seeded-random.js';

export type Random = ReturnType<typeof seededRandom>;

/** Values with a history of breaking parsers, validators and databases. */
export function hostileValue(random: Random): unknown {
  const choices: (() => unknown)[] = [
    () => '',
    () => ' ',
    () => '\u0000',
    () => `a\u0000b`,
    () => '\ud800',
    () => '\udfff\ud800',
    () => '\u202e\u0301\u200b',
    () => '😀'.repeat(1 + random.int(3000)),
    () => 'x'.repeat(random.pick([255, 256, 1001, 65_536, 200_000])),
    () => '%00%zz%',
    () => '../../etc/passwd',
    () => "'; DROP TABLE messages; --",
    () => '<script>alert(1)</script>',
    () => '${{7*7}}{{7*7}}',
    () => '\r\nBcc: victim@example.org',
    () => 'a@b',
    () => `${'x'.repeat(300)}@example.com`,
    () => '2026-13-45T99:99:99Z',
    () => '9999-99-99',
    () => '0000-00-00',
    () => '184467440737095516',
    () => '-1',
    () => 'NaN',
    () => 0,
    () => -1,
    () => 1.5,
    () => 2 ** 53 + 1,
    () => 1e308,
    () => -1e308,
    // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^64 is the point of the case
    () => 184_467_440_737_095_516,
    () => true,
    () => false,
    () => null,
    () => [],
    () => {},
    () => [[[[[]]]]],
    () => Array(500).fill('a'),
    () => JSON.parse('{"__proto__":{"polluted":true}}'),
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => JSON.parse('{"prototype":{"polluted":true},"__proto__":[]}'),
    () => nested(random.pick([50, 2000])),
  ];
  return random.pick(choices)();
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Percent-encoding that survives lone surrogates (sent as U+FFFD, as a browser would). */
export function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? `<bytes ${request.payload.toString('hex').slice(0, 200)}>`
        : request.payload.slice(0, 500);
  return `${request.method} ${request.url.slice(0, 500)}\n${JSON.stringify(request.headers)}\n${payload}`;
}

/** The property names of the built-in prototypes, to compare before and after a run. */
export function prototypeNames(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join());
}

/** Fails when a built-in prototype changed since `before` (prototypeNames) or Object.prototype was polluted. */
export function assertPrototypesUnchanged(before: string[], seed: number): void {
  assert.deepEqual(prototypeNames(), before, `a prototype changed (seed ${seed})`);
  assert.equal(({} as any).polluted, undefined, `Object.prototype was polluted (seed ${seed})`);
}

/** Fails unless `text` is the envelope, its resultCode `status`; `where` names the request. */
export function assertEnvelopeText(text: string, status: number, where: string): void {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`no JSON body at ${where}`);
  }
  assert.deepEqual(Object.keys(body).sort(), ['resultCode', 'resultMessage', 'resultObject', 'resultStatus', 'version'], `no envelope at ${where}`);
  assert.equal(body.resultCode, status, `resultCode differs from the status at ${where}`);
}

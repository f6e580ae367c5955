/**
 * A seeded fuzzer over every operation of the OpenAPI document (GET /docs/json): for
 * each one it sends requests built from the operation's own schema with values swapped
 * for hostile ones (wrong types, huge and odd strings, NUL, lone surrogates, numbers past
 * every bound, prototype keys such as `__proto__` and `constructor`), whole bodies of the
 * wrong shape, and bodies in broken encodings (invalid JSON and UTF-8, unexpected content
 * types, compressed bodies, torn multipart). Every reply must be a 4xx or 2xx with the
 * envelope (a 5xx is a bug, whatever the input), no object prototype may change, and the
 * server must be healthy afterwards.
 *
 * The run is reproducible: FUZZ_SEED=<n> replays it, FUZZ_REQUESTS=<n> sets its size.
 * A failure names the seed and the exact request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import {
  assertEnvelopeText,
  assertPrototypesUnchanged,
  describeRequest,
  encode,
  type FuzzRequest,
  hostileValue,
  prototypeNames,
  type Random,
} from '../helpers/fuzz-values.js';
import { seededRandom } from '../helpers/seeded-random.js';

const SEED = Number(process.env.FUZZ_SEED ?? 1_123_2026);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const SOME_ID = '0193a5b2c4d1e2f3a4b5c6d7';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The document with every `$ref` to a shared component replaced by the component itself. */
function inlineRefs(doc: any): any {
  const resolve = (node: any, depth: number): any => {
    if (!node || typeof node !== 'object' || depth > 20) return node;
    if (Array.isArray(node)) return node.map((item) => resolve(item, depth + 1));
    if (typeof node.$ref === 'string') return resolve(doc.components.schemas[node.$ref.replace('#/components/schemas/', '')], depth + 1);
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, resolve(child, depth + 1)]));
  };
  return { ...doc, paths: resolve(doc.paths, 0) };
}

/** A value the schema would take (or near it), to carry the hostile ones past the first checks. */
function plausible(schema: any, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.examples?.length && random.chance(0.5)) return random.pick(schema.examples);
  if (schema.enum) return random.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return plausible(random.pick(variants), random, depth + 1);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) || random.chance(0.5)) out[key] = plausible(property, random, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + random.int(2) }, () => plausible(schema.items, random, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return random.chance(0.5);
    default:
      if (schema.format === 'email') return `fuzz${random.int(1000)}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'fuzz';
  }
}

/** `value` with one of its fields (at any depth) replaced, added or deleted. */
function mutate(value: unknown, random: Random): unknown {
  if (value === null || typeof value !== 'object' || random.chance(0.15)) return hostileValue(random);
  // Neither spread nor slice: an earlier mutation may have given an array another prototype (`__proto__`, no
  // iterator) or an own `constructor` (which slice asks for the copy's kind); a fresh array given its entries is neither.
  const copy: any = Array.isArray(value) ? Object.assign([], value) : { ...(value as object) };
  const keys = Object.keys(copy);
  const roll = random.next();
  if (keys.length === 0 || roll < 0.15)
    copy[random.pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'extra'])] = hostileValue(random);
  else if (roll < 0.25) delete copy[random.pick(keys)];
  else {
    const key = random.pick(keys);
    copy[key] = random.chance(0.5) ? mutate(copy[key], random) : hostileValue(random);
  }
  return copy;
}

function pathFor(template: string, random: Random): string {
  return template.replace(/\{[^}]+\}/g, () =>
    encode(
      String(
        random.pick<unknown>([
          SOME_ID,
          'x',
          '\u0000',
          '..',
          '%',
          'a'.repeat(3000),
          '😀',
          'fuzz@example.com',
          -1,
          '0193A5B2C4D1E2F3A4B5C6D7',
          '__proto__',
          'constructor',
        ]),
      ),
    ),
  );
}

function queryFor(parameters: any[], random: Random): string {
  const pairs: [string, string][] = [];
  for (const p of parameters.filter((q) => q.in === 'query')) {
    if (random.chance(0.6)) pairs.push([p.name, String(random.chance(0.3) ? plausible(p.schema, random) : hostileValue(random))]);
  }
  if (random.chance(0.1)) pairs.push([random.pick(['__proto__', 'constructor[prototype][polluted]', '__proto__[polluted]', 'page[]']), '1']);
  const text = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return text ? `?${text}` : '';
}

/** A body for the operation: its schema mutated, the wrong shape altogether, or a broken encoding. */
function bodyFor(schema: any, random: Random): { payload: string | Buffer; headers: Record<string, string> } {
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', headers: { 'content-type': 'application/json' } });
  const roll = random.next();
  if (roll < 0.6) {
    let value = plausible(schema, random);
    for (let i = 1 + random.int(3); i > 0; i--) value = mutate(value, random);
    return json(value);
  }
  if (roll < 0.7) return json(hostileValue(random));
  const broken: (() => { payload: string | Buffer; headers: Record<string, string> })[] = [
    () => ({ payload: '{"a":', headers: { 'content-type': 'application/json' } }),
    () => ({ payload: '', headers: { 'content-type': 'application/json' } }),
    () => ({ payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } }),
    () => ({ payload: JSON.stringify(plausible(schema, random)), headers: { 'content-type': 'application/json; charset=utf-16' } }),
    () => ({ payload: 'hello', headers: { 'content-type': 'text/plain' } }),
    () => ({ payload: '<a/>', headers: { 'content-type': 'application/xml' } }),
    () => ({ payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
    () => ({
      payload: 'a[__proto__][polluted]=1&to[99999999][email]=x&constructor[prototype][polluted]=1&subject=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    () => ({ payload: '%zz=%&&==', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    () => ({ payload: '--b\r\nContent-Disposition: form-data; name="subject"\r\n\r\nhi', headers: { 'content-type': 'multipart/form-data; boundary=b' } }),
    () => ({
      payload: '--b\r\nContent-Disposition: form-data; name="__proto__[polluted]"\r\n\r\n1\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    }),
    () => ({ payload: 'x', headers: { 'content-type': 'multipart/form-data' } }),
  ];
  return random.pick(broken)();
}

for (const dialect of DIALECTS) {
  describe(`fuzzing every operation [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    it(`answers ${REQUESTS} hostile requests (seed ${SEED}) with no 5xx and the envelope every time, and stays healthy`, async () => {
      const doc = inlineRefs((await app.request({ method: 'GET', url: '/docs/json' })).json);
      const operations: { method: string; path: string; parameters: any[]; body: any }[] = [];
      for (const [path, item] of Object.entries(doc.paths as Record<string, any>)) {
        for (const method of METHODS) {
          const op = item[method];
          if (op)
            operations.push({
              method: method.toUpperCase(),
              path,
              parameters: op.parameters ?? [],
              body: op.requestBody?.content?.['application/json']?.schema,
            });
        }
      }
      assert.ok(operations.length >= 50, `operations in the document: ${operations.length}`);

      const random = seededRandom(SEED);
      let account: TestAccount = await app.signUp();
      const statuses = new Map<number, number>();
      const prototypes = prototypeNames();
      for (let i = 0; i < REQUESTS; i++) {
        // Some requests change the password or revoke the session: a fresh account now and then keeps the rest authenticated.
        if (i > 0 && i % 250 === 0) account = await app.signUp();
        const op = operations[i % operations.length]!;
        const request: FuzzRequest = { method: op.method, url: pathFor(op.path, random) + queryFor(op.parameters, random), headers: {} };
        if (random.chance(0.9)) request.headers.authorization = `Bearer ${account.token}`;
        if (op.method !== 'GET' && op.method !== 'DELETE' && random.chance(0.95)) {
          const body = bodyFor(op.body, random);
          request.payload = body.payload;
          Object.assign(request.headers, body.headers);
        }
        const response = await app.runtime.app!.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
        });
        const where = `seed ${SEED}, request ${i} (replay with FUZZ_SEED=${SEED}):\n${describeRequest(request)}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`;
        assert.ok(response.statusCode < 500, `a 5xx answer at ${where}`);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const isJson = /^application\/json/.test(String(response.headers['content-type'] ?? ''));
        // Only successes of the few non-JSON operations (raw MIME, metrics text) may be something else.
        if (response.statusCode >= 300 || isJson) {
          assertEnvelopeText(response.body, response.statusCode, where);
        }
      }

      // The run reached the services, not only the validators: some requests were accepted.
      const accepted = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
      assert.ok(accepted > REQUESTS / 50, `only ${accepted} of ${REQUESTS} requests were accepted: ${JSON.stringify([...statuses])}`);
      assertPrototypesUnchanged(prototypes, SEED);
      expectEnvelope(await app.request({ method: 'GET', url: '/readyz' }), 200);
      const fresh = await app.signUp();
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: fresh.token,
          body: { from: { email: fresh.email }, to: [{ email: 'reader@example.net' }], subject: 'after the fuzz', htmlContent: '<p>still here</p>' },
        }),
        200,
      );
    });
  });
}

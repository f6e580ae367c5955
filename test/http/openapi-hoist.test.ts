// The OpenAPI document's shared schemas (src/http/openapi.ts, hoistSharedSchemas): every object
// schema met more than once becomes one component, the largest first. The pass that does it
// was rewritten for speed (the first GET /docs/json took 3.3 s of the main thread); its answer
// must stay what the plain rule gives. The plain rule is kept here as the oracle: one schema per
// pass, compared by canonical text, every pass over the whole document. Both run on documents
// built at random (seeded, so a failure repeats) from a few shapes nested in one another, and on
// two small cases whose answer is written out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hoistSharedSchemas, nameFor } from '../../src/http/openapi.js';
import { seededRandom } from '../helpers/seeded-random.js';

type Json = Record<string, any>;

function canonical(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (node && typeof node === 'object') {
    return `{${Object.keys(node)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((node as Json)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(node);
}

const isHoistable = (node: Json) => node.type === 'object' && Object.keys(node.properties ?? {}).length >= 2;

/** The rule as first written: slow, and plainly right. */
function oracle(doc: Json): void {
  const schemas: Json = doc.components.schemas;
  const taken = new Set(Object.keys(schemas));
  for (;;) {
    const seen = new Map<string, { node: Json; count: number; name: string }>();
    const visit = (node: unknown, path: string, where: string[]) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const item of node) visit(item, path, where);
        return;
      }
      const object = node as Json;
      if (isHoistable(object)) {
        const key = canonical(object);
        const entry = seen.get(key);
        if (entry) entry.count++;
        else seen.set(key, { node: object, count: 1, name: nameFor(object, path, where) });
      }
      for (const [key, child] of Object.entries(object)) if (key !== 'example' && key !== 'examples') visit(child, path, [...where, key]);
    };
    for (const [path, operations] of Object.entries(doc.paths as Json)) {
      for (const operation of Object.values(operations as Json)) {
        visit((operation as Json).requestBody, path, ['requestBody']);
        visit((operation as Json).responses, path, ['responses']);
      }
    }
    for (const [name, schema] of Object.entries(schemas)) visit(schema, name, ['components', name]);
    const shared = [...seen.entries()].filter(([, entry]) => entry.count > 1);
    if (shared.length === 0) return;
    shared.sort(([a], [b]) => b.length - a.length);
    const [key, entry] = shared[0]!;
    let name = entry.name;
    for (let n = 2; taken.has(name); n++) name = `${entry.name}${n}`;
    taken.add(name);
    schemas[name] = structuredClone(entry.node);
    const replace = (node: unknown, isComponentRoot: boolean): unknown => {
      if (!node || typeof node !== 'object') return node;
      if (Array.isArray(node)) return node.map((item) => replace(item, false));
      if (!isComponentRoot && isHoistable(node as Json) && canonical(node) === key) return { $ref: `#/components/schemas/${name}` };
      const out: Json = {};
      for (const [k, child] of Object.entries(node as Json)) out[k] = k === 'example' || k === 'examples' ? child : replace(child, false);
      return out;
    };
    doc.paths = replace(doc.paths, false);
    for (const [schemaName, schema] of Object.entries(schemas)) schemas[schemaName] = replace(schema, true);
  }
}

/**
 * A document of a few routes whose bodies and answers are built from a small pool of shapes, so
 * that copies are common: resources, lists of them, envelopes around either, with titles,
 * examples, one-property objects (never shared) and the same object referenced twice.
 */
function randomDoc(seed: number): Json {
  const { int, chance, pick } = seededRandom(seed);
  const leaf = () => pick([{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }, { type: 'string', format: 'date-time' }]);
  const resources: Json[] = [];
  for (let i = 0; i < 6; i++) {
    const properties: Json = {};
    const fields = 1 + int(4);
    for (let f = 0; f < fields; f++) properties[pick(['id', 'name', 'email', 'state', 'createdAt', 'count'])] = leaf();
    const resource: Json = { type: 'object', properties };
    if (chance(0.2)) resource.title = pick(['Sender', 'Contact record', 'item']);
    if (chance(0.3)) resource.example = { id: 'x', name: pick(['a', 'b']) };
    if (chance(0.3) && resources.length) resource.properties.owner = structuredClone(pick(resources));
    resources.push(resource);
  }
  const list = (item: Json): Json => ({
    type: 'object',
    properties: { items: { type: 'array', items: item }, totalCount: { type: 'integer' } },
  });
  const envelope = (inner: Json): Json => ({
    type: 'object',
    properties: { resultStatus: { type: 'boolean' }, resultCode: { type: 'integer' }, resultObject: inner },
  });
  const body = (): Json => {
    const resource = structuredClone(pick(resources));
    const shape = pick(['plain', 'list', 'envelope', 'envelope-list']);
    if (shape === 'plain') return resource;
    if (shape === 'list') return list(resource);
    if (shape === 'envelope') return envelope(resource);
    return envelope(list(resource));
  };
  const paths: Json = {};
  const routes = 3 + int(8);
  for (let r = 0; r < routes; r++) {
    const path =
      pick(['/notify/v1/senders', '/notify/v1/senders/{id}', '/inbox/v1/contacts', '/inbox/v1/lists/{id}/contacts', '/account']) + (r ? `/${r}` : '');
    const operation: Json = { responses: { 200: { description: 'ok', content: { 'application/json': { schema: body() } } } } };
    if (chance(0.5)) {
      const schema = body();
      // Content types sharing one schema object, as the document's transform makes them.
      operation.requestBody = { content: { 'application/json': { schema }, 'multipart/form-data': { schema } } };
    }
    if (chance(0.3)) operation.responses[201] = { description: 'created', content: { 'application/json': { schema: body() } } };
    paths[path] = { [pick(['get', 'post', 'put'])]: operation };
  }
  return { paths, components: { schemas: {} } };
}

describe('the OpenAPI document: shared schemas become components', () => {
  it('gives what the plain rule gives, for 400 documents built at random', () => {
    let hoisted = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const doc = randomDoc(seed);
      const expected = structuredClone(doc);
      oracle(expected);
      hoistSharedSchemas(doc);
      assert.equal(JSON.stringify(doc), JSON.stringify(expected), `seed ${seed}`);
      hoisted += Object.keys(doc.components.schemas).length;
    }
    // The documents do have copies to take out (not a comparison of documents left as they were).
    assert.ok(hoisted > 400, `${hoisted} components in all`);
  });

  const sender = (title?: string) => ({ type: 'object', ...(title ? { title } : {}), properties: { id: { type: 'string' }, email: { type: 'string' } } });
  const envelope = (title?: string) => ({ type: 'object', properties: { resultStatus: { type: 'boolean' }, resultObject: sender(title) } });
  const answer = (schema: Json) => ({ responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } });

  it('takes an envelope out before the resource inside it, which then stays inline if it has no other copy', () => {
    const doc: Json = {
      paths: { '/senders/{id}': { get: answer(envelope()) }, '/senders/{id}/verify': { post: answer(envelope()) } },
      components: { schemas: {} },
    };
    hoistSharedSchemas(doc);
    assert.deepEqual(Object.keys(doc.components.schemas), ['SenderResponse']);
    assert.deepEqual(doc.components.schemas.SenderResponse, envelope());
    assert.deepEqual(doc.paths['/senders/{id}'].get.responses[200].content['application/json'].schema, { $ref: '#/components/schemas/SenderResponse' });
  });

  it('takes the resource out too when it also appears on its own (named by its title)', () => {
    const doc: Json = {
      paths: {
        '/senders/{id}': { get: answer(envelope('Sender')) },
        '/senders/{id}/verify': { post: answer(envelope('Sender')) },
        '/senders': { post: answer(sender('Sender')) },
      },
      components: { schemas: {} },
    };
    hoistSharedSchemas(doc);
    assert.deepEqual(Object.keys(doc.components.schemas), ['SenderResponse', 'Sender']);
    assert.deepEqual(doc.components.schemas.SenderResponse.properties.resultObject, { $ref: '#/components/schemas/Sender' });
    assert.deepEqual(doc.paths['/senders'].post.responses[200].content['application/json'].schema, { $ref: '#/components/schemas/Sender' });
  });
});

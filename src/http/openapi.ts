/**
 * What the OpenAPI document (@fastify/swagger, /docs/json) says about every operation beyond
 * the route's own schema, decided here once so that a route added by any area is documented
 * the same way without declaring it:
 *
 * - `operationId`: method and path in camel case (`getNotifyV1SendersById`) unless the route
 *   names one; generators name their functions after it, so it is stable and unique.
 * - `security`: what the authentication hook accepts (http/auth.ts, http/scopes.ts), so a
 *   route never carries a second, possibly wrong, copy of the scope map.
 * - error responses the plumbing answers for every route of a kind: 400 (anything to
 *   validate), 401 and 403 (the authenticated scope), 404 (a path parameter), 409 (an
 *   Idempotency-Key), 413 and 415 (a body), 429 (every route). Statuses one service decides
 *   are declared by the route with `ErrorEnvelopeSchema`; all point at one `ErrorEnvelope`.
 * - request bodies under the three content types body-parsers.ts accepts.
 * - an object schema met more than once becomes a component (named by its `title`, else by
 *   where it is first met), every copy a `$ref` to it.
 * - no example `Idempotency-Key`: the interactive page pre-fills examples, and a second "Try
 *   it out" with the same key would be a 409 or a silent replay.
 *
 * The document is generated once, on its first request, so none of this costs a request.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { requiredAccess } from './scopes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `requireBearer` on every route of the authenticated scope. */
    authenticated?: boolean;
  }
}

type Json = Record<string, any>;

const CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`).',
  401: 'No credential, or one that is not valid (expired, revoked, unknown).',
  403: "The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed.",
  404: 'Nothing with this id exists in the account.',
  409: 'The Idempotency-Key was already used with a different request body.',
  413: 'The request body is larger than BODY_LIMIT_BYTES.',
  415: 'The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed).',
  429: 'Too many requests; the Retry-After header says after how many seconds to try again.',
};

/** What the per-route pass learnt that the final document no longer shows, by `METHOD /path/{param}`. */
interface RouteFacts {
  errors: Set<string>;
}

/** `/notify/v1/senders/:id` as the document writes it: `/notify/v1/senders/{id}`. */
function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `By${pascal(param[1]!)}` : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}

/** `/notify/v1/senders/{id}` → `Sender`: the last segment that is not a parameter, in the singular. */
function resourceName(path: string): string {
  const segment = path
    .split('/')
    .filter((s) => s && !s.startsWith('{'))
    .pop();
  const name = pascal(segment ?? 'Root');
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}

function securityOf(route: RouteOptions): Json[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const sessionOnly = methods.some((method) => {
    const access = requiredAccess(method, route.url);
    return 'only' in access && access.only === 'session';
  });
  return sessionOnly ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, { apiKeyHeader: [] }];
}

function hasProperties(schema: unknown): boolean {
  return !!schema && typeof schema === 'object' && Object.keys((schema as Json).properties ?? {}).length > 0;
}

/** Error statuses the plumbing can answer for this route (see the header). */
function plumbingErrors(route: RouteOptions, schema: Json): Set<string> {
  const errors = new Set<string>(['429']);
  const takesBody = schema.body !== undefined;
  if (takesBody || hasProperties(schema.querystring) || hasProperties(schema.params) || hasProperties(schema.headers)) errors.add('400');
  if (hasProperties(schema.params) || /:[A-Za-z]/.test(route.url)) errors.add('404');
  if (takesBody) {
    errors.add('413');
    errors.add('415');
  }
  const declared = (schema.security ?? []) as Json[];
  if (route.config?.authenticated || declared.some((requirement) => Object.keys(requirement).length > 0)) errors.add('401');
  if (route.config?.authenticated) errors.add('403');
  if (schema.headers?.properties?.['idempotency-key']) errors.add('409');
  return errors;
}

/**
 * What a schema is, for finding its copies: two schemas have the same `id` exactly when their
 * canonical texts (keys sorted, values as JSON) are equal, and `length` is that text's length,
 * without the text ever being written out.
 *
 * Why not the text itself: hoistSharedSchemas first took one schema out per pass (dozens of
 * passes for our API), and each pass compared every object schema of the document by its text.
 * Writing the text of a schema writes the texts of everything inside it again, so a pass cost
 * the document's size times its depth, and the first GET /docs/json held the main thread for
 * seconds (nothing else was answered meanwhile). Here a schema's id comes from its keys and its children's ids, and each
 * object is looked at once: what was learnt of it holds until it changes, and the only change,
 * a copy inside it replaced by a `$ref`, makes hoistSharedSchemas forget it and all above it.
 */
interface Shape {
  id: number;
  length: number;
}

class Shapes {
  private readonly ids = new Map<string, number>();
  private readonly known = new WeakMap<object, Shape>();

  /** After `node` changed (a copy inside it was replaced). */
  forget(node: object): void {
    this.known.delete(node);
  }

  of(node: unknown): Shape {
    if (!node || typeof node !== 'object') return this.primitive(JSON.stringify(node) ?? 'undefined');
    let shape = this.known.get(node);
    if (shape) return shape;
    if (Array.isArray(node)) {
      // Array.join writes an undefined item (JSON.stringify of undefined, a function) as nothing.
      const items = node.map((item) => ((!item || typeof item !== 'object') && JSON.stringify(item) === undefined ? this.primitive('') : this.of(item)));
      shape = this.composite(
        `[${items.map((item) => item.id).join(',')}]`,
        2 + Math.max(0, items.length - 1) + items.reduce((sum, item) => sum + item.length, 0),
      );
    } else {
      const keys = Object.keys(node).sort();
      let length = 2 + Math.max(0, keys.length - 1);
      const parts = keys.map((key) => {
        const name = JSON.stringify(key);
        const value = this.of((node as Json)[key]);
        length += name.length + 1 + value.length;
        return `${name}:${value.id}`;
      });
      shape = this.composite(`{${parts.join(',')}}`, length);
    }
    this.known.set(node, shape);
    return shape;
  }

  /** A primitive's canonical text is its JSON; objects' keys below start with `[` or `{`, which no primitive's does. */
  private primitive(text: string): Shape {
    return this.composite(text, text.length);
  }

  private composite(key: string, length: number): Shape {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return { id, length };
  }
}

function isHoistable(node: Json): boolean {
  return node.type === 'object' && Object.keys(node.properties ?? {}).length >= 2;
}

/**
 * Where a schema was met: the chain of objects and arrays above it, up to an operation's
 * `requestBody` or `responses` or a component. `step` is the key it was met under, none for an
 * array's item (a name does not count them).
 */
interface Where {
  up: Where | undefined;
  node: object;
  step: string | undefined;
}

function stepsOf(where: Where | undefined): string[] {
  const steps: string[] = [];
  for (let at = where; at; at = at.up) if (at.step !== undefined) steps.push(at.step);
  return steps.reverse();
}

/** The name a schema met at `where` (a JSON path under an operation) gets as a component. */
export function nameFor(node: Json, path: string, at: string[]): string {
  if (typeof node.title === 'string' && node.title) return pascal(node.title);
  // Where in the schema, without the `content` / media type / `schema` steps between.
  const where = at.filter((step, i) => !(step === 'content' || at[i - 1] === 'content' || (step === 'schema' && at[i - 2] === 'content')));
  const resource = resourceName(path);
  const last = where[where.length - 1];
  const tail = where.slice(-3).join('/');
  if (where[0] === 'requestBody') return where.length === 1 ? `${resource}Input` : pascal(last ?? 'Item');
  if (where[0] === 'responses' && where.length === 2) return `${resource}Response`;
  if (last === 'resultObject') return node.properties?.items && node.properties?.totalCount ? `${resource}List` : resource;
  if (tail === 'properties/items/items' && where.includes('resultObject')) return resource;
  if (last === 'items') return pascal(where[where.length - 2] ?? 'Item');
  return pascal(last ?? 'Item');
}

/**
 * Replaces every object schema met more than once with a `$ref` to one component, the
 * largest first (an envelope before the resource inside it), until no copies are left. The
 * counting starts again after an envelope is taken out: that can leave the resource inside it
 * with one copy (the component's), and then it stays where it is.
 *
 * A pass walks the document once, counting each schema's copies and noting where each one
 * is; the shared schemas are then taken out in order, each copy replaced where it is and what
 * Shapes knew of the objects above it forgotten, until the next one in the order was inside a
 * copy just replaced. A component's own top object is never replaced, only what is inside it.
 * Copies are replaced in place, so an object that is both a schema and part of an example
 * would show the `$ref` in the example too; our document shares no object that way.
 * test/http/openapi-hoist.test.ts holds the answer to the rule as first written: one schema
 * per pass, compared by canonical text, every pass over the whole document.
 */
export function hoistSharedSchemas(doc: Json): void {
  const schemas: Json = doc.components.schemas;
  const taken = new Set(Object.keys(schemas));
  const shapes = new Shapes();
  interface Copies {
    node: Json;
    count: number;
    length: number;
    /** Where it was first met, for its name. */
    path: string;
    where: Where;
    /** Each copy that may be replaced: the object or array holding it, and its key there. */
    at: { holder: Json; key: string | number; where: Where }[];
  }
  for (;;) {
    // By shape, in the order first met.
    const seen = new Map<number, Copies>();
    const visit = (node: unknown, path: string, holder: Json | undefined, key: string | number, where: Where) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) visit(node[i], path, node, i, { up: where, node: node[i], step: undefined });
        return;
      }
      const object = node as Json;
      if (isHoistable(object)) {
        const shape = shapes.of(object);
        let copies = seen.get(shape.id);
        if (copies) copies.count++;
        else seen.set(shape.id, (copies = { node: object, count: 1, length: shape.length, path, where, at: [] }));
        if (holder) copies.at.push({ holder, key, where });
      }
      for (const k in object) {
        if (k === 'example' || k === 'examples') continue;
        visit(object[k], path, object, k, { up: where, node: object[k], step: k });
      }
    };
    for (const [path, operations] of Object.entries(doc.paths as Json)) {
      for (const operation of Object.values(operations as Json) as Json[]) {
        for (const part of ['requestBody', 'responses']) visit(operation[part], path, operation, part, { up: undefined, node: operation[part], step: part });
      }
    }
    for (const [name, schema] of Object.entries(schemas)) {
      visit(schema, name, undefined, name, { up: { up: undefined, node: schemas, step: 'components' }, node: schema, step: name });
    }
    // The longest canonical text first, the first met of equal ones first (a stable sort).
    // A schema whose every copy is a component's top object has nothing to replace (only
    // possible with components made before this pass; the rule as first written never ended).
    const shared = [...seen.values()].filter((copies) => copies.count > 1 && copies.at.length > 0).sort((a, b) => b.length - a.length);
    if (shared.length === 0) return;
    // The next pass would choose the next of these too, as long as none of its copies was
    // inside a copy just replaced: then its count and where it was first met are as counted,
    // and nothing shorter can have overtaken it (counts only fell, first meetings only moved
    // later). It cannot hold a replaced copy either: it would be longer. One that was inside
    // one waits for the next pass, which counts again.
    const replaced = new Set<object>();
    const wasInsideReplaced = (copies: Copies) =>
      [copies.where, ...copies.at.map((a) => a.where)].some((where) => {
        for (let above = where.up; above; above = above.up) if (replaced.has(above.node)) return true;
        return false;
      });
    for (const copies of shared) {
      if (replaced.size > 0 && wasInsideReplaced(copies)) break;
      const wanted = nameFor(copies.node, copies.path, stepsOf(copies.where));
      let name = wanted;
      for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
      taken.add(name);
      schemas[name] = structuredClone(copies.node);
      for (const { holder, key, where } of copies.at) {
        replaced.add(holder[key] as object);
        holder[key] = { $ref: `#/components/schemas/${name}` };
        for (let above = where.up; above; above = above.up) shapes.forget(above.node);
      }
    }
  }
}

/**
 * A schema's `examples` (JSON Schema's list) as OpenAPI 3.0's one `example`, inside the
 * branches of `anyOf`/`oneOf` (an address as an object or a string), where @fastify/swagger,
 * which does it everywhere else, does not look.
 */
function examplesInUnions(node: unknown, inUnion = false): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) examplesInUnions(item, inUnion);
    return;
  }
  const schema = node as Json;
  if (inUnion && Array.isArray(schema.examples)) {
    if (schema.example === undefined && schema.examples.length > 0) schema.example = schema.examples[0];
    delete schema.examples;
  }
  for (const [key, child] of Object.entries(schema)) {
    if (key !== 'example' && key !== 'examples') examplesInUnions(child, inUnion || key === 'anyOf' || key === 'oneOf');
  }
}

/** Registers the document with @fastify/swagger's per-route and whole-document hooks. */
export function openapiTransforms(): {
  transform: (input: { schema: Json; url: string; route: RouteOptions }) => { schema: Json; url: string };
  transformObject: (input: { openapiObject: Json }) => Json;
} {
  const facts = new Map<string, RouteFacts>();
  return {
    transform({ schema, url, route }) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const own = (schema ?? {}) as Json;
      const errors = plumbingErrors(route, own);
      for (const method of methods) facts.set(`${method.toUpperCase()} ${openapiPath(url)}`, { errors });
      const next: Json = { ...own };
      if (route.config?.authenticated) next.security = securityOf(route);
      if (!next.operationId && methods.length === 1) next.operationId = operationIdOf(methods[0]!, openapiPath(url));
      return { schema: next, url };
    },
    transformObject({ openapiObject }) {
      const doc = structuredClone(openapiObject) as Json;
      doc.components ??= {};
      doc.components.schemas ??= {};
      const ids = new Set<string>();
      // A route serving several methods (GET and HEAD) gives each the same operation object:
      // the second and later get a copy of their own, named by their own method.
      const named = new Set<Json>();
      for (const [path, operations] of Object.entries(doc.paths as Json)) {
        for (const [method, shared] of Object.entries(operations as Json) as [string, Json][]) {
          let operation = shared;
          if (named.has(shared)) {
            operation = structuredClone(shared);
            delete operation.operationId;
            (operations as Json)[method] = operation;
          }
          named.add(operation);
          // A route serving several methods has no id of its own: one per method.
          let id: string = operation.operationId ?? operationIdOf(method, path);
          for (let n = 2; ids.has(id); n++) id = `${operation.operationId ?? operationIdOf(method, path)}${n}`;
          ids.add(id);
          operation.operationId = id;
          for (const parameter of (operation.parameters ?? []) as Json[]) {
            if (parameter.in === 'header' && String(parameter.name).toLowerCase() === 'idempotency-key') {
              delete parameter.example;
              delete parameter.examples;
              if (parameter.schema) {
                delete parameter.schema.example;
                delete parameter.schema.examples;
              }
            }
          }
          const json = operation.requestBody?.content?.['application/json'];
          if (json) for (const type of CONTENT_TYPES) operation.requestBody.content[type] ??= { schema: json.schema };
          const responses: Json = (operation.responses ??= {});
          for (const status of facts.get(`${method.toUpperCase()} ${path}`)?.errors ?? []) responses[status] ??= {};
          for (const [status, response] of Object.entries(responses) as [string, Json][]) {
            if (Number(status) < 400) continue;
            const declared = typeof response.description === 'string' && response.description !== 'Default Response' ? response.description : undefined;
            responses[status] = {
              description: declared ?? ERROR_DESCRIPTIONS[status] ?? 'The request failed; resultMessage says why.',
              content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } },
            };
          }
        }
      }
      for (const part of [doc.paths, doc.components.schemas]) examplesInUnions(part);
      hoistSharedSchemas(doc);
      doc.components.schemas.ErrorEnvelope = ERROR_ENVELOPE_SCHEMA;
      return doc;
    },
  };
}

/** The envelope of every failure, as the document shows it (http/envelope.ts `failure`). */
const ERROR_ENVELOPE_SCHEMA: Json = {
  type: 'object',
  description: 'Failure: resultStatus false, resultCode the HTTP status, resultMessage says what to fix.',
  required: ['version', 'resultStatus', 'resultCode', 'resultMessage', 'resultObject'],
  properties: {
    version: { type: 'string', example: '1.0.0' },
    resultStatus: { type: 'boolean', example: false },
    resultCode: { type: 'integer', example: 400 },
    resultMessage: { type: 'string', example: 'The request is not valid. to[0].email: must be an email address' },
    resultObject: {
      type: 'object',
      nullable: true,
      description: 'null, or for a 400 the field errors.',
      properties: {
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string', example: 'to[0].email' }, message: { type: 'string', example: 'must be an email address' } },
          },
        },
      },
    },
  },
};

/** Marks every route registered inside `scope` as authenticated, for the document. */
export function markAuthenticatedRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), authenticated: true };
  });
}

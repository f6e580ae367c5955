/**
 * Unknown body fields are ignored: clients of the original service send extras, and
 * refusing them would break those clients. A misspelt field is different: `bbc` or
 * `attachment` or `scheduleAt` would be dropped in silence and the message sent without
 * its copies, files or schedule. So a key within a small edit distance of a field the
 * route knows (and not itself known) is a 400 that names it and suggests the right one.
 *
 * The distance counts an insertion, deletion, substitution or swap of neighbours as one
 * (optimal string alignment), without regard to case since names match case-insensitively
 * (case-insensitive-keys.ts runs first). Short names tolerate one edit, longer ones two.
 * Objects whose schema lists no properties (params, metadata, headers) take any key.
 * Other providers' names for a field (`html`, `HtmlBody`, `text`, `TextBody`) get the same
 * hint, though they are no misspelling.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, type FieldError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    nearMissFields?: (body: unknown) => FieldError[];
  }
}

interface SchemaLike {
  type?: unknown;
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
  anyOf?: SchemaLike[];
}

export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known name `key` is probably a misspelling of, if any. */
export function closestName(key: string, known: string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    const tolerated = Math.min(lower.length, name.length) < 6 ? 1 : 2;
    if (distance <= tolerated && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * What other providers call fields Postwire names otherwise, too far apart to count as
 * misspellings (`html` is seven edits from `htmlContent`), lower case. Clients moving over
 * send them, and the message would go out without its content.
 */
const OTHER_PROVIDERS_NAMES = new Map([
  ['html', 'htmlContent'],
  ['htmlbody', 'htmlContent'],
  ['text', 'textContent'],
  ['textbody', 'textContent'],
]);

function otherProvidersName(key: string, known: string[]): string | undefined {
  const ours = OTHER_PROVIDERS_NAMES.get(key.toLowerCase());
  return ours !== undefined && known.includes(ours) ? ours : undefined;
}

function fieldPath(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;
}

/** A checker for bodies of this schema: the misspelt keys, each with a suggestion. */
export function nearMissFields(schema: SchemaLike): (body: unknown) => FieldError[] {
  const walk = (s: SchemaLike | undefined, value: unknown, at: string, out: FieldError[]): void => {
    if (!s || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const items = s.items ?? s.anyOf?.find((branch) => branch.items)?.items;
      if (items)
        value.forEach((item, i) => {
          walk(items, item, fieldPath(at, i), out);
        });
      return;
    }
    const properties = s.properties ?? s.anyOf?.find((branch) => branch.properties)?.properties;
    if (!properties) return;
    const known = Object.keys(properties);
    if (!known.length) return;
    for (const [key, child] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) {
        walk(properties[key], child, fieldPath(at, key), out);
        continue;
      }
      const suggestion = closestName(key, known) ?? otherProvidersName(key, known);
      if (suggestion && !Object.hasOwn(value, suggestion))
        out.push({ field: fieldPath(at, key), message: `is not a known field; did you mean ${suggestion}?` });
    }
  };
  return (body) => {
    const out: FieldError[] = [];
    walk(schema, body, '', out);
    return out;
  };
}

/** Checks every body against its route's schema, after the body parsers have named its keys. */
export function registerNearMissFields(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema?.body as SchemaLike | undefined;
    if (schema) route.config = { ...(route.config as object), nearMissFields: nearMissFields(schema) };
  });
  app.addHook('preValidation', async (request) => {
    const check = request.routeOptions.config.nearMissFields;
    if (!check || request.body === undefined) return;
    const misspelt = check(request.body);
    if (misspelt.length) throw AppError.validation(misspelt);
  });
}

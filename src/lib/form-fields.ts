/**
 * Turns flat form fields (application/x-www-form-urlencoded, multipart/form-data) into
 * the nested object a JSON client would send, so that every content type reaches the
 * same schema. Both spellings of nesting are understood: `from[email]` and `from.email`,
 * `to[0][email]` and `to[0].email`; `tags[]` appends.
 */

type Nested = Record<string, unknown> | unknown[];

const MAX_INDEX = 10_000;

function pathOf(key: string): string[] {
  const parts: string[] = [];
  for (const match of key.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    parts.push(match[1] ?? match[2] ?? '');
  }
  return parts.length ? parts : [key];
}

function isIndex(part: string): boolean {
  return /^\d+$/.test(part) && Number(part) <= MAX_INDEX;
}

export function unflattenFields(pairs: Iterable<[string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null);
  for (const [key, value] of pairs) {
    const path = pathOf(key);
    let node: Nested = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      // Keys such as __proto__ must never reach an object's prototype chain.
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') break;
      const last = i === path.length - 1;
      const next = path[i + 1];
      const slot: string | number = Array.isArray(node) ? (part === '' ? node.length : isIndex(part) ? Number(part) : -1) : part;
      if (slot === -1) break; // a named key under an array: not representable, drop it
      if (last) {
        const existing = (node as Record<string | number, unknown>)[slot];
        // A repeated plain key (`to=a&to=b`) becomes a list, as form encoders send it.
        if (existing !== undefined && !Array.isArray(node)) {
          (node as Record<string, unknown>)[slot as string] = Array.isArray(existing) ? [...existing, value] : [existing, value];
        } else {
          (node as Record<string | number, unknown>)[slot] = value;
        }
        break;
      }
      let child = (node as Record<string | number, unknown>)[slot];
      if (child === undefined || typeof child !== 'object' || child === null) {
        child = next !== undefined && (next === '' || isIndex(next)) ? [] : Object.create(null);
        (node as Record<string | number, unknown>)[slot] = child;
      }
      node = child as Nested;
    }
  }
  return compactArrays(root) as Record<string, unknown>;
}

/**
 * Sparse arrays from `to[5]` without `to[0..4]` lose their holes. Only the containers
 * built above (arrays, null-prototype objects) are walked: a field's value, such as a
 * multipart file `{ filename, contentType, content: Buffer }`, is kept as it is.
 */
function compactArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compactArrays);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = compactArrays(v);
    return out;
  }
  return value;
}

/**
 * The original service accepts `EmailAddress` and `emailAddress` alike (PRODUCT.md §2):
 * request field names are matched without regard to case. This renames the keys of a
 * parsed body to the spelling its JSON schema declares, recursively, before validation.
 */

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
  anyOf?: SchemaLike[];
}

/** Precomputes the renaming for one schema so requests pay only for the walk. */
export function caseInsensitiveKeys(schema: SchemaLike): (value: unknown) => unknown {
  return (value) => rename(schema, value);
}

function rename(schema: SchemaLike | undefined, value: unknown): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return schema.items ? value.map((item) => rename(schema.items, item)) : value;
  }
  const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties;
  if (!properties) return value;
  const canonical = new Map<string, string>();
  for (const name of Object.keys(properties)) canonical.set(name.toLowerCase(), name);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    // `out.__proto__ = …` would replace the result's prototype (inherited fields that pass `required`).
    if (key === '__proto__') continue;
    const name = Object.hasOwn(properties, key) ? key : canonical.get(key.toLowerCase()) ?? key;
    // An exact-case key wins over a differently cased duplicate.
    if (name !== key && Object.hasOwn(value, name)) continue;
    out[name] = rename(Object.hasOwn(properties, name) ? properties[name] : undefined, item);
  }
  return out;
}

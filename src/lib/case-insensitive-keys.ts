/**
 * The original service accepts `EmailAddress` and `emailAddress` alike:
 * request field names are matched without regard to case. This renames the keys of a
 * parsed body to the spelling its JSON schema declares, recursively, before validation.
 */

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
  anyOf?: SchemaLike[];
}

/** What renaming needs to know of an object schema, worked out once per schema. */
interface ObjectNames {
  properties: Record<string, SchemaLike>;
  /** Lower-cased name → the declared spelling. */
  canonical: Map<string, string>;
}

/** Returns a function that renames the keys of values of this schema; requests pay only for the walk. */
export function caseInsensitiveKeys(schema: SchemaLike): (value: unknown) => unknown {
  const names = new Map<SchemaLike, ObjectNames | null>();
  const namesOf = (s: SchemaLike): ObjectNames | null => {
    let found = names.get(s);
    if (found === undefined) {
      const properties = s.properties ?? s.anyOf?.find((branch) => branch.properties)?.properties;
      found = properties ? { properties, canonical: new Map(Object.keys(properties).map((name) => [name.toLowerCase(), name])) } : null;
      names.set(s, found);
    }
    return found;
  };
  const rename = (s: SchemaLike | undefined, value: unknown): unknown => {
    if (!s || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      // An array may be one branch of a union (`to`: a list of addresses, or one address as a string).
      const items = s.items ?? s.anyOf?.find((branch) => branch.items)?.items;
      return items ? value.map((item) => rename(items, item)) : value;
    }
    const object = namesOf(s);
    if (!object) return value;
    const { properties, canonical } = object;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // `out.__proto__ = …` would replace the result's prototype (inherited fields that pass `required`).
      if (key === '__proto__') continue;
      const name = Object.hasOwn(properties, key) ? key : (canonical.get(key.toLowerCase()) ?? key);
      // An exact-case key wins over a differently cased duplicate.
      if (name !== key && Object.hasOwn(value, name)) continue;
      out[name] = rename(Object.hasOwn(properties, name) ? properties[name] : undefined, (value as Record<string, unknown>)[key]);
    }
    return out;
  };
  return (value) => rename(schema, value);
}

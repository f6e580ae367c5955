/** Reading the served OpenAPI document in tests: shared schemas are `$ref`s into components (src/http/openapi.ts). */

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON walked by path
export type OpenApiDoc = any;

/** The schema itself: a `$ref` followed into `components` (repeatedly), anything else as it is. */
export function resolved(doc: OpenApiDoc, schema: OpenApiDoc): OpenApiDoc {
  let node = schema;
  for (let depth = 0; node && typeof node.$ref === 'string' && depth < 20; depth++) {
    const path = node.$ref.replace(/^#\//, '').split('/');
    node = path.reduce((at: OpenApiDoc, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}

/** A property of an object schema, both resolved. */
export function propertyOf(doc: OpenApiDoc, schema: OpenApiDoc, name: string): OpenApiDoc {
  return resolved(doc, resolved(doc, schema)?.properties?.[name]);
}

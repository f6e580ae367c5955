/**
 * Response serializers (fast-json-stringify, Fastify's own), compiled once per distinct schema.
 *
 * Fastify compiles a serializer for every response schema of every route, and many routes
 * answer the same shapes (the envelope around `true`, an id, a list object). Building one is
 * the costliest part of building the app after the validators (validation.ts does the same for
 * those), so a process builds each distinct one once: at start, and again in test processes that
 * build the app several times. A serializer is a pure function of its input, safe to share.
 * Only without shared schemas (`addSchema`, which the app does not use): with them, the same
 * text could mean different schemas.
 *
 * Like the validators, a serializer is built when a route first answers with that status, not
 * when the app is built (compile-on-first-use.ts says why).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { FirstUse } from './compile-on-first-use.js';

type BuildSerializer = ReturnType<typeof SerializerSelector>;

const compiledSerializers = new Map<string, (data: unknown) => string>();
const firstUse = new FirstUse<(data: unknown) => string>();

/** Builds every serializer no answer has needed yet; how many (a test's check). */
export const compilePendingSerializers = (): number => firstUse.buildPending();

export const buildSerializer: BuildSerializer = (externalSchemas, serializerOpts) => {
  const compile = SerializerSelector()(externalSchemas, serializerOpts);
  if (externalSchemas && Object.keys(externalSchemas).length > 0) return compile;
  return (route) => {
    const serializer = firstUse.defer(() => {
      const key = JSON.stringify(route.schema);
      let serialize = compiledSerializers.get(key);
      if (!serialize) compiledSerializers.set(key, (serialize = compile(route)));
      return serialize;
    });
    return (data: unknown) => serializer()(data);
  };
};

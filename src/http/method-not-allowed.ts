/**
 * A wrong method on a path that exists (GET /notify/v1/send, DELETE /token) is a 405
 * naming the methods the path has, in `Allow` (RFC 9110 §15.5.6) and in the message, not
 * a 404 that reads as if the path were misspelt.
 *
 * Fastify's router answers "no route" for both cases alike, so the paths are remembered
 * here as each route is added, and the not-found handler asks which methods, if any, a
 * request path has. The route patterns become regular expressions once, when added.
 */
import type { FastifyInstance } from 'fastify';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/** The methods of a concrete request path, from the routes added after this call; empty for an unknown path. */
export type MethodsOfPath = (path: string) => string[];

function toPattern(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // Trailing slashes are ignored by the router (app.ts), so here too.
  return new RegExp(`^${source}/?$`);
}

export function rememberRouteMethods(app: FastifyInstance): MethodsOfPath {
  const paths = new Map<string, KnownPath>();
  app.addHook('onRoute', (route) => {
    let known = paths.get(route.url);
    if (!known) {
      known = { pattern: toPattern(route.url), methods: new Set() };
      paths.set(route.url, known);
    }
    for (const method of [route.method].flat()) known.methods.add(method);
  });
  return (path) => {
    const methods = new Set<string>();
    for (const known of paths.values()) {
      if (known.pattern.test(path)) for (const method of known.methods) methods.add(method);
    }
    return [...methods].sort();
  };
}

/**
 * The app as routes see it: the TypeBox type provider types each handler's `request.body`,
 * `params`, `query` and `headers` (and what it returns) from the route's own schema, so a schema
 * and the code that reads it cannot drift apart. Types only: validation stays validation.ts's.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * Prepared statements for the send path's hot statements on PostgreSQL.
 *
 * Every statement pg sends unnamed is parsed and planned by the server afresh, and the send
 * path sends two of the same few shapes per accepted message or group: the look-up of
 * suppressions and webhooks (one-round-trip-reads.ts) and the write-behind statement that is the
 * whole accept commit (pg-write-behind.ts). Named, the server parses and plans each once per
 * connection, which about halved its CPU per message (docs/performance.md, "SMTP submission").
 *
 * A statement opts in by starting with PREPARED, a SQL comment; the pool's clients
 * (PreparingClient) send it under a name hashed from its text. Only opted-in statements are
 * named, because a prepared statement lives as long as its connection and most statements
 * come in endless shapes; even so a connection names at most MAX_NAMED texts of at most
 * MAX_NAMED_PARAMETERS parameters each, so the plans it holds stay few and small. The result
 * is the same either way.
 *
 * Operators behind PgBouncer need session pooling, or transaction pooling with PgBouncer 1.21
 * or later and `max_prepared_statements` set (docs/architecture.md).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** The prefix that makes a statement a named one (see above). */
export const PREPARED = '/* prepared */ ';

/** Different texts one connection prepares at most. */
export const MAX_NAMED = 50;

/** Parameters of a statement that is prepared at most. */
export const MAX_NAMED_PARAMETERS = 500;

/** A pg.Client class whose opted-in statements are sent as named (prepared) ones. */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      /** The texts this connection prepared, and their names. */
      const names = new Map<string, string>();
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      // An own property over pg's overloaded method: every call passes through unchanged but
      // an opted-in statement with its parameters, which goes as { name, text, values }.
      this.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
        if (typeof text !== 'string' || !text.startsWith(PREPARED) || !Array.isArray(values) || values.length > MAX_NAMED_PARAMETERS) {
          return query(text, values, ...rest);
        }
        let name = names.get(text);
        if (name === undefined) {
          if (names.size >= MAX_NAMED) return query(text, values, ...rest);
          name = `pw_${createHash('sha1').update(text).digest('hex')}`;
          names.set(text, name);
        }
        return query({ name, text, values }, ...rest);
      }) as unknown as pg.Client['query'];
    }
  };
}

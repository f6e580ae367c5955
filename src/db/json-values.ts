/**
 * A list of text values bound as ONE parameter, for `column in (…)`: a JSON array the
 * database unpacks (SQLite json_each, PostgreSQL jsonb_array_elements_text).
 *
 * Why: a value bound on its own is one SQL variable, and a statement may have at most
 * 32,766 on SQLite and 65,535 on PostgreSQL. A list a client chooses the length of (a
 * segment's `in`, the ids a segment names) would otherwise make the statement fail past
 * that, whatever its other bounds.
 */
import { type RawBuilder, sql } from '#kysely';
import type { Dialect } from './database.js';

/** The subquery `select <each value>`, to write as `column in (${jsonValues(values, dialect)})`. */
export function jsonValues(values: readonly string[], dialect: Dialect): RawBuilder<string> {
  const json = JSON.stringify(values);
  return dialect === 'postgres' ? sql`select jsonb_array_elements_text(cast(${json} as jsonb))` : sql`select value from json_each(${json})`;
}

/**
 * `column in (values)` with the values bound as ONE parameter, however many there are:
 * on PostgreSQL `column = any($1)` with a text array, on SQLite a JSON array unpacked by
 * json_each.
 *
 * Why: a value bound on its own is one SQL variable, and a statement may have at most
 * 32,766 on SQLite and 65,535 on PostgreSQL. A list a client chooses the length of (a
 * segment's `in`, the ids a segment names) would otherwise make the statement fail past
 * that, whatever its other bounds. On PostgreSQL the array is compared directly rather
 * than unpacked in a subquery: many such subqueries OR-ed together (a campaign to many
 * segments) took the planner minutes.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from './database.js';

export function inValues(column: RawBuilder<unknown>, values: readonly string[], dialect: Dialect): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} = any(cast(${values} as text[]))`
    : sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * The whole database as Kysely sees it. db/ knows no table: each owner adds its own to this
 * interface by declaration merging, in the file that lists them (`<area>/<area>.tables.ts`,
 * delivery/delivery.table.ts, queue/jobs.table.ts):
 *
 *   declare module '<path to>/db/schema.js' { interface Database extends AreaTables {} }
 *
 * So db/ imports nothing above it, while every query stays typed by the full schema: the
 * compiler sees every owner's part, since all of src/ is one program.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the tables' owners (declaration merging)
export interface Database {}

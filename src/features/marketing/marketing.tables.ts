/** The marketing area's tables, gathered into the whole schema by src/db/schema.ts. None yet. */
// biome-ignore lint/suspicious/noEmptyInterface: the area's first table is added here.
export interface MarketingTables {}

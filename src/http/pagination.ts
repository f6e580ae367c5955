/** Paging shared by every list endpoint: `page` from 1 or `after` an id, `pageSize` default 50, at most 500; newest first (db/listing.ts). */
import { Type, type Static } from 'typebox';

export { toPage, type Page } from '../lib/api-shape.js';
/**
 * The last page anyone may ask for. Unbounded, a page like 1.85e17 made an offset past
 * what SQLite and PostgreSQL take (a 500); this bound keeps page × pageSize (at most 5e8)
 * well inside both, and no list is ever read that deep page by page.
 */
export const MAX_PAGE = 1_000_000;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, from 1 (at most ${MAX_PAGE}).` }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Items per page (at most 500).' }),
  after: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{24}$',
      description:
        'Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page.',
    }),
  ),
});

export type PageQuery = Static<typeof PageQuery>;

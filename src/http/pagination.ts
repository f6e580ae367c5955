/** Paging shared by every list endpoint: `page` from 1, `pageSize` default 50, at most 500; newest first. */
import { Type, type Static } from 'typebox';

/**
 * The last page anyone may ask for. Unbounded, a page like 1.85e17 made an offset past
 * what SQLite and PostgreSQL take (a 500); this bound keeps page × pageSize (at most 5e8)
 * well inside both, and no list is ever read that deep page by page.
 */
export const MAX_PAGE = 1_000_000;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, from 1 (at most ${MAX_PAGE}).` }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Items per page (at most 500).' }),
});

export type PageQuery = Static<typeof PageQuery>;

export interface Page {
  limit: number;
  offset: number;
}

export function toPage(query: Partial<PageQuery>): Page {
  const pageSize = query.pageSize ?? 50;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
}

/** Paging shared by every list endpoint: `page` from 1, `pageSize` default 50, at most 500; newest first. */
import { Type, type Static } from 'typebox';

export { toPage, type Page } from '../lib/api-shape.js';

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Items per page (at most 500).' }),
});

export type PageQuery = Static<typeof PageQuery>;


/**
 * The shapes of the API's answers that services build (not HTTP plumbing): ISO times,
 * the base resource fields, list objects and the page a list asks for. Services and
 * delivery code import these from here; the HTTP layer re-exports them next to the
 * schemas that describe them (http/resource.ts, http/envelope.ts, http/pagination.ts).
 */

export interface AuditedRow {
  id: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

let lastMs = NaN;
let lastIso = '';

/** ISO 8601 of an epoch millisecond. One answer names the same instant several times: the last is remembered. */
export function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/** Row → the base resource fields. */
export function resourceFields(row: AuditedRow) {
  return {
    id: row.id,
    createTime: iso(row.created_at),
    createUserId: row.create_user_id ?? '',
    updateTime: iso(row.updated_at),
    updateUserId: row.update_user_id ?? '',
    isDeleted: row.deleted_at !== null,
  };
}

/** The list object of every list operation (specification: "List object"). */
export interface ListResult<T> {
  displayCount: number;
  totalCount: number;
  items: T[];
}

export function listResult<T>(items: T[], totalCount: number): ListResult<T> {
  return { displayCount: items.length, totalCount, items };
}

/** A page of a list: `page` from 1, `pageSize` default 50 (http/pagination.ts bounds both). */
export interface Page {
  limit: number;
  offset: number;
  /** Keyset paging: only rows older than this id (the last one of the previous page); `offset` is then ignored. */
  after?: string;
}

export function toPage(query: { page?: number; pageSize?: number; after?: string }): Page {
  const pageSize = query.pageSize ?? 50;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize, ...(query.after !== undefined ? { after: query.after } : {}) };
}

/** SQL for the audit of erasures. Every query is scoped by account. */
import { listPage } from '../../../db/listing.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import type { Page } from '../../../lib/api-shape.js';
import type { ErasureRow } from './privacy.table.js';

export async function insertErasure(db: DbOrTrx, row: ErasureRow): Promise<void> {
  await db.insertInto('privacy_erasures').values(row).execute();
}

/** The account's erasures, newest first. */
export function listErasures(db: Reads, accountId: string, page: Page): Promise<{ rows: ErasureRow[]; total: number }> {
  return listPage(db.selectFrom('privacy_erasures').where('account_id', '=', accountId), (q) => q.selectAll(), page);
}

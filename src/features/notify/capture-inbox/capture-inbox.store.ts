/** SQL of the capture inbox: the capture transport's copies, joined to their message. */
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../../db/database.js';
import type { Page } from '../../../lib/api-shape.js';
import { containsPattern } from '../../../lib/like-pattern.js';

const SUMMARY_COLUMNS = [
  'c.id as id',
  'c.created_at as created_at',
  'c.message_id as message_id',
  'c.recipient_id as recipient_id',
  'c.envelope_from as envelope_from',
  'c.envelope_to as envelope_to',
  'm.from_email as from_email',
  'm.from_name as from_name',
  'm.subject as subject',
  'r.state as recipient_state',
] as const;

function capturedOf(db: DbOrTrx, accountId: string) {
  return db
    .selectFrom('captured_emails as c')
    .innerJoin('messages as m', 'm.id', 'c.message_id')
    .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
    .where('c.account_id', '=', accountId);
}

/** Newest first; `to` narrows to one recipient address (compared lower-cased), `q` to mail whose subject, recipient or sender contains it (any case). */
export async function listCaptured(db: DbOrTrx, accountId: string, filter: { to?: string | undefined; q?: string | undefined }, page: Page) {
  let base = capturedOf(db, accountId);
  if (filter.to !== undefined) base = base.where((eb) => eb(eb.fn('lower', ['c.envelope_to']), '=', filter.to!.toLowerCase()));
  if (filter.q) {
    const like = containsPattern(filter.q);
    base = base.where(
      sql<SqlBool>`(lower(m.subject) like ${like} escape '\\' or lower(c.envelope_to) like ${like} escape '\\'
        or lower(m.from_email) like ${like} escape '\\' or lower(m.from_name) like ${like} escape '\\')`,
    );
  }
  let rows = base
    .select([...SUMMARY_COLUMNS, (eb) => eb.fn('length', ['c.raw']).as('size')])
    .orderBy('c.id', 'desc')
    .limit(page.limit);
  rows = page.after !== undefined ? rows.where('c.id', '<', page.after) : rows.offset(page.offset);
  const [found, count] = await Promise.all([rows.execute(), base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
  return { rows: found, total: Number(count.n) };
}

export function findCaptured(db: DbOrTrx, accountId: string, id: string) {
  return capturedOf(db, accountId)
    .where('c.id', '=', id)
    .select([...SUMMARY_COLUMNS, 'c.raw as raw'])
    .executeTakeFirst();
}

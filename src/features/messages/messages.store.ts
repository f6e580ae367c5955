/** SQL for messages and their recipients. Every read is scoped by account. */
import { chunkRows } from '../../db/group-commit.js';
import type { DbOrTrx } from '../../db/database.js';
import type { NewDeliveryJobRow } from '../../delivery/delivery.table.js';
import type { EventRow } from '../events/events.table.js';
import type { Page } from '../../http/pagination.js';
import type { MessageRow, NewMessageRow, NewRecipientRow, RecipientRow } from './messages.table.js';

export interface AcceptedMessage {
  message: NewMessageRow;
  recipients: NewRecipientRow[];
  jobs: NewDeliveryJobRow[];
  /** One `accepted` event per recipient. */
  events: EventRow[];
}

/** Writes many accepted messages with one multi-row INSERT per table (see db/group-commit.ts). */
export async function insertAcceptedMessages(trx: DbOrTrx, accepted: AcceptedMessage[]): Promise<void> {
  for (const rows of chunkRows(accepted.map((a) => a.message))) await trx.insertInto('messages').values(rows).execute();
  for (const rows of chunkRows(accepted.flatMap((a) => a.recipients))) await trx.insertInto('message_recipients').values(rows).execute();
  for (const rows of chunkRows(accepted.flatMap((a) => a.jobs))) await trx.insertInto('delivery_jobs').values(rows).execute();
  for (const rows of chunkRows(accepted.flatMap((a) => a.events))) await trx.insertInto('events').values(rows).execute();
}

export async function listMessages(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: Omit<MessageRow, 'mime' | 'html_content'>[]; total: number }> {
  const base = db.selectFrom('messages').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.select([
      'id', 'account_id', 'sender_id', 'from_email', 'from_name', 'subject', 'message_id_header', 'recipient_count',
      'created_at', 'updated_at', 'create_user_id', 'update_user_id', 'deleted_at',
    ]).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findMessage(db: DbOrTrx, accountId: string, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll()
    .where('account_id', '=', accountId).where('id', '=', id).where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Recipients of the given messages in `to` order; `perMessage` keeps only the first ones of each. */
export async function listRecipientsOf(db: DbOrTrx, accountId: string, messageIds: string[], perMessage?: number): Promise<RecipientRow[]> {
  if (messageIds.length === 0) return [];
  let query = db.selectFrom('message_recipients').selectAll()
    .where('account_id', '=', accountId).where('message_id', 'in', messageIds);
  if (perMessage !== undefined) query = query.where('position', '<', perMessage);
  return query.orderBy('message_id').orderBy('position').execute();
}

/**
 * One recipient by id, whatever its account: for reports that name the recipient
 * themselves (the VERP return path of a bounce), not for requests of an account.
 */
export async function findRecipientById(db: DbOrTrx, id: string): Promise<Pick<RecipientRow, 'id' | 'message_id' | 'account_id' | 'email' | 'state'> | undefined> {
  return db.selectFrom('message_recipients').select(['id', 'message_id', 'account_id', 'email', 'state'])
    .where('id', '=', id).executeTakeFirst();
}

/** A bounce reported after the fact: the state changes, the attempts and sent time stay. */
export async function markRecipientBounced(db: DbOrTrx, id: string, change: { response: string; now: number }): Promise<void> {
  await db.updateTable('message_recipients')
    .set({ state: 'bounced', last_response: change.response.slice(0, 2000), updated_at: change.now })
    .where('id', '=', id).execute();
}

/**
 * The capture inbox: instead of leaving the machine, each delivery is stored with
 * its envelope and exact bytes, viewable through the API. The default transport.
 * Stores are group-committed like every other high-rate write (db/group-commit.ts).
 */
import { type SqlBool, sql } from 'kysely';
import type { Db, DbOrTrx, Trx } from '../../db/database.js';
import { GroupCommit, insertRows } from '../../db/group-commit.js';
import type { CapturedEmailsTable } from '../delivery.table.js';
import { newId } from '../../lib/ids.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { Envelope, SendOutcome, Transport } from './transport.js';

async function insertCaptured(trx: Trx, rows: CapturedEmailsTable[]): Promise<void> {
  await insertRows(trx, 'captured_emails', rows);
}

export class CaptureTransport implements Transport {
  readonly name = 'capture';
  private readonly writer: GroupCommit<CapturedEmailsTable>;

  constructor(
    db: Db,
    private readonly clock: Clock = systemClock,
  ) {
    this.writer = new GroupCommit(db, insertCaptured);
  }

  async send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    const now = this.clock.now();
    const id = newId(now);
    await this.writer.submit({
      id,
      account_id: envelope.accountId,
      message_id: envelope.messageId,
      recipient_id: envelope.recipientId,
      envelope_from: envelope.from,
      envelope_to: envelope.to,
      raw,
      created_at: now,
    });
    return { kind: 'sent', response: `250 captured as ${id}` };
  }

  async close(): Promise<void> {
    await this.writer.drain();
  }
}

/**
 * Deletes up to `limit` captured copies older than `before` (ms), or, with `keepNewest`, the
 * oldest beyond the newest `keepNewest` of all accounts. Ids sort by creation time, so both
 * walk the primary key from its oldest end. Answers how many went.
 */
export async function deleteCapturedBefore(db: DbOrTrx, before: number, limit: number): Promise<number> {
  // The oldest by id (creation order), then their age: a filter on created_at in the query
  // would read every newer copy before finding none old enough, and on SQLite the column lies
  // after the raw message, in each row's overflow pages.
  const oldest = await db.selectFrom('captured_emails').select(['id', 'created_at']).orderBy('id').limit(limit).execute();
  const expired = oldest.filter((row) => Number(row.created_at) < before);
  return deleteCapturedIds(db, expired);
}

export async function deleteCapturedBeyond(db: DbOrTrx, keepNewest: number, limit: number): Promise<number> {
  const boundary = await db.selectFrom('captured_emails').select('id').orderBy('id', 'desc').offset(keepNewest).limit(1).executeTakeFirst();
  if (!boundary) return 0;
  const oldest = await db.selectFrom('captured_emails').select('id').where('id', '<=', boundary.id).orderBy('id').limit(limit).execute();
  return deleteCapturedIds(db, oldest);
}

/**
 * The delete itself, apart from the scan that chose the rows: outside a transaction the scan
 * holds no write lock, and a copy that went meanwhile is simply not counted.
 */
async function deleteCapturedIds(db: DbOrTrx, rows: { id: string }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .deleteFrom('captured_emails')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes one captured copy of the account; whether there was one. */
export async function deleteCaptured(db: DbOrTrx, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('captured_emails').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every captured copy of the account; how many. */
export async function deleteAllCaptured(db: DbOrTrx, accountId: string): Promise<number> {
  const result = await db.deleteFrom('captured_emails').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the captured copies of these recipients of the account (their address is erased); how many. */
export async function deleteCapturedOfRecipients(db: DbOrTrx, accountId: string, messageIds: string[], recipientIds: string[]): Promise<number> {
  if (recipientIds.length === 0) return 0;
  const result = await db
    .deleteFrom('captured_emails')
    .where('account_id', '=', accountId)
    .where('message_id', 'in', messageIds)
    .where('recipient_id', 'in', recipientIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the captured copies of these messages of the account whose bytes name one of these
 * addresses (lower case): a co-recipient's copy carries an erased addressee in its To or Cc,
 * a forward's the erased person's mail. How many.
 */
export async function deleteCapturedNaming(db: DbOrTrx, accountId: string, messageIds: string[], emails: string[]): Promise<number> {
  if (messageIds.length === 0 || emails.length === 0) return 0;
  const result = await db
    .deleteFrom('captured_emails')
    .where('account_id', '=', accountId)
    .where('message_id', 'in', messageIds)
    .where((eb) => eb.or(emails.map((email) => sql<SqlBool>`lower(raw) like ${containsPattern(email)} escape '\\'`)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every captured copy of these messages of the account (forwards of an erased person's mail); how many. */
export async function deleteCapturedOfMessages(db: DbOrTrx, accountId: string, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const result = await db.deleteFrom('captured_emails').where('account_id', '=', accountId).where('message_id', 'in', messageIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

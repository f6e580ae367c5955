/**
 * The development inbox: instead of leaving the machine, each delivery is stored with
 * its envelope and exact bytes, viewable through the API. The default transport.
 * Stores are group-committed like every other high-rate write (db/group-commit.ts).
 */
import type { Db, Trx } from '../../db/database.js';
import { GroupCommit, insertRows } from '../../db/group-commit.js';
import type { CapturedEmailsTable } from '../delivery.table.js';
import { newId } from '../../lib/ids.js';
import type { Envelope, SendOutcome, Transport } from './transport.js';

async function insertCaptured(trx: Trx, rows: CapturedEmailsTable[]): Promise<void> {
  await insertRows(trx, 'captured_emails', rows);
}

export class CaptureTransport implements Transport {
  readonly name = 'capture';
  private readonly writer: GroupCommit<CapturedEmailsTable>;

  constructor(db: Db) {
    this.writer = new GroupCommit(db, insertCaptured);
  }

  async send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    const id = newId();
    await this.writer.submit({
      id,
      account_id: envelope.accountId,
      message_id: envelope.messageId,
      recipient_id: envelope.recipientId,
      envelope_from: envelope.from,
      envelope_to: envelope.to,
      raw,
      created_at: Date.now(),
    });
    return { kind: 'sent', response: `250 captured as ${id}` };
  }

  async close(): Promise<void> {
    await this.writer.drain();
  }
}

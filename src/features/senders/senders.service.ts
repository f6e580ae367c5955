/** Rules for senders: an address is unique among an account's live senders; deletion is soft. */
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email-address.js';
import { isId, newId } from '../../lib/ids.js';
import { listResult, type ListResult } from '../../http/envelope.js';
import type { Page } from '../../http/pagination.js';
import { resourceFields } from '../../http/resource.js';
import type { Principal } from '../auth/auth.service.js';
import type { CreateSenderBody, PatchSenderBody, Sender } from './senders.schemas.js';
import { findLiveSender, findLiveSenderByEmail, insertSender, listLiveSenders, updateSender } from './senders.store.js';
import type { SenderRow } from './senders.table.js';

export function toSender(row: SenderRow): Sender {
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    displayName: row.display_name,
    email: row.email,
    notifyDedicatedIps: null,
  };
}

function duplicate(email: string): AppError {
  return new AppError('conflict', `A sender with the address ${email} already exists in this account.`);
}

/**
 * Two concurrent requests for one address can both pass the look-up; the unique index
 * (senders_account_email_live) then refuses the second. That is the same conflict.
 */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class SendersService {
  constructor(private readonly db: Db) {}

  async list(principal: Principal, page: Page): Promise<ListResult<Sender>> {
    const { rows, total } = await listLiveSenders(this.db, principal.accountId, page);
    return listResult(rows.map(toSender), total);
  }

  async get(principal: Principal, id: string): Promise<Sender> {
    return toSender(await this.require(principal, id));
  }

  async create(principal: Principal, input: CreateSenderBody): Promise<Sender> {
    const email = input.email.trim();
    const now = Date.now();
    const row: SenderRow = {
      id: newId(now), account_id: principal.accountId, display_name: input.displayName?.trim() || email.split('@')[0]!,
      email, email_normalized: normalizeEmail(email), created_at: now, updated_at: now,
      create_user_id: principal.userId, update_user_id: principal.userId, deleted_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      if (await findLiveSenderByEmail(trx, principal.accountId, row.email_normalized)) throw duplicate(email);
      await insertSender(trx, row);
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate(email) : error;
    });
    return toSender(row);
  }

  async update(principal: Principal, id: string, input: PatchSenderBody): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.require(principal, id, trx);
      const changes: Parameters<typeof updateSender>[3] = { updated_at: Date.now(), update_user_id: principal.userId };
      if (input.displayName !== undefined) changes.display_name = input.displayName.trim();
      if (input.email !== undefined) {
        const normalized = normalizeEmail(input.email);
        if (normalized !== current.email_normalized) {
          if (await findLiveSenderByEmail(trx, principal.accountId, normalized)) throw duplicate(input.email.trim());
          changes.email_normalized = normalized;
        }
        // A change of case only is not a conflict with itself, but still a change.
        changes.email = input.email.trim();
      }
      await updateSender(trx, principal.accountId, id, changes);
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) && input.email !== undefined ? duplicate(input.email.trim()) : error;
    });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = Date.now();
    const removed = isId(id) && (await updateSender(this.db, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
    if (!removed) throw AppError.notFound('Sender');
  }

  private async require(principal: Principal, id: string, db: Db | Parameters<typeof findLiveSender>[0] = this.db): Promise<SenderRow> {
    const row = isId(id) ? await findLiveSender(db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Sender');
    return row;
  }
}

/**
 * Creating accounts: an account, its owner user (who logs in with POST /token) and,
 * so the account can send at once, a sender for the owner's address. Used by the CLI
 * (`postwire account create`) and by the first start of an empty installation.
 */
import type { DbHandle } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { emailAddressProblem, normalizeEmail } from '../../lib/email-address.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { countAccounts, findLiveUserByEmail, insertAccount, insertUser } from './accounts.store.js';
import { insertSender } from '../senders/senders.store.js';

export interface CreateAccountInput {
  email: string;
  password: string;
  name?: string | undefined;
}

export interface CreatedAccount {
  accountId: string;
  userId: string;
  senderId: string;
}

export const MIN_PASSWORD_LENGTH = 8;

export async function createAccount(handle: DbHandle, input: CreateAccountInput): Promise<CreatedAccount> {
  const problem = emailAddressProblem(input.email);
  if (problem) throw AppError.field('email', problem);
  if (input.password.length < MIN_PASSWORD_LENGTH) throw AppError.field('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const email = input.email.trim();
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  const accountId = newId(now);
  const userId = newId(now);
  const senderId = newId(now);
  const name = input.name?.trim() || email.split('@')[0]!;
  await handle.db.transaction().execute(async (trx) => {
    if (await findLiveUserByEmail(trx, normalized)) throw new AppError('conflict', `A user with the email ${email} already exists.`);
    await insertAccount(trx, { id: accountId, name, email, created_at: now, updated_at: now, create_user_id: userId, update_user_id: userId, deleted_at: null });
    await insertUser(trx, {
      id: userId, account_id: accountId, email, email_normalized: normalized, name, password_hash: passwordHash,
      role: 'owner', created_at: now, updated_at: now, create_user_id: userId, update_user_id: userId, deleted_at: null,
    });
    await insertSender(trx, {
      id: senderId, account_id: accountId, display_name: name, email, email_normalized: normalized,
      created_at: now, updated_at: now, create_user_id: userId, update_user_id: userId, deleted_at: null,
    });
  });
  return { accountId, userId, senderId };
}

export async function isEmptyInstallation(handle: DbHandle): Promise<boolean> {
  return (await countAccounts(handle.db)) === 0;
}

/**
 * Creating accounts: an account, its owner user (who logs in with POST /token) and,
 * so the account can send at once, a sender for the owner's address. Used by the CLI
 * (`postwire account create`) and by the first start of an empty installation.
 */
import { resourceFields } from '../../../lib/api-shape.js';
import type { DbHandle } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { emailAddressProblem, normalizeEmail } from '../../../lib/email-address.js';
import { newId } from '../../../lib/ids.js';
import { hashPassword } from '../../../lib/passwords.js';
import type { Principal } from '../../../http/principal.js';
import { forbidden, requireScope } from '../auth/rights.js';
import type { BillingService } from '../billing/billing.service.js';
import { MAX_RECIPIENTS } from '../../notify/messages/messages.schemas.js';
import type { Account, PatchAccountBody, SignUpBody } from './accounts.schemas.js';
import type { AccountRow } from './accounts.table.js';
import {
  countAccounts,
  countRecipientsAcceptedSince,
  findLiveAccount,
  findLiveUserByEmail,
  insertAccount,
  insertUser,
  updateAccount,
} from './accounts.store.js';
import { insertSender } from '../../notify/senders/senders.store.js';
import { revokeUserSessions } from '../auth/auth.store.js';
import { updateUser } from '../users/users.store.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

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

/** `now`: the service passes its clock's reading; the CLI (no clock of its own) the wall time. */
export async function createAccount(handle: DbHandle, input: CreateAccountInput, now = Date.now()): Promise<CreatedAccount> {
  const problem = emailAddressProblem(input.email);
  if (problem) throw AppError.field('email', problem);
  if (input.password.length < MIN_PASSWORD_LENGTH) throw AppError.field('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const email = input.email.trim();
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(input.password);
  const accountId = newId(now);
  const userId = newId(now);
  const senderId = newId(now);
  const name = input.name?.trim() || email.split('@')[0]!;
  await handle.db.transaction().execute(async (trx) => {
    if (await findLiveUserByEmail(trx, normalized)) throw new AppError('conflict', `A user with the email ${email} already exists.`);
    await insertAccount(trx, {
      id: accountId,
      name,
      email,
      created_at: now,
      updated_at: now,
      create_user_id: userId,
      update_user_id: userId,
      deleted_at: null,
    });
    await insertUser(trx, {
      id: userId,
      account_id: accountId,
      email,
      email_normalized: normalized,
      name,
      password_hash: passwordHash,
      role: 'owner',
      created_at: now,
      updated_at: now,
      create_user_id: userId,
      update_user_id: userId,
      deleted_at: null,
    });
    await insertSender(trx, {
      id: senderId,
      account_id: accountId,
      display_name: name,
      email,
      email_normalized: normalized,
      created_at: now,
      updated_at: now,
      create_user_id: userId,
      update_user_id: userId,
      deleted_at: null,
    });
  });
  return { accountId, userId, senderId };
}

/**
 * `postwire account reset-password`: the operator sets a new password for a user who
 * lost theirs. Every session of the user ends with it (whoever held the old password
 * is signed out); API keys are the account's and stay valid.
 */
export async function resetPassword(handle: DbHandle, input: { email: string; password: string }, now = Date.now()): Promise<void> {
  if (input.password.length < MIN_PASSWORD_LENGTH) throw AppError.field('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const passwordHash = await hashPassword(input.password);
  await handle.db.transaction().execute(async (trx) => {
    const user = await findLiveUserByEmail(trx, normalizeEmail(input.email.trim()));
    if (!user) throw AppError.notFound(`A user with the email ${input.email.trim()}`);
    await updateUser(trx, user.account_id, user.id, { password_hash: passwordHash, updated_at: now, update_user_id: user.id });
    await revokeUserSessions(trx, user.id, { now, reason: 'password reset by the operator', exceptSessionId: null });
  });
}

export async function isEmptyInstallation(handle: DbHandle): Promise<boolean> {
  return (await countAccounts(handle.db)) === 0;
}

/** Midnight UTC on the first day of the month of `now`: where "usage this month" starts. */
export function monthStartUtc(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

type AccountBillingFields = Awaited<ReturnType<BillingService['accountBilling']>>;

/**
 * The account as GET /account shows it, built in this one place: add a field here
 * (and to the `Account` schema) and every response that shows the account has it.
 */
export function accountView(
  row: AccountRow,
  facts: { recipientsAccepted: number; periodStart: number; requestBodyBytes: number; bodyRetentionDays: number; billing: AccountBillingFields },
): Account {
  return {
    ...resourceFields(row),
    name: row.name,
    email: row.email,
    plan: row.plan,
    postalAddress: row.postal_address,
    bodyRetentionDays: row.body_retention_days ?? facts.bodyRetentionDays,
    ...facts.billing,
    limits: { recipientsPerMessage: MAX_RECIPIENTS, requestBodyBytes: facts.requestBodyBytes },
    usage: { periodStart: new Date(facts.periodStart).toISOString(), recipientsAccepted: facts.recipientsAccepted },
  };
}

/**
 * The account area's own rules: reading the account (any credential of the account),
 * changing it (the account scope: owners, admins and keys with that scope), and
 * sign-up (only when SIGNUP_ENABLED=true; otherwise 403, so the operator's choice is
 * visible rather than disguised as a missing route).
 */
export class AccountsService {
  constructor(
    private readonly handle: DbHandle,
    private readonly options: {
      signupEnabled: boolean;
      bodyLimitBytes: number;
      /** RETENTION_BODY_DAYS: an account without its own setting keeps bodies this long. */
      bodyRetentionDays: number;
      billing: Pick<BillingService, 'accountBilling'>;
    },
    private readonly clock: Clock = systemClock,
  ) {}

  async get(principal: Principal): Promise<Account> {
    return this.view(principal.accountId);
  }

  async update(principal: Principal, input: PatchAccountBody): Promise<void> {
    requireScope(principal, 'account');
    const changes: Parameters<typeof updateAccount>[2] = { updated_at: this.clock.now(), update_user_id: principal.userId };
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.email !== undefined) changes.email = input.email.trim();
    if (input.postalAddress !== undefined) changes.postal_address = input.postalAddress.trim();
    if (input.bodyRetentionDays !== undefined) changes.body_retention_days = input.bodyRetentionDays;
    await updateAccount(this.handle.db, principal.accountId, changes);
  }

  /** Refuses sign-up when the operator has not opened it; runs before the body is read. */
  requireSignUpOpen(): void {
    if (!this.options.signupEnabled) throw forbidden('Sign-up is not open on this server; ask its operator for an account.');
  }

  async signUp(input: SignUpBody): Promise<Account> {
    this.requireSignUpOpen();
    const created = await createAccount(this.handle, input, this.clock.now());
    return this.view(created.accountId);
  }

  private async view(accountId: string): Promise<Account> {
    const now = this.clock.now();
    const periodStart = monthStartUtc(now);
    const [row, recipientsAccepted, billing] = await Promise.all([
      findLiveAccount(this.handle.db, accountId),
      countRecipientsAcceptedSince(this.handle.db, accountId, periodStart),
      this.options.billing.accountBilling(accountId),
    ]);
    if (!row) throw AppError.notFound('Account');
    return accountView(row, {
      recipientsAccepted,
      periodStart,
      requestBodyBytes: this.options.bodyLimitBytes,
      bodyRetentionDays: this.options.bodyRetentionDays,
      billing,
    });
  }
}

/**
 * Rules for the people of an account (roles and rights: `auth/rights.ts`).
 * - Only owners and admins manage users, with a session (never an API key); an admin
 *   cannot create, change or delete an owner, nor make anyone an owner.
 * - An account always keeps at least one owner: the last owner can be neither deleted
 *   nor demoted. The check runs with the account row locked (`lockAccount`), so two
 *   owners removing each other at once cannot both succeed.
 * - Deleting a user is soft; their sessions are revoked at once, and their email is
 *   free to be used again. API keys they created stay: they belong to the account.
 * - Changing one's own password keeps the session that did it and revokes the others.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { emailAddressProblem, normalizeEmail } from '../../../lib/email-address.js';
import { isId, newId } from '../../../lib/ids.js';
import { generatePassword, hashPassword, verifyPassword } from '../../../lib/passwords.js';
import { findLiveUserByEmail, insertUser, lockAccount } from '../accounts/accounts.store.js';
import type { Role } from '../accounts/accounts.table.js';
import type { Principal } from '../../../http/principal.js';
import type { AuthService } from '../auth/auth.service.js';
import { forbidden, managesUsers, mayManageRole, requireManager } from '../auth/rights.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { ChangePasswordBody, CreatedUser, CreateUserBody, Me, PatchUserBody, User } from './users.schemas.js';
import { countLiveOwners, findLiveUser, findPasswordHash, listLiveUsers, updateUser, type PublicUserRow } from './users.store.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export function toUser(row: PublicUserRow): User {
  return { ...resourceFields(row), email: row.email, name: row.name, role: row.role };
}

function cannotManage(actor: Role, target: Role): AppError {
  return forbidden(`An ${actor} cannot manage users with the ${target} role; ask an owner.`);
}

/** A login email names one live user in the whole installation (unique index users_email_live). */
export function emailTaken(email: string): AppError {
  return new AppError('conflict', `A user with the email ${email} already exists.`);
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(principal: Principal, page: Page): Promise<ListResult<User>> {
    const { rows, total } = await listLiveUsers(this.db, principal.accountId, page);
    return listResult(rows.map(toUser), total);
  }

  async get(principal: Principal, id: string): Promise<User> {
    return toUser(await this.require(principal.accountId, id));
  }

  /** The caller: credential, role and scopes as the authentication hook found them, and the person behind a session. */
  async me(principal: Principal): Promise<Me> {
    // An API key's userId is the user who created it, not who is calling: no person for a key.
    const user = principal.credential === 'session' ? await this.require(principal.accountId, principal.userId) : undefined;
    return {
      credential: principal.credential,
      role: principal.role,
      scopes: [...principal.scopes],
      managesUsers: managesUsers(principal),
      userId: user?.id ?? null,
      email: user?.email ?? null,
      name: user?.name ?? null,
    };
  }

  async create(principal: Principal, input: CreateUserBody): Promise<CreatedUser> {
    const actor = requireManager(principal);
    const role = input.role ?? 'member';
    if (!mayManageRole(actor, role)) throw forbidden('Only an owner can create another owner.');
    const problem = emailAddressProblem(input.email);
    if (problem) throw AppError.field('email', problem);
    const email = input.email.trim();
    const generated = input.password === undefined ? generatePassword() : null;
    const passwordHash = await hashPassword(input.password ?? generated!);
    const now = this.clock.now();
    const row = {
      id: newId(now),
      account_id: principal.accountId,
      email,
      email_normalized: normalizeEmail(email),
      name: input.name?.trim() || email.split('@')[0]!,
      password_hash: passwordHash,
      role,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await findLiveUserByEmail(trx, row.email_normalized)) throw emailTaken(email);
        await insertUser(trx, row);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? emailTaken(email) : error;
      });
    const { password_hash: _hash, email_normalized: _normalized, ...visible } = row;
    return { ...toUser(visible), password: generated };
  }

  async update(principal: Principal, id: string, input: PatchUserBody): Promise<void> {
    const actor = requireManager(principal);
    await this.db.transaction().execute(async (trx) => {
      await lockAccount(trx, principal.accountId);
      const target = await this.require(principal.accountId, id, trx);
      if (!mayManageRole(actor, target.role)) throw cannotManage(actor, target.role);
      if (input.role !== undefined && !mayManageRole(actor, input.role)) throw forbidden('Only an owner can make someone an owner.');
      if (target.role === 'owner' && input.role !== undefined && input.role !== 'owner' && (await countLiveOwners(trx, principal.accountId)) <= 1) {
        throw new AppError('conflict', "This is the account's last owner; make another user owner first.");
      }
      const changes: Parameters<typeof updateUser>[3] = { updated_at: this.clock.now(), update_user_id: principal.userId };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.role !== undefined) changes.role = input.role;
      await updateUser(trx, principal.accountId, id, changes);
    });
    // The role is part of the cached credential; the next request must see the new one.
    if (input.role !== undefined) this.auth.forgetUser(id);
  }

  /**
   * Deleting a user. Nobody deletes their own user: a slip would lock the person out at once
   * (and the account too, were they its only manager); another owner or admin does it.
   */
  async remove(principal: Principal, id: string): Promise<void> {
    const actor = requireManager(principal);
    if (id === principal.userId) throw new AppError('conflict', 'You cannot delete your own user; another owner or admin of the account can.');
    await this.db.transaction().execute(async (trx) => {
      await lockAccount(trx, principal.accountId);
      const target = await this.require(principal.accountId, id, trx);
      if (!mayManageRole(actor, target.role)) throw cannotManage(actor, target.role);
      if (target.role === 'owner' && (await countLiveOwners(trx, principal.accountId)) <= 1) {
        throw new AppError('conflict', "This is the account's last owner and cannot be deleted; make another user owner first.");
      }
      const now = this.clock.now();
      await updateUser(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId });
    });
    await this.auth.revokeUserSessions(id, 'user deleted');
  }

  /** PUT /account/password: the caller's own password. Wrong current password → 400 naming currentPassword. */
  async changeOwnPassword(principal: Principal, input: ChangePasswordBody): Promise<void> {
    if (principal.credential !== 'session') throw forbidden('API keys have no password; sign in with POST /token.');
    const currentHash = await findPasswordHash(this.db, principal.accountId, principal.userId);
    if (!currentHash || !(await verifyPassword(input.currentPassword, currentHash))) {
      throw AppError.field('currentPassword', 'is not the current password');
    }
    const passwordHash = await hashPassword(input.newPassword);
    await updateUser(this.db, principal.accountId, principal.userId, {
      password_hash: passwordHash,
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    });
    await this.auth.revokeUserSessions(principal.userId, 'password changed', principal.sessionId);
  }

  private async require(accountId: string, id: string, db: Parameters<typeof findLiveUser>[0] = this.db): Promise<PublicUserRow> {
    const row = isId(id) ? await findLiveUser(db, accountId, id) : undefined;
    if (!row) throw AppError.notFound('User');
    return row;
  }
}

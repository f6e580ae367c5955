/**
 * Who may do what. Roles of the people of an account:
 * - owner: everything, including managing owners and the account itself;
 * - admin: everything except managing owners (cannot create, change or delete an
 *   owner, nor make anyone an owner);
 * - member: sending, reading and the marketing area; no account changes, no users,
 *   no API keys (their own password excepted).
 * API keys carry scopes instead of a role (see `http/scopes.ts`) and never manage
 * users or keys. The authentication hook checks scopes per route; services check the
 * finer rules below, so a rule holds whichever route reaches it.
 */
import { AppError } from '../../../errors.js';
import { SCOPES, type Access, type Scope } from '../../../http/scopes.js';
import type { Role } from '../accounts/accounts.table.js';
import type { Principal } from '../../../http/principal.js';

export const ROLES = ['owner', 'admin', 'member'] as const satisfies readonly Role[];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: SCOPES,
  admin: SCOPES,
  member: ['send', 'read', 'marketing'],
};

export function forbidden(message: string): AppError {
  return new AppError('forbidden', message);
}

/** Refuses (403) a principal that lacks what `requiredAccess` asked for. */
export function checkAccess(principal: Principal, access: Access): void {
  if ('only' in access) {
    if (access.only === 'session' && principal.credential !== 'session') {
      throw forbidden('API keys cannot be used for this operation; sign in with POST /token and use the access token.');
    }
    return;
  }
  requireScope(principal, access.scope);
}

export function requireScope(principal: Principal, scope: Scope): void {
  if (principal.scopes.includes(scope)) return;
  throw forbidden(
    principal.credential === 'apiKey'
      ? `This API key does not have the "${scope}" scope; create a key with it (POST /account/apikeys).`
      : `Your role (${principal.role}) does not allow this operation; ask an owner or admin of the account.`,
  );
}

/** Whether the caller may manage users and keys: a person's session as owner or admin (what requireManager lets through). */
export function managesUsers(principal: Principal): boolean {
  return principal.credential === 'session' && principal.role !== null && principal.role !== 'member';
}

/** A person's session with a role that manages users and keys (owner or admin). */
export function requireManager(principal: Principal): Role {
  if (principal.credential !== 'session' || principal.role === null) {
    throw forbidden('API keys cannot manage users or API keys; sign in with POST /token as an owner or admin.');
  }
  if (principal.role === 'member') throw forbidden('Members cannot manage users or API keys; ask an owner or admin of the account.');
  return principal.role;
}

/** Whether a manager with `actor` role may create, change or delete a user whose role is (or becomes) `target`. */
export function mayManageRole(actor: Role, target: Role): boolean {
  return actor === 'owner' || (actor === 'admin' && target !== 'owner');
}

/**
 * Authentication rules: logging in, rotating refresh tokens, and turning a Bearer
 * credential into the principal a request acts for.
 *
 * Sessions and refresh families. Each login opens a session; its refresh token may be
 * exchanged exactly once (`POST /token/refresh`) for a new pair in the same session.
 * Presenting an already-exchanged refresh token means it leaked (the legitimate client
 * already moved on), so the whole session is revoked: the thief's and the owner's
 * tokens both stop working, and the owner logs in again. Access tokens carry their
 * session id and die with it.
 *
 * API keys (`pwLIVE…`, earlier `pw_live_…`; see apikeys/apikey-format.ts) arrive as `Authorization: Bearer`
 * or `x-api-key`; they are found by the SHA-256 of the key (one indexed look-up) and act
 * for their account with the scopes they were created with, attributed to the user
 * who created them. A person's session has the scopes of the user's role.
 *
 * Revocation. `POST /token/revoke` ends one family (by its refresh token) or every
 * session of the user; changing a password ends the user's other sessions; deleting a
 * user ends all of theirs (the session look-up also refuses deleted users).
 *
 * Caching. Verifying a JWT costs more CPU than a whole bare request, and checking the
 * session or key costs a query, so a verified credential is remembered until the
 * earlier of its expiry and SESSION_CACHE_SECONDS. A revocation, role change or user
 * deletion in this process forgets the affected credentials at once; another process
 * honours it within SESSION_CACHE_SECONDS.
 */
import type { DbHandle } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { newId } from '../../../lib/ids.js';
import { decoyHash, verifyPassword } from '../../../lib/passwords.js';
import { randomSecret, sha256Hex } from '../../../lib/tokens.js';
import type { Scope } from '../../../http/scopes.js';
import { findLiveUserByEmail } from '../accounts/accounts.store.js';
import type { Role } from '../accounts/accounts.table.js';
import { looksLikeApiKey } from '../apikeys/apikey-format.js';
import { findLiveApiKeyByHash, touchApiKey } from '../apikeys/apikeys.store.js';
import {
  extendSession,
  findLiveSession,
  findRefreshTokenByHash,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
} from './auth.store.js';
import type { JwtCodec } from './jwt.js';
import type { Principal } from '../../../http/principal.js';
import { checkAccess, forbidden, ROLE_SCOPES } from './rights.js';
import type { Access } from '../../../http/scopes.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export type { Principal } from '../../../http/principal.js';

export interface TokenPair {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  refresh_token: string;
}

interface CachedCredential {
  principal: Principal;
  until: number;
}

const CACHE_LIMIT = 10_000;

export class AuthService {
  private readonly cache = new Map<string, CachedCredential>();

  constructor(
    private readonly handle: DbHandle,
    private readonly jwt: JwtCodec,
    private readonly options: { accessTokenTtlSeconds: number; refreshTokenTtlSeconds: number; sessionCacheSeconds: number },
    private readonly clock: Clock = systemClock,
  ) {}

  /** How long a refresh token lives unused (the refresh cookie's Max-Age). */
  get refreshTokenTtlSeconds(): number {
    return this.options.refreshTokenTtlSeconds;
  }

  async login(emailAddress: string, password: string): Promise<TokenPair> {
    const user = await findLiveUserByEmail(this.handle.db, normalizeEmail(emailAddress));
    // Check a decoy hash for unknown emails so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !ok) throw AppError.unauthorized('The email address or password is not correct.');
    const now = this.clock.now();
    const sessionId = newId(now);
    const refresh = this.newRefreshToken(sessionId, now);
    await this.handle.db.transaction().execute(async (trx) => {
      await insertSession(trx, {
        id: sessionId,
        account_id: user.account_id,
        user_id: user.id,
        created_at: now,
        expires_at: refresh.row.expires_at,
        revoked_at: null,
        revoked_reason: null,
      });
      await insertRefreshToken(trx, refresh.row);
    });
    return this.pair({ userId: user.id, accountId: user.account_id, sessionId }, refresh.token, now);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const invalid = () => AppError.unauthorized('The refresh token is not valid; log in again with POST /token.');
    const now = this.clock.now();
    const found = await findRefreshTokenByHash(this.handle.db, sha256Hex(refreshToken));
    if (!found || found.revoked_at !== null || found.expires_at <= now) throw invalid();
    const next = this.newRefreshToken(found.session_id, now);
    const rotated = await this.handle.db.transaction().execute(async (trx) => {
      if (!(await markRefreshTokenUsed(trx, found.id, now))) return false;
      await insertRefreshToken(trx, next.row);
      await extendSession(trx, found.session_id, next.row.expires_at);
      return true;
    });
    if (!rotated) {
      // Replay of an exchanged token: the family is compromised (see the header comment).
      await this.revokeSession(found.session_id, 'refresh token reused');
      throw invalid();
    }
    return this.pair({ userId: found.user_id, accountId: found.account_id, sessionId: found.session_id }, next.token, now);
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await revokeSession(this.handle.db, sessionId, this.clock.now(), reason);
    this.forget((p) => p.sessionId === sessionId);
  }

  /**
   * POST /token/revoke with a refresh token: ends its family. An unknown, expired or
   * already revoked token is not an error (RFC 7009 §2.2): the caller wanted it dead, and
   * answering differently would tell a guesser which tokens exist.
   */
  async revokeRefreshToken(refreshToken: string): Promise<void> {
    const found = await findRefreshTokenByHash(this.handle.db, sha256Hex(refreshToken));
    if (found) await this.revokeSession(found.session_id, 'revoked by the client');
  }

  /**
   * POST /token/revoke: `RefreshToken` ends that session; `all: true` ends every session
   * of the user behind the Bearer access token (an API key has no sessions: 403).
   */
  async revoke(request: { RefreshToken?: string | undefined; all?: boolean | undefined }, authorization: string | undefined): Promise<void> {
    if (request.all !== true && request.RefreshToken === undefined) {
      throw AppError.field('RefreshToken', 'is required unless all is true (with an Authorization: Bearer access token)');
    }
    if (request.all === true) {
      const principal = await this.authenticate(authorization);
      if (principal.credential !== 'session') throw forbidden('An API key has no sessions to revoke; revoke the key itself with DELETE /account/apikeys/{id}.');
      await this.revokeUserSessions(principal.userId, 'signed out everywhere');
    }
    if (request.RefreshToken !== undefined) await this.revokeRefreshToken(request.RefreshToken);
  }

  /** Ends every session of a user, or every one but `exceptSessionId` (a password change keeps the caller's). */
  async revokeUserSessions(userId: string, reason: string, exceptSessionId: string | null = null): Promise<void> {
    await revokeUserSessions(this.handle.db, userId, { now: this.clock.now(), reason, exceptSessionId });
    this.forgetUser(userId, exceptSessionId);
  }

  /** Forgets cached sessions of a user (after a role change or deletion), all or all but one. */
  forgetUser(userId: string, exceptSessionId: string | null = null): void {
    this.forget((p) => p.credential === 'session' && p.userId === userId && p.sessionId !== exceptSessionId);
  }

  /** Forgets a revoked key at once in this process. */
  forgetApiKey(apiKeyId: string): void {
    this.forget((p) => p.apiKeyId === apiKeyId);
  }

  private forget(matches: (principal: Principal) => boolean): void {
    for (const [token, cached] of this.cache) {
      if (matches(cached.principal)) this.cache.delete(token);
    }
  }

  /**
   * The principal behind an `Authorization` header value, or, without one, an
   * `x-api-key` header value; throws 401 for anything else.
   */
  /** Throws 403 when the principal may not call a route requiring `access` (rights.ts). */
  checkAccess(principal: Principal, access: Access): void {
    checkAccess(principal, access);
  }

  async authenticate(authorization: string | undefined, apiKeyHeader?: string | undefined): Promise<Principal> {
    if (!authorization && apiKeyHeader) return this.authenticateApiKey(apiKeyHeader.trim());
    if (!authorization) throw AppError.unauthorized('This endpoint requires an Authorization: Bearer <token> header.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw AppError.unauthorized('The Authorization header must be "Bearer <token>".');
    const token = match[1]!;
    if (looksLikeApiKey(token)) return this.authenticateApiKey(token);
    const now = this.clock.now();
    const cached = this.cached(token, now);
    if (cached) return cached;

    const claims = await this.jwt.verify(token);
    if ('invalid' in claims) throw AppError.unauthorized(claims.invalid);
    const session = await findLiveSession(this.handle.db, claims.sessionId, now);
    if (!session || session.user_id !== claims.userId || session.account_id !== claims.accountId) {
      throw AppError.unauthorized('The access token has been revoked; log in again with POST /token.');
    }
    const principal: Principal = {
      accountId: session.account_id,
      userId: session.user_id,
      credential: 'session',
      sessionId: session.id,
      apiKeyId: null,
      role: session.role,
      scopes: ROLE_SCOPES[session.role],
    };
    this.remember(token, principal, claims.exp * 1000, now);
    return principal;
  }

  private async authenticateApiKey(key: string): Promise<Principal> {
    const now = this.clock.now();
    const cached = this.cached(key, now);
    if (cached) return cached;
    const found = key ? await findLiveApiKeyByHash(this.handle.db, sha256Hex(key)) : undefined;
    if (!found) throw AppError.unauthorized('The API key is not valid or has been revoked.');
    if (found.expires_at !== null && found.expires_at <= now) throw AppError.unauthorized('The API key has expired; create a new one (POST /account/apikeys).');
    // Informational (shown by GET /account/apikeys); written once per cache period, not per request.
    await touchApiKey(this.handle.db, found.id, now);
    const principal: Principal = {
      accountId: found.account_id,
      userId: found.create_user_id ?? '',
      credential: 'apiKey',
      sessionId: null,
      apiKeyId: found.id,
      role: null,
      scopes: found.scopes.split(' ').filter(Boolean) as Scope[],
    };
    this.remember(key, principal, found.expires_at ?? Number.POSITIVE_INFINITY, now);
    return principal;
  }

  private cached(credential: string, now: number): Principal | undefined {
    const cached = this.cache.get(credential);
    if (cached && cached.until > now) return cached.principal;
    if (cached) this.cache.delete(credential);
    return undefined;
  }

  private remember(credential: string, principal: Principal, expiresAt: number, now: number): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(credential, { principal, until: Math.min(expiresAt, now + this.options.sessionCacheSeconds * 1000) });
  }

  private newRefreshToken(sessionId: string, now: number) {
    // The session id in front lets an operator see which family a leaked token belongs to.
    const token = `${sessionId}.${randomSecret()}`;
    return {
      token,
      row: {
        id: newId(now),
        session_id: sessionId,
        token_hash: sha256Hex(token),
        created_at: now,
        expires_at: now + this.options.refreshTokenTtlSeconds * 1000,
        used_at: null,
      },
    };
  }

  private async pair(claims: { userId: string; accountId: string; sessionId: string }, refreshToken: string, now: number): Promise<TokenPair> {
    const { token } = await this.jwt.sign(claims, now);
    return { access_token: token, expires_in: this.options.accessTokenTtlSeconds, token_type: 'Bearer', refresh_token: refreshToken };
  }
}

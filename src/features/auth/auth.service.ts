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
 * Caching. Verifying a JWT costs more CPU than a whole bare request, and checking the
 * session costs a query, so a verified credential is remembered until the earlier of
 * its expiry and SESSION_CACHE_SECONDS. A revocation in this process forgets the
 * session at once; another process honours it within SESSION_CACHE_SECONDS.
 */
import type { DbHandle } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email-address.js';
import { newId } from '../../lib/ids.js';
import { DECOY_HASH_PROMISE, verifyPassword } from '../../lib/passwords.js';
import { randomSecret, sha256Hex } from '../../lib/tokens.js';
import { findLiveUserByEmail } from '../accounts/accounts.store.js';
import type { UserRow } from '../accounts/accounts.table.js';
import {
  extendSession, findLiveSession, findRefreshTokenByHash, insertRefreshToken, insertSession,
  markRefreshTokenUsed, revokeSession,
} from './auth.store.js';
import type { JwtCodec } from './jwt.js';

export interface Principal {
  accountId: string;
  userId: string;
  sessionId: string;
  role: UserRow['role'];
}

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
  ) {}

  async login(emailAddress: string, password: string): Promise<TokenPair> {
    const user = await findLiveUserByEmail(this.handle.db, normalizeEmail(emailAddress));
    // Check a decoy hash for unknown emails so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, user?.password_hash ?? (await DECOY_HASH_PROMISE));
    if (!user || !ok) throw AppError.unauthorized('The email address or password is not correct.');
    const now = Date.now();
    const sessionId = newId(now);
    const refresh = this.newRefreshToken(sessionId, now);
    await this.handle.db.transaction().execute(async (trx) => {
      await insertSession(trx, {
        id: sessionId, account_id: user.account_id, user_id: user.id, created_at: now,
        expires_at: refresh.row.expires_at, revoked_at: null, revoked_reason: null,
      });
      await insertRefreshToken(trx, refresh.row);
    });
    return this.pair({ userId: user.id, accountId: user.account_id, sessionId }, refresh.token, now);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const invalid = () => AppError.unauthorized('The refresh token is not valid; log in again with POST /token.');
    const now = Date.now();
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
    await revokeSession(this.handle.db, sessionId, Date.now(), reason);
    for (const [token, cached] of this.cache) {
      if (cached.principal.sessionId === sessionId) this.cache.delete(token);
    }
  }

  /** The principal behind an `Authorization` header value; throws 401 for anything else. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    if (!authorization) throw AppError.unauthorized('This endpoint requires an Authorization: Bearer <token> header.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw AppError.unauthorized('The Authorization header must be "Bearer <token>".');
    const token = match[1]!;
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.principal;
    if (cached) this.cache.delete(token);

    const claims = await this.jwt.verify(token);
    if ('invalid' in claims) throw AppError.unauthorized(claims.invalid);
    const session = await findLiveSession(this.handle.db, claims.sessionId, now);
    if (!session || session.user_id !== claims.userId || session.account_id !== claims.accountId) {
      throw AppError.unauthorized('The access token has been revoked; log in again with POST /token.');
    }
    const principal: Principal = { accountId: session.account_id, userId: session.user_id, sessionId: session.id, role: session.role };
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, { principal, until: Math.min(claims.exp * 1000, now + this.options.sessionCacheSeconds * 1000) });
    return principal;
  }

  private newRefreshToken(sessionId: string, now: number) {
    // The session id in front lets an operator see which family a leaked token belongs to.
    const token = `${sessionId}.${randomSecret()}`;
    return {
      token,
      row: { id: newId(now), session_id: sessionId, token_hash: sha256Hex(token), created_at: now, expires_at: now + this.options.refreshTokenTtlSeconds * 1000, used_at: null },
    };
  }

  private async pair(claims: { userId: string; accountId: string; sessionId: string }, refreshToken: string, now: number): Promise<TokenPair> {
    const { token } = await this.jwt.sign(claims, now);
    return { access_token: token, expires_in: this.options.accessTokenTtlSeconds, token_type: 'Bearer', refresh_token: refreshToken };
  }
}

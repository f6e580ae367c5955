/** SQL for sessions (refresh-token families) and refresh tokens. */
import type { DbOrTrx } from '../../../db/database.js';
import type { RefreshTokenRow, SessionRow } from './auth.table.js';

export async function insertSession(db: DbOrTrx, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function insertRefreshToken(db: DbOrTrx, row: RefreshTokenRow): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export async function findRefreshTokenByHash(db: DbOrTrx, tokenHash: string) {
  return (
    db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      // A deleted user or account has no refresh tokens any more.
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.session_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'sessions.user_id',
        'sessions.account_id',
        'sessions.revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .where('users.deleted_at', 'is', null)
      .where('accounts.deleted_at', 'is', null)
      .executeTakeFirst()
  );
}

/** Marks a refresh token used; false when it already was (a concurrent or replayed rotation). */
export async function markRefreshTokenUsed(db: DbOrTrx, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function extendSession(db: DbOrTrx, id: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function revokeSession(db: DbOrTrx, id: string, now: number, reason: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** What authentication needs to know about a session on every cache miss. */
export async function findLiveSession(db: DbOrTrx, id: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.account_id', 'users.role'])
    .where('sessions.id', '=', id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.deleted_at', 'is', null)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes every live session of a user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(db: DbOrTrx, userId: string, change: { now: number; reason: string; exceptSessionId: string | null }): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: change.now, revoked_reason: change.reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (change.exceptSessionId !== null) query = query.where('id', '!=', change.exceptSessionId);
  await query.execute();
}

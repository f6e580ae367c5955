/**
 * Idempotency-Key: the answer to a request with a key is committed in the same
 * transaction as its messages, under the primary key (account, key). A repeat with the
 * same body gets that stored answer; with another body a 409. Two requests with one key
 * racing each other (in one process or several) cannot both commit: the loser's
 * transaction fails on the key, and it answers with the winner's stored answer.
 * Only successes are stored: a request that failed may be retried with the same key.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { deleteExpiredIdempotencyKeys, findIdempotencyKey } from './messages.store.js';
import type { IdempotencyKeyRow } from './messages.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** An answer, and whether it is the stored answer of an earlier request with the same Idempotency-Key. */
export interface Answer<T> {
  result: T;
  replayed: boolean;
}

/** The Idempotency-Key row of a request; its response is written at commit. */
export type IdempotencyRecord = Omit<IdempotencyKeyRow, 'response'> | undefined;

/** Object keys sorted at every level: two bodies that differ only in key order hash alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export class IdempotentRequests {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Runs `accept` once per Idempotency-Key (see the header comment). */
  async once<T>(principal: Principal, key: string | undefined, body: unknown, accept: (record: IdempotencyRecord) => Promise<T>): Promise<Answer<T>> {
    if (key === undefined) return { result: await accept(undefined), replayed: false };
    const hash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const now = this.clock.now();
    const stored = await this.storedAnswer<T>(principal, key, hash, now);
    if (stored) return stored;
    await deleteExpiredIdempotencyKeys(this.db, principal.accountId, now);
    try {
      const result = await accept({ account_id: principal.accountId, key, request_hash: hash, created_at: now, expires_at: now + IDEMPOTENCY_TTL_MS });
      return { result, replayed: false };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Most likely a concurrent request with the same key committed first.
      const winner = await this.storedAnswer<T>(principal, key, hash, this.clock.now());
      if (winner) return winner;
      throw error;
    }
  }

  private async storedAnswer<T>(principal: Principal, key: string, hash: string, now: number): Promise<Answer<T> | undefined> {
    const row = await findIdempotencyKey(this.db, principal.accountId, key, now);
    if (!row) return undefined;
    if (row.request_hash !== hash) {
      throw new AppError('conflict', 'This Idempotency-Key was already used with a different request body; use a new key for a new request.');
    }
    return { result: JSON.parse(row.response) as T, replayed: true };
  }
}

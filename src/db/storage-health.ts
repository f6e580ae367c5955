/**
 * Whether the database can store anything. A full disk (or SQLite's page limit) makes every
 * write fail while reads still work: requests that write are answered 503 with Retry-After
 * (nothing was stored, so the client's retry is safe), `/readyz` says why, and nothing needs
 * a restart once space is back: every request still tries, and the first write that works,
 * or the readiness check's own probe, ends the state.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { AppError } from '../errors.js';
import { isStorageFull } from './errors.js';

/** How long a client should wait before trying again. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 30;

class ProbeRollback extends Error {}

export class StorageHealth {
  private full: { since: number; reason: string } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
    private readonly clock: () => number = Date.now,
  ) {}

  /** The error a request that needed to write gets, if `error` says the storage is full (and the state is noted). */
  answerFor(error: unknown): AppError | undefined {
    if (!isStorageFull(error)) return undefined;
    this.full ??= { since: this.clock(), reason: (error as Error).message };
    return new AppError('unavailable', 'The server cannot store anything now: its disk is full. Nothing was stored; try again later.', {
      headers: { 'retry-after': String(STORAGE_FULL_RETRY_AFTER_SECONDS) },
      cause: error,
    });
  }

  /** A write went through: there is room again. */
  written(): void {
    this.full = undefined;
  }

  /**
   * Undefined when the database can write; else why not. Asked while the state is noted: a
   * transaction that needs a new page (a table and a row larger than a page) and is rolled back.
   */
  async problem(): Promise<string | undefined> {
    if (!this.full) return undefined;
    try {
      await this.db.transaction().execute(async (trx) => {
        if (this.dialect === 'sqlite') {
          await sql`create table postwire_space_probe (x blob)`.execute(trx);
          await sql`insert into postwire_space_probe values (zeroblob(8192))`.execute(trx);
        } else {
          await sql`create table postwire_space_probe (x bytea)`.execute(trx);
          await sql`insert into postwire_space_probe values (decode(repeat('00', 8192), 'hex'))`.execute(trx);
        }
        throw new ProbeRollback();
      });
    } catch (error) {
      if (error instanceof ProbeRollback) {
        this.written();
        return undefined;
      }
      if (!isStorageFull(error)) throw error;
    }
    return `the database cannot store anything since ${new Date(this.full.since).toISOString()}: its disk is full (${this.full.reason})`;
  }
}

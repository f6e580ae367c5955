/**
 * How much the database holds, in all and per account.
 *
 * The total is measured (the file's pages on SQLite, pg_database_size on PostgreSQL). An
 * account's share is estimated: for each table that grows with use, the account's rows
 * times the table's average bytes per row (its bytes with indexes over its rows). The
 * averages need a pass over the tables' pages, so they are measured at most once per
 * `averagesTtlMs` and kept; an account's row counts are read on its own indexes each time.
 * An average over all messages undercounts an account whose bodies are large and
 * overcounts one whose bodies were purged: the figure is for sizing, not billing.
 */
import type { Dialect, Reads } from '../../../db/database.js';
import { ACCOUNT_TABLES, type AccountTable, accountRows, databaseBytes, rowsPerAccount, tableBytes, tableRows } from './storage.store.js';

export interface StorageFigures {
  /** The account's estimated bytes. */
  accountBytes: number;
  /** The whole database's bytes. */
  totalBytes: number;
}

export class StorageService {
  private averages: { at: number; bytesPerRow: Map<AccountTable, number> } | undefined;
  private everyAccount: { at: number; figures: Promise<{ accounts: Map<string, number>; totalBytes: number }> } | undefined;

  constructor(
    private readonly reads: Reads,
    private readonly dialect: Dialect,
    private readonly options: { averagesTtlMs?: number; clock?: { now(): number } } = {},
  ) {}

  async forAccount(accountId: string): Promise<StorageFigures> {
    const [bytesPerRow, rows, totalBytes] = await Promise.all([
      this.bytesPerRow(),
      accountRows(this.reads, accountId),
      databaseBytes(this.reads, this.dialect),
    ]);
    return { accountBytes: estimate(rows, bytesPerRow), totalBytes };
  }

  /**
   * Every account's estimate and the total, for the metric: a count over each table's account
   * index, so kept for a minute whatever the scrape interval.
   */
  all(): Promise<{ accounts: Map<string, number>; totalBytes: number }> {
    const now = (this.options.clock ?? Date).now();
    if (!this.everyAccount || now - this.everyAccount.at >= 60_000) {
      const figures = this.measureAll();
      this.everyAccount = { at: now, figures };
      figures.catch(() => {
        if (this.everyAccount?.figures === figures) this.everyAccount = undefined;
      });
    }
    return this.everyAccount.figures;
  }

  private async measureAll(): Promise<{ accounts: Map<string, number>; totalBytes: number }> {
    const [bytesPerRow, perAccount, totalBytes] = await Promise.all([this.bytesPerRow(), rowsPerAccount(this.reads), databaseBytes(this.reads, this.dialect)]);
    return { accounts: new Map([...perAccount].map(([id, rows]) => [id, estimate(rows, bytesPerRow)])), totalBytes };
  }

  private async bytesPerRow(): Promise<Map<AccountTable, number>> {
    const now = (this.options.clock ?? Date).now();
    if (this.averages && now - this.averages.at < (this.options.averagesTtlMs ?? 600_000)) return this.averages.bytesPerRow;
    const [bytes, rows] = await Promise.all([tableBytes(this.reads, this.dialect), tableRows(this.reads)]);
    const bytesPerRow = new Map(ACCOUNT_TABLES.map((t) => [t, (rows.get(t) ?? 0) > 0 ? (bytes.get(t) ?? 0) / rows.get(t)! : 0]));
    this.averages = { at: now, bytesPerRow };
    return bytesPerRow;
  }
}

function estimate(rows: Map<AccountTable, number>, bytesPerRow: Map<AccountTable, number>): number {
  let bytes = 0;
  for (const [table, n] of rows) bytes += n * (bytesPerRow.get(table) ?? 0);
  return Math.round(bytes);
}

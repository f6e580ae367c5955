/**
 * refreshStaleStatistics (src/db/statistics.ts), on both dialects. On PostgreSQL: a table
 * never analyzed is ANALYZEd (the server's own counter says so), one just analyzed is
 * left alone, and one that has since been written more than it held is ANALYZEd again;
 * only the tables asked about are touched. On SQLite it does nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { insertRows } from '../../src/db/group-commit.js';
import { refreshStaleStatistics } from '../../src/db/statistics.js';
import { eventually } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { migratedDatabase } from '../helpers/migrated-db.js';

for (const dialect of DIALECTS) {
  describe(`planner statistics of fast-growing tables (${dialect})`, () => {
    const opened = migratedDatabase(dialect);

    const addKeys = async (count: number, from: number) => {
      const at = Date.now();
      const rows = Array.from({ length: count }, (_, i) => ({
        account_id: 'acc',
        key: `k${from + i}`,
        request_hash: 'h',
        response: '{}',
        created_at: at,
        expires_at: at + 60_000,
      }));
      await opened.handle.db.transaction().execute((trx) => insertRows(trx, 'idempotency_keys', rows));
    };

    /** How many times PostgreSQL has ANALYZEd the table (by hand or by autovacuum). */
    const analyzeCount = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select analyze_count + autoanalyze_count as n from pg_stat_user_tables where relname = ${table}`.execute(opened.handle.db))
          .rows[0]!.n,
      );

    if (dialect === 'postgres') {
      it('analyzes a table never analyzed, not one just analyzed, and again once it has more than doubled', async () => {
        await addKeys(200, 0);
        const before = await analyzeCount('idempotency_keys');
        const untouched = await analyzeCount('contacts');
        assert.deepEqual(await refreshStaleStatistics(opened.handle.db, ['idempotency_keys']), ['idempotency_keys']);
        assert.equal(await analyzeCount('idempotency_keys'), before + 1);
        assert.equal(await analyzeCount('contacts'), untouched, 'a table not named is left alone');

        assert.deepEqual(await refreshStaleStatistics(opened.handle.db, ['idempotency_keys']), [], 'just analyzed: nothing to do');

        await addKeys(300, 200);
        // The server counts modifications a moment after the commit (its statistics are flushed at most once a second).
        await eventually(
          async () => ((await refreshStaleStatistics(opened.handle.db, ['idempotency_keys'])).includes('idempotency_keys') ? true : undefined),
          5000,
          'the grown table to be analyzed again',
        );
        assert.equal(await analyzeCount('idempotency_keys'), before + 2);
      });
    } else {
      it('does nothing: SQLite plans from its indexes', async () => {
        await addKeys(200, 0);
        assert.deepEqual(await refreshStaleStatistics(opened.handle.db, ['idempotency_keys']), []);
      });
    }
  });
}

/**
 * Prepared statements on PostgreSQL (src/db/pg-prepared.ts): a statement that opts in (it
 * starts with PREPARED and has parameters) is sent under a name, so the server parses it once
 * per connection, and answers exactly as it did unnamed; nothing else is named; a connection
 * names at most MAX_NAMED texts. What the server holds is read from pg_prepared_statements,
 * which lists the statements prepared in the session that asks.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { MAX_NAMED, MAX_NAMED_PARAMETERS, PREPARED, preparingClient } from '../../src/db/pg-prepared.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';

if (DIALECTS.includes('postgres')) {
  describe('prepared statements on PostgreSQL', () => {
    let database: TestDatabase;
    let client: pg.Client;
    const PreparingClient = preparingClient(pg.Client);
    const preparedTexts = async () =>
      (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((r) => r.statement);

    before(async () => {
      database = await createTestDatabase('postgres');
    });
    after(() => database.drop());
    // A connection of its own per test: prepared statements belong to the connection.
    beforeEach(async () => {
      client = new PreparingClient({ connectionString: database.databaseUrl });
      await client.connect();
    });
    afterEach(() => client.end());

    it('sends an opted-in statement under one name, prepared once, with the answers it gave unnamed', async () => {
      const text = `${PREPARED}select $1::int + $2::int as sum`;
      for (const [a, b] of [
        [1, 2],
        [40, 2],
        [-5, 5],
      ] as const) {
        const { rows } = await client.query<{ sum: number }>(text, [a, b]);
        assert.deepEqual(rows, [{ sum: a + b }]);
      }
      assert.deepEqual(await preparedTexts(), [text], 'one prepared statement for three executions');
    });

    it('leaves unnamed a statement that does not opt in, has no parameters, or has more than the limit', async () => {
      assert.equal((await client.query<{ one: number }>('select $1::int as one', [1])).rows[0]!.one, 1);
      assert.equal((await client.query<{ two: number }>(`${PREPARED}select 2 as two`)).rows[0]!.two, 2);
      const many = Array.from({ length: MAX_NAMED_PARAMETERS + 1 }, (_, i) => i);
      const sum = `${PREPARED}select ${many.map((i) => `$${i + 1}::int`).join(' + ')} as total`;
      assert.equal((await client.query<{ total: number }>(sum, many)).rows[0]!.total, (many.length * (many.length - 1)) / 2);
      assert.deepEqual(await preparedTexts(), []);
    });

    it(`names at most ${MAX_NAMED} texts per connection; later new texts still run, unnamed`, async () => {
      const texts = Array.from({ length: MAX_NAMED + 5 }, (_, i) => `${PREPARED}select $1::int + ${i} as v`);
      for (const [i, text] of texts.entries()) assert.equal((await client.query<{ v: number }>(text, [1])).rows[0]!.v, 1 + i);
      const prepared = await preparedTexts();
      assert.equal(prepared.length, MAX_NAMED);
      assert.deepEqual(prepared, texts.slice(0, MAX_NAMED), 'the first texts, in the order they came');
      // A text named before the limit keeps its name.
      assert.equal((await client.query<{ v: number }>(texts[0]!, [7])).rows[0]!.v, 7);
      assert.equal((await preparedTexts()).length, MAX_NAMED);
    });

    it('reports a statement the server refuses to prepare, and the connection goes on', async () => {
      await assert.rejects(client.query(`${PREPARED}select $1::int + as broken`, [1]), /syntax error/);
      const text = `${PREPARED}select $1::text as fine`;
      assert.deepEqual((await client.query(text, ['yes'])).rows, [{ fine: 'yes' }]);
      assert.deepEqual(await preparedTexts(), [text]);
    });
  });
}

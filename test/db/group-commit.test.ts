/**
 * The group commit (src/db/group-commit.ts) with more than one transaction at a time
 * ("Pipelining"), on both dialects: an item that arrives while a batch is still inside its
 * transaction is committed by a second transaction without waiting for the first, and
 * every item settles only once its own rows are committed. With one transaction at a time
 * (the default) the second item waits for the first batch.
 * And `updateRowsById`, the worker's way of writing many rows' own values in one statement.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GroupCommit, insertRows, updateRowsById } from '../../src/db/group-commit.js';
import type { SuppressionReason } from '../../src/features/notify/suppressions/suppressions.table.js';
import { DIALECTS } from '../helpers/db.js';
import { migratedDatabase } from '../helpers/migrated-db.js';

const key = (name: string, at = Date.now()) => ({
  account_id: 'acct-gc',
  key: name,
  request_hash: 'h',
  response: '{}',
  created_at: at,
  expires_at: at + 60_000,
});

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

for (const dialect of DIALECTS) {
  describe(`group commit and many-row writes (${dialect})`, () => {
    const opened = migratedDatabase(dialect);

    const stored = async (name: string) =>
      (await opened.handle.db.selectFrom('idempotency_keys').select('key').where('account_id', '=', 'acct-gc').where('key', '=', name).execute()).length === 1;

    /**
     * Submits `first`, whose transaction waits at a gate after writing, then `second` once
     * the first is inside its transaction; reports whether `second` was committed and
     * settled before the gate opened.
     */
    async function secondCommitsDuringFirst(inFlight: number | undefined, first: string, second: string): Promise<boolean> {
      const held = gate();
      const inside = gate();
      const commits = new GroupCommit<string>(
        opened.handle.writeBehind,
        async (trx, names) => {
          await insertRows(
            trx,
            'idempotency_keys',
            names.map((n) => key(n)),
          );
          if (names.includes(first)) {
            inside.open();
            await held.opened;
          }
        },
        inFlight === undefined ? {} : { inFlight },
      );
      const firstDone = commits.submit(first);
      await inside.opened;
      let secondSettled = false;
      const secondDone = commits.submit(second).then(() => {
        secondSettled = true;
      });
      // Long enough for a commit on either dialect; the answer is read, not timed.
      const early = await Promise.race([secondDone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1000))]);
      if (early) {
        assert.equal(await stored(second), true, 'the second item settled, so its row is committed');
        assert.equal(await stored(first), false, 'the first batch is still inside its transaction');
      } else {
        assert.equal(secondSettled, false);
        assert.equal(await stored(second), false, 'an item that has not settled is not committed either');
      }
      held.open();
      await Promise.all([firstDone, secondDone]);
      assert.equal(await stored(first), true);
      assert.equal(await stored(second), true);
      await commits.drain();
      return early;
    }

    it('with inFlight 2, an item that arrives while a batch commits gets a transaction of its own at once', async () => {
      assert.equal(await secondCommitsDuringFirst(2, 'p-first', 'p-second'), true);
    });

    it('by default, it waits for the running batch and goes in the next', async () => {
      assert.equal(await secondCommitsDuringFirst(undefined, 's-first', 's-second'), false);
    });

    it('with inFlight 2, a failing batch still fails only its own bad item', async () => {
      const commits = new GroupCommit<string>(
        opened.handle.writeBehind,
        (trx, names) =>
          insertRows(
            trx,
            'idempotency_keys',
            names.map((n) => key(n)),
          ),
        { inFlight: 2 },
      );
      await commits.submit('f-taken');
      const results = await Promise.allSettled(['f-one', 'f-taken', 'f-two', 'f-three'].map((n) => commits.submit(n)));
      assert.deepEqual(
        results.map((r) => r.status),
        ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
      );
      for (const name of ['f-one', 'f-two', 'f-three']) assert.equal(await stored(name), true, name);
    });

    it('updateRowsById sets each row to its own values, leaves out the rows `onlyWhere` excludes, and returns the ids it changed', async () => {
      const at = 1_700_000_000_000;
      const row = (id: string, reason: SuppressionReason, details: string | null) => ({
        id,
        account_id: 'acct-up',
        email: `${id}@example.com`,
        email_normalized: `${id}@example.com`,
        reason,
        details,
        created_at: at,
        updated_at: at,
        create_user_id: null,
        update_user_id: null,
        deleted_at: null,
      });
      await insertRows(opened.handle.db, 'suppressions', [
        row('up-a', 'manual', null),
        row('up-b', 'manual', null),
        row('up-c', 'complaint', 'kept'),
        row('up-d', 'manual', 'kept'),
      ]);
      const columns = [{ name: 'reason' }, { name: 'updated_at', cast: 'bigint' as const }];
      const changed = await updateRowsById(
        opened.handle.db,
        'suppressions',
        columns,
        [
          { id: 'up-a', values: ['hard_bounce', at + 1] },
          { id: 'up-b', values: ['complaint', at + 2] },
          { id: 'up-c', values: ['hard_bounce', at + 3] },
        ],
        { onlyWhere: { column: 'reason', notIn: ['complaint'] }, returning: true },
      );
      assert.deepEqual(changed.sort(), ['up-a', 'up-b']);
      await opened.handle.writeBehind.transaction().execute((trx) =>
        updateRowsById(
          trx,
          'suppressions',
          [{ name: 'details' }],
          [
            { id: 'up-a', values: ['it\'s "quoted"'] },
            { id: 'up-d', values: ['second'] },
          ],
          { onlyWhere: { column: 'details', isNull: true } },
        ),
      );
      const rows = await opened.handle.db
        .selectFrom('suppressions')
        .select(['id', 'reason', 'details', 'updated_at'])
        .where('account_id', '=', 'acct-up')
        .orderBy('id')
        .execute();
      assert.deepEqual(rows, [
        { id: 'up-a', reason: 'hard_bounce', details: 'it\'s "quoted"', updated_at: at + 1 },
        { id: 'up-b', reason: 'complaint', details: null, updated_at: at + 2 },
        { id: 'up-c', reason: 'complaint', details: 'kept', updated_at: at },
        { id: 'up-d', reason: 'manual', details: 'kept', updated_at: at },
      ]);
      assert.deepEqual(await updateRowsById(opened.handle.db, 'suppressions', columns, [], { returning: true }), []);
    });
  });
}

/**
 * How big the purge's next batch or vacuum step is: what fits in the hold target at the cost
 * per row or page of the costliest recent one; never more than twice what the last one asked.
 * The purge keeps each kind's size from one run to the next (both dialects).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nextStepSize, RetentionPurge, type StepSize } from '../../src/features/system/retention/retention.service.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { purgeSettings } from '../helpers/retention.js';

const PAGES: StepSize = { next: 64, min: 8, max: 256 };
const TARGET_MS = 6;

describe('the size of the next purge batch or vacuum step', () => {
  it('a step that moved fewer pages than it asked is judged by the pages it moved', () => {
    // Asked 256, only 40 were free: 40 pages in 3 ms says 80 fit in 6 ms (64, a power of two), not 512.
    assert.equal(nextStepSize(PAGES, 256, 40, 3, TARGET_MS).next, 64);
  });

  it('a long one shrinks the next to what fits at once, not by half', () => {
    // 256 pages held 24 ms: 64 fit.
    assert.equal(nextStepSize(PAGES, 256, 256, 24, TARGET_MS).next, 64);
    // 256 held 40 ms: 38 fit, 32 asked.
    assert.equal(nextStepSize(PAGES, 256, 256, 40, TARGET_MS).next, 32);
  });

  it('a quick one grows the next at most twofold, up to the largest', () => {
    assert.equal(nextStepSize(PAGES, 32, 32, 0.5, TARGET_MS).next, 64);
    assert.equal(nextStepSize(PAGES, 200, 200, 0.5, TARGET_MS).next, 256);
  });

  it('after a costly one, quick ones let the size grow back only as its cost fades', () => {
    // 256 held 48 ms: 0.1875 ms a page, 32 fit.
    let size = nextStepSize(PAGES, 256, 256, 48, TARGET_MS);
    assert.equal(size.next, 32);
    const sizes: number[] = [];
    for (let i = 0; i < 300; i++) {
      size = nextStepSize(size, size.next, size.next, 0.1, TARGET_MS);
      sizes.push(size.next);
    }
    // Not 64, 128, 256 at once: the estimate halves in about 140 batches.
    assert.deepEqual([sizes.indexOf(64), sizes.indexOf(128), sizes.indexOf(256)], [138, 276, -1]);
  });

  it('sizes are powers of two, but for the largest: each size is a statement of its own', () => {
    const rows: StepSize = { next: 16, min: 8, max: 500 };
    assert.equal(nextStepSize(rows, 100, 100, 5, TARGET_MS).next, 64);
    assert.equal(nextStepSize(rows, 400, 400, 0.5, TARGET_MS).next, 500);
  });

  it('however long one held, the next is not below the smallest', () => {
    assert.equal(nextStepSize(PAGES, 8, 8, 90, TARGET_MS).next, 8);
  });

  it('one that did nothing leaves the size as it was', () => {
    assert.deepEqual(nextStepSize(PAGES, 128, 0, 0, TARGET_MS), PAGES);
  });
});

for (const dialect of DIALECTS) {
  describe(`the purge keeps its batch sizes from run to run [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    const inboxSize = async () =>
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/inbox?pageSize=1', token: a.token }), 200).resultObject.totalCount as number;
    const capture = async (count: number) => {
      const had = await inboxSize();
      for (let i = 0; i < count; i++) {
        const body = { from: { email: a.email }, to: [{ email: `reader${had + i}@example.net` }], subject: 'Hello', htmlContent: '<p>Hello</p>' };
        expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, body }), 200);
      }
      await eventually(async () => ((await inboxSize()) === had + count ? true : undefined), 30_000, `${had + count} captured copies`);
    };

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      a = await app.signUp();
    });
    after(async () => {
      await app?.close();
    });

    it('the second run asks for what the first one ended on, not for the first size again', async () => {
      const asked: number[][] = [];
      const purge = new RetentionPurge(
        app.runtime.services.handle.db,
        // A target no batch here reaches: each size is twice the one before it, up to 64.
        purgeSettings({ captureMaxRows: 10, batchRows: 64, targetHoldMs: 60_000 }),
        Date,
        {
          observer: {
            purgeStep(step, _heldMs, size) {
              if (step === 'captured') asked.at(-1)!.push(size);
            },
            purgeRunEnded() {},
          },
        },
      );
      await capture(20);
      asked.push([]);
      assert.equal((await purge.run()).captured, 10);
      await capture(20);
      asked.push([]);
      assert.equal((await purge.run()).captured, 20);
      // First run: none old enough (16, nothing done), then the 10 beyond the cap in one batch of
      // 16. Second run: 32 from the start, so the 20 beyond the cap go in one batch.
      assert.deepEqual(asked, [
        [16, 16],
        [32, 32],
      ]);
      assert.equal(await inboxSize(), 10);
    });
  });
}

/**
 * How big the purge's next batch or vacuum step is: what fits in the hold target at the cost
 * per row or page of the costliest recent one; never more than twice what the last one asked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextStepSize, type StepSize } from '../../src/features/system/retention/retention.service.js';

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

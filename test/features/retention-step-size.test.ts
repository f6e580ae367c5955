/**
 * How big the purge's next batch or vacuum step is: sized by what the last one did and held,
 * so that it fits the hold target; never more than twice what the last one asked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextStepSize, type StepSize } from '../../src/features/system/retention/retention.service.js';

const PAGES: StepSize = { next: 64, min: 8, max: 256 };
const TARGET_MS = 6;

describe('the size of the next purge batch or vacuum step', () => {
  it('a step that moved fewer pages than it asked is judged by the pages it moved', () => {
    // Asked 256, only 40 were free: 40 pages in 3 ms says 80 fit in 6 ms, not 512.
    assert.equal(nextStepSize(PAGES, 256, 40, 3, TARGET_MS), 80);
  });

  it('a long one shrinks the next to what fits at once, not by half', () => {
    // 256 pages held 24 ms: 64 fit.
    assert.equal(nextStepSize(PAGES, 256, 256, 24, TARGET_MS), 64);
  });

  it('a quick one grows the next at most twofold, up to the largest', () => {
    assert.equal(nextStepSize(PAGES, 32, 32, 0.5, TARGET_MS), 64);
    assert.equal(nextStepSize(PAGES, 200, 200, 0.5, TARGET_MS), 256);
  });

  it('however long one held, the next is not below the smallest', () => {
    assert.equal(nextStepSize(PAGES, 8, 8, 90, TARGET_MS), 8);
  });

  it('one that did nothing leaves the size as it was', () => {
    assert.equal(nextStepSize(PAGES, 128, 0, 0, TARGET_MS), 64);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createIdGenerator, ID_PATTERN, idFloor, isId, newId } from '../../src/lib/ids.js';

const HEX24 = /^[0-9a-f]{24}$/;

describe('newId', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 1000; i++) assert.match(newId(), HEX24);
    assert.match(newId(0), HEX24);
    assert.match(newId(Date.UTC(9999, 11, 31)), HEX24);
  });

  it('starts with the creation time in milliseconds', () => {
    const now = Date.UTC(2030, 0, 1);
    const id = createIdGenerator()(now);
    assert.equal(parseInt(id.slice(0, 12), 16), now);
  });

  it('is strictly increasing within the process', () => {
    let previous = newId();
    for (let i = 0; i < 50_000; i++) {
      const id = newId();
      assert.ok(id > previous, `${id} after ${previous}`);
      previous = id;
    }
  });

  it('stays strictly increasing when the clock goes backwards', () => {
    const next = createIdGenerator();
    const t = Date.UTC(2031, 5, 1);
    const ids = [next(t), next(t - 1), next(t - 60_000), next(t), next(t - 1), next(t + 1), next(t - 3_600_000), next(t + 2)];
    for (let i = 1; i < ids.length; i++) assert.ok(ids[i]! > ids[i - 1]!, `${ids[i]} after ${ids[i - 1]}`);
    // The process-wide generator too (it has already handed out ids at today's time).
    const far = Date.now() + 1_000_000;
    const a = newId(far);
    const b = newId(far - 500_000);
    const c = newId();
    assert.ok(b > a && c > b);
  });

  it('stays strictly increasing when the counter wraps within one millisecond', () => {
    const next = createIdGenerator({ processTag: 'abcdef', counter: 0xfffffd });
    const t = Date.UTC(2032, 0, 1);
    const ids = [next(t), next(t), next(t), next(t), next(t - 5)];
    assert.deepEqual(
      ids.map((id) => id.slice(18)),
      ['fffffe', 'ffffff', '000000', '000001', '000002'],
    );
    for (let i = 1; i < ids.length; i++) assert.ok(ids[i]! > ids[i - 1]!, `${ids[i]} after ${ids[i - 1]}`);
    for (const id of ids) assert.match(id, HEX24);
  });

  it('a counter wrap across milliseconds keeps the real time', () => {
    const next = createIdGenerator({ processTag: '000000', counter: 0xfffffe });
    const t = Date.UTC(2032, 0, 1);
    const a = next(t);
    const b = next(t + 1);
    assert.ok(b > a);
    assert.equal(parseInt(b.slice(0, 12), 16), t + 1);
  });

  it('carries a per-generator tag in the middle', () => {
    const next = createIdGenerator({ processTag: '0a0b0c' });
    assert.equal(next().slice(12, 18), '0a0b0c');
  });

  it('isId and ID_PATTERN accept exactly the id form', () => {
    assert.equal(isId(newId()), true);
    assert.equal(isId('0193a5b2c4d1e2f3a4b5c6d7'), true);
    for (const bad of [
      '',
      '0193A5B2C4D1E2F3A4B5C6D7',
      '0193a5b2c4d1e2f3a4b5c6d',
      '0193a5b2c4d1e2f3a4b5c6d7e',
      '0193a5b2c4d1e2f3a4b5c6dz',
      ' 0193a5b2c4d1e2f3a4b5c6d7',
    ]) {
      assert.equal(isId(bad), false, bad);
      assert.equal(new RegExp(ID_PATTERN).test(bad), false, bad);
    }
  });
});

describe('idFloor', () => {
  it('is at or below every id made for that time or later, and above every id made before it', () => {
    const next = createIdGenerator({ counter: 0xfffffe });
    const t = Date.UTC(2032, 2, 3, 4, 5, 6, 7);
    const before = next(t - 1);
    // Made for t, t again (the counter wraps and borrows the next millisecond), then a clock that stepped back.
    const later = [next(t), next(t), next(t), next(t - 5_000)];
    assert.ok(before < idFloor(t), `${before} before ${idFloor(t)}`);
    for (const id of later) assert.ok(id >= idFloor(t), `${id} at or after ${idFloor(t)}`);
    assert.match(idFloor(t), HEX24);
    assert.equal(idFloor(-5), '0'.repeat(24));
  });
});

/**
 * Resource ids: 24 lowercase hex characters, ordered by creation time.
 * Layout: 12 hex of milliseconds since the epoch, 6 hex chosen at random once per
 * process (two processes never collide on the same tail), 6 hex of a counter that
 * starts at a random value. Within one process ids are strictly increasing; across
 * processes they sort by millisecond.
 */
import { randomBytes, randomInt } from 'node:crypto';

const processTag = randomBytes(3).toString('hex');
let counter = randomInt(0, 0xffffff);
let lastMs = 0;

export function newId(now = Date.now()): string {
  // Keep ids monotonic in this process even if the wall clock steps back.
  const ms = Math.max(now, lastMs);
  lastMs = ms;
  counter = (counter + 1) & 0xffffff;
  return ms.toString(16).padStart(12, '0') + processTag + counter.toString(16).padStart(6, '0');
}

export const ID_PATTERN = '^[0-9a-f]{24}$';

export function isId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}

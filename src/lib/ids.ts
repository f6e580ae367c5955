/**
 * Resource ids: 24 lowercase hex characters, ordered by creation time.
 * Layout: 12 hex of milliseconds since the epoch, 6 hex chosen at random once per
 * process (two processes never collide on the same tail), 6 hex of a counter that
 * starts at a random value. Within one process ids are strictly increasing; across
 * processes they sort by millisecond.
 */
import { randomBytes, randomInt } from 'node:crypto';

/** An independent id sequence; `newId` is the process's one. The options exist for tests. */
export function createIdGenerator(options: { processTag?: string; counter?: number } = {}): (now?: number) => string {
  const processTag = options.processTag ?? randomBytes(3).toString('hex');
  let counter = options.counter ?? randomInt(0, 0xffffff);
  let lastMs = 0;
  return (now = Date.now()) => {
    // Keep ids monotonic in this process even if the wall clock steps back.
    let ms = Math.max(now, lastMs);
    counter = (counter + 1) & 0xffffff;
    // The counter wrapped within one millisecond: borrow the next one, or this id would sort first.
    if (counter === 0 && ms === lastMs) ms += 1;
    lastMs = ms;
    return ms.toString(16).padStart(12, '0') + processTag + counter.toString(16).padStart(6, '0');
  };
}

export const newId: (now?: number) => string = createIdGenerator();

/**
 * The smallest id made at `ms` or later: an id begins with its time, never earlier than the
 * time it was made for (the generator only moves it later), so a row made at `ms` or later
 * has `id >= idFloor(ms)`, and `id < idFloor(t)` means made before t.
 */
export function idFloor(ms: number): string {
  return `${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}000000000000`;
}

export const ID_PATTERN = '^[0-9a-f]{24}$';

export function isId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}

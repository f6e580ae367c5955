/**
 * Background threads (composing queued mail) give way to the API.
 *
 * Linux keeps a nice value per thread (setpriority(2) with a thread id; `man 2 setpriority`,
 * "BUGS"), so one thread of this process can be made to yield the CPU to the others. This is
 * a hint to the scheduler, not a limit: a thread at a higher nice value still gets every
 * moment the other threads do not want.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Raises the calling thread's nice value. False where threads cannot be told apart (not Linux). */
export function yieldToOtherThreads(nice: number): boolean {
  try {
    // "/proc/thread-self" → "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

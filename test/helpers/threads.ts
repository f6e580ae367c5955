/** This process's threads as the Linux scheduler sees them (/proc/self/task). */
import fs from 'node:fs';

/** A thread's nice value: field 19 of /proc/self/task/<tid>/stat (after the parenthesised name). */
export function niceOf(tid: string | number): number {
  const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice values of this process's threads, the main thread's included. */
export function threadNiceValues(): Map<string, number> {
  return new Map(fs.readdirSync('/proc/self/task').map((tid) => [tid, niceOf(tid)]));
}

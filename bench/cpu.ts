/**
 * CPU time from Linux's /proc, for benchmarks that run on a shared, noisy machine: a
 * throughput ratio moves with whatever else runs, but the CPU a process spent per message
 * moves far less, so the benches print both. Every reader answers undefined off Linux.
 */
import fs from 'node:fs';

/** USER_HZ, the unit of /proc's CPU fields: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** A process's fields of /proc/<pid>/stat after its name (field 3 onwards, 0-based from there). */
function statFields(pid: number): string[] {
  const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return line.slice(line.lastIndexOf(') ') + 2).split(' ');
}

/** CPU time a process has used so far (user + system), in ms. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = statFields(pid!);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU time of the local PostgreSQL server so far, in ms: the postmaster's own, what its
 * children that have exited used (a backend ends with its connection, and the kernel adds
 * its time to the parent's "children" fields when it is reaped), and its live children's.
 * Needs read access to the server's /proc entries (same machine; any user can read stat).
 */
export function postgresCpuMs(): number | undefined {
  try {
    const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    let postmaster: { pid: number; fields: string[] } | undefined;
    const byParent = new Map<number, number[]>();
    const names = new Map<number, string>();
    for (const name of pids) {
      let line: string;
      try {
        line = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      const pid = Number(name);
      names.set(pid, line.slice(line.indexOf('(') + 1, line.lastIndexOf(')')));
      const fields = line.slice(line.lastIndexOf(') ') + 2).split(' ');
      const parent = Number(fields[1]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), pid]);
      // The postmaster: a process named postgres whose parent is not.
      if (names.get(pid) === 'postgres' && (!postmaster || pid < postmaster.pid)) postmaster = { pid, fields };
    }
    while (postmaster && names.get(Number(postmaster.fields[1])) === 'postgres') {
      const parent = Number(postmaster.fields[1]);
      postmaster = { pid: parent, fields: statFields(parent) };
    }
    if (!postmaster) return undefined;
    const f = postmaster.fields;
    let ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    for (const child of byParent.get(postmaster.pid) ?? []) {
      try {
        const c = statFields(child);
        ticks += Number(c[11]) + Number(c[12]);
      } catch {
        // A backend that ended between the listing and here was reaped into the postmaster's fields.
      }
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The difference of two readings, undefined when either is. */
export function spent(before: number | undefined, after: number | undefined): number | undefined {
  return before === undefined || after === undefined ? undefined : after - before;
}

/**
 * Who holds a lease, written into `locked_by` on claim, and whether that holder is dead.
 *
 *   <host>:<pid>:<start>:<pidns>:<token>-<role>
 *
 * host   os.hostname()
 * pid    the process id
 * start  when the process started, in clock ticks since boot (/proc/<pid>/stat, field 22)
 * pidns  the inode of the process's pid namespace (/proc/self/ns/pid)
 * token  random, one per process: tells this process from an older one with the same pid
 * role   which queue user in the process (worker-1, webhooks-1), so each releases only its own
 *
 * Why each part. A process restarted after kill -9 wants the rows its dead predecessor
 * held now, not when their leases run out. It may only take leases whose holder it can
 * prove dead, and it can inspect only processes it can see: those of its own host and
 * pid namespace (two containers on one host share the hostname when they share the
 * network, but not the pid namespace, and a pid in the other is meaningless here). There a
 * holder is dead when its pid is gone, when its pid is ours but its token is not (an
 * earlier incarnation: containers restart as pid 1), or when its pid lives but started at
 * another time (the pid was reused by an unrelated process). Anything else counts as
 * alive, and its leases are left to the heartbeat's expiry. Where /proc is missing
 * (macOS), start and pidns are "-": only "pid gone" and "our pid, not our token" apply,
 * and a reused pid keeps the dead holder's rows until their lease runs out, which is
 * short (WORKER_LEASE_SECONDS) and only late, never wrong.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/** One per process: every queue user in it shares it. */
const PROCESS_TOKEN = randomBytes(4).toString('hex');

function startTicksOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '-';
  } catch {
    return '-';
  }
}

const HOST = os.hostname().replace(/:/g, '_');
const PID_NAMESPACE = pidNamespace();
const OWN_START = startTicksOf(process.pid) ?? '-';

let holders = 0;

/** A new lease holder id for `role` in this process (numbered: a process may run several). */
export function holderId(role: string): string {
  return `${HOST}:${process.pid}:${OWN_START}:${PID_NAMESPACE}:${PROCESS_TOKEN}-${role}-${++holders}`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True only when `holder` provably belongs to a process of this host and pid namespace
 * that no longer runs (see the header); false for anything else, ids of other hosts and
 * ids in other formats included.
 */
export function isDeadHolder(holder: string): boolean {
  const [host, pidText, start, namespace, tokenAndRole] = holder.split(':');
  if (host !== HOST || namespace !== PID_NAMESPACE || !tokenAndRole || !/^\d+$/.test(pidText ?? '')) return false;
  const pid = Number(pidText);
  const token = tokenAndRole.split('-')[0];
  if (pid === process.pid) return token !== PROCESS_TOKEN;
  if (!isRunning(pid)) return true;
  const liveStart = startTicksOf(pid);
  return start !== '-' && liveStart !== undefined && liveStart !== start;
}

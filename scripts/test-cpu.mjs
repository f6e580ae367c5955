/**
 * Preloaded into every test process by scripts/run-tests.mjs (`--import`): at exit, prints the
 * CPU the file used, its own threads and the child processes it waited for included (from
 * /proc/self/stat: utime, stime, cutime, cstime, in clock ticks of 10 ms), as one marker line the
 * runner reads and removes. Wall time says how long a file took on this machine at this load; CPU
 * time says what it costs, which is what a 2-core CI run is bound by, and moves far less with load.
 */
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * This process's CPU in seconds, its threads and the child processes it waited for included, or
 * NaN where there is no /proc (not Linux). scripts/test-group.mjs reads it around each file.
 */
export function processCpuSeconds() {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, so fields[11..14], in ticks of 10 ms.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

// Worker threads inherit the preload (their execArgv is the process's); only the main thread's
// exit is the end of the file. A thread's exit reported the process's CPU so far, and was read
// as the whole file's. Not Linux: no marker, the runner shows wall time only.
if (isMainThread)
  process.on('exit', () => {
    const cpu = processCpuSeconds();
    if (!Number.isNaN(cpu)) process.stderr.write(`\n##postwire-test-cpu ${cpu}\n`);
  });

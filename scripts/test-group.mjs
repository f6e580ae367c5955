/**
 * Runs several test files in one Node process, one after another: the process scripts/run-tests.mjs
 * starts for the ordinary (not faults/, not blackbox/) files.
 *
 * Why: every test process pays a fixed cost before its first test (loading the program and its
 * packages, compiling the app's schemas, V8 warming up the same code again), comparable to an
 * ordinary file's own work, and CI keeps its cores saturated. A process that runs the next
 * file after the last one pays it once, and runs the next file's code already optimized
 * (docs/performance.md, "Build, start and CI", has the measurement).
 *
 * Isolation kept: each file is imported inside a suite of its own, named by its source path, so
 * the hooks a file registers at its top level (`before`, `after`, `beforeEach`…) belong to that
 * suite, not to the process's root test, and run for that file only (Node 20 and 24 attach them
 * through the suite's async context, which the import runs in). The next file is imported only
 * when the suite has run its last `after` hook, so files never overlap. Every file still makes its
 * own databases, apps and servers and closes them. What files cannot keep apart is process-wide
 * state: a file that asserts on the process itself (its threads' priorities, say) runs alone, and
 * says so with the line `// Runs in a process of its own` (the runner reads it).
 *
 * Protocol (IPC, the runner's side is in run-tests.mjs): this process sends `{ next: true }`;
 * the runner answers `{ label, file }` (file: the compiled path, relative to the working
 * directory) or `{}` when there is nothing more for it. After each file, a marker line on stderr
 * gives the file's wall and CPU seconds (CPU from /proc/self/stat, threads and reaped children
 * included, read by scripts/test-cpu.mjs, this process's preload too); the runner removes it.
 * A file's verdict is the spec reporter's line for its suite, `✔ <label>` or `✖ <label>`.
 */
import path from 'node:path';
import { after, describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { processCpuSeconds } from './test-cpu.mjs';

/** Resolves when the file's suite has finished, its own `after` hooks included. */
function runFile(label, file) {
  return new Promise((resolve) => {
    const started = performance.now();
    const cpuAtStart = processCpuSeconds();
    const finished = () => {
      const seconds = (performance.now() - started) / 1000;
      process.stderr.write(`\n##postwire-test-file ${seconds.toFixed(2)} ${(processCpuSeconds() - cpuAtStart).toFixed(2)} ${label}\n`);
      resolve();
    };
    describe(label, async () => {
      try {
        await import(pathToFileURL(path.resolve(file)).href);
      } catch (error) {
        // A file that fails to load fails its suite; no hook of it will run.
        finished();
        throw error;
      }
      // Registered after the file's own top-level hooks, so it runs after them.
      after(finished);
    });
  });
}

const next = () =>
  new Promise((resolve) => {
    process.once('message', resolve);
    process.send({ next: true });
  });

for (let job = await next(); job.file; job = await next()) await runFile(job.label, job.file);
process.disconnect();

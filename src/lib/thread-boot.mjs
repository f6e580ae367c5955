// Starts a worker thread whose entry is TypeScript, when the process runs the sources
// through tsx (a benchmark, a script; lib/thread-entry.ts decides). A worker thread does
// not inherit the main thread's tsx loader: register the loader here, in plain JavaScript,
// then load the entry named by the parent. The compiled program never comes here.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

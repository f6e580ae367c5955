// Starts a worker thread whose entry is TypeScript (the compose threads, the SQLite
// thread). A worker thread does not inherit the main thread's tsx loader: register the
// loader here, in plain JavaScript, then load the entry named by the parent.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

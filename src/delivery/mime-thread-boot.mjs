// Starts a compose thread (mime-threads.ts). A worker thread does not inherit the main
// thread's tsx loader, and its entry is TypeScript: register the loader here, in plain
// JavaScript, then load the entry named by the parent.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

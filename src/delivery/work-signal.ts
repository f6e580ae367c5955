// The work signal belongs to the lease queue (src/queue/work-signal.ts); delivery and the features wake it from here.
export { WorkSignal } from '../queue/work-signal.js';

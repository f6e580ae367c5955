/**
 * A compose thread (mime-thread-pool.ts): builds the MIME bytes of each spec it is sent and
 * answers with them, or with the error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { yieldToOtherThreads } from '../lib/thread-priority.js';
import { buildMime, type MimeSpec } from './mime.js';
import type { ComposeThreadData, ThreadReply } from './mime-thread-pool.js';

const { nice } = workerData as ComposeThreadData;
if (nice > 0) yieldToOtherThreads(nice);

// No stack traces in this thread. Node's stream.pipeline, which nodemailer runs for every
// MIME part, aborts an AbortController when the pipeline ends, and the DOMException that
// creates captures a stack: 15–25 % of the CPU of composing a one-recipient HTML message
// (`npm run bench:compose`). Errors leave this thread as their message only, so the traces
// were never seen.
Error.stackTraceLimit = 0;

const port = parentPort!;
port.on('message', ({ id, spec }: { id: number; spec: MimeSpec }) => {
  buildMime(spec).then(
    (mime) => port.postMessage({ id, mime } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadReply),
  );
});

/**
 * A compose thread (mime-threads.ts): builds the MIME bytes of each spec it is sent and
 * answers with them, or with the error's message.
 */
import { parentPort } from 'node:worker_threads';
import { buildMime, type MimeSpec } from './mime.js';
import type { ThreadReply } from './mime-threads.js';

const port = parentPort!;
port.on('message', ({ id, spec }: { id: number; spec: MimeSpec }) => {
  buildMime(spec).then(
    (mime) => port.postMessage({ id, mime } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadReply),
  );
});

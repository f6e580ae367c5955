/**
 * Where MIME bytes are built. Composing a message (nodemailer's MIME tree, quoted-printable
 * encoding, the text part derived from the HTML, a DKIM RSA signature) costs about a
 * millisecond of CPU or more per message, and on the main thread that millisecond is taken
 * from everything else the process does: SMTP sessions, the group commits, and in
 * `postwire start` the API answering sends. So by default a small pool of worker threads
 * builds the bytes (COMPOSE_THREADS), and the main thread only hands over a plain
 * description (mime.ts `MimeSpec`) and gets a string back.
 *
 * The threads start on first use (a process that never composes never pays for them),
 * each takes requests in turn, and a thread that dies fails only its own requests and is
 * replaced on the next one. `BUILD_ON_THIS_THREAD` is the same work without threads
 * (COMPOSE_THREADS=0, and tests that compose directly).
 *
 * In a process that serves the API too (`postwire start`), the threads run at a lower
 * priority (COMPOSE_NICE, lib/thread-priority.ts): composing is for mail already accepted
 * and queued, and at equal priority a backlog being composed took a third of a core from
 * requests whose senders are waiting for the answer.
 */
import { Worker } from 'node:worker_threads';
import { buildMime, type MimeSpec } from './mime.js';
import { threadEntry } from '../lib/thread-entry.js';

export interface MimeBuilder {
  build(spec: MimeSpec): Promise<string>;
  /** Starts the threads and has each build a sample message, so the first real one does not wait for that (see `warm` below). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a warm-up builds: small, but through the same code as a real message (HTML, a
 * derived text part, an address header).
 */
const SAMPLE: MimeSpec = {
  baseBoundary: 'warm-up',
  from: { name: 'Postwire', address: 'warm-up@postwire.invalid' },
  to: [{ name: '', address: 'nobody@postwire.invalid' }],
  cc: [],
  subject: 'warm-up',
  html: '<p>warm-up</p>',
  text: null,
  attachments: [],
  messageId: '<warm-up@postwire.invalid>',
  date: 0,
  headers: {},
};

export const BUILD_ON_THIS_THREAD: MimeBuilder = {
  build: buildMime,
  warm: async () => {
    await buildMime(SAMPLE);
  },
  close: async () => undefined,
};

/** What a compose thread is started with. */
export interface ComposeThreadData {
  entry: string;
  /** Its nice value (0: as the rest of the process). */
  nice: number;
}

/** A reply from mime-thread.entry.ts. */
export type ThreadReply = { id: number; mime: string } | { id: number; error: string };

interface Pending {
  resolve: (mime: string) => void;
  reject: (error: Error) => void;
}

/** One compose thread and the requests it has not answered yet. */
class ComposeThread {
  readonly pending = new Map<number, Pending>();
  private readonly worker: Worker;
  dead = false;

  constructor(nice: number, onExit: () => void) {
    // Compiled: the .js sibling; from the sources: through tsx's loader (lib/thread-entry.ts).
    const { script, entry } = threadEntry(new URL('./mime-thread.entry.ts', import.meta.url), import.meta.url);
    this.worker = new Worker(script, { workerData: { entry, nice } satisfies ComposeThreadData });
    // An idle thread does not keep the process alive (close() ends it); a busy one does.
    this.worker.unref();
    this.worker.on('message', (reply: ThreadReply) => {
      const request = this.pending.get(reply.id);
      if (!request) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('mime' in reply) request.resolve(reply.mime);
      else request.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const request of this.pending.values()) request.reject(error);
      this.pending.clear();
      onExit();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`compose thread exited (code ${code})`)));
  }

  build(id: number, spec: MimeSpec): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, spec });
    });
  }

  /** Ends the thread; its unanswered requests fail (through the exit handler). */
  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

export class MimeThreadPool implements MimeBuilder {
  private threads: (ComposeThread | undefined)[];
  private nextId = 0;
  private closed = false;

  constructor(
    size: number,
    private readonly nice = 0,
  ) {
    this.threads = new Array<ComposeThread | undefined>(size).fill(undefined);
  }

  build(spec: MimeSpec): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the compose threads are closed'));
    return this.leastBusy().build(this.nextId++, spec);
  }

  /**
   * A thread's first message would wait for the thread to start, load its modules and
   * compile the composing code, most of a split-mode worker's first delivery. A worker
   * process that will compose does that at start instead.
   */
  async warm(): Promise<void> {
    if (this.closed) return;
    await Promise.all(this.threads.map((thread, slot) => (thread && !thread.dead ? thread : this.start(slot)).build(this.nextId++, SAMPLE)));
  }

  /** The thread with the fewest unanswered requests, started (or restarted) if need be. */
  private leastBusy(): ComposeThread {
    let best = 0;
    for (let i = 0; i < this.threads.length; i++) {
      const thread = this.threads[i];
      if (!thread || thread.dead) return this.start(i);
      if (thread.pending.size < this.threads[best]!.pending.size) best = i;
    }
    return this.threads[best]!;
  }

  private start(slot: number): ComposeThread {
    const thread: ComposeThread = new ComposeThread(this.nice, () => {
      if (this.threads[slot] === thread) this.threads[slot] = undefined;
    });
    this.threads[slot] = thread;
    return thread;
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.threads.filter((t): t is ComposeThread => t !== undefined);
    this.threads = this.threads.map(() => undefined);
    await Promise.all(running.map((t) => t.terminate()));
  }
}

/** COMPOSE_THREADS: 0 builds on the main thread. COMPOSE_NICE: the threads' nice value. */
export function createMimeBuilder(threads: number, nice = 0): MimeBuilder {
  return threads > 0 ? new MimeThreadPool(threads, nice) : BUILD_ON_THIS_THREAD;
}

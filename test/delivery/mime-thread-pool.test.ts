// Runs in a process of its own (scripts/run-tests.mjs): it reads the nice value of every thread
// of the process, and another file's threads must not be among them.
// The compose threads (src/delivery/mime-thread-pool.ts) build exactly the bytes the main
// thread would, fail only the requests of a thread that dies, and come back after it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { generateKeyPairSync } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { BUILD_ON_THIS_THREAD, MimeThreadPool } from '../../src/delivery/mime-thread-pool.js';
import type { MimeSpec } from '../../src/delivery/mime.js';
import { niceOf, threadNiceValues } from '../helpers/threads.js';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spec = (n: number): MimeSpec => ({
  baseBoundary: `message-${n}`,
  from: { name: 'Shop', address: 'shop@example.com' },
  to: [{ name: 'Ann', address: `ann${n}@example.net` }],
  cc: [{ name: '', address: 'cc@example.org' }],
  subject: `Order ${n}`,
  html: `<p>Hello <b>${n}</b></p>`,
  text: null,
  attachments: [{ filename: 'a.bin', contentType: 'application/octet-stream', contentId: null, content: Buffer.from([0, 1, 2, n % 256]).toString('base64') }],
  messageId: `<${n}@example.com>`,
  date: Date.UTC(2026, 10, 22),
  headers: { 'X-Campaign': 'autumn' },
  dkim: { domain: 'example.com', selector: 's1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
});

describe('compose threads', () => {
  const pool = new MimeThreadPool(2);
  after(() => pool.close());

  it('build the same bytes as the main thread, signed and parseable', async () => {
    const specs = Array.from({ length: 20 }, (_, n) => spec(n));
    const [threaded, local] = await Promise.all([Promise.all(specs.map((s) => pool.build(s))), Promise.all(specs.map((s) => BUILD_ON_THIS_THREAD.build(s)))]);
    assert.deepEqual(threaded, local);
    const parsed = await simpleParser(threaded[7]!);
    assert.equal(parsed.subject, 'Order 7');
    assert.equal(parsed.text?.trim(), 'Hello 7');
    assert.deepEqual([...parsed.attachments[0]!.content], [0, 1, 2, 7]);
    assert.match(threaded[7]!, /^DKIM-Signature: v=1; a=rsa-sha256;/);
  });

  it('a thread that dies fails its own requests with an error, and the next request starts a new one', async () => {
    const single = new MimeThreadPool(1);
    try {
      assert.ok((await single.build(spec(1))).includes('Order 1'));
      const thread = (single as unknown as { threads: { terminate(): Promise<void> }[] }).threads[0]!;
      const inFlight = single.build(spec(2));
      await thread.terminate();
      await assert.rejects(inFlight);
      assert.ok((await single.build(spec(3))).includes('Order 3'), 'a new thread answers');
    } finally {
      await single.close();
    }
  });

  it('run at the nice value they are given (COMPOSE_NICE), so the API comes first when the CPU is short', async () => {
    // Linux keeps a nice value per thread.
    const niceValues = () => [...threadNiceValues().values()];
    assert.ok(!niceValues().includes(7), 'no thread at nice 7 before');
    const lowered = new MimeThreadPool(1, 7);
    try {
      assert.ok((await lowered.build(spec(1))).includes('Order 1'));
      assert.equal(niceValues().filter((n) => n === 7).length, 1, 'the compose thread runs at nice 7');
      assert.equal(niceOf(process.pid), 0, 'the main thread keeps its priority');
    } finally {
      await lowered.close();
    }
  });

  it('warm() starts every thread before any message (a worker process at start), and the messages then use those threads', async () => {
    // A nice value no other test uses tells this pool's threads apart.
    const atNine = () => [...threadNiceValues().values()].filter((n) => n === 9).length;
    const warmed = new MimeThreadPool(2, 9);
    try {
      assert.equal(atNine(), 0, 'no thread before');
      await warmed.warm();
      assert.equal(atNine(), 2, 'both threads started');
      const built = await Promise.all([1, 2, 3, 4].map((n) => warmed.build(spec(n))));
      assert.ok(built[3]!.includes('Order 4'));
      await warmed.warm();
      assert.equal(atNine(), 2, 'no thread started twice');
    } finally {
      await warmed.close();
    }
  });

  it('refuses work once closed', async () => {
    const closed = new MimeThreadPool(1);
    await closed.close();
    await assert.rejects(closed.build(spec(1)), /closed/);
  });
});

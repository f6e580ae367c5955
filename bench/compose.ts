/**
 * What composing one message costs: the bench's one-recipient HTML message, composed N
 * times on this thread after a warm-up, by the direct writer (src/delivery/mime-writer.ts,
 * what `buildMime` uses for this shape) and by nodemailer's composer (`composeWithNodemailer`,
 * the path for attachments). nodemailer's is measured once with Node's default stack
 * traces and once without them, as the compose threads run (src/delivery/mime-thread.entry.ts:
 * Node's stream.pipeline creates a DOMException, and so a stack trace, for every MIME part
 * it finishes).
 *
 *   npm run bench:compose -- [--count 3000]
 *
 * Prints wall time and CPU per message for each. A diagnostic, not a target: no ratio.
 */
import { parseArgs } from 'node:util';
import { buildMime, composeWithNodemailer, textOf, type MimeSpec } from '../src/delivery/mime.ts';

const { values } = parseArgs({ options: { count: { type: 'string' } } });
const count = Math.max(1, Number(values.count ?? 3000));
const html = `<p>${'Hello there, this is a test. '.repeat(70)}</p>`;
const spec = (i: number): MimeSpec => ({
  baseBoundary: `b${i}`,
  from: { name: 'Shop', address: 'shop@example.com' },
  to: [{ name: '', address: `p${i}@bench.example` }],
  cc: [],
  subject: 'Your order has shipped',
  html,
  text: null,
  attachments: [],
  messageId: `<${i}@example.com>`,
  date: Date.now(),
  headers: {},
});

async function measure(label: string, compose: (spec: MimeSpec) => Promise<string>, stackTraceLimit: number): Promise<void> {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = stackTraceLimit;
  try {
    for (let i = 0; i < 500; i++) await compose(spec(i));
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < count; i++) await compose(spec(i));
    const used = process.cpuUsage(cpu);
    const wallUs = ((performance.now() - started) * 1000) / count;
    console.log(
      `${label}, Error.stackTraceLimit=${stackTraceLimit}: ${wallUs.toFixed(0)} µs wall, ${((used.user + used.system) / count).toFixed(0)} µs CPU per message (${count} messages)`,
    );
  } finally {
    Error.stackTraceLimit = saved;
  }
}

const viaNodemailer = (s: MimeSpec) => composeWithNodemailer(s, textOf(s));
await measure('direct writer', buildMime, 0);
await measure('nodemailer', viaNodemailer, 10);
await measure('nodemailer', viaNodemailer, 0);

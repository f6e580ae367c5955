/**
 * What rendering a template costs a send: the 20-line-item receipt with its layout (bench/receipt.ts),
 * rendered by the send path's own renderContent (templates.service.ts) with the compiled-template
 * cache on, against a plain-HTML send of the same size, which renders nothing. Each message is
 * then composed (the MIME a worker builds, src/delivery/mime.ts), so the ratio says how much a
 * templated message costs beyond a plain one of the same size, in CPU on this thread.
 *
 *   npm run bench:template -- [--count 3000]
 *
 * Prints CPU µs per message for: compiling the receipt (cache off: a new text each time), rendering
 * it (cache on), rendering it with inlined CSS, composing the plain HTML, and the ratio
 * plain / (render + compose). A diagnostic of the send path; bench:send --template is the rate.
 */
import { parseArgs } from 'node:util';
import { buildMime, type MimeSpec } from '../src/delivery/mime.ts';
import { renderContent, type MessageContent } from '../src/features/notify/templates/templates.service.ts';
import { LAYOUT, RECEIPT, receiptParams } from './receipt.ts';

const { values } = parseArgs({ options: { count: { type: 'string' } } });
const count = Math.max(1, Number(values.count ?? 3000));
const params = receiptParams();
const content: MessageContent = { subject: RECEIPT.subject, html: RECEIPT.htmlContent, text: null, layout: LAYOUT.htmlContent };
const rendered = renderContent(content, params, undefined);
const spec = (i: number, html: string, subject: string): MimeSpec => ({
  baseBoundary: `b${i}`,
  from: { name: 'Shop', address: 'shop@example.com' },
  to: [{ name: '', address: `p${i}@bench.example` }],
  cc: [],
  subject,
  html,
  text: null,
  attachments: [],
  messageId: `<${i}@example.com>`,
  date: Date.now(),
  headers: {},
});

/** CPU µs per call of `work`, after a warm-up. */
async function measure(label: string, work: (i: number) => unknown, n = count): Promise<number> {
  for (let i = 0; i < Math.min(300, n); i++) await work(i);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await work(i);
  const used = process.cpuUsage(cpu);
  const us = (used.user + used.system) / n;
  console.log(
    `${label.padEnd(58)} ${us.toFixed(1).padStart(8)} µs CPU, ${(((performance.now() - started) * 1000) / n).toFixed(1).padStart(8)} µs wall per message`,
  );
  return us;
}

console.log(`Receipt: 20 line items and a discount, with a layout; rendered HTML ${rendered.html.length} characters. ${count} messages per line.`);
await measure(
  'compile and render (cache off: a new text each time)',
  (i) => renderContent({ ...content, html: `${content.html}<!-- ${i} -->` }, params, undefined),
  Math.min(count, 500),
);
const render = await measure('render the receipt with its layout (cache on)', () => renderContent(content, params, undefined));
await measure('render it and inline its CSS (inlineCss)', () => renderContent({ ...content, inlineCss: true }, params, undefined), Math.min(count, 500));
const plain = await measure('compose the plain HTML of the same size', (i) => buildMime(spec(i, rendered.html, rendered.subject)));
const both = await measure('render, then compose what it rendered', (i) => {
  const r = renderContent(content, params, undefined);
  return buildMime(spec(i, r.html, r.subject));
});
console.log(`render alone / compose plain: ${(render / plain).toFixed(3)}`);
console.log(`RATIO plain / templated (compose plain ÷ render + compose): ${(plain / both).toFixed(3)}`);

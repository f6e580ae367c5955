/**
 * The dashboard's weight and speed on this machine: the JavaScript and CSS the first page
 * loads (bytes and gzip -9 bytes, read from web/dist), and time to interactive in Debian's
 * Chromium against a real `postwire start` on the same machine:
 *
 * - cold sign-in page: a fresh browser context (empty cache) opens /app; interactive = the
 *   sign-in button is rendered and enabled (React has mounted and the refresh probe answered);
 * - signed-in reload: a signed-in tab reloads /app (cached bundle); interactive = the
 *   overview's numbers are on screen (refresh cookie → access token → /account and /stats).
 *
 * Times are navigationStart → that moment, read from performance.now() in the page, the
 * median of --runs (default 15). Usage: npm run bench:dashboard [-- --runs 15]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ensureDashboardBuilt, launchBrowser } from '../test/helpers/browser.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { ROOT, startPostwire, stopAll } from '../test/helpers/process.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

ensureDashboardBuilt();
const html = readFileSync(`${ROOT}web/dist/index.html`, 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\/app\/([^"]+)"/g)].map((m) => m[1]!);
let raw = 0;
let gzip = 0;
for (const asset of assets) {
  const bytes = readFileSync(`${ROOT}web/dist/${asset}`);
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
  console.log(`${asset}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip`);
}
console.log(`initial load: ${raw} bytes, ${gzip} bytes gzip (${assets.length} files + index.html ${html.length} bytes)`);

const database = await createTestDatabase('sqlite');
const server = await startPostwire('start', { DATA_DIR: database.dataDir, INBOUND_SMTP_PORT: '0', SMTP_SUBMISSION_PORT: '0' });
const browser = await launchBrowser();
try {
  const cold: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    cold.push((await page.evaluate('performance.now()')) as number);
    await context.close();
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email address').fill(server.credentials!.email);
  await page.getByLabel('Password').fill(server.credentials!.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('total-accepted').waitFor();
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.reload();
    await page.getByTestId('total-accepted').waitFor();
    warm.push((await page.evaluate('performance.now()')) as number);
  }
  const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;
  console.log(`time to interactive, cold sign-in page: ${fmt(cold)}`);
  console.log(`time to interactive, signed-in reload to the overview: ${fmt(warm)}`);
} finally {
  await browser.close();
  await stopAll();
  await database.drop();
}

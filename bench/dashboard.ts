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
 * median of --runs (default 15).
 *
 * Then the server time of the Contacts page with a million contacts and of a campaign's
 * report with 100,000 recipients, against stated targets (bench/dashboard-data.ts).
 *
 *   npm run bench:dashboard -- [--runs 15] [--only ui|data] [--dialect sqlite|postgres]
 *                              [--contacts 1000000] [--recipients 100000]
 *
 * The postgres dialect needs DATABASE_URL (a server where the bench may create a database).
 * The exit code is 1 when a target was missed or an answer was not what the data says.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { benchData } from './dashboard-data.ts';
import { ensureDashboardBuilt, launchBrowser } from '../test/helpers/browser.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { ROOT, startPostwire, stopAll } from '../test/helpers/process.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    only: { type: 'string' },
    dialect: { type: 'string', default: 'sqlite' },
    contacts: { type: 'string', default: '1000000' },
    recipients: { type: 'string', default: '100000' },
  },
});
const runs = Number(values.runs);
if (values.dialect !== 'sqlite' && values.dialect !== 'postgres') throw new Error(`--dialect must be sqlite or postgres, got "${values.dialect}"`);
if (values.dialect === 'postgres') {
  const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('--dialect postgres needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres');
  // The fresh-database helper of the tests reads the server from TEST_DATABASE_URL.
  process.env.TEST_DATABASE_URL = server;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (values.only !== 'data') {
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
    const fmt = (xs: number[]) =>
      `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;
    console.log(`time to interactive, cold sign-in page: ${fmt(cold)}`);
    console.log(`time to interactive, signed-in reload to the overview: ${fmt(warm)}`);
  } finally {
    await browser.close();
    await stopAll();
    await database.drop();
  }
}

if (values.only !== 'ui') {
  const { missed } = await benchData({ dialect: values.dialect, contacts: Number(values.contacts), recipients: Number(values.recipients), runs }, (line) =>
    console.log(line),
  );
  if (missed > 0) process.exitCode = 1;
}

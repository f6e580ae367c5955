/**
 * A real browser for the dashboard tests: Debian's Chromium driven by playwright-core (no
 * browser download). CHROMIUM_PATH overrides where it is. When it is missing the tests fail
 * at once with the command that installs it, rather than being skipped in silence.
 *
 * `checkAccessibility` runs axe-core in the page and returns its serious and critical
 * violations. It is evaluated through the DevTools protocol, which the page's CSP does not
 * govern, so the dashboard's real policy (no inline script) stays on while it runs.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { TestDatabase } from './db.js';
import { type PostwireProcess, ROOT, startPostwire } from './process.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No browser: Chromium is not at ${CHROMIUM_PATH}. The dashboard tests drive a real one; install it with ` +
        '`apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium or Chrome binary).',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

function newestSource(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newestSource(`${dir}/${entry.name}`) : statSync(`${dir}/${entry.name}`).mtimeMs,
    ),
  );
}

/** web/dist, built now when this checkout has no build or web/src changed since (the tests must see the code as it is). */
export function ensureDashboardBuilt(): void {
  const index = `${ROOT}web/dist/index.html`;
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(newestSource(`${ROOT}web/src`), statSync(`${ROOT}web/index.html`).mtimeMs)) return;
  execFileSync('npm', ['run', '-s', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function checkAccessibility(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate('typeof window.axe');
  if (loaded === 'undefined') await page.evaluate(axeSource);
  const violations = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')),
  })))`)) as Violation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Opens the dashboard of `server` and signs in with the first login it printed; resolves once the overview shows. */
export async function signInToDashboard(page: Page, server: PostwireProcess): Promise<void> {
  assert.ok(server.credentials, 'the first start prints a login');
  await page.goto(`${server.url}/app`);
  await page.getByLabel('Email address').fill(server.credentials.email);
  await page.getByLabel('Password').fill(server.credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/**
 * The real program for a dashboard test, as `npm start` starts it on a test database: no SMTP
 * listeners, a quick worker, and loopback open to webhooks (a test's receiver listens there).
 */
export function startDashboardServer(database: TestDatabase): Promise<PostwireProcess> {
  return startPostwire('start', {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    INBOUND_SMTP_PORT: '0',
    SMTP_SUBMISSION_PORT: '0',
    WORKER_POLL_MS: '50',
    OUTBOUND_ALLOW: '127.0.0.1',
  });
}

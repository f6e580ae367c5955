// Runs in a process of its own (scripts/run-tests.mjs), beside other files rather than in the serial
// lane: it waits on the browser and the program far more than it computes, and is the longest file.
/**
 * The dashboard in a real browser, as a person uses it: the real program started as
 * `npm start` starts it, Chromium driven through playwright-core. Sign in with the first
 * login the server prints, add a sender and a sending domain, send a test message and read
 * it in the capture inbox, simulate an open and a click and see them counted, download
 * an attachment byte for byte, simulate a bounce and find the address suppressed, follow
 * the message's timeline, create an API key and use it with curl, revoke it; write a
 * template watching its live preview, save it, test-send it and read it in the inbox; then the
 * marketing pages: create a list, import a CSV file and watch its counters, see a broken
 * file's import fail with its reason, see a
 * segment's count, write a campaign as a draft (the live recipient count), test-send it, send
 * it after a confirmation that states its recipients and watch its counters and rates reach the
 * delivered count, follow its tracked link and see the click on the link's row; schedule one,
 * pause, resume and cancel it; sign out. A member signed in sees
 * their role and no API keys in the menu.
 * Every page passes axe-core with no serious or critical violation (checked on the first
 * dialect), and no page breaks its Content-Security-Policy. The screenshots in docs/dashboard.md are taken by
 * `npm run docs:screenshots`, not here.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkAccessibility, ensureDashboardBuilt, launchBrowser } from '../helpers/browser.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { SCANNER_WINDOW_MS } from '../../src/lib/engagement.js';
import { callApi, logIn, startPostwire, stopAll, type PostwireProcess } from '../helpers/process.js';

const run = promisify(execFile);

for (const dialect of DIALECTS) {
  describe(`the dashboard in Chromium [${dialect}]`, () => {
    let database: TestDatabase;
    let server: PostwireProcess;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    // The webhook receiver: answers every call 200 (a local address, which OUTBOUND_ALLOW opens to this server).
    let receiver: Server;
    let receiverUrl: string;
    const cspViolations: string[] = [];
    // Every message the browser logs as an error (a failed request included).
    const consoleErrors: string[] = [];
    // axe-core on the first dialect only: a page's markup is the dashboard's (web/), the same
    // whichever database the server runs on, and axe is a large share of this file's CPU.
    const accessible = async (what: string) => {
      if (dialect !== DIALECTS[0]) return;
      const violations = await checkAccessibility(page);
      assert.deepEqual(violations, [], `${what}: axe finds serious or critical violations: ${JSON.stringify(violations)}`);
    };
    // Waits until the chart's canvas shows a series' colour (red, green, blue) rising more than
    // 20 pixels: a value above zero is drawn, not only a flat line along the axis.
    const chartShows = (rgb: [number, number, number]) =>
      page.waitForFunction(([r, g, b]) => {
        const canvas = (globalThis as any).document.querySelector('.time-chart-plot canvas');
        if (!canvas || canvas.width === 0) return false;
        const pixels: Uint8ClampedArray = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let top = Number.POSITIVE_INFINITY;
        let bottom = -1;
        for (let i = 0; i < pixels.length; i += 4)
          if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b && pixels[i + 3] === 255) {
            const row = Math.floor(i / 4 / canvas.width);
            top = Math.min(top, row);
            bottom = Math.max(bottom, row);
          }
        return bottom - top > 20;
      }, rgb);
    const go = async (link: string, heading: string) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };

    before(async () => {
      ensureDashboardBuilt();
      receiver = createServer((request, response) => {
        request.resume();
        request.on('end', () => response.end('ok'));
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      database = await createTestDatabase(dialect);
      server = await startPostwire('start', {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        INBOUND_SMTP_PORT: '0',
        SMTP_SUBMISSION_PORT: '0',
        WORKER_POLL_MS: '50',
        OUTBOUND_ALLOW: '127.0.0.1',
      });
      browser = await launchBrowser();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      page.on('console', (message) => {
        // A message's images refused in its preview (the open pixel of a tracked copy) are the policy at work, not the page breaking it.
        if (/Content Security Policy/i.test(message.text()) && !/"img-src /.test(message.text())) cspViolations.push(message.text());
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
    });
    after(async () => {
      await browser?.close();
      await stopAll();
      await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
      await database?.drop();
    });

    it('prints the dashboard address in the start banner and serves it with a CSP that forbids inline script', async () => {
      assert.match(server.stdout, new RegExp(`^ {2}App: +${server.url}/app\\b`, 'm'));
      const response = await fetch(`${server.url}/app`);
      assert.equal(response.status, 200);
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.doesNotMatch(csp, /unsafe-inline[^;]*;[^;]*$|script-src[^;]*unsafe/);
      const html = await response.text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script in the page');
      assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//, 'no asset from another host');
    });

    it('signs in with the first login the server printed, and keeps the session across a reload without localStorage', async () => {
      assert.ok(server.credentials, 'the first start prints a login');
      await page.goto(`${server.url}/app`);
      await page.getByRole('heading', { name: 'Sign in to Postwire' }).waitFor();
      assert.deepEqual(consoleErrors, [], 'a first visit logs no error (no failed refresh without a cookie)');
      await accessible('the sign-in page');
      await page.getByLabel('Email address').fill(server.credentials.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'The email address or password is not correct.' }).waitFor();
      await page.getByLabel('Password').fill(server.credentials.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.getByTestId('credits').waitFor();
      // The account's share of the database and the whole, with the body retention in force.
      await page
        .getByTestId('storage')
        .filter({ hasText: /^[\d.]+ (B|KB|MB) of [\d.]+ (KB|MB) in all; bodies kept 30 days$/ })
        .waitFor();
      await accessible('the overview');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      assert.equal(await page.evaluate('localStorage.length + sessionStorage.length'), 0, 'nothing in web storage');
      assert.equal(await page.evaluate('document.cookie'), '', 'no cookie a script can read');
      const cookies = await context.cookies();
      const refresh = cookies.find((c) => c.name === 'postwire_refresh');
      assert.ok(refresh, 'the refresh cookie is set');
      assert.equal(refresh.httpOnly, true);
      assert.equal(refresh.sameSite, 'Strict');
      assert.equal(refresh.path, '/token');
    });

    it('shows the delivery queue on the overview: each state labelled with its count', async () => {
      const queue = page.getByRole('region', { name: 'Delivery queue now' });
      await queue.waitFor();
      const figures = { Queued: 'queue-queued', 'Deferred (retrying)': 'queue-deferred', Sending: 'queue-sending', Scheduled: 'queue-scheduled' };
      for (const [label, testId] of Object.entries(figures)) {
        const card = queue.locator('.card').filter({ has: page.getByText(label, { exact: true }) });
        assert.match(await card.getByTestId(testId).innerText(), /^\d+$/, `${label} shows a number`);
      }
      const oldest = queue.locator('.card').filter({ has: page.getByText('Oldest waiting', { exact: true }) });
      assert.match(await oldest.getByTestId('queue-oldest').innerText(), /^(none|\d+ (s|min)|\d+ h \d+ min|\d+ days)$/);
      await accessible('the overview with the delivery queue');
    });

    it('adds a sender, and shows the API message for the field when a domain is refused', async () => {
      await go('Senders & domains', 'Senders & domains');
      await page.getByText('Admin').first().waitFor();
      const senderForm = page.getByRole('form', { name: 'Add a sender' });
      await senderForm.getByLabel('Sender address').fill('news@example.com');
      await senderForm.getByLabel('Display name').fill('Example News');
      await senderForm.getByRole('button', { name: 'Add sender' }).click();
      await page.getByRole('cell', { name: 'news@example.com' }).waitFor();

      const domainForm = page.getByRole('form', { name: 'Add a sending domain' });
      await domainForm.getByLabel('Domain').fill('not a domain');
      await domainForm.getByRole('button', { name: 'Add domain' }).click();
      await domainForm.locator('.field-error').waitFor();
      assert.match(await domainForm.locator('.field-error').innerText(), /^name: /);
      await domainForm.getByLabel('Domain').fill('example.org');
      await domainForm.getByRole('button', { name: 'Add domain' }).click();
      await page.getByRole('heading', { name: /example\.org/ }).waitFor();
      await page.getByRole('cell', { name: /postwire\._domainkey\.example\.org/ }).waitFor();
      assert.ok((await page.getByRole('button', { name: /Copy the dkim record value/ }).count()) === 1, 'the DKIM record has a copy button');
      await accessible('senders and domains');
    });

    it('sends a test message from the new sender and reads it in the capture inbox', async () => {
      await go('Capture inbox', 'Capture inbox');
      await accessible('the empty inbox');
      const form = page.getByRole('form', { name: 'Send a test message' });
      await form.getByLabel('From').selectOption('news@example.com');
      await form.getByLabel('To').fill('reader@example.net');
      await form.getByRole('button', { name: 'Send test message' }).click();
      // Live: the list polls, the message appears without a reload.
      const item = page.getByRole('list', { name: 'Captured mail' }).getByRole('button', { name: /Test message from Postwire/ });
      await item.waitFor({ timeout: 20_000 });
      await item.click();
      await page.getByRole('heading', { level: 2, name: 'Test message from Postwire' }).waitFor();
      await page.frameLocator('iframe.preview').getByRole('heading', { name: 'It works' }).waitFor();
      assert.equal(await page.locator('iframe.preview').getAttribute('sandbox'), '', 'the message HTML runs sandboxed');
      await accessible('a message in the inbox');
      await page.getByRole('tab', { name: 'Headers' }).click();
      await page.getByRole('rowheader', { name: 'Subject' }).waitFor();
      await page.getByRole('tab', { name: 'Raw' }).click();
      assert.match(await page.locator('pre.raw').innerText(), /^From: /m);
    });

    it('simulates an open and a click of the captured message, counted as real ones, and downloads attachments byte for byte', async () => {
      await page.getByRole('button', { name: 'Simulate open' }).click();
      await page.getByRole('status').filter({ hasText: 'Recorded an open for reader@example.net.' }).waitFor();
      await page.getByRole('button', { name: 'Simulate click' }).click();
      // The test message is tracked and links to the inbox: the click follows its first link.
      await page
        .getByRole('status')
        .filter({ hasText: `Recorded a click on ${server.url}/app/inbox for reader@example.net.` })
        .waitFor();
      await accessible('the inbox after a simulated click');
      const token = await logIn(server, server.credentials!);
      const stats = await callApi(server.url, '/notify/v1/stats', { token });
      // One open: reading the copy in the inbox (whose pixel is on this origin) is not one.
      assert.deepEqual([stats.json.resultObject.totals.opened, stats.json.resultObject.totals.clicked], [1, 1]);

      // The test message has no attachment: one sent through the API has.
      const file = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4000)]);
      const sent = await callApi(server.url, '/notify/v1/send', {
        token,
        json: {
          from: { email: 'news@example.com' },
          to: [{ email: 'files@example.net' }],
          subject: 'Your report',
          htmlContent: '<p>The report is attached.</p>',
          attachments: [{ filename: 'Bericht März.bin', content: file.toString('base64'), contentType: 'application/octet-stream' }],
        },
      });
      assert.equal(sent.status, 200, sent.text);
      const saved = async (button: string) => {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
        assert.equal(download.suggestedFilename(), 'Bericht März.bin');
        return readFileSync((await download.path())!);
      };
      await go('Messages', 'Messages');
      await page.getByRole('link', { name: 'Your report' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your report' }).waitFor();
      assert.ok((await saved('Download Bericht März.bin')).equals(file), 'the file saved from the message is the one sent');
      await accessible('a message with an attachment');

      await go('Capture inbox', 'Capture inbox');
      const captured = page.getByRole('list', { name: 'Captured mail' }).getByRole('button', { name: /Your report/ });
      await captured.waitFor({ timeout: 20_000 });
      await captured.click();
      await page.getByRole('heading', { level: 2, name: 'Your report' }).waitFor();
      assert.ok((await saved('Download Bericht März.bin')).equals(file), 'the file saved from the captured copy is the one sent');
      await accessible('a captured message with an attachment');
      // Back to the test message, for the bounce that follows.
      await page
        .getByRole('list', { name: 'Captured mail' })
        .getByRole('button', { name: /Test message from Postwire/ })
        .click();
      await page.getByRole('heading', { level: 2, name: 'Test message from Postwire' }).waitFor();
    });

    it('simulates a bounce and shows the address on the suppression list', async () => {
      await page.getByRole('button', { name: 'Simulate bounce' }).click();
      await page.getByRole('status').filter({ hasText: 'Recorded a bounce for reader@example.net' }).waitFor();
      await page.getByRole('link', { name: 'See suppressions' }).click();
      await page.getByRole('heading', { level: 1, name: 'Suppressions' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'reader@example.net' });
      await row.waitFor();
      assert.match(await row.innerText(), /hard_bounce/);
      await accessible('suppressions');
    });

    it('exports the suppression list as a CSV file with the bounced address in it, and suppresses an address by hand', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      assert.equal(download.suggestedFilename(), 'suppressions.csv');
      const path = await download.path();
      const csv = readFileSync(path, 'utf8');
      assert.match(csv, /^email,reason,createTime,details\r\n/);
      assert.match(csv, /^reader@example\.net,hard_bounce,\d{4}-/m);

      const form = page.getByRole('form', { name: 'Suppress an address' });
      await form.getByLabel('Address to suppress').fill('by-hand@example.net');
      await form.getByRole('button', { name: 'Suppress' }).click();
      await page.getByRole('status').filter({ hasText: 'by-hand@example.net is suppressed.' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'by-hand@example.net' });
      await row.waitFor();
      assert.match(await row.innerText(), /manual/);
      await accessible('suppressions with an address added');
    });

    it('lists the message and shows its timeline: accepted, sent, bounced', async () => {
      await go('Messages', 'Messages');
      await page.getByRole('link', { name: 'Test message from Postwire' }).click();
      await page.getByRole('heading', { level: 1, name: 'Test message from Postwire' }).waitFor();
      const timeline = page.getByRole('list', { name: 'Events for reader@example.net' });
      await timeline.getByText('bounced').waitFor();
      assert.match(await timeline.innerText(), /accepted[\s\S]*sent[\s\S]*bounced/);
      await accessible('a message');
      await go('Messages', 'Messages');
      await accessible('the message list');
    });

    it('creates an API key, shows it once, and the key works with curl until it is revoked', async () => {
      await go('API keys', 'API keys');
      await accessible('API keys without keys');
      const form = page.getByRole('form', { name: 'Create an API key' });
      await form.getByLabel('Name').fill('ci server');
      await form.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.getByTestId('new-api-key').innerText()).trim();
      assert.match(key, /^pwLIVE[0-9A-Za-z]{40}$/);
      await accessible('API keys');

      const send = () =>
        run('curl', [
          '-s',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          '-H',
          `Authorization: Bearer ${key}`,
          '-H',
          'Content-Type: application/json',
          '-d',
          JSON.stringify({
            from: { email: 'news@example.com', name: 'Example News' },
            to: [{ email: 'curl@example.net' }],
            subject: 'From curl',
            htmlContent: '<p>hi</p>',
          }),
          `${server.url}/notify/v1/send`,
        ]);
      assert.equal((await send()).stdout, '200');

      await page.getByRole('button', { name: 'I have stored it' }).click();
      assert.equal(await page.getByTestId('new-api-key').count(), 0, 'the key is not shown again');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Revoke ci server' }).click();
      await page.getByText('No API keys').waitFor();
      assert.equal((await send()).stdout, '401');
    });

    it('adds a webhook with its secret shown once, shows its delivery log, replays a delivery, rotates the secret and deletes it', async () => {
      await go('Webhooks', 'Webhooks');
      await page.getByText('No webhooks').waitFor();
      await accessible('webhooks without webhooks');
      const form = page.getByRole('form', { name: 'Add a webhook' });
      // A URL the API refuses: its message shows under the field.
      await form.getByLabel('URL').fill('ftp://example.com/hooks');
      await form.getByRole('button', { name: 'Add webhook' }).click();
      await form
        .locator('.field-error')
        .filter({ hasText: /^url: / })
        .waitFor();
      await form.getByLabel('URL').fill(receiverUrl);
      // Only `sent` (what the capture transport records for a message): one call per message.
      await form.getByLabel('sent', { exact: true }).check();
      await form.getByRole('button', { name: 'Add webhook' }).click();
      const first = (await page.getByTestId('webhook-secret').innerText()).trim();
      assert.ok(first.length > 20, 'the signing secret is shown');
      const row = page.getByRole('row').filter({ hasText: receiverUrl });
      await row.waitFor();
      assert.match(await row.innerText(), /\bsent\b/);
      assert.doesNotMatch(await row.innerText(), new RegExp(first), 'the list shows a preview only');
      await accessible('webhooks');
      await page.getByRole('button', { name: 'I have stored it' }).click();
      assert.equal(await page.getByTestId('webhook-secret').count(), 0, 'the secret is not shown again');

      // A message sent after the webhook was added: its sent event reaches the receiver.
      const token = await logIn(server, server.credentials!);
      const sent = await callApi(server.url, '/notify/v1/send', {
        token,
        json: { from: { email: 'news@example.com' }, to: [{ email: 'hooked@example.net' }], subject: 'Hooked', htmlContent: '<p>hi</p>' },
      });
      assert.equal(sent.status, 200);
      await page.getByRole('button', { name: `Delivery log of ${receiverUrl}` }).click();
      const log = page.getByRole('table', { name: 'Deliveries' });
      await log.getByRole('row').filter({ hasText: 'HTTP 200' }).first().waitFor({ timeout: 20_000 });
      assert.equal(await log.getByRole('row').count(), 2, 'a header and the one sent event');
      assert.match(await log.getByRole('row').nth(1).innerText(), /^sent\s+delivered\s+1\s+HTTP 200/);
      await accessible('a webhook delivery log');
      await page.getByRole('button', { name: /^Replay the sent event/ }).click();
      await page.getByRole('status').filter({ hasText: 'Queued 1 delivery of the sent event.' }).waitFor();
      // The replay is a second call of the same event, answered too.
      await log.getByRole('row').filter({ hasText: 'HTTP 200' }).nth(1).waitFor({ timeout: 20_000 });
      assert.equal(await log.getByRole('row').count(), 3, 'a header and two calls of the one event');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Rotate secret of ${receiverUrl}` }).click();
      const second = (await page.getByTestId('webhook-secret').innerText()).trim();
      assert.notEqual(second, first, 'a new secret');
      await page.getByRole('button', { name: 'I have stored it' }).click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
      await page.getByText('No webhooks').waitFor();
    });

    it('adds a user with a role and a password shown once, changes the role, and removes the user', async () => {
      await go('Users & roles', 'Users & roles');
      await page.getByRole('cell', { name: server.credentials!.email, exact: true }).waitFor();
      const form = page.getByRole('form', { name: 'Add a user' });
      await form.getByLabel('Email address').fill('editor@example.com');
      await form.getByLabel('Role').selectOption('admin');
      await form.getByRole('button', { name: 'Add user' }).click();
      assert.ok((await page.getByTestId('new-user-password').innerText()).trim().length >= 8, 'the generated password is shown');
      const role = page.getByRole('combobox', { name: 'Role of editor@example.com' });
      await role.waitFor();
      assert.equal(await role.inputValue(), 'admin');
      await accessible('users and roles');
      await page.getByRole('button', { name: 'I have passed it on' }).click();
      // The same address again: the API's refusal is shown.
      await form.getByLabel('Email address').fill('editor@example.com');
      await form.getByRole('button', { name: 'Add user' }).click();
      await page.getByRole('alert').filter({ hasText: 'A user with the email editor@example.com already exists.' }).waitFor();
      await Promise.all([page.waitForResponse((r) => r.url().includes('/account/users/') && r.request().method() === 'PATCH'), role.selectOption('member')]);
      // The role is what the API keeps: a reload shows it.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Users & roles' }).waitFor();
      await page.getByRole('combobox', { name: 'Role of editor@example.com' }).waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Role of editor@example.com' }).inputValue(), 'member');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Remove editor@example.com' }).click();
      await page.getByRole('cell', { name: 'editor@example.com', exact: true }).waitFor({ state: 'detached' });
    });

    it("shows billing: the credits left, payments and this month's usage", async () => {
      await go('Billing', 'Billing');
      // Billing is off on this server (the default): sending is not metered.
      await page.getByTestId('billing-credits').filter({ hasText: 'Unlimited (billing off)' }).waitFor();
      await page.getByText('No payments yet').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Usage per day' }).waitFor();
      await accessible('billing');
    });

    it('writes a template with a live preview that follows its params, saves it, test-sends it and finds the rendered message in the capture inbox', async () => {
      await go('Templates', 'Templates');
      await page.getByText('No templates yet').waitFor();
      await accessible('templates without templates');
      await page.getByRole('button', { name: 'New template' }).click();
      const editor = page.getByRole('form', { name: 'New template' });
      await editor.getByLabel('Name').fill('Welcome');
      await editor.getByLabel('Subject').fill('Welcome, {{ name }}');
      await editor.getByLabel('HTML', { exact: true }).fill('<h1>Hello {{ name }}</h1><p>Your plan: {{ plan }}.</p>');
      const preview = page.getByRole('region', { name: 'Preview' });
      // No values yet: the preview renders them empty and lists what the params lack.
      await preview.getByTestId('missing-variables').filter({ hasText: 'name, plan' }).waitFor();
      const params = preview.getByLabel('Params (JSON)');
      const html = page.frameLocator('iframe[title="Preview of the HTML"]');
      await params.fill('{"name": "Ann", "plan": "Pro"}');
      await preview.getByText('Welcome, Ann', { exact: true }).waitFor();
      await html.getByRole('heading', { name: 'Hello Ann' }).waitFor();
      assert.equal(await page.locator('iframe[title="Preview of the HTML"]').getAttribute('sandbox'), '', 'the preview runs sandboxed');
      // Other values, one with markup: the subject takes it as it is, the HTML escaped (shown as text, not as a tag).
      await params.fill('{"name": "Bob <b>&</b> Co", "plan": "Team"}');
      await preview.getByText('Welcome, Bob <b>&</b> Co', { exact: true }).waitFor();
      await html.getByRole('heading', { name: 'Hello Bob <b>&</b> Co' }).waitFor();
      await html.getByText('Your plan: Team.').waitFor();
      await accessible('the template editor with its preview');

      await editor.getByRole('button', { name: 'Save template' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved Welcome.' }).waitFor();
      const row = page.getByRole('table', { name: 'Templates' }).getByRole('row').filter({ hasText: 'Welcome' });
      await row.getByRole('cell', { name: 'name, plan', exact: true }).waitFor();

      const test = page.getByRole('form', { name: 'Send a test of this template' });
      await test.getByLabel('From').selectOption('news@example.com');
      await test.getByLabel('To').fill('template@example.net');
      await test.getByRole('button', { name: 'Send test' }).click();
      const sent = page.getByRole('status').filter({ hasText: 'Sent to template@example.net: message' });
      await sent.waitFor();
      await accessible('templates');
      // The whole page: the editor, its preview and the test send are taller than one screen.
      // The message id links to the message's page, which shows the rendered subject.
      await sent.getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: 'Welcome, Bob <b>&</b> Co' }).waitFor();

      await go('Capture inbox', 'Capture inbox');
      const item = page.getByRole('list', { name: 'Captured mail' }).getByRole('button', { name: /Welcome, Bob <b>&<\/b> Co/ });
      await item.waitFor({ timeout: 20_000 });
      await item.click();
      await page.getByRole('heading', { level: 2, name: 'Welcome, Bob <b>&</b> Co' }).waitFor();
      await page.frameLocator('iframe.preview').getByRole('heading', { name: 'Hello Bob <b>&</b> Co' }).waitFor();
    });

    it('the template editor shows a syntax error with its line and column, the preview once it is fixed, the missing variables, and a phone width', async () => {
      await go('Templates', 'Templates');
      await page.getByRole('button', { name: 'New template' }).click();
      const editor = page.getByRole('form', { name: 'New template' });
      const preview = page.getByRole('region', { name: 'Preview' });
      const frame = page.frameLocator('iframe[title="Preview of the HTML"]');
      await editor.getByLabel('Name').fill('Receipt');
      await editor.getByLabel('Subject').fill('Receipt {{ order.id }}');
      await editor.getByLabel('Format').selectOption('Handlebars');
      const html = editor.getByLabel('HTML', { exact: true });
      // The closing brace of {{ title } is missing on line 3.
      await html.fill('<h1>Receipt {{ order.id }}</h1>\n<ul>{{#each order.items}}\n<li>{{ title }</li>\n{{/each}}</ul>');
      await editor.getByText(/is not a valid template: line 3, column \d+/).waitFor();
      await accessible('the template editor with a syntax error');
      await html.fill(
        '<h1>Receipt {{ order.id }}</h1>\n<ul>{{#each order.items}}\n<li>{{ title }}</li>\n{{/each}}</ul>{{#if order.discount}}<p>Discount {{ order.discount }}</p>{{/if}}',
      );
      await preview.getByTestId('missing-variables').filter({ hasText: 'order.id, order.items, order.discount' }).waitFor();
      assert.equal(await editor.getByText(/is not a valid template/).count(), 0, 'the error is gone once the text is fixed');
      const params = preview.getByLabel('Params (JSON)');
      await params.fill('{"order": {"id": "R-7", "items": [{"title": "Tea"}');
      await preview.getByText(/params: not valid JSON/).waitFor();
      await params.fill('{"order": {"id": "R-7", "items": [{"title": "Tea"}, {"title": "Cups & saucers"}], "discount": "5 %"}}');
      await preview.getByText('Receipt R-7', { exact: true }).waitFor();
      await frame.getByRole('listitem').filter({ hasText: 'Cups & saucers' }).waitFor();
      await frame.getByText('Discount 5 %').waitFor();
      assert.equal(await preview.getByTestId('missing-variables').count(), 0, 'nothing is missing any more');
      const iframe = page.locator('iframe[title="Preview of the HTML"]');
      assert.equal(Math.round((await iframe.boundingBox())!.width), 600, 'the desktop width');
      await preview.getByLabel('Phone (375 px)').check();
      await page.waitForFunction('Math.round(document.querySelector(\'iframe[title="Preview of the HTML"]\').getBoundingClientRect().width) === 375');
      await accessible('the template editor at the phone width');
      await editor.getByRole('button', { name: 'Save template' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved Receipt.' }).waitFor();
      const id = await page.getByTestId('template-id').innerText();
      assert.match(id, /^[0-9a-f]{24}$/);
      await page.getByRole('button', { name: 'Copy the template id' }).waitFor();
    });

    it('creates a contact list and imports a CSV file into it, with a progress bar that ends at the import counters', async () => {
      await go('Contacts & lists', 'Contacts & lists');
      await page.getByText('No contact lists yet').waitFor();
      await accessible('contacts and lists without lists');
      const form = page.getByRole('form', { name: 'Create a contact list' });
      await form.getByLabel('List name').fill('Customers');
      await form.getByRole('button', { name: 'Create list' }).click();
      // A new list opens at once, empty, ready for an import.
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      assert.equal(await page.getByTestId('list-count').innerText(), '0');
      await page.getByText('No contacts on this list').waitFor();

      // Two new addresses, one repeated, one invalid, and reader@example.net, suppressed by the bounce above.
      const csv =
        'email,City,plan\nann@example.net,Berlin,gold\nbob@example.net,Paris,\nANN@example.net,Again,\nnot-an-address,Rome,\nreader@example.net,Oslo,\n';
      const upload = page.getByRole('form', { name: 'Import a CSV file' });
      await upload.getByLabel(/CSV file/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      // The mapping step: the file's first rows, each column mapped before anything is sent. City becomes a new field; plan is left out.
      const mapping = upload.getByRole('table', { name: 'Map the columns' });
      await mapping.getByRole('row', { name: /^plan/ }).getByRole('cell', { name: 'gold' }).waitFor();
      assert.equal(await mapping.getByLabel('Import column email as').inputValue(), 'email');
      await mapping.getByLabel('Import column City as').selectOption('new');
      await mapping.getByLabel('Name of the new field for column City').fill('City');
      assert.equal(await mapping.getByLabel('Import column plan as').inputValue(), 'ignore');
      await accessible('the import mapping step');
      await upload.getByRole('button', { name: 'Import' }).click();
      await page.getByTestId('import-state').filter({ hasText: 'Completed: 5 of 5 rows' }).waitFor({ timeout: 20_000 });
      const counter = async (name: string) => page.getByTestId(`import-${name}`).innerText();
      const seen = {
        total: await counter('total'),
        added: await counter('added'),
        alreadyExists: await counter('alreadyExists'),
        repetitive: await counter('repetitive'),
        invalid: await counter('invalid'),
        hardBounce: await counter('hardBounce'),
        blocked: await counter('blocked'),
      };
      assert.deepEqual(seen, { total: '5', added: '2', alreadyExists: '0', repetitive: '1', invalid: '1', hardBounce: '1', blocked: '0' });
      const bar = page.getByRole('progressbar', { name: 'Import progress' });
      assert.equal(await bar.getAttribute('value'), await bar.getAttribute('max'), 'the bar is full');
      await page.getByText('Rejected rows (1)').click();
      await page.getByText(/Row 4: not-an-address/).waitFor();
      assert.equal(await page.getByTestId('import-ignored').innerText(), 'Columns not imported: plan');
      const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the report (CSV)' }).click()]);
      const reportText = readFileSync((await report.path())!, 'utf8');
      assert.match(reportText, /^row,email,reason\r\n4,not-an-address,[^\r\n]+\r\n,,"column ""plan"" was not imported"\r\n$/);
      // The list's count and its contacts follow the finished import without a reload.
      await page.getByTestId('list-count').filter({ hasText: /^2$/ }).waitFor();
      const contacts = page.getByRole('table', { name: 'Contacts' });
      await contacts.getByRole('cell', { name: 'ann@example.net' }).waitFor();
      assert.equal(await contacts.getByRole('row').count(), 3, 'a header and two contacts');
      await accessible('a list after an import');

      // A file that stops being CSV past the rows the upload checks (the first IMPORT_CHUNK_ROWS,
      // 1,000): the import fails, and the page says why (the API's failureReason). The rows
      // before the break are invalid addresses, so the list keeps its two contacts.
      const invalidRows = Array.from({ length: 1001 }, (_, i) => `not-an-address-${i}`).join('\n');
      await upload
        .getByLabel(/CSV file/)
        .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(`email\n${invalidRows}\n"never closed@example.net,\n`) });
      await upload.getByRole('button', { name: 'Import' }).click();
      await page
        .getByTestId('import-state')
        .filter({ hasText: /^Failed/ })
        .waitFor({ timeout: 20_000 });
      assert.match(await page.getByTestId('import-failure').innerText(), /^The import failed: .*CSV.*line \d/);
      await accessible('a failed import');

      const search = page.getByRole('form', { name: 'Search contacts' });
      await search.getByLabel('Email address').fill('BOB@example.net');
      await search.getByRole('button', { name: 'Search' }).click();
      await contacts.getByRole('cell', { name: 'ann@example.net' }).waitFor({ state: 'detached' });
      assert.equal(await contacts.getByRole('row').count(), 2, 'a header and bob');
      await contacts.getByRole('cell', { name: 'bob@example.net' }).waitFor();

      await go('Contacts & lists', 'Contacts & lists');
      await page.getByRole('row').filter({ hasText: 'Customers' }).getByRole('cell', { name: '2', exact: true }).waitFor();
      await accessible('contacts and lists');
    });

    it("lists segments with each one's count", async () => {
      await go('Segments', 'Segments');
      await page.getByText('No segments yet').waitFor();
      await accessible('segments without segments');
      // Segments are made through the API (the page lists them): everyone at example.net.
      const token = await logIn(server, server.credentials!);
      const created = await callApi(server.url, '/inbox/v1/segments', {
        token,
        json: { name: 'At example.net', rules: { field: 'email', operator: 'ends_with', value: '@example.net' } },
      });
      assert.equal(created.status, 201);
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: 'At example.net' });
      await row.getByRole('cell', { name: '2', exact: true }).waitFor();
      await accessible('segments');
    });

    it('sends a campaign to the list and its counters reach the delivered count; the report shows them by domain and a followed link by link', async () => {
      await go('Campaigns', 'Campaigns');
      await page.getByText('No campaigns yet').waitFor();
      await accessible('campaigns without campaigns');
      await page.getByRole('button', { name: 'New campaign' }).click();
      // No campaign sender yet: the page offers to add one.
      const sender = page.getByRole('form', { name: 'Add a campaign sender' });
      await sender.waitFor();
      await accessible('the campaign sender form');
      await sender.getByLabel('Sender name').fill('Example News');
      await sender.getByLabel('Sender address').fill('news@example.com');
      await sender.getByLabel('Reply-to address').fill('news@example.com');
      await sender.getByRole('button', { name: 'Add campaign sender' }).click();

      // The postal address every campaign copy carries is asked for while it is missing.
      const postal = page.getByRole('form', { name: 'Postal address' });
      await postal.getByTestId('postal-address-warning').waitFor();
      await accessible('the campaign form asking for the postal address');
      await postal.getByLabel('Postal address').fill('Example News Ltd\n1 Market Street\nSpringfield 12345');
      await postal.getByRole('button', { name: 'Save postal address' }).click();
      await page.getByRole('status').filter({ hasText: 'Postal address saved' }).waitFor();
      const form = page.getByRole('form', { name: 'Create a campaign' });
      await form.getByLabel('Subject').fill('Our November news');
      // Written in the editor: a heading, a placeholder from the menu, a link made from selected words.
      const editor = form.getByRole('textbox', { name: /^Content/ });
      await editor.click();
      // A toolbar button gives the editor its focus back on the next frame: typing waits for it.
      const editorFocused = () => page.waitForFunction(() => (globalThis as any).document.activeElement?.classList.contains('ProseMirror') === true);
      await form.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Heading' }).click();
      await editorFocused();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('.ProseMirror h2') !== null);
      await page.keyboard.type('November');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Hello ');
      await form.getByLabel('Placeholder', { exact: true }).selectOption('#email#');
      await form.getByRole('button', { name: 'Insert placeholder' }).click();
      await editorFocused();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('.ProseMirror')?.textContent?.endsWith('#email#') === true);
      await page.keyboard.type(', read more');
      for (let i = 0; i < 'read more'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
      await form.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link' }).click();
      await form.getByLabel('Link address').fill('https://example.com/news');
      await form.getByRole('button', { name: 'Apply link' }).click();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('.ProseMirror a[href="https://example.com/news"]') !== null);
      // The editor reads a moved caret on a later selectionchange: Enter before that would
      // replace the still-selected "read more". So wait until the editor's own state (Tiptap
      // hangs the editor on its element) has the caret, nothing selected, at the paragraph's end.
      await editor.press('End');
      await page.waitForFunction(() => {
        const selection = (globalThis as any).document.querySelector('.ProseMirror')?.editor?.state.selection;
        return selection?.empty === true && selection.$head.parentOffset === selection.$head.parent.content.size;
      });
      await editor.press('Enter');
      await form.getByLabel('Placeholder', { exact: true }).selectOption('#unsubscribe#');
      await form.getByRole('button', { name: 'Insert placeholder' }).click();
      await accessible('the campaign editor');
      // The same content as HTML source.
      await form.getByLabel('HTML source').check();
      const source = await form.getByLabel(/^HTML \(/).inputValue();
      assert.match(source, /^<h2>November<\/h2><p>Hello #email#, <a [^>]*href="https:\/\/example\.com\/news"[^>]*>read more<\/a><\/p><p>#unsubscribe#<\/p>$/);
      // Without an audience the API refuses, naming the field; the page shows its message there.
      await form.getByRole('button', { name: 'Save draft and continue' }).click();
      await form
        .locator('.field-error')
        .filter({ hasText: /^lists/ })
        .waitFor();
      await accessible('the campaign form with an error');
      await form.getByRole('group', { name: 'Send to' }).getByLabel('Customers (2)').check();
      // The live count: who would get it now.
      await form
        .getByTestId('audience-count')
        .filter({ hasText: /^2 recipients now/ })
        .waitFor();
      await form.getByRole('button', { name: 'Save draft and continue' }).click();

      // A draft: nothing sent yet; the page names its list, offers a test send, and the send behind a confirmation.
      await page.getByRole('heading', { level: 1, name: 'Our November news' }).waitFor();
      await page.getByTestId('campaign-status').filter({ hasText: 'draft' }).waitFor();
      await page.getByTestId('campaign-audience').filter({ hasText: 'List: Customers' }).waitFor();
      // The preview as one contact, at a desktop width and a phone's.
      const previewAs = page.getByRole('form', { name: 'Preview as a contact' });
      await previewAs.getByLabel('As the contact with the address').fill('ann@example.net');
      // The copy is in the frame, and the frame is on the page (checked below at each width). The
      // sandboxed frame is laid out in a renderer of its own, which under load reported its text
      // as not laid out for 30 s once in CI; being in the frame is what the copy's text can show.
      // Again in CI (Node 20, PostgreSQL; later Node 24, PostgreSQL) the copy never came after one
      // "Show": the cause is not known, so the test does what a person would, and shows it again
      // (each Show loads the copy again; three tries at most), and says what the page showed.
      const copy = page.frameLocator('.preview-frame iframe').getByText('Hello ann@example.net, read more');
      for (let attempt = 1; ; attempt++) {
        await previewAs.getByRole('button', { name: 'Show' }).click();
        try {
          await copy.waitFor({ state: 'attached', timeout: 15_000 });
          break;
        } catch (error) {
          if (attempt < 3) continue;
          const shown = await page
            .locator('.campaign-preview')
            .evaluate((section) => ({ text: section.textContent, frame: section.querySelector('iframe')?.getAttribute('srcdoc')?.slice(0, 300) ?? null }));
          throw new Error(`the copy did not show after three tries; the preview showed ${JSON.stringify(shown)}`, { cause: error });
        }
      }
      await page.locator('.preview-frame iframe').waitFor({ state: 'visible' });
      assert.equal(await page.getByTestId('preview-subject').innerText(), 'Our November news');
      assert.equal(await page.locator('.preview-frame iframe').evaluate((f) => f.getBoundingClientRect().width), 600);
      await page.getByLabel('Phone (375 px)').check();
      assert.equal(await page.locator('.preview-frame iframe').evaluate((f) => f.getBoundingClientRect().width), 375);
      const test = page.getByRole('form', { name: 'Send a test' });
      await test.getByLabel(/^Test addresses/).fill('me@example.org, boss@example.org');
      await test.getByRole('button', { name: 'Send test' }).click();
      await test.getByTestId('test-sent').filter({ hasText: 'Test copies sent to me@example.org, boss@example.org' }).waitFor();
      assert.equal(await page.getByTestId('campaign-totalRecipients').innerText(), '0', 'a test send is not counted');
      await accessible('a draft campaign');
      await page.getByRole('button', { name: 'Send now…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send this campaign now?' });
      await confirm.getByTestId('confirm-recipients').filter({ hasText: '“Our November news” goes to 2 recipients now' }).waitFor();
      await accessible('the confirmation before sending');
      await confirm.getByRole('button', { name: 'Send to 2 recipients' }).click();
      await confirm.waitFor({ state: 'detached' });

      // Live: the counters move without a reload until every copy is delivered (the capture transport delivers).
      await page.getByTestId('campaign-delivered').filter({ hasText: /^2$/ }).waitFor({ timeout: 30_000 });
      await page.getByTestId('campaign-status').filter({ hasText: 'sent' }).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('campaign-totalRecipients').innerText(), '2');
      assert.equal(await page.getByTestId('campaign-sent').innerText(), '2');
      assert.equal(await page.getByTestId('campaign-bounceHard').innerText(), '0');
      assert.equal(await page.getByTestId('rate-delivered').innerText(), '100 %');
      assert.equal(await page.getByTestId('rate-bounced').innerText(), '0 %');
      const byDomain = page.getByRole('table', { name: 'Outcomes by domain' }).getByRole('row').filter({ hasText: 'example.net' });
      // The report follows the counters: its delivered column reaches 2 too.
      await byDomain.getByRole('cell').nth(2).filter({ hasText: /^2$/ }).waitFor();
      assert.deepEqual(
        (await byDomain.getByRole('cell').allInnerTexts()).map((t) => t.trim()),
        ['example.net', '2', '2', '0', '0', '0'],
      );
      assert.equal(await page.getByRole('button', { name: 'Pause' }).count(), 0, 'a sent campaign cannot be paused');
      // Per link: the campaign's one link is there before anyone clicks it.
      const linkRow = page.getByRole('table', { name: 'Clicks per link' }).getByRole('row').filter({ hasText: 'https://example.com/news' });
      assert.deepEqual(
        (await linkRow.getByRole('cell').allInnerTexts()).map((t) => t.trim()),
        ['https://example.com/news', '0', '0', '0'],
      );

      // A recipient follows the tracked link of the mail they got (read through the capture inbox API).
      const token = await logIn(server, server.credentials!);
      const inbox = await callApi(server.url, '/notify/v1/inbox?pageSize=100', { token });
      const captured = inbox.json.resultObject.items.find((m: { subject: string }) => m.subject === 'Our November news');
      assert.ok(captured, 'the campaign copy is in the capture inbox');
      const tests = inbox.json.resultObject.items.filter((m: { subject: string }) => m.subject === '[Test] Our November news');
      assert.deepEqual(tests.map((m: { envelopeTo: string }) => m.envelopeTo).sort(), ['boss@example.org', 'me@example.org']);
      const mail = await callApi(server.url, `/notify/v1/inbox/${captured.id}`, { token });
      const tracked = /href="([^"]*\/t\/c\/[^"]+)"/.exec(mail.json.resultObject.html)?.[1];
      assert.ok(tracked, 'the copy links through the click tracker');
      // A click within SCANNER_WINDOW_MS of delivery is counted as a scanner's, not a person's:
      // this one waits until the window has passed, as a reader would be later than that.
      const readable = Date.parse(captured.createTime) + SCANNER_WINDOW_MS + 1000;
      if (Date.now() < readable) await new Promise((resolve) => setTimeout(resolve, readable - Date.now()));
      const click = await fetch(tracked.replaceAll('&amp;', '&'), {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' },
      });
      assert.equal(click.status, 302);
      assert.equal(click.headers.get('location'), 'https://example.com/news');
      // The page shows it on its next look at the campaign; a reload looks at once.
      await page.reload();
      await linkRow.getByRole('cell').nth(1).filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 });
      assert.deepEqual(
        (await linkRow.getByRole('cell').allInnerTexts()).map((t) => t.trim()),
        ['https://example.com/news', '1', '1', '0'],
      );
      // Opens and clicks over time: the click is drawn in the chart (the clicks' green on its
      // canvas), and its numbers are in the table beside it; the legend names both series.
      await chartShows([0x0f, 0x6b, 0x2f]);
      assert.equal(await page.getByRole('img', { name: /^Opens and clicks per hour/ }).count(), 1);
      assert.deepEqual(
        (await page.getByRole('list', { name: 'Legend' }).getByRole('listitem').allInnerTexts()).map((t) => t.trim()),
        ['Opens', 'Clicks'],
      );
      const hourRows = page.getByRole('table', { name: 'Opens and clicks by hour' }).getByRole('row');
      const clicksByHour: string[] = [];
      for (const row of (await hourRows.all()).slice(1)) clicksByHour.push((await row.getByRole('cell').nth(2).innerText()).trim());
      assert.deepEqual(clicksByHour, ['1'], 'one hour had a click, and one click');
      // The campaign's counters take the click in their own commit, which may land after the link's row:
      // the page shows the rate at its next look.
      await page
        .getByTestId('rate-clicked')
        .filter({ hasText: /^50 %$/ })
        .waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('rate-clicked').innerText(), '50 %', 'one of the two delivered copies was clicked');
      assert.equal(await page.getByTestId('rate-complaints').innerText(), '0 %');
      // The report as CSV: the campaign, its list by name, the counts and rates, the domain, the link and the hour.
      const [reportFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the report (CSV)' }).click()]);
      const campaignId = /\/campaigns\/([0-9a-f]{24})$/.exec(page.url())![1];
      assert.equal(reportFile.suggestedFilename(), `campaign-${campaignId}-report.csv`);
      const reportLines = readFileSync((await reportFile.path())!, 'utf8').split('\r\n');
      assert.equal(reportLines[0], 'section,item,measure,value');
      assert.equal(reportLines.at(-1), '', 'each line ends with CRLF');
      for (const line of [
        `campaign,${campaignId},subject,Our November news`,
        `campaign,${campaignId},audience,List: Customers`,
        'count,,recipients,2',
        'count,,delivered,2',
        'count,,clicked,1',
        'rate,,clicked (% of copies delivered),50',
        'rate,,complaints (% of copies delivered),0',
        'domain,example.net,recipients,2',
        'link,https://example.com/news,clicks,1',
        'link,https://example.com/news,people,1',
      ])
        assert.ok(reportLines.includes(line), `the report has the line ${line}: ${reportLines.join(' | ')}`);
      assert.equal(reportLines.filter((l) => /^hour,\d{4}-\d\d-\d\dT\d\d:00:00\.000Z,clicks,1$/.test(l)).length, 1, 'the hour of the click');
      // Resend to failed: every copy was delivered, so it ends sent again with no one mailed twice.
      await page.getByRole('button', { name: 'Resend to failed' }).click();
      const resend = page.getByRole('dialog', { name: 'Resend to failed recipients?' });
      await accessible('the resend confirmation');
      await resend.getByRole('button', { name: 'Resend' }).click();
      await resend.waitFor({ state: 'detached' });
      await page.getByTestId('campaign-status').filter({ hasText: 'sent' }).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('campaign-sent').innerText(), '2');
      await accessible('a sent campaign');

      // Shown in the public archive by choice: the checkbox saves at once, the link appears, and a
      // reader with no login opens it there, with no recipient's unsubscribe or web-version link.
      await page.getByRole('checkbox', { name: 'Show in the public archive' }).check();
      const archived = page.getByTestId('archive-link').getByRole('link').first();
      await archived.waitFor();
      const archiveUrl = (await archived.getAttribute('href'))!;
      assert.match(archiveUrl, /\/archive\/[A-Za-z0-9_-]{22}\/[0-9a-f]{24}$/);
      await accessible('a campaign in the public archive');
      const readerContext = await browser.newContext();
      const reader = await readerContext.newPage();
      try {
        await reader.goto(archiveUrl);
        await reader.waitForFunction(() => (globalThis as any).document.body.innerText.includes('November'));
        assert.equal(await reader.locator('a[href*="/u/"], a[href*="/w/"]').count(), 0);
      } finally {
        await readerContext.close();
      }

      // The overview counts the captured copies as delivered, as the campaign's report does; its chart has a legend and axes.
      await go('Overview', 'Overview');
      await page.getByTestId('total-delivered').waitFor();
      assert.notEqual(await page.getByTestId('total-delivered').innerText(), '0', 'captured copies are delivered on the overview too');
      assert.deepEqual(
        (await page.getByRole('list', { name: 'Legend' }).getByRole('listitem').allInnerTexts()).map((t) => t.trim()),
        ['Accepted', 'Delivered (or kept by the capture inbox)', 'Bounced or complained'],
      );
      // The bars are drawn (the delivered series' colour on the canvas, which uPlot draws with its axes).
      await chartShows([0x2f, 0x6f, 0xce]);
      assert.equal(await page.getByRole('img', { name: /^Messages accepted, delivered, and bounced or complained per day/ }).count(), 1);
      await accessible('the overview with its chart');

      await go('Campaigns', 'Campaigns');
      const row = page.getByRole('row').filter({ hasText: 'Our November news' });
      assert.match(await row.innerText(), /sent\s+2\s+2/);
      await accessible('campaigns');
    });

    it('schedules a campaign after the confirmation, then pauses, resumes and cancels it with its buttons', async () => {
      await page.getByRole('button', { name: 'New campaign' }).click();
      const form = page.getByRole('form', { name: 'Create a campaign' });
      await form.getByLabel('Subject').fill('Next year');
      await form.getByLabel('HTML source').check();
      await form.getByLabel(/^HTML \(/).fill('<p>Later.</p>');
      await form.getByRole('group', { name: 'Send to' }).getByLabel('Customers (2)').check();
      await form.getByRole('button', { name: 'Save draft and continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Next year' }).waitFor();
      // A draft's subject and content are changed in the editor it was written in; the page and its preview follow.
      await page.getByRole('button', { name: 'Edit subject and content' }).click();
      const edit = page.getByRole('form', { name: 'Edit the draft' });
      await edit.getByLabel('HTML source').check();
      assert.equal(await edit.getByLabel('Subject').inputValue(), 'Next year');
      assert.equal(await edit.getByLabel(/^HTML \(/).inputValue(), '<p>Later.</p>');
      await edit.getByLabel('Subject').fill('Next year, in detail');
      await edit.getByLabel(/^HTML \(/).fill('<p>Later, with news for #email#.</p>');
      await accessible('a draft open in the editor');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByTestId('draft-saved').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Next year, in detail' }).waitFor();
      await page
        .getByTestId('preview-subject')
        .filter({ hasText: /^Next year, in detail$/ })
        .waitFor();
      await page
        .frameLocator('.preview-frame iframe')
        .getByText(/^Later, with news for\s*\.$/)
        .waitFor();
      const send = page.getByRole('form', { name: 'Send the campaign' });
      await send.getByLabel('Schedule', { exact: true }).check();
      await send.getByLabel('Start at (your time)').fill(`${new Date().getFullYear() + 2}-01-15T09:00`);
      await send.getByRole('button', { name: 'Schedule…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Schedule this campaign?' });
      // Going back sends nothing.
      await confirm.getByRole('button', { name: 'Go back' }).click();
      await confirm.waitFor({ state: 'detached' });
      const status = page.getByTestId('campaign-status');
      assert.equal(await status.innerText(), 'draft');
      await send.getByRole('button', { name: 'Schedule…' }).click();
      await confirm.getByRole('button', { name: 'Schedule for 2 recipients' }).click();
      await status.filter({ hasText: 'scheduled' }).waitFor();
      await page.getByRole('button', { name: 'Pause' }).click();
      await status.filter({ hasText: 'paused' }).waitFor();
      await page.getByRole('button', { name: 'Resume' }).click();
      await status.filter({ hasText: 'scheduled' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await status.filter({ hasText: 'cancelled' }).waitFor();
      assert.equal(await page.getByTestId('campaign-totalRecipients').innerText(), '0', 'nothing was sent');
      assert.equal(await page.getByRole('button', { name: /Pause|Resume|Cancel/ }).count(), 0, 'a cancelled campaign offers no pause, resume or cancel');
      await accessible('a cancelled campaign');
      assert.equal(await page.getByRole('button', { name: 'Resend to failed' }).count(), 0, 'a campaign that never started has no one to resend to');
    });

    it('unsubscribes through the link in a delivered campaign copy, which carries the postal address, and the contact shows unsubscribed', async () => {
      const token = await logIn(server, server.credentials!);
      // The campaign's copies reach the capture inbox as the worker delivers them.
      let captured: { id: string; envelopeTo: string } | undefined;
      for (let tries = 0; !captured && tries < 150; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
        const inbox = await callApi(server.url, '/notify/v1/inbox?pageSize=100', { token });
        captured = inbox.json.resultObject.items.find((m: { subject: string }) => m.subject === 'Our November news');
      }
      assert.ok(captured, 'a copy of the campaign is in the capture inbox');
      const mail = (await callApi(server.url, `/notify/v1/inbox/${captured.id}`, { token })).json.resultObject;
      assert.match(mail.html, /Example News Ltd<br>1 Market Street<br>Springfield 12345/);
      const link = /<a href="([^"]+)">Unsubscribe<\/a>/.exec(mail.html)?.[1];
      assert.ok(link, 'the copy has a visible unsubscribe link');
      await page.goto(link.replaceAll('&amp;', '&'));
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await page.goto(`${server.url}/app/lists`);
      await page.getByRole('link', { name: 'Customers' }).click();
      await page.getByRole('row').filter({ hasText: captured.envelopeTo }).getByRole('cell', { name: 'unsubscribed', exact: true }).waitFor();
    });

    it('searches the capture inbox, deletes one message from it and clears it', async () => {
      await go('Capture inbox', 'Capture inbox');
      const mail = page.getByRole('list', { name: 'Captured mail' });
      await mail.getByRole('button', { name: /Test message from Postwire/ }).waitFor();
      const search = page.getByRole('form', { name: 'Search the inbox' });
      await search.getByLabel('Subject, recipient or sender contains').fill('november');
      await search.getByRole('button', { name: 'Search' }).click();
      await mail.getByRole('button', { name: /Test message from Postwire/ }).waitFor({ state: 'detached' });
      const november = mail.getByRole('button', { name: /Our November news/ });
      const before = await november.count();
      assert.ok(before >= 2, 'the campaign copies and its test copies match');
      await accessible('a search of the capture inbox');
      await november.first().click();
      await page.getByRole('button', { name: 'Delete from the inbox' }).click();
      await page.getByText('Choose a message to read it.').waitFor();
      await november.nth(before - 1).waitFor({ state: 'detached' });
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: 'Clear the inbox' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Deleted \d+ messages? from the inbox\.$/ })
        .waitFor();
      await search.getByLabel('Subject, recipient or sender contains').fill('');
      await search.getByRole('button', { name: 'Search' }).click();
      await page.getByText('The inbox is empty').waitFor();
    });

    it('signs out: the session is revoked, and a reload asks for the password again', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to Postwire' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in to Postwire' }).waitFor();
      assert.deepEqual(cspViolations, [], 'no page broke its Content-Security-Policy');
    });

    it("shows a member only what a member may use: no API keys in the menu, and the API's refusal if they go there", async () => {
      const token = await logIn(server, server.credentials!);
      const member = { email: 'member@example.com', password: 'a member password' };
      const created = await callApi(server.url, '/account/users', { token, json: { ...member, role: 'member' } });
      assert.equal(created.status, 201);
      await context.close();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await page.goto(`${server.url}/app`);
      await page.getByLabel('Email address').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('signed-in-as').filter({ hasText: 'member@example.com (member)' }).waitFor();
      const menu = page.getByRole('navigation', { name: 'Main' });
      await menu.getByRole('link', { name: 'Campaigns' }).waitFor();
      assert.equal(await menu.getByRole('link', { name: 'API keys' }).count(), 0, 'a member manages no API keys');
      await accessible('the overview of a member');
      await page.goto(`${server.url}/app/api-keys`);
      await page.getByRole('alert').filter({ hasText: 'Your role (member) does not allow this operation' }).waitFor();
    });
  });
}

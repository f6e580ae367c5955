// Runs in a process of its own (scripts/run-tests.mjs), beside other files: it waits on the browser and the program.
/**
 * Inbound mail in the dashboard, in Chromium, against the real program (`start`) on both
 * dialects: add a receiving domain and see the MX record to publish, check it against a DNS
 * server on 127.0.0.1 that has the record, add a `support@` route to a webhook and a
 * `reply+*@` route that keeps mail (and see a bad pattern refused with the API's words),
 * receive a message through the inbound service's `receive` (the real service, in this
 * process, on the program's database: what the SMTP listener calls once a message is in),
 * find it on its route's page, read it on its own page (addresses, authentication results,
 * spam score, the reply without its quote, the HTML in its sandbox), download an attachment
 * and the raw message byte for byte, find it under "Received" in the capture inbox, edit a
 * route on its page, and delete the route and the domain through their confirmations. Every page passes axe (first
 * dialect) and is no wider than a 390 px phone; no console error beyond the one refused form,
 * no CSP violation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openDatabase, type DbHandle } from '../../src/db/database.js';
import { InboundService } from '../../src/features/notify/inbound/inbound.service.js';
import { OutboundPolicy } from '../../src/lib/network-guard.js';
import { checkAccessibility, ensureDashboardBuilt, launchBrowser, signInToDashboard } from '../helpers/browser.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { type PostwireProcess, startPostwire, stopAll } from '../helpers/process.js';

const MX_HOST = 'mx.postwire.example.test';
const DOMAIN = 'in.shop-example.test';
const PHONE = 390;
const ATTACHMENT = Buffer.from('Order 1042: two mugs, one teapot.\r\n', 'utf8');

/** A reply as a mail client writes it: text with the quoted history, HTML, and an attachment. */
function replyMessage(): Buffer {
  const text = ['Yes, please send the blue one.', '', 'On Mon, 2 Mar 2026 at 09:00, Shop <shop@example.com> wrote:', '> Which colour would you like?', ''].join(
    '\r\n',
  );
  const lines = [
    'From: Ann Reader <ann@reader-example.test>',
    `To: reply+t-42@${DOMAIN}`,
    'Subject: Re: Your order 1042',
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    'Message-ID: <answer-1@reader-example.test>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/alternative; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Yes, please send the <b>blue</b> one.</p><blockquote>Which colour would you like?</blockquote>',
    '--inner--',
    '--outer',
    'Content-Type: text/plain; name="order.txt"',
    'Content-Disposition: attachment; filename="order.txt"',
    'Content-Transfer-Encoding: base64',
    '',
    ATTACHMENT.toString('base64'),
    '--outer--',
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

for (const dialect of DIALECTS) {
  describe(`inbound mail in the dashboard [${dialect}]`, () => {
    let database: TestDatabase;
    let dns: TestDnsServer;
    let server: PostwireProcess;
    let handle: DbHandle;
    let inbound: InboundService;
    let browser: Browser;
    let page: Page;
    const raw = replyMessage();
    const ids: Record<string, string> = {};
    const consoleErrors: string[] = [];
    const cspViolations: string[] = [];

    const accessible = async (what: string) => {
      if (dialect !== DIALECTS[0]) return;
      assert.deepEqual(await checkAccessibility(page), [], `${what}: axe finds serious or critical violations`);
    };
    const domainCard = () => page.getByTestId(`inbound-domain-${DOMAIN}`);

    before(async () => {
      ensureDashboardBuilt();
      dns = await startDnsServer();
      dns.set(DOMAIN, { mx: [{ exchange: MX_HOST, priority: 10 }] });
      database = await createTestDatabase(dialect);
      server = await startPostwire('start', {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        INBOUND_SMTP_PORT: '0',
        SMTP_SUBMISSION_PORT: '0',
        INBOUND_MX_HOST: MX_HOST,
        DNS_RESOLVER: dns.address,
        WORKER_POLL_MS: '50',
      });
      // The program has migrated the database by now; this process writes to it as the listener would.
      handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      inbound = new InboundService(handle.db, { mxHost: MX_HOST, resolver: dns.address, outbound: new OutboundPolicy([]) });
      browser = await launchBrowser();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await signInToDashboard(page, server);
    });
    after(async () => {
      await browser?.close();
      await stopAll();
      await handle?.close();
      await dns?.close();
      await database?.drop();
    });

    it('adds a receiving domain, shows the MX record to publish, and verifies it against the DNS', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbound mail' }).click();
      await page.getByRole('heading', { level: 1, name: 'Inbound mail' }).waitFor();
      await page.getByRole('heading', { name: 'No receiving domains' }).waitFor();
      await accessible('the inbound page, empty');

      await page.getByLabel('Receiving domain', { exact: true }).fill(DOMAIN);
      await page.getByRole('button', { name: 'Add receiving domain' }).click();
      const card = domainCard();
      await card.waitFor();
      const mx = card.getByRole('table', { name: `MX record of ${DOMAIN}` });
      assert.match(await mx.innerText(), new RegExp(`MX\\s+${DOMAIN.replaceAll('.', '\\.')}.*\\s+10 ${MX_HOST.replaceAll('.', '\\.')}.*\\s+unchecked`, 's'));
      assert.match(await card.getByRole('heading', { level: 3 }).innerText(), /MX not in place/);
      await card.getByText(`No route yet: every address of ${DOMAIN} is refused (550) until a route takes it.`).waitFor();

      await card.getByRole('button', { name: 'Verify now' }).click();
      await card.getByRole('heading', { level: 3 }).filter({ hasText: 'receiving' }).waitFor();
      assert.match(await mx.innerText(), /\sfound\s*$/);
      await accessible('the inbound page with a domain');
    });

    it('adds a support@ route to a webhook and a reply+*@ route that keeps mail; a bad pattern is refused with the API’s words', async () => {
      const card = domainCard();
      const form = card.getByRole('form', { name: `Add a route on ${DOMAIN}` });
      await form.getByLabel(`Address at ${DOMAIN}`).fill(`support@${DOMAIN}`);
      await form.getByLabel('Action', { exact: true }).selectOption('webhook');
      await form.getByLabel('Webhook URL').fill('https://app.example.com/inbound');
      await form.getByRole('button', { name: 'Add route' }).click();
      const refused = form.locator('.field-error').filter({ hasText: /^pattern: / });
      await refused.waitFor();
      assert.equal(await form.getByLabel(`Address at ${DOMAIN}`).getAttribute('aria-invalid'), 'true');
      await accessible('the route form with its error');
      // That one refusal is the only request that failed so far (the browser logs it as an error).
      assert.deepEqual(
        consoleErrors.filter((e) => !/status of 400/.test(e)),
        [],
      );
      consoleErrors.length = 0;

      await form.getByLabel(`Address at ${DOMAIN}`).fill('support');
      await form.getByRole('button', { name: 'Add route' }).click();
      const routes = card.getByRole('table', { name: `Routes of ${DOMAIN}` });
      await routes.getByRole('link', { name: `support@${DOMAIN}` }).waitFor();
      assert.equal(await refused.count(), 0, 'the error goes once the route is added');

      await form.getByLabel(`Address at ${DOMAIN}`).fill('reply+*');
      await form.getByLabel('Action', { exact: true }).selectOption('store');
      assert.equal(await form.getByLabel('Webhook URL').count(), 0, 'keeping needs no URL');
      await form.getByLabel('Description (optional)').fill('Replies to order mail');
      await form.getByRole('button', { name: 'Add route' }).click();
      await routes.getByRole('link', { name: `reply+*@${DOMAIN}` }).waitFor();
      const text = await routes.innerText();
      assert.match(text, new RegExp(`support@${DOMAIN.replaceAll('.', '\\.')}\\s+POST to https://app\\.example\\.com/inbound`));
      assert.match(text, /reply\+\*@.*\s+keep for fetching\s+Replies to order mail/);
    });

    it('gives each domain’s route form fields of its own: no id twice on the page, and a label leads to its own card’s input', async () => {
      const other = 'in.other-example.test';
      await page.getByLabel('Receiving domain', { exact: true }).fill(other);
      await page.getByRole('button', { name: 'Add receiving domain' }).click();
      const otherCard = page.getByTestId(`inbound-domain-${other}`);
      await otherCard.waitFor();
      const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id));
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      assert.deepEqual(repeated, [], 'ids used more than once');
      await otherCard
        .getByRole('form', { name: `Add a route on ${other}` })
        .getByLabel('Description (optional)')
        .fill('Only on the other domain');
      const description = domainCard()
        .getByRole('form', { name: `Add a route on ${DOMAIN}` })
        .getByLabel('Description (optional)');
      assert.equal(await description.inputValue(), '', 'the first card’s field is untouched');

      await otherCard.getByRole('button', { name: `Delete ${other}` }).click();
      await page
        .getByRole('dialog', { name: `Delete the receiving domain ${other}?` })
        .getByRole('button', { name: /^Delete the domain/ })
        .click();
      await otherCard.waitFor({ state: 'detached' });
    });

    it('shows a received message on its route’s page and on its own page, with attachments and the raw message to download', async () => {
      await domainCard()
        .getByRole('link', { name: `reply+*@${DOMAIN}` })
        .click();
      await page.getByRole('heading', { level: 1, name: `Route reply+*@${DOMAIN}` }).waitFor();
      await page.getByRole('heading', { name: 'No messages yet' }).waitFor();
      await accessible('a route’s page, empty');

      const result = await inbound.receive({ mailFrom: 'ann@reader-example.test', rcptTo: [`reply+t-42@${DOMAIN}`] }, raw, {
        clientIp: '192.0.2.25',
        helo: 'mail.reader-example.test',
      });
      assert.ok(result.accepted, JSON.stringify(result));
      ids.message = result.ids[0]!;

      // The route's page refreshes itself: the message shows without a reload.
      const link = page.getByRole('table', { name: 'Received messages' }).getByRole('link', { name: 'Re: Your order 1042' });
      await link.waitFor();
      const row = await page.getByRole('table', { name: 'Received messages' }).locator('tbody tr').first().innerText();
      assert.match(row, new RegExp(`ann@reader-example\\.test\\s+reply\\+t-42@${DOMAIN.replaceAll('.', '\\.')}\\s+${raw.length} bytes`));
      await accessible('a route’s page with a message');

      await link.click();
      await page.getByRole('heading', { level: 1, name: 'Re: Your order 1042' }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/app/inbound/messages/${ids.message}`);
      const facts = await page.locator('dl.facts').innerText();
      assert.match(facts, /From\s+Ann Reader <ann@reader-example\.test>/);
      assert.match(facts, new RegExp(`To\\s+reply\\+t-42@${DOMAIN.replaceAll('.', '\\.')}`));
      assert.match(facts, /client 192\.0\.2\.25, HELO mail\.reader-example\.test/);
      assert.match(facts, /Spam score\s+not scored/);
      const auth = await page.getByRole('table', { name: 'Authentication results' }).innerText();
      for (const check of ['SPF', 'DKIM', 'DMARC', 'ARC']) assert.match(auth, new RegExp(`^${check}\\t`, 'm'), `${check} is listed`);
      assert.match(auth, /DKIM\s+none\s+no signature/);

      // The reply as the sender wrote it, without the quoted history; the text keeps it.
      const panel = page.getByRole('tabpanel');
      assert.equal((await panel.innerText()).trim(), 'Yes, please send the blue one.');
      await page.getByRole('tab', { name: 'Text' }).click();
      await panel.getByText('> Which colour would you like?').waitFor();
      await page.getByRole('tab', { name: 'HTML' }).click();
      const frame = panel.locator('iframe.preview');
      assert.equal(await frame.getAttribute('sandbox'), '', 'the HTML is in a sandbox that allows nothing');
      await page.frameLocator('iframe.preview').getByText('blue').waitFor();
      await page.getByRole('tab', { name: 'Headers' }).click();
      assert.match(await panel.getByRole('table').innerText(), /Message-ID\s+<answer-1@reader-example\.test>/);
      await page.getByRole('tab', { name: 'Raw' }).click();
      await panel.getByText('Content-Disposition: attachment; filename="order.txt"').waitFor();
      await accessible('a received message’s page');

      const [attachment] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download order.txt' }).click()]);
      assert.equal(attachment.suggestedFilename(), 'order.txt');
      assert.deepEqual(readFileSync((await attachment.path())!), ATTACHMENT);
      const [rawFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the raw message' }).click()]);
      assert.equal(rawFile.suggestedFilename(), `received-${ids.message}.eml`);
      assert.deepEqual(readFileSync((await rawFile.path())!), raw, 'the raw message byte for byte');
    });

    it('lists received mail under "Received" in the capture inbox', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Capture inbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Capture inbox' }).waitFor();
      await page.getByRole('tab', { name: 'Received' }).click();
      await page
        .getByRole('list', { name: 'Received mail' })
        .getByRole('button', { name: /Re: Your order 1042/ })
        .click();
      await page.getByRole('heading', { level: 2, name: 'Re: Your order 1042' }).waitFor();
      assert.equal(await page.getByRole('tab', { name: 'Received' }).getAttribute('aria-selected'), 'true');
      await accessible('the capture inbox, received mail');
      await page.getByRole('tab', { name: 'Captured' }).click();
      await page.getByRole('heading', { name: 'The inbox is empty' }).waitFor();
    });

    it('edits a route on its page: the form holds its values, and the route’s page and the domain’s list follow the change', async () => {
      await page.goto(`${server.url}/app/inbound/routes/${await routeId('support')}`);
      await page.getByRole('heading', { level: 1, name: `Route support@${DOMAIN}` }).waitFor();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const form = page.getByRole('form', { name: `Edit the route support@${DOMAIN}` });
      assert.equal(await form.getByLabel(`Address at ${DOMAIN}`).inputValue(), 'support');
      assert.equal(await form.getByLabel('Webhook URL').inputValue(), 'https://app.example.com/inbound');
      await accessible('the route edit form');

      await form.getByLabel('Action', { exact: true }).selectOption('forward');
      await form.getByLabel('Forward to').fill('desk@helpdesk-example.test');
      await form.getByLabel('Description (optional)').fill('Sent on to the helpdesk');
      await form.getByRole('button', { name: 'Save the route' }).click();
      await page.waitForFunction(() => {
        const facts = (globalThis as any).document.querySelector('dl.facts')?.innerText ?? '';
        return facts.includes('forward to desk@helpdesk-example.test') && facts.includes('Sent on to the helpdesk');
      });
      assert.equal(await form.count(), 0, 'the form closes once saved');
      // The domain's list shows the change too.
      await page.getByRole('link', { name: '← Inbound mail' }).click();
      const routes = domainCard().getByRole('table', { name: `Routes of ${DOMAIN}` });
      await routes.waitFor();
      assert.match(
        await routes.innerText(),
        new RegExp(`support@${DOMAIN.replaceAll('.', '\\.')}\\s+forward to desk@helpdesk-example\\.test\\s+Sent on to the helpdesk`),
      );
    });

    it(`keeps every inbound page within a ${PHONE} px phone`, async () => {
      await page.setViewportSize({ width: PHONE, height: 844 });
      const wide: string[] = [];
      for (const [path, heading] of [
        ['/inbound', 'Inbound mail'],
        [`/inbound/routes/${await routeId('reply+*')}`, `Route reply+*@${DOMAIN}`],
        [`/inbound/messages/${ids.message}`, 'Re: Your order 1042'],
      ] as const) {
        await page.goto(`${server.url}/app${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForFunction(() => (globalThis as any).document.body.innerText.includes('Loading…') === false);
        const width = await page.evaluate(() => (globalThis as any).document.scrollingElement.scrollWidth as number);
        if (width > PHONE) {
          // What reaches past the edge, to say where to look.
          const past = await page.evaluate((edge) => {
            const all = [...(globalThis as any).document.querySelectorAll('body *')] as any[];
            return all
              .filter((e) => e.getBoundingClientRect().right > edge)
              .slice(0, 3)
              .map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${e.className}` : ''}`)
              .join(', ');
          }, PHONE);
          wide.push(`${path}: ${width} px (${past})`);
        }
        await accessible(`${path} at ${PHONE} px`);
      }
      assert.deepEqual(wide, [], 'pages wider than the screen');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it('deletes a route and then the domain, each after a confirmation', async () => {
      await page.goto(`${server.url}/app/inbound`);
      const card = domainCard();
      await card.getByRole('table', { name: `Routes of ${DOMAIN}` }).waitFor();
      await card.getByRole('button', { name: `Delete the route support@${DOMAIN}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete the route support@${DOMAIN}?` });
      await dialog.getByRole('button', { name: 'Delete the route' }).click();
      await card.getByRole('link', { name: `support@${DOMAIN}` }).waitFor({ state: 'detached' });
      assert.equal(await card.getByRole('link', { name: `reply+*@${DOMAIN}` }).count(), 1, 'the other route stays');

      await card.getByRole('button', { name: `Delete ${DOMAIN}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete the receiving domain ${DOMAIN}?` });
      assert.match(await confirm.innerText(), /its one route is deleted with it/);
      await accessible('the delete confirmation');
      await confirm.getByRole('button', { name: 'Delete the domain and its routes' }).click();
      await page.getByRole('heading', { name: 'No receiving domains' }).waitFor();
      // Received mail stays when its domain goes.
      await page.getByRole('table', { name: 'Received messages' }).getByRole('link', { name: 'Re: Your order 1042' }).waitFor();
      assert.equal((await inbound.resolveRecipient(`reply+t-43@${DOMAIN}`)).kind, 'notOurs', 'mail to a deleted domain is no longer taken');

      assert.deepEqual(consoleErrors, [], 'no console error');
      assert.deepEqual(cspViolations, [], 'no page broke its Content-Security-Policy');
    });

    async function routeId(pattern: string): Promise<string> {
      const routes = await inbound.resolveRecipient(`${pattern.replace('*', 'x')}@${DOMAIN}`);
      assert.equal(routes.kind, 'accept');
      return (routes as { routeId: string }).routeId;
    }
  });
}

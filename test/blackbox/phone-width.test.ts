// Runs in a process of its own (scripts/run-tests.mjs), beside other files: it waits on the browser and the program.
/**
 * The dashboard on a phone, in Chromium at 390×844: the menu is a button that opens the
 * navigation as a drawer (closed again by following a link), and no page is wider than the
 * screen (document.scrollingElement.scrollWidth <= 390) with real content on it: a sending
 * domain and its DNS records, messages with long addresses, a webhook, templates, lists,
 * contacts, fields, a segment and a sent campaign; and the steps inside pages: an import's
 * column mapping, the campaign form with its editor, the sign-in page. The pages pass axe-core
 * there too (on the first dialect).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, ensureDashboardBuilt, launchBrowser, signInToDashboard, startDashboardServer } from '../helpers/browser.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, logIn, type PostwireProcess, resultOf, stopAll } from '../helpers/process.js';

const WIDTH = 390;

for (const dialect of DIALECTS) {
  describe(`the dashboard at ${WIDTH} px wide [${dialect}]`, () => {
    let database: TestDatabase;
    let server: PostwireProcess;
    let browser: Browser;
    let page: Page;
    const ids: Record<string, string> = {};

    before(async () => {
      ensureDashboardBuilt();
      database = await createTestDatabase(dialect);
      server = await startDashboardServer(database);
      // Content for every page, the long kinds included (DNS record values, addresses, ids).
      const token = await logIn(server, server.credentials!);
      const ok = async (path: string, json: unknown, status = 201) => resultOf(await callApi(server.url, path, { token, json }), status);
      await ok('/notify/v1/senders', { email: 'newsletter-department@example.com', displayName: 'Example News' });
      await ok('/notify/v1/domains', { name: 'mail.a-rather-long-subdomain-name.example.org' });
      await ok('/notify/v1/webhooks', { url: 'http://127.0.0.1:9/a/rather/long/path/for/the/webhook/receiver?with=query' });
      await ok('/notify/v1/templates', { name: 'Welcome', subject: 'Welcome to {{company}}', htmlContent: '<p>Hello {{name}}</p>' });
      const sent = await ok(
        '/notify/v1/send',
        {
          from: { email: 'newsletter-department@example.com' },
          to: [{ email: 'a.very.long.recipient.address.for.testing@subdomain.example.net' }],
          subject: 'A subject that is quite a lot longer than a phone screen is wide, to see it wrap',
          htmlContent: '<p>Hello</p>',
          tags: ['welcome', 'phone-test'],
        },
        200,
      );
      ids.message = sent.id;
      const list = await ok('/inbox/v1/contactlists', { listName: 'Customers in the long-named region' });
      ids.list = list.id;
      const field = await ok('/inbox/v1/customfields', { Name: 'City', Type: 0 });
      ids.contact = await ok(
        `/inbox/v1/contactlists/${list.id}/add`,
        { email: 'someone.with.a.long.address@subdomain.example.net', tags: ['vip', 'berlin'], customFields: [{ customFieldId: field.id, value: 'Berlin' }] },
        200,
      );
      await ok('/inbox/v1/segments', { name: 'VIPs', rules: { field: 'tag', operator: 'eq', value: 'vip' } });
      const sender = await ok('/inbox/v1/senders', {
        DisplayName: 'News',
        Email: 'newsletter-department@example.com',
        ReplyEmail: 'newsletter-department@example.com',
      });
      ids.campaign = await ok('/inbox/v1/campaigns/custom', {
        subject: 'Our November news, with a subject long enough to wrap on a phone',
        htmlContent: '<p>Hello <a href="https://example.com/a/long/link/that/is/shown/in/the/report">read</a></p>',
        language: 'en',
        senderAccountId: sender.id,
        listType: 2,
        lists: [list.id],
      });

      browser = await launchBrowser();
      page = await (await browser.newContext({ viewport: { width: WIDTH, height: 844 } })).newPage();
      await signInToDashboard(page, server);
    });
    after(async () => {
      await browser?.close();
      await stopAll();
      await database?.drop();
    });

    it('folds the menu into a drawer behind a button, closed again by following a link', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      const menu = page.getByRole('button', { name: 'Menu' });
      assert.equal(await nav.isVisible(), false, 'no sidebar on a phone');
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      await menu.click();
      await nav.waitFor();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      if (dialect === DIALECTS[0]) assert.deepEqual(await checkAccessibility(page), [], 'axe with the drawer open');
      await nav.getByRole('link', { name: 'Contacts', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Contacts', exact: true }).waitFor();
      await nav.waitFor({ state: 'hidden' });
    });

    it(`no page is wider than ${WIDTH} px`, async () => {
      const paths = [
        '/',
        '/messages',
        `/messages/${ids.message}`,
        '/inbox',
        '/senders',
        '/templates',
        '/suppressions',
        '/webhooks',
        '/api-keys',
        '/users',
        '/billing',
        '/lists',
        `/lists/${ids.list}`,
        '/contacts',
        `/contacts/${ids.contact}`,
        '/fields',
        '/segments',
        '/segments/new',
        '/campaigns',
        `/campaigns/${ids.campaign}`,
      ];
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(`${server.url}/app${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        assert.notEqual(await page.getByRole('heading', { level: 1 }).first().innerText(), 'Not found', path);
        await page.getByText('Loading…').first().waitFor({ state: 'detached' });
        const width = (await page.evaluate('document.scrollingElement.scrollWidth')) as number;
        if (width > WIDTH) {
          // What reaches past the edge, to say where to look.
          const past = await page.evaluate(
            `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > ${WIDTH}).slice(0, 3).map((e) => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')).join(', ')`,
          );
          wide.push(`${path}: ${width} px (${past})`);
        }
        if (dialect === DIALECTS[0]) assert.deepEqual(await checkAccessibility(page), [], `axe on ${path} at ${WIDTH} px`);
      }
      assert.deepEqual(wide, [], 'pages wider than the screen');
    });

    it(`the steps inside pages fit too: an import's column mapping, the campaign form with its editor, the sign-in page`, async () => {
      const width = async () => (await page.evaluate('document.scrollingElement.scrollWidth')) as number;
      await page.goto(`${server.url}/app/lists/${ids.list}`);
      await page.getByLabel(/^CSV file/).setInputFiles({
        name: 'contacts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('email,First name,City,A column with a rather long name\na.long.address.in.the.preview@subdomain.example.net,Ann,Berlin,x\n'),
      });
      await page.getByRole('combobox', { name: 'Import column City as' }).waitFor();
      assert.ok((await width()) <= WIDTH, `the import's mapping is ${await width()} px wide`);
      if (dialect === DIALECTS[0]) assert.deepEqual(await checkAccessibility(page), [], `axe on the import's mapping at ${WIDTH} px`);

      await page.goto(`${server.url}/app/campaigns`);
      await page.getByRole('button', { name: 'New campaign' }).click();
      const form = page.getByRole('form', { name: 'Create a campaign' });
      await form.getByLabel('Subject', { exact: true }).fill('A subject long enough to need the whole width of the phone and more');
      // The rich-text editor loads with the form (its own chunk).
      await form.locator('[contenteditable="true"]').first().waitFor();
      assert.ok((await width()) <= WIDTH, `the campaign form is ${await width()} px wide`);
      if (dialect === DIALECTS[0]) assert.deepEqual(await checkAccessibility(page), [], `axe on the campaign form at ${WIDTH} px`);

      const signedOut = await (await browser.newContext({ viewport: { width: WIDTH, height: 844 } })).newPage();
      await signedOut.goto(`${server.url}/app`);
      await signedOut.getByRole('button', { name: 'Sign in' }).waitFor();
      assert.ok(((await signedOut.evaluate('document.scrollingElement.scrollWidth')) as number) <= WIDTH, 'the sign-in page fits');
      if (dialect === DIALECTS[0]) assert.deepEqual(await checkAccessibility(signedOut), [], `axe on the sign-in page at ${WIDTH} px`);
    });
  });
}

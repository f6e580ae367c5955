// Runs in a process of its own (scripts/run-tests.mjs), beside other files: it waits on the browser and the program.
/**
 * The audience pages of the dashboard in Chromium, as a marketer uses them: create,
 * rename and delete custom fields; rename and delete a list; add a contact, edit its
 * tags and values, put it on a second list, see the campaign mail it got and unsubscribe
 * it behind a confirmation, with the reason shown; find contacts by part of the address,
 * status, tag and field value; act on a selection (tag, delete) after a confirmation that
 * states the count; delete a contact from its page; export a contact's data and erase it everywhere. Every page and dialog passes axe-core
 * with no serious or critical violation (on the first dialect).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, ensureDashboardBuilt, launchBrowser, signInToDashboard, startDashboardServer } from '../helpers/browser.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/db.js';
import { callApi, logIn, type PostwireProcess, resultOf, stopAll } from '../helpers/process.js';

for (const dialect of DIALECTS) {
  describe(`the audience pages in Chromium [${dialect}]`, () => {
    let database: TestDatabase;
    let server: PostwireProcess;
    let browser: Browser;
    let page: Page;
    // A webhook receiver that answers every call 200 with a short body.
    let receiver: Server;
    let receiverUrl: string;

    const accessible = async (what: string) => {
      if (dialect !== DIALECTS[0]) return;
      const violations = await checkAccessibility(page);
      assert.deepEqual(violations, [], `${what}: axe finds serious or critical violations: ${JSON.stringify(violations)}`);
    };
    const go = async (link: string, heading: string) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    };
    const rows = (table: string) => page.getByRole('table', { name: table }).getByRole('row');

    before(async () => {
      ensureDashboardBuilt();
      receiver = createServer((request, response) => {
        request.resume();
        request.on('end', () => response.end('thanks, noted'));
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      database = await createTestDatabase(dialect);
      server = await startDashboardServer(database);
      browser = await launchBrowser();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await signInToDashboard(page, server);
    });
    after(async () => {
      await browser?.close();
      await stopAll();
      await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
      await database?.drop();
    });

    it('creates, renames and deletes custom fields', async () => {
      await go('Custom fields', 'Custom fields');
      await page.getByText('No custom fields yet').waitFor();
      const form = page.getByRole('form', { name: 'Create a custom field' });
      for (const name of ['City', 'Plan']) {
        await form.getByLabel('Field name').fill(name);
        await form.getByRole('button', { name: 'Create field' }).click();
        await rows('Custom fields').filter({ hasText: name }).waitFor();
      }
      await page.getByRole('button', { name: 'Rename City' }).click();
      await page.getByRole('form', { name: 'Rename City' }).getByLabel('New name').fill('Town');
      await page.getByRole('form', { name: 'Rename City' }).getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: 'Town', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete Plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the field Plan?' });
      await dialog.waitFor();
      await accessible('the delete-field dialog');
      await dialog.getByRole('button', { name: 'Delete field' }).click();
      await page.getByRole('cell', { name: 'Plan', exact: true }).waitFor({ state: 'detached' });
      assert.equal(await rows('Custom fields').count(), 2, 'a header row and Town');
      await accessible('custom fields');
    });

    it('renames a list and deletes another one behind a confirmation', async () => {
      for (const name of ['Customers', 'Trial', 'Old']) {
        await go('Contacts & lists', 'Contacts & lists');
        await page.getByRole('form', { name: 'Create a contact list' }).getByLabel('List name').fill(name);
        await page.getByRole('button', { name: 'Create list' }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
      }
      await page.getByRole('form', { name: 'Rename the list' }).getByLabel('List name').fill('Old customers');
      await page.getByRole('button', { name: 'Rename list' }).click();
      await page.getByRole('heading', { level: 1, name: 'Old customers' }).waitFor();
      await page.getByRole('button', { name: 'Delete list' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the list Old customers?' });
      await accessible('the delete-list dialog');
      await dialog.getByRole('button', { name: 'Delete list' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contacts & lists' }).waitFor();
      await page.getByRole('link', { name: 'Customers', exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Old customers' }).count(), 0);
    });

    it('creates groups of lists, files a list in one, renames a group and deletes one, whose list stays outside any group', async () => {
      await go('Contacts & lists', 'Contacts & lists');
      const create = page.getByRole('form', { name: 'Create a group' });
      for (const name of ['Newsletters', 'Events']) {
        await create.getByLabel('Group name').fill(name);
        await create.getByRole('button', { name: 'Create group' }).click();
        await rows('Groups').filter({ hasText: name }).waitFor();
      }
      // The list's group is chosen in the table of lists and kept (seen again after a reload).
      const groupOf = (list: string) =>
        page.waitForFunction(
          ([label, name]) => (globalThis as any).document.querySelector(`select[aria-label="${label}"]`)?.selectedOptions[0]?.text === name,
          [`Group of ${list}`, 'Newsletters'],
        );
      await page.getByLabel('Group of Customers').selectOption({ label: 'Newsletters' });
      await page.reload();
      await groupOf('Customers');
      assert.equal(await page.getByLabel('Group of Trial').evaluate((s: any) => s.selectedOptions[0].text), 'No group');
      await accessible('lists with their groups');
      await page.getByRole('button', { name: 'Rename the group Events' }).click();
      const rename = page.getByRole('form', { name: 'Rename the group Events' });
      await rename.getByLabel('New group name').fill('Events 2027');
      await rename.getByRole('button', { name: 'Save' }).click();
      await rows('Groups').getByRole('cell', { name: 'Events 2027', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete the group Newsletters' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the group Newsletters?' });
      await dialog.waitFor();
      await accessible('the delete-group dialog');
      await dialog.getByRole('button', { name: 'Delete group' }).click();
      await rows('Groups').filter({ hasText: 'Newsletters' }).waitFor({ state: 'detached' });
      // Its list stays, outside any group; the other group is still offered.
      await page.waitForFunction(
        () => (globalThis as any).document.querySelector('select[aria-label="Group of Customers"]')?.selectedOptions[0]?.text === 'No group',
      );
      assert.deepEqual(
        (await page.getByLabel('Group of Customers').locator('option').allInnerTexts()).map((t) => t.trim()),
        ['No group', 'Events 2027'],
      );
    });

    it('adds a contact, edits its tags and values, puts it on a second list, shows its campaign mail and unsubscribes it with the reason', async () => {
      await go('Contacts', 'Contacts');
      const add = page.getByRole('form', { name: 'Add a contact' });
      await add.getByLabel('Email address').fill('ann@example.net');
      await add.getByLabel('List').selectOption({ label: 'Customers' });
      await add.getByLabel('Tags (comma-separated)').fill('vip');
      await add.getByRole('button', { name: 'Add contact' }).click();
      await page.getByRole('heading', { level: 1, name: 'ann@example.net' }).waitFor();
      assert.equal(await page.getByTestId('status-reason').innerText(), 'campaigns go to this contact');
      await page.getByText('No campaign mail yet').waitFor();
      await accessible('a new contact');

      const edit = page.getByRole('form', { name: 'Edit the contact' });
      await edit.getByLabel('Tags (comma-separated)').fill('vip, berlin');
      await edit.getByLabel('Town').fill('Berlin');
      await edit.getByRole('button', { name: 'Save contact' }).click();
      await edit.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'ann@example.net' }).waitFor();
      await page.getByRole('form', { name: 'Edit the contact' }).getByLabel('Town').and(page.locator('[value="Berlin"]')).waitFor();
      assert.equal(await page.getByRole('form', { name: 'Edit the contact' }).getByLabel('Tags (comma-separated)').inputValue(), 'berlin, vip');

      await page.getByRole('form', { name: 'Add the contact to a list' }).getByLabel('Add to list').selectOption({ label: 'Trial' });
      await page.getByRole('button', { name: 'Add to list', exact: true }).click();
      await page.getByRole('list', { name: 'Lists of the contact' }).getByRole('link', { name: 'Trial' }).waitFor();

      // A campaign to Customers reaches Ann (the capture transport delivers): her page lists the copy.
      const token = await logIn(server, server.credentials!);
      const lists = resultOf(await callApi(server.url, '/inbox/v1/contactlists', { token }), 200).items as { id: string; listName: string }[];
      const sender = resultOf(
        await callApi(server.url, '/inbox/v1/senders', { token, json: { DisplayName: 'News', Email: 'news@example.com', ReplyEmail: 'news@example.com' } }),
        201,
      );
      resultOf(
        await callApi(server.url, '/inbox/v1/campaigns/custom', {
          token,
          json: {
            subject: 'Spring offers',
            htmlContent: '<p>Hello</p>',
            language: 'en',
            senderAccountId: sender.id,
            listType: 2,
            lists: [lists.find((l) => l.listName === 'Customers')!.id],
          },
        }),
        201,
      );
      const mail = rows('Campaign mail').filter({ hasText: 'Spring offers' });
      for (let i = 0; i < 60 && !(await mail.filter({ hasText: 'delivered' }).count()); i++) {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'ann@example.net' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'Mail and activity' }).waitFor();
        await page.waitForTimeout(250);
      }
      await mail.filter({ hasText: 'delivered' }).waitFor();
      assert.match(await mail.innerText(), /not opened\s+no click/);
      await accessible('a contact with campaign mail');

      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unsubscribe this contact?' });
      await dialog.getByText('Campaigns no longer go to ann@example.net.').waitFor();
      await accessible('the unsubscribe dialog');
      await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.locator('.state').filter({ hasText: 'unsubscribed' }).waitFor();
      assert.match(await page.getByTestId('status-reason').innerText(), /^set through the dashboard or the API/);
      assert.equal(await page.getByRole('button', { name: 'Unsubscribe' }).count(), 0);
    });

    it('finds contacts by address, status, tag and field value, and acts on a selection after a confirmation that states the count', async () => {
      await go('Contacts', 'Contacts');
      for (const email of ['bob@example.org', 'cat@example.org']) {
        await page.getByRole('form', { name: 'Add a contact' }).getByLabel('Email address').fill(email);
        await page.getByRole('button', { name: 'Add contact' }).click();
        await page.getByRole('heading', { level: 1, name: email }).waitFor();
        await go('Contacts', 'Contacts');
      }
      await rows('Contacts').filter({ hasText: 'cat@example.org' }).waitFor();
      assert.equal(await page.getByTestId('contacts-total').innerText(), '3 contacts');
      await accessible('the contacts page');

      const filters = page.getByRole('form', { name: 'Filter contacts' });
      const shown = async () => (await rows('Contacts').getByRole('link').allInnerTexts()).sort();
      const filter = async (expected: string[]) => {
        await filters.getByRole('button', { name: 'Filter' }).click();
        await page
          .getByTestId('contacts-total')
          .filter({ hasText: `${expected.length} contact` })
          .waitFor();
        assert.deepEqual(await shown(), expected);
      };
      await filters.getByLabel('Address contains').fill('EXAMPLE.ORG');
      await filter(['bob@example.org', 'cat@example.org']);
      await filters.getByLabel('Address contains').fill('');
      await filters.getByLabel('Status').selectOption({ label: 'unsubscribed' });
      await filter(['ann@example.net']);
      await filters.getByLabel('Status').selectOption({ label: 'Any status' });
      await filters.getByLabel('Tag').selectOption({ label: 'vip (1)' });
      await filter(['ann@example.net']);
      await filters.getByLabel('Tag').selectOption({ label: 'Any tag' });
      await filters.getByLabel('Field', { exact: true }).selectOption({ label: 'Town' });
      await filters.getByLabel('Field value').fill('berlin');
      await filter(['ann@example.net']);
      await filters.getByLabel('Field', { exact: true }).selectOption({ label: 'Any field' });
      await filters.getByLabel('List').selectOption({ label: 'Trial' });
      await filter(['ann@example.net', 'bob@example.org', 'cat@example.org']);
      await filters.getByLabel('List').selectOption({ label: 'Any list' });
      await filters.getByLabel('Address contains').fill('nobody-here');
      await filters.getByRole('button', { name: 'Filter' }).click();
      await page.getByText('No contact matches').waitFor();
      await filters.getByLabel('Address contains').fill('');
      await filter(['ann@example.net', 'bob@example.org', 'cat@example.org']);

      // Tag two contacts.
      await page.getByRole('checkbox', { name: 'Select bob@example.org' }).check();
      await page.getByRole('checkbox', { name: 'Select cat@example.org' }).check();
      assert.equal(await page.getByTestId('selected-count').innerText(), '2 selected');
      const bulk = page.getByRole('form', { name: 'Act on the selected contacts' });
      await bulk.getByLabel('Action').selectOption({ label: 'Add a tag' });
      await bulk.getByLabel('Tag').fill('trial');
      await bulk.getByRole('button', { name: 'Apply to selected' }).click();
      let dialog = page.getByRole('dialog', { name: 'Confirm the action' });
      assert.equal(await dialog.getByTestId('bulk-question').innerText(), 'Tag 2 contacts with “trial”?');
      await accessible('the bulk confirmation');
      await dialog.getByRole('button', { name: 'Add a tag' }).click();
      await page.getByRole('status').filter({ hasText: 'Done: 2 of 2 contacts changed.' }).waitFor();
      await rows('Contacts').filter({ hasText: 'bob@example.org' }).filter({ hasText: 'trial' }).waitFor();
      assert.equal(await page.getByTestId('selected-count').innerText(), '0 selected');

      // Cancelling changes nothing; confirming deletes the selection.
      await page.getByRole('checkbox', { name: 'Select cat@example.org' }).check();
      await bulk.getByLabel('Action').selectOption({ label: 'Delete' });
      await bulk.getByRole('button', { name: 'Apply to selected' }).click();
      dialog = page.getByRole('dialog', { name: 'Confirm the action' });
      assert.match(await dialog.getByTestId('bulk-question').innerText(), /^Delete 1 contact everywhere\?/);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await rows('Contacts').filter({ hasText: 'cat@example.org' }).count(), 1);
      await bulk.getByRole('button', { name: 'Apply to selected' }).click();
      await page.getByRole('dialog', { name: 'Confirm the action' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('status').filter({ hasText: 'Done: 1 of 1 contact changed.' }).waitFor();
      await page.getByTestId('contacts-total').filter({ hasText: '2 contacts' }).waitFor();
      assert.deepEqual(await shown(), ['ann@example.net', 'bob@example.org']);
    });

    it('builds a segment with a live count, engagement conditions and the API message at the condition; edits and deletes it', async () => {
      await go('Segments', 'Segments');
      await page.getByText('No segments yet').waitFor();
      await page.getByRole('link', { name: 'New segment' }).click();
      await page.getByRole('heading', { level: 1, name: 'New segment' }).waitFor();
      const form = page.getByRole('form', { name: 'Create a segment' });
      const count = async (n: number) => {
        await form
          .getByTestId('segment-live-count')
          .filter({ hasText: new RegExp(`^${n}$`) })
          .waitFor();
        await form.getByText('(counting…)').waitFor({ state: 'detached' });
      };
      // The first condition a new segment offers: active contacts (Bob; Ann is unsubscribed).
      await count(1);
      await form.getByLabel('Field of condition 1').selectOption({ label: 'Tag' });
      await form.getByLabel('Value of condition 1').fill('vip');
      await count(1);
      await form.getByRole('button', { name: 'Add condition', exact: true }).click();
      await form.getByLabel('Field of condition 2').selectOption({ label: 'Opened' });
      await form.getByLabel('Value of condition 2').selectOption({ label: 'Spring offers' });
      await count(0);
      await form.getByLabel('Operator of condition 2').selectOption({ label: 'not the campaign' });
      await form.getByLabel('Value of condition 2').selectOption({ label: 'Spring offers' });
      await count(1);
      // A value the API refuses: its message shows at the condition, and there is no count.
      await form.getByLabel('Operator of condition 2').selectOption({ label: 'no campaign in the last N days' });
      await form.getByLabel('Value of condition 2').fill('0');
      await form.locator('.rule-cond .field-error').filter({ hasText: 'value must be a whole number of days from 1 to 3650' }).waitFor();
      await form.getByText('The rules cannot be counted yet').waitFor();
      await accessible('the rule builder with an error');
      await form.getByLabel('Value of condition 2').fill('30');
      await count(1);
      await form.getByLabel('Segment name').fill('VIP non-openers');
      await form.getByRole('button', { name: 'Create segment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
      const row = rows('Segments').filter({ hasText: 'VIP non-openers' });
      await row.getByRole('cell', { name: '1', exact: true }).waitFor();
      await accessible('segments');

      await row.getByRole('link', { name: 'Edit VIP non-openers' }).click();
      await page.getByRole('heading', { level: 1, name: 'Segment VIP non-openers' }).waitFor();
      const edit = page.getByRole('form', { name: 'Edit the segment' });
      assert.equal(await edit.getByLabel('Value of condition 2').inputValue(), '30');
      await edit.getByLabel('How the rules combine').selectOption({ label: 'any of these' });
      // Ann has the tag; Bob opened nothing: both.
      await edit.getByTestId('segment-live-count').filter({ hasText: /^2$/ }).waitFor();
      await edit.getByRole('button', { name: 'Save segment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
      await row.getByRole('cell', { name: '2', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Delete VIP non-openers' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the segment VIP non-openers?' });
      await accessible('the delete-segment dialog');
      await dialog.getByRole('button', { name: 'Delete segment' }).click();
      await page.getByText('No segments yet').waitFor();
    });

    it('deletes a contact from its page behind a confirmation', async () => {
      await go('Contacts', 'Contacts');
      await page.getByRole('link', { name: 'bob@example.org' }).click();
      await page.getByRole('heading', { level: 1, name: 'bob@example.org' }).waitFor();
      await page.getByRole('button', { name: 'Delete contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this contact?' });
      await dialog.getByRole('button', { name: 'Delete contact' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contacts', exact: true }).waitFor();
      await page.getByTestId('contacts-total').filter({ hasText: '1 contact' }).waitFor();
      assert.deepEqual(await rows('Contacts').getByRole('link').allInnerTexts(), ['ann@example.net']);
    });

    it("exports a contact's data as a JSON file and erases it everywhere behind a confirmation", async () => {
      await go('Contacts', 'Contacts');
      await page.getByRole('link', { name: 'ann@example.net' }).click();
      await page.getByRole('heading', { level: 1, name: 'ann@example.net' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data' }).click()]);
      assert.equal(download.suggestedFilename(), 'ann@example.net.json');
      const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      assert.deepEqual(
        exported.contacts.map((c: { email: string }) => c.email),
        ['ann@example.net'],
      );
      assert.ok(exported.contacts[0].tags.includes('vip'), JSON.stringify(exported.contacts[0].tags));
      await page.getByRole('button', { name: 'Erase everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase this person everywhere?' });
      await accessible('the erase dialog');
      await dialog.getByRole('button', { name: 'Erase everywhere' }).click();
      await page.getByRole('status').filter({ hasText: 'The address is erased from this account: 1 contact' }).waitFor();
      await go('Contacts', 'Contacts');
      assert.equal(await page.getByRole('link', { name: 'ann@example.net' }).count(), 0);
    });

    it("offers no Remove on the signed-in person's own row of the users", async () => {
      await go('Users & roles', 'Users & roles');
      const own = rows('Users').filter({ hasText: server.credentials!.email });
      await own.getByText('You', { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: `Remove ${server.credentials!.email}` }).count(), 0);
      const form = page.getByRole('form', { name: 'Add a user' });
      await form.getByLabel('Email address').fill('colleague@example.com');
      await form.getByRole('button', { name: 'Add user' }).click();
      await page.getByRole('button', { name: 'Remove colleague@example.com' }).waitFor();
      await accessible('users');
    });

    it("shows a message's tags and metadata, and a webhook's calls paged, each with the JSON sent and the answer", async () => {
      await go('Webhooks', 'Webhooks');
      await page.getByRole('form', { name: 'Add a webhook' }).getByLabel('URL').fill(receiverUrl);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByRole('button', { name: 'I have stored it' }).click();

      const token = await logIn(server, server.credentials!);
      resultOf(await callApi(server.url, '/notify/v1/senders', { token, json: { email: 'shop@example.com' } }), 201);
      let last = '';
      // Enough messages for more than one page of calls (20 a page): accepted and sent events for each.
      for (let i = 1; i <= 11; i++) {
        const sent = resultOf(
          await callApi(server.url, '/notify/v1/send', {
            token,
            json: {
              from: { email: 'shop@example.com' },
              to: [{ email: `buyer${i}@example.net` }],
              subject: `Order ${i} confirmed`,
              htmlContent: '<p>Thanks</p>',
              tags: ['order', 'web-shop'],
              metadata: { orderId: `A-${1000 + i}`, total: 42.5, gift: false },
            },
          }),
          200,
        );
        last = sent.id;
      }
      await page.goto(`${server.url}/app/messages/${last}`);
      await page.getByRole('heading', { level: 1, name: 'Order 11 confirmed' }).waitFor();
      assert.deepEqual(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts(), ['order', 'web-shop']);
      const metadata = page.getByRole('table', { name: 'Metadata' }).getByRole('row');
      assert.deepEqual(
        (await metadata.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
        ['Key Value', 'orderId "A-1011"', 'total 42.5', 'gift false'],
      );
      await page.getByText(last, { exact: true }).waitFor();
      await accessible('a message with tags and metadata');

      await go('Webhooks', 'Webhooks');
      await page.getByRole('button', { name: `Delivery log of ${receiverUrl}` }).click();
      await page.getByTestId('deliveries-page').filter({ hasText: 'Page 1 of 2' }).waitFor({ timeout: 20_000 });
      const log = page.getByRole('table', { name: 'Deliveries' });
      assert.equal(await log.getByRole('row').count(), 21, 'a header and 20 calls');
      const call = log.getByRole('row').filter({ hasText: 'HTTP 200' }).first();
      await call.waitFor({ timeout: 20_000 });
      await call.getByRole('button', { name: /^Show the / }).click();
      const payload = JSON.parse(await page.getByTestId('delivery-payload').innerText());
      assert.deepEqual(Object.keys(payload).sort(), ['createdAt', 'details', 'email', 'id', 'messageId', 'recipientId', 'type', 'webhookId']);
      assert.match(payload.email, /^buyer\d+@example\.net$/);
      assert.equal(await page.getByTestId('delivery-response').innerText(), 'thanks, noted');
      await accessible('a webhook call with its payload');
      await page.getByRole('button', { name: 'Older' }).click();
      await page.getByTestId('deliveries-page').filter({ hasText: 'Page 2 of 2' }).waitFor();
      assert.ok((await log.getByRole('row').count()) >= 2, 'the older calls');
    });
  });
}

/**
 * Takes the screenshots of docs/dashboard.md: every page of the dashboard at a desktop width
 * (1280 px) and a phone's (390 px), as docs/dashboard/<page>.png and <page>-phone.png.
 *
 *   npm run docs:screenshots
 *
 * A real `postwire start` on a fresh SQLite database (capture transport), seeded through the
 * public API with what a small shop would have: senders and a domain, templates, transactional
 * mail with outcomes, a webhook, keys, users, suppressions, lists of contacts with fields and
 * tags, a segment, and a campaign sent to a list whose copies were opened and clicked (through
 * the capture inbox's simulation). Each shot is the first screen of the page (the campaign's
 * report and the import's mapping a little more), so the files stay small and a long list
 * never becomes a tall image. Times in the pictures are the run's, so every run changes the
 * files: commit them when a page changed.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ensureDashboardBuilt, launchBrowser, signInToDashboard, startDashboardServer } from '../test/helpers/browser.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { callApi, logIn, ROOT, resultOf, stopAll } from '../test/helpers/process.ts';

const OUT = `${ROOT}docs/dashboard/`;
const WIDTHS = [
  { suffix: '', width: 1280, height: 800 },
  { suffix: '-phone', width: 390, height: 844 },
] as const;

const FIRST = ['Ann', 'Bruno', 'Chiara', 'Dmitri', 'Eva', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Lena', 'Marco', 'Nora', 'Omar', 'Priya'];
const LAST = ['Schmidt', 'Rossi', 'Dubois', 'Novak', 'Silva', 'Tanaka', 'Okafor', 'Jensen'];
const DOMAINS = ['example.net', 'mail.example.org', 'example.com', 'post.example.de'];
const CITIES = ['Berlin', 'Lisbon', 'Lyon', 'Osaka', 'Toronto', 'Nairobi'];
const PLANS = ['Free', 'Pro', 'Team'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

ensureDashboardBuilt();
mkdirSync(OUT, { recursive: true });
const database = await createTestDatabase('sqlite');
const server = await startDashboardServer(database);
const browser = await launchBrowser();
try {
  const token = await logIn(server, server.credentials!);
  const call = async (method: string, path: string, json?: unknown, status = 200) =>
    resultOf(await callApi(server.url, path, { method, token, ...(json === undefined ? {} : { json }) }), status);
  const post = (path: string, json: unknown, status = 201) => call('POST', path, json, status);

  // ── notify: senders, a domain, templates, mail, a webhook, keys, users, suppressions ──
  const from = 'news@shop.example.com';
  await post('/notify/v1/senders', { email: from, displayName: 'Example Shop' });
  await post('/notify/v1/senders', { email: 'support@shop.example.com', displayName: 'Example Shop support' });
  await post('/notify/v1/domains', { name: 'shop.example.com' });
  await post('/notify/v1/templates', {
    name: 'Order shipped',
    subject: 'Your order {{order}} has shipped',
    htmlContent: '<p>Hello {{name}},</p><p>Your order {{order}} is on its way. <a href="https://shop.example.com/track/{{order}}">Track it</a>.</p>',
  });
  await post('/notify/v1/templates', {
    name: 'Password reset',
    subject: 'Reset your password',
    htmlContent: '<p>Hello {{name}}, <a href="{{link}}">choose a new password</a>.</p>',
  });
  await post('/notify/v1/templates', { name: 'Welcome', subject: 'Welcome to Example Shop, {{name}}', htmlContent: '<p>Hello {{name}}, welcome aboard.</p>' });
  const kinds = [
    { subject: 'Your order #10{n} has shipped', tags: ['order', 'shipping'] },
    { subject: 'Reset your password', tags: ['password-reset'] },
    { subject: 'Invoice INV-2026-0{n}', tags: ['invoice'] },
    { subject: 'Welcome to Example Shop', tags: ['welcome'] },
  ];
  const messageIds: string[] = [];
  for (let i = 0; i < 14; i++) {
    const kind = kinds[i % kinds.length]!;
    const to = `${FIRST[i]!.toLowerCase()}.${LAST[i % LAST.length]!.toLowerCase()}@${DOMAINS[i % DOMAINS.length]}`;
    const sent = await post(
      '/notify/v1/send',
      {
        from: { email: from, name: 'Example Shop' },
        to: [{ email: to, name: `${FIRST[i]} ${LAST[i % LAST.length]}` }],
        subject: kind.subject.replace('{n}', String(40 + i)),
        htmlContent: `<p>Hello ${FIRST[i]},</p><p>Thank you for shopping with us. <a href="https://shop.example.com/orders/${1040 + i}">Your order</a></p>`,
        textContent: `Hello ${FIRST[i]}, thank you for shopping with us.`,
        tags: kind.tags,
        metadata: { customerId: `c-${2000 + i}` },
        trackOpens: true,
        trackClicks: true,
      },
      200,
    );
    messageIds.push(sent.id);
  }
  await post('/notify/v1/webhooks', { url: 'http://127.0.0.1:9/hooks/postwire', events: ['delivered', 'bounced', 'opened', 'clicked'] });
  await post('/account/apikeys', { name: 'Shop backend', scopes: ['send', 'read'] });
  await post('/account/apikeys', { name: 'Reporting', scopes: ['read'] });
  await post('/account/users', { email: 'marketing@shop.example.com', role: 'admin' });
  await post('/account/users', { email: 'intern@shop.example.com', role: 'member' });
  for (const [email, reason] of [
    ['old.customer@example.net', 'manual'],
    ['typo@gmial.example', 'hard_bounce'],
    ['angry@example.org', 'complaint'],
  ] as const)
    await post('/notify/v1/suppressions', { email, reason });

  // ── the audience: fields, lists, contacts with values and tags, a segment ──
  const city = (await post('/inbox/v1/customfields', { Name: 'City', Type: 0 })).id as string;
  const plan = (await post('/inbox/v1/customfields', { Name: 'Plan', Type: 0 })).id as string;
  await post('/inbox/v1/customfields', { Name: 'Company', Type: 0 });
  const subscribers = (await post('/inbox/v1/contactlists', { listName: 'Newsletter subscribers' })).id as string;
  const customers = (await post('/inbox/v1/contactlists', { listName: 'Customers 2026' })).id as string;
  await post('/inbox/v1/contactlists', { listName: 'Beta testers' });
  const contactIds: string[] = [];
  for (let i = 0; i < 36; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 3) % LAST.length]!;
    const email = `${first.toLowerCase()}.${last.toLowerCase()}${i > 15 ? i : ''}@${DOMAINS[i % DOMAINS.length]}`;
    const tags = [...(i % 4 === 0 ? ['vip'] : []), ...(i % 3 === 0 ? ['newsletter'] : [])];
    const customFields = [
      { customFieldId: city, value: CITIES[i % CITIES.length]! },
      { customFieldId: plan, value: PLANS[i % PLANS.length]! },
    ];
    contactIds.push(await post(`/inbox/v1/contactlists/${i % 5 === 4 ? customers : subscribers}/add`, { email, tags, customFields }, 200));
  }
  await post('/inbox/v1/segments', {
    name: 'VIPs in Berlin',
    rules: {
      and: [
        { field: 'tag', operator: 'eq', value: 'vip' },
        { field: `customField:${city}`, operator: 'eq', value: 'Berlin' },
      ],
    },
  });
  await post('/inbox/v1/segments', { name: 'Pro and Team plans', rules: { field: `customField:${plan}`, operator: 'neq', value: 'Free' } });

  // ── a campaign sent to the subscribers, opened and clicked by some; a draft beside it ──
  const campaignSender = await post('/inbox/v1/senders', { DisplayName: 'Example Shop', Email: from, ReplyEmail: 'support@shop.example.com' });
  const campaignId = (await post('/inbox/v1/campaigns/custom', {
    subject: 'Our November news: the winter collection is here',
    htmlContent:
      '<h1>The winter collection</h1><p>Hello #firstname#, warm coats and scarves are in.</p>' +
      '<p><a href="https://shop.example.com/winter">See the collection</a> · <a href="https://shop.example.com/sale">Last days of the sale</a></p>',
    language: 'en',
    senderAccountId: campaignSender.id,
    listType: 2,
    lists: [subscribers],
  })) as string;
  await post('/inbox/v1/campaigns/custom', {
    subject: 'December: gift ideas',
    htmlContent: '<p>Gift ideas for everyone on your list.</p>',
    language: 'en',
    senderAccountId: campaignSender.id,
    listType: 2,
    lists: [customers],
    draft: true,
  });
  // The worker captures every copy; then some readers open, and some of those click.
  for (let tries = 0; ; tries++) {
    const campaign = await call('GET', `/inbox/v1/campaigns/${campaignId}`);
    if (campaign.status === 3) break;
    if (tries > 600) throw new Error(`the campaign did not finish sending: ${JSON.stringify(campaign)}`);
    await sleep(100);
  }
  const inbox = await call('GET', '/notify/v1/inbox?pageSize=100');
  const copies = (inbox.items as { id: string; subject: string }[]).filter((m) => m.subject.startsWith('Our November news'));
  for (const [i, copy] of copies.entries()) {
    if (i % 3 === 2) continue;
    await post(`/notify/v1/inbox/${copy.id}/simulate`, { outcome: 'open' }, 200);
    if (i % 2 === 0)
      await post(
        `/notify/v1/inbox/${copy.id}/simulate`,
        { outcome: 'click', url: i % 4 === 0 ? 'https://shop.example.com/winter' : 'https://shop.example.com/sale' },
        200,
      );
  }
  // Transactional outcomes: an open, a click and a bounce on the mail sent above.
  const transactional = (inbox.items as { id: string; subject: string }[]).filter((m) => !m.subject.startsWith('Our November news'));
  for (const [i, copy] of transactional.slice(0, 9).entries())
    await post(`/notify/v1/inbox/${copy.id}/simulate`, { outcome: i === 8 ? 'bounce' : i % 2 === 0 ? 'click' : 'open' }, 200);

  // ── the pages: [file name, path, what to wait for or do before the shot, taller shot] ──
  type Prepare = (page: Page) => Promise<void>;
  const heading =
    (name: string | RegExp): Prepare =>
    (page) =>
      page.getByRole('heading', { level: 1, name }).first().waitFor();
  const shots: [string, string, Prepare, number?][] = [
    ['overview', '/', async (page) => void (await page.getByTestId('total-accepted').waitFor())],
    ['messages', '/messages', heading('Messages')],
    ['message', `/messages/${messageIds[0]}`, heading(/Your order/)],
    ['inbox', '/inbox', heading('Capture inbox')],
    ['senders', '/senders', heading('Senders & domains')],
    ['templates', '/templates', heading('Templates')],
    ['suppressions', '/suppressions', heading('Suppressions')],
    ['webhooks', '/webhooks', heading('Webhooks')],
    ['api-keys', '/api-keys', heading('API keys')],
    ['users', '/users', heading('Users & roles')],
    ['billing', '/billing', heading('Billing')],
    ['lists', '/lists', heading('Contacts & lists')],
    ['list', `/lists/${subscribers}`, heading('Newsletter subscribers')],
    [
      'import',
      `/lists/${customers}`,
      async (page) => {
        await heading('Customers 2026')(page);
        await page.getByLabel(/^CSV file/).setInputFiles({
          name: 'customers.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'email,First name,City,Plan\nyara.haddad@example.net,Yara,Lyon,Pro\nzeno.weber@example.org,Zeno,Berlin,Free\nada.moreau@example.com,Ada,Lisbon,Team\n',
          ),
        });
        await page.getByRole('table', { name: 'Map the columns' }).waitFor();
        await page.getByRole('heading', { name: 'Import contacts' }).scrollIntoViewIfNeeded();
      },
    ],
    ['contacts', '/contacts', heading('Contacts')],
    ['contact', `/contacts/${contactIds[0]}`, heading(/ann\./)],
    ['fields', '/fields', heading('Custom fields')],
    ['segments', '/segments', heading('Segments')],
    ['segment-editor', '/segments/new', heading(/segment/i)],
    ['campaigns', '/campaigns', heading('Campaigns')],
    [
      'campaign-editor',
      '/campaigns',
      async (page) => {
        await heading('Campaigns')(page);
        await page.getByRole('button', { name: 'New campaign' }).click();
        await page.getByRole('form', { name: 'Create a campaign' }).waitFor();
      },
      1.6,
    ],
    ['campaign', `/campaigns/${campaignId}`, async (page) => void (await page.getByRole('table', { name: 'Clicks per link' }).waitFor()), 2],
  ];

  for (const { suffix, width, height } of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    // The sign-in page with the API's answer to a wrong password.
    await page.goto(`${server.url}/app`);
    await page.getByLabel('Email address').fill(server.credentials!.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.screenshot({ path: `${OUT}sign-in${suffix}.png` });
    await signInToDashboard(page, server);
    for (const [name, path, prepare, taller] of shots) {
      await page.goto(`${server.url}/app${path}`);
      await prepare(page);
      await page.getByText('Loading…').first().waitFor({ state: 'detached' });
      // Counters and charts that load after the heading settle before the picture.
      await sleep(500);
      const clip = { x: 0, y: await page.evaluate('window.scrollY'), width, height: Math.round(height * (taller ?? 1)) };
      const full = (await page.evaluate('document.documentElement.scrollHeight')) as number;
      clip.height = Math.min(clip.height, full - (clip.y as number));
      await page.screenshot({ path: `${OUT}${name}${suffix}.png`, clip: clip as { x: number; y: number; width: number; height: number }, fullPage: true });
      console.log(`${name}${suffix}.png`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stopAll();
  await database.drop();
}

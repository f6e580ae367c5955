/**
 * The server time of the API calls two dashboard pages make on a large account
 * (part of `npm run bench:dashboard`, see bench/dashboard.ts):
 *
 * - Contacts (web/src/pages/Contacts.tsx) with --contacts contacts (default 1,000,000): the
 *   first page (GET /inbox/v1/contacts?pageSize=50 and the lists, fields and tags the filters
 *   offer) and a search by address ("Address contains", `search=`);
 * - a sent campaign's page (web/src/pages/Campaign.tsx) with --recipients recipients
 *   (default 100,000): the campaign, its report and the names of its lists.
 *
 * Setup, not timed: `postwire api` on a fresh database migrates it and seeds its first
 * account; a list, two custom fields, a campaign sender and a draft campaign are made through
 * the API. Then rows are written straight into the database, chunked, one transaction per
 * chunk: contacts (a quarter tagged, every one with a city), each on the list; for the
 * campaign, one message per recipient with its message_recipients row, its campaign_recipients
 * row with an outcome (96 % delivered, 3 % soft and 1 % hard bounced), first opens (35 %) and
 * clicks (8 %) with their events and per-link click rows, and the campaign's counters, as the
 * pipeline leaves them. The message bodies are one short line: the report never reads them.
 *
 * Timing: `postwire api` again with LOG_REQUESTS=true; each request --runs times, one at a
 * time; the server time is the access log's `ms` (Fastify's reply.elapsedTime) of the request,
 * found by its x-request-id. A page's time is the slowest of its calls (the browser makes them
 * at once), median over the runs. Each answer is checked against what was written.
 */
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../src/db/database.ts';
import { bouncesByReply, clicksByLink, countsByDomain, engagementByHour } from '../src/features/marketing/campaigns/campaigns.store.ts';
import type { Database } from '../src/db/schema.ts';
import { createIdGenerator } from '../src/lib/ids.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/db.ts';
import { callApi, logIn, type PostwireProcess, resultOf, startPostwire, stopPostwire } from '../test/helpers/process.ts';

export interface DataOptions {
  dialect: 'sqlite' | 'postgres';
  contacts: number;
  recipients: number;
  runs: number;
}

/** Targets, server time, median of the runs: a page's slowest call. */
export const TARGETS = { contactsFirstPage: 100, contactsSearch: 500, campaignReport: 300 };

const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.co.uk', 'web.de', 'orange.fr', 'icloud.com', 'proton.me', 'gmx.de', 'acme-corp.example'];
const FIRST = ['alex', 'maria', 'sam', 'chen', 'fatima', 'jonas', 'priya', 'lucas', 'amelie', 'kofi', 'yuki', 'olga'];
const LAST = ['smith', 'garcia', 'muller', 'rossi', 'dubois', 'nowak', 'silva', 'tanaka', 'okafor', 'jensen'];
const CITIES = ['Berlin', 'Lisbon', 'Toronto', 'Osaka', 'Nairobi', 'Lyon'];
const TAGS = ['vip', 'newsletter', 'customer', 'trial'];
/** What the search asks for: one person's name and the start of a number, as someone looking for them types it. */
const SEARCH = 'amelie.silva12';

const contactEmail = (i: number) => `${FIRST[i % FIRST.length]}.${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i}@${DOMAINS[i % DOMAINS.length]}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toLocaleString('en-US');

/** Rows in chunks of `size`, one transaction per chunk (SQLite's and PostgreSQL's parameter limits kept). */
async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  count: number,
  size: number,
  row: (i: number) => Record<string, unknown>,
) {
  for (let start = 0; start < count; start += size) {
    const rows = Array.from({ length: Math.min(size, count - start) }, (_, k) => row(start + k));
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}

interface Seeded {
  accountId: string;
  listId: string;
  campaignId: string;
  /** How many contacts the search must find. */
  searchMatches: number;
  opened: number;
  clicked: number;
}

async function seed(server: PostwireProcess, database: TestDatabase, options: DataOptions, say: (line: string) => void): Promise<Seeded> {
  const token = await logIn(server, server.credentials!);
  const post = async (path: string, json: unknown, status = 201) => resultOf(await callApi(server.url, path, { token, json }), status);
  const listId = (await post('/inbox/v1/contactlists', { listName: 'Newsletter subscribers' })).id as string;
  const cityField = (await post('/inbox/v1/customfields', { Name: 'City', Type: 0 })).id as string;
  await post('/inbox/v1/customfields', { Name: 'Plan', Type: 0 });
  const sender = await post('/inbox/v1/senders', { DisplayName: 'Example Shop', Email: server.credentials!.email, ReplyEmail: server.credentials!.email });
  const campaignId = (await post('/inbox/v1/campaigns/custom', {
    subject: 'Our November news',
    htmlContent: '<p>Hello, <a href="https://shop.example.com/winter">the winter collection</a> and <a href="https://shop.example.com/sale">the sale</a>.</p>',
    language: 'en',
    senderAccountId: sender.id,
    listType: 2,
    lists: [listId],
    draft: true,
  })) as string;

  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const db = handle.db;
  const started = performance.now();
  try {
    const campaign = await db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow();
    const accountId = campaign.account_id;
    // Ids as the program makes them: time-ordered, contacts created over the last year.
    const now = Date.now();
    const year = 365 * 86_400_000;
    const ids = createIdGenerator();
    const contactIds: string[] = [];
    const createdAt: number[] = [];
    for (let i = 0; i < options.contacts; i++) {
      createdAt.push(now - year + Math.floor((i / options.contacts) * year));
      contactIds.push(ids(createdAt[i]));
    }
    await insertChunked(db, 'contacts', options.contacts, 2000, (i) => {
      const email = contactEmail(i);
      // Some unsubscribed, a few bounced: what a list of this size holds.
      const status = i % 50 === 7 ? 3 : i % 200 === 11 ? 2 : 1;
      return {
        id: contactIds[i],
        account_id: accountId,
        email,
        email_normalized: email.toLowerCase(),
        status,
        rank: 0,
        created_at: createdAt[i],
        updated_at: createdAt[i],
      };
    });
    say(`  ${fmt(options.contacts)} contacts (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    await insertChunked(db, 'contact_list_members', options.contacts, 5000, (i) => ({
      list_id: listId,
      contact_id: contactIds[i],
      account_id: accountId,
      created_at: createdAt[i],
    }));
    await db.updateTable('contact_lists').set({ contacts_count: options.contacts }).where('id', '=', listId).execute();
    const tagged = Math.floor(options.contacts / 4);
    await insertChunked(db, 'contact_tags', tagged, 5000, (k) => ({ contact_id: contactIds[k * 4], account_id: accountId, tag: TAGS[k % TAGS.length] }));
    await insertChunked(db, 'contact_field_values', options.contacts, 5000, (i) => ({
      contact_id: contactIds[i],
      custom_field_id: cityField,
      account_id: accountId,
      value: CITIES[i % CITIES.length],
    }));
    say(`  their list, tags and fields (${((performance.now() - started) / 1000).toFixed(0)} s)`);

    // The campaign: sent an hour ago to the first `recipients` contacts.
    const n = Math.min(options.recipients, options.contacts);
    const sentAt = now - 3_600_000;
    const messageIds = Array.from({ length: n }, () => ids(sentAt));
    const recipientIds = Array.from({ length: n }, () => ids(sentAt));
    const outcome = (i: number) => (i % 100 === 3 ? 'bounced_hard' : i % 100 < 3 ? 'bounced_soft' : 'delivered');
    const opens = (i: number) => outcome(i) === 'delivered' && i % 20 < 7;
    const clicks = (i: number) => opens(i) && i % 20 < 2;
    const at = (i: number, minutes: number) => sentAt + 60_000 * minutes + (i % 3_000_000);
    await insertChunked(db, 'messages', n, 1000, (i) => ({
      id: messageIds[i],
      account_id: accountId,
      sender_id: campaign.sender_id,
      from_email: campaign.from_email,
      from_name: campaign.from_name,
      subject: campaign.subject,
      html_content: '<p>Hello</p>',
      message_id_header: `<${messageIds[i]}@bench.example>`,
      recipient_count: 1,
      created_at: sentAt,
      updated_at: sentAt,
    }));
    await insertChunked(db, 'message_recipients', n, 1000, (i) => ({
      id: recipientIds[i],
      message_id: messageIds[i],
      account_id: accountId,
      position: 0,
      email: contactEmail(i),
      name: '',
      state: outcome(i) === 'delivered' ? 'delivered' : 'bounced',
      last_response: outcome(i) === 'delivered' ? '250 2.0.0 OK' : outcome(i) === 'bounced_hard' ? '550 5.1.1 user unknown' : '452 4.2.2 mailbox full',
      campaign_copy: 1,
      sent_at: sentAt,
      created_at: sentAt,
      updated_at: sentAt,
    }));
    await insertChunked(db, 'campaign_recipients', n, 1000, (i) => ({
      recipient_id: recipientIds[i],
      campaign_id: campaignId,
      // As the dispatcher writes a copy's record (migration 0043).
      account_id: '',
      message_id: '',
      contact_id: contactIds[i],
      email_normalized: contactEmail(i).toLowerCase(),
      domain: DOMAINS[i % DOMAINS.length],
      outcome: outcome(i),
      delivered_at: outcome(i) === 'delivered' ? sentAt : null,
      first_open_at: opens(i) ? at(i, 5) : null,
      first_click_at: clicks(i) ? at(i, 6) : null,
      superseded: 0,
      created_at: sentAt,
    }));
    const openers = [...Array(n).keys()].filter(opens);
    const clickers = openers.filter(clicks);
    const events = [...openers.map((i) => ({ i, type: 'opened', t: at(i, 5) })), ...clickers.map((i) => ({ i, type: 'clicked', t: at(i, 6) }))];
    await insertChunked(db, 'events', events.length, 1000, (k) => {
      const e = events[k]!;
      return {
        id: ids(e.t),
        account_id: accountId,
        message_id: messageIds[e.i],
        recipient_id: recipientIds[e.i],
        email: contactEmail(e.i),
        type: e.type,
        details: e.type === 'clicked' ? JSON.stringify({ url: 'https://shop.example.com/winter' }) : '{}',
        created_at: e.t,
      };
    });
    await insertChunked(db, 'campaign_link_clicks', clickers.length, 2000, (k) => ({
      recipient_id: recipientIds[clickers[k]!],
      link_index: k % 2,
      campaign_id: campaignId,
      clicks: 1,
      flagged_clicks: 0,
      first_click_at: at(clickers[k]!, 6),
    }));
    const count = (f: (i: number) => boolean) => [...Array(n).keys()].filter(f).length;
    await db
      .updateTable('campaigns')
      .set({
        status: 3,
        planned_at: sentAt,
        started_at: sentAt,
        ended_at: sentAt + 600_000,
        dispatched_at: sentAt,
        dispatch_cursor: contactIds[n - 1]!,
        total_recipients: n,
        finished: n,
        sent: n,
        delivered: count((i) => outcome(i) === 'delivered'),
        bounce_soft: count((i) => outcome(i) === 'bounced_soft'),
        bounce_hard: count((i) => outcome(i) === 'bounced_hard'),
        opened: openers.length,
        clicked: clickers.length,
        total_opens: openers.length,
        total_clicks: clickers.length,
      })
      .where('id', '=', campaignId)
      .execute();
    // Fresh statistics for the planners, as autovacuum (or SQLite's optimize) would gather soon after such a load.
    if (options.dialect === 'postgres') {
      await sql`analyze`.execute(db);
      const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'contacts_email_trgm'`.execute(db);
      say(`  the trigram index on contacts' addresses: ${trgm.rows[0]?.n ? 'present' : 'ABSENT (pg_trgm could not be created)'}`);
    } else await sql`pragma optimize`.execute(db);
    say(`  the campaign's ${fmt(n)} recipients, ${fmt(events.length)} events (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
    let searchMatches = 0;
    for (let i = 0; i < options.contacts; i++) if (contactEmail(i).includes(SEARCH)) searchMatches++;
    return { accountId, listId, campaignId, searchMatches, opened: openers.length, clicked: clickers.length };
  } finally {
    await handle.close();
  }
}

/** The access log's time for the request with this id (LOG_REQUESTS=true). */
async function loggedMs(api: PostwireProcess, requestId: string): Promise<number> {
  const needle = `"reqId":"${requestId}"`;
  for (let i = 0; i < 1000; i++) {
    const at = api.stdout.indexOf(needle);
    if (at !== -1) return (JSON.parse(api.stdout.slice(api.stdout.lastIndexOf('\n', at) + 1, api.stdout.indexOf('\n', at))) as { ms: number }).ms;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`no access log line for ${requestId}`);
}

let requestCounter = 0;

/** The page's calls, --runs times: the median of each call's server time and of the slowest call per run. */
async function timePage(api: PostwireProcess, token: string, paths: string[], runs: number, check: (answers: any[]) => string | undefined) {
  const perCall = paths.map(() => [] as number[]);
  const slowest: number[] = [];
  for (let run = 0; run < runs; run++) {
    const times: number[] = [];
    const answers: any[] = [];
    for (const [k, path] of paths.entries()) {
      const requestId = `bench-${process.pid}-${++requestCounter}`;
      answers.push(resultOf(await callApi(api.url, path, { token, headers: { 'x-request-id': requestId } }), 200));
      times.push(await loggedMs(api, requestId));
      perCall[k]!.push(times[k]!);
    }
    slowest.push(Math.max(...times));
    const problem = check(answers);
    if (problem) throw new Error(`${paths[0]}: ${problem}`);
  }
  return { page: median(slowest), calls: paths.map((path, k) => ({ path, ms: median(perCall[k]!) })) };
}

export async function benchData(options: DataOptions, say: (line: string) => void): Promise<{ missed: number }> {
  const database = await createTestDatabase(options.dialect);
  const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, INBOUND_SMTP_PORT: '0', SMTP_SUBMISSION_PORT: '0' };
  try {
    say(`Seeding ${fmt(options.contacts)} contacts and a campaign with ${fmt(options.recipients)} recipients (${options.dialect}) …`);
    const setup = await startPostwire('api', env);
    const seeded = await seed(setup, database, options, say);
    await stopPostwire(setup);

    const api = await startPostwire('api', { ...env, LOG_LEVEL: 'info', LOG_REQUESTS: 'true' });
    try {
      const token = await logIn(api, setup.credentials!);
      const filters = ['/account/me', '/inbox/v1/contactlists?pageSize=500', '/inbox/v1/customfields?pageSize=500', '/inbox/v1/tags'];
      const results = [
        {
          name: `Contacts, first page (${fmt(options.contacts)} contacts)`,
          target: TARGETS.contactsFirstPage,
          ...(await timePage(api, token, ['/inbox/v1/contacts?pageSize=50', ...filters], options.runs, ([list]) =>
            list.totalCount !== options.contacts || list.items.length !== 50 ? `totalCount ${list.totalCount}, ${list.items.length} items` : undefined,
          )),
        },
        {
          name: `Contacts, search "${SEARCH}" (${fmt(seeded.searchMatches)} found)`,
          target: TARGETS.contactsSearch,
          ...(await timePage(api, token, [`/inbox/v1/contacts?search=${encodeURIComponent(SEARCH)}&pageSize=50`], options.runs, ([list]) =>
            list.totalCount !== seeded.searchMatches ? `found ${list.totalCount}, not ${seeded.searchMatches}` : undefined,
          )),
        },
        {
          name: `Campaign report (${fmt(Math.min(options.recipients, options.contacts))} recipients)`,
          target: TARGETS.campaignReport,
          ...(await timePage(
            api,
            token,
            [`/inbox/v1/campaigns/${seeded.campaignId}`, `/inbox/v1/campaigns/${seeded.campaignId}/report`, '/inbox/v1/contactlists?pageSize=500'],
            options.runs,
            ([, report]) => {
              const opened = report.byDomain.reduce((s: number, d: { opened: number }) => s + d.opened, 0);
              const clicks = report.links.reduce((s: number, l: { clicks: number }) => s + l.clicks, 0);
              return opened !== seeded.opened || clicks !== seeded.clicked
                ? `opened ${opened} of ${seeded.opened}, clicks ${clicks} of ${seeded.clicked}`
                : undefined;
            },
          )),
        },
      ];
      let missed = 0;
      say(`Server time (access log ms), median of ${options.runs} runs; a page's time is its slowest call:`);
      for (const r of results) {
        const met = r.page <= r.target;
        if (!met) missed++;
        say(`  ${r.name}: ${r.page.toFixed(1)} ms, target ≤ ${r.target} ms: ${met ? 'met' : 'MISSED'}`);
        for (const c of r.calls) say(`      ${c.path.replace(seeded.campaignId, '{id}')}: ${c.ms.toFixed(1)} ms`);
      }
      // The report's queries one by one, in this process on the same database: where its time goes.
      const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        const parts: [string, () => Promise<unknown>][] = [
          ['countsByDomain', () => countsByDomain(handle.db, seeded.campaignId)],
          ['bouncesByReply', () => bouncesByReply(handle.db, seeded.campaignId)],
          ['engagementByHour', () => engagementByHour(handle.db, seeded.campaignId)],
          ['clicksByLink', () => clicksByLink(handle.db, seeded.campaignId)],
        ];
        const line: string[] = [];
        for (const [name, run] of parts) {
          const times: number[] = [];
          for (let i = 0; i < options.runs; i++) {
            const t = performance.now();
            await run();
            times.push(performance.now() - t);
          }
          line.push(`${name} ${median(times).toFixed(1)} ms`);
        }
        say(`  The report's queries alone (in this process, median): ${line.join(', ')}`);
      } finally {
        await handle.close();
      }
      return { missed };
    } finally {
      await stopPostwire(api);
    }
  } finally {
    await database.drop();
  }
}

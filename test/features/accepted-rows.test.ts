/**
 * The rows an accepted message is stored as, every column, for each path that accepts one:
 * the API send (plain, and with every option), an SMTP submission, a campaign's copy and
 * test copy, the campaign owner's notice, a sender's confirmation and an import's failure
 * notice. All are built by one builder (messages.accepted.ts); this pins what each path
 * stores, read back from the database (so column defaults count), ids and times aside: the
 * expected rows are what each path stored before the builder replaced its own literal.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DbOrTrx } from '../../src/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { campaignMessage, ownerNotice } from '../../src/features/marketing/campaigns/campaign-mail.js';
import type { CampaignRow } from '../../src/features/marketing/campaigns/campaigns.table.js';
import { importFailedNotice } from '../../src/features/marketing/imports/import-notice.js';
import { type AcceptedMessage, insertAcceptedMessages } from '../../src/features/notify/notify.module.js';
import { confirmationMessage } from '../../src/features/notify/senders/sender-confirmation.js';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { ROOT } from '../helpers/root.js';

const NOW = 1_800_000_000_000;

/** Everything stored for one message, ids numbered in order of appearance and `now` named. */
async function stored(db: DbOrTrx, messageId: string, now: number, scheduledAt?: number): Promise<unknown> {
  const rows = {
    message: await db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow(),
    recipients: await db.selectFrom('message_recipients').selectAll().where('message_id', '=', messageId).orderBy('position').execute(),
    // Queue rows carry the time they were written, not the message's.
    jobs: (await db.selectFrom('delivery_jobs').selectAll().where('message_id', '=', messageId).orderBy('id').execute()).map((j) => ({
      ...j,
      created_at: 'written',
    })),
    events: await db.selectFrom('events').selectAll().where('message_id', '=', messageId).orderBy('id').execute(),
    tags: await db.selectFrom('message_tags').selectAll().where('message_id', '=', messageId).orderBy('tag').execute(),
  };
  // A shared content (a campaign copy's) is stored with it; its id hashes the account's, which differs per run.
  const contentId = rows.message.content_id;
  const content =
    contentId === null ? {} : { content: await db.selectFrom('message_contents').selectAll().where('id', '=', contentId).executeTakeFirstOrThrow() };
  const ids = new Map<string, string>();
  const text = JSON.stringify({ ...rows, ...content }, (_key, value: unknown) =>
    typeof value === 'bigint' || (typeof value === 'string' && /^\d{13}$/.test(value)) ? Number(value) : value,
  )
    .replace(/[0-9a-f]{24}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `id${ids.size + 1}`);
      return ids.get(id)!;
    })
    .replaceAll(scheduledAt === undefined ? '\0' : new Date(scheduledAt).toISOString(), 'scheduledAt')
    .replaceAll(scheduledAt === undefined ? '\0' : String(scheduledAt), '"scheduledAt"')
    .replaceAll(String(now), '"now"')
    .replaceAll('""now""', '"now"')
    .replaceAll(contentId ?? '\0', 'content-id');
  return JSON.parse(text);
}

for (const dialect of DIALECTS) {
  describe(`the rows of an accepted message, per path [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    const db = () => app.runtime.services.handle.db;
    const write = async (accepted: AcceptedMessage) => {
      await db()
        .transaction()
        .execute((trx) => insertAcceptedMessages(trx, app.runtime.services.eventLog, [accepted]));
      return stored(db(), accepted.message.id, NOW);
    };
    const campaign = (): CampaignRow =>
      ({
        id: newId(NOW),
        account_id: a.accountId,
        sender_id: a.senderId,
        subject: 'Hello #FIRSTNAME#',
        html_content: '<p>Hi #FIRSTNAME#</p>',
        from_name: 'News',
        from_email: a.email,
        reply_email: 'reply@example.com',
        track_opens: 1,
        track_clicks: 0,
        total_recipients: 3,
        delivered: 2,
        bounce_hard: 1,
        bounce_soft: 0,
        failure_reason: 'a <reason>',
        create_user_id: a.userId,
      }) as CampaignRow;

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp('owner@shop.example');
    });
    after(() => app.close());

    const sent = async (body: { [field: string]: unknown; scheduledAt?: string }) => {
      const response = await app.request({ method: 'POST', url: '/notify/v1/send', token: a.token, body });
      const result = expectEnvelope(response, 200).resultObject as { id: string; queuedAt: string };
      return stored(db(), result.id, Date.parse(result.queuedAt), body.scheduledAt === undefined ? undefined : Date.parse(body.scheduledAt));
    };

    it('a plain API send', async () => {
      const rows = await sent({ from: { email: a.email }, to: [{ email: 'ann@example.net' }], subject: 'Plain', textContent: 'Just text' });
      check('plainSend', rows);
    });

    it('an API send with every option', async () => {
      const rows = await sent({
        from: { email: a.email, name: ' Shop ' },
        to: [{ email: 'ann@example.net', name: 'Ann', params: { n: 1 } }, { email: 'bob@example.net' }],
        cc: [{ email: 'cc@example.net', name: 'See' }],
        bcc: [{ email: 'bcc@example.net' }],
        replyTo: { email: 'reply@example.net', name: 'Desk' },
        subject: 'Order {{ n }}',
        htmlContent: '<p>{{ n }}</p>',
        textContent: 'n={{ n }}',
        params: { n: 0 },
        headers: { 'X-Order': '42' },
        tags: ['orders', 'eu'],
        metadata: { orderId: 'A-1' },
        attachments: [{ filename: 'a.txt', content: Buffer.from('hi').toString('base64'), contentType: 'text/plain' }],
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
        trackOpens: true,
        trackClicks: true,
        listUnsubscribe: true,
      });
      check('fullSend', rows);
    });

    it('an SMTP submission', async () => {
      const raw = Buffer.from(
        [
          `From: Shop <${a.email}>`,
          'To: ann@example.net',
          'Cc: cc@example.net',
          'Subject: Submitted',
          'Date: Thu, 01 Jan 2026 09:00:00 +0000',
          'Message-ID: <given@shop.example>',
          'X-Postwire-Tags: smtp, eu',
          'X-Postwire-Metadata: {"orderId":"B-2"}',
          '',
          'Body',
          '',
        ].join('\r\n'),
      );
      const principal = { accountId: a.accountId, userId: a.userId, credential: 'apiKey' as const, sessionId: null, apiKeyId: null, role: null, scopes: [] };
      const { result } = await app.runtime.services.messages.submitMime(principal, {
        mailFrom: a.email,
        rcptTo: ['ann@example.net', 'cc@example.net', 'hidden@example.net'],
        raw,
      });
      check('submission', await stored(db(), result.id, Date.parse(result.queuedAt)));
    });

    it("a campaign's copy, and its test copy", async () => {
      const values = new Map([['FIRSTNAME', 'Ann']]);
      // The footer: the postal address, and the unsubscribe mark (filled per copy when composed).
      const postalAddress = 'Shop Ltd\n1 Market St';
      check('campaignCopy', await write(campaignMessage(campaign(), { email: 'ann@example.net', values }, { now: NOW, priority: 'bulk', postalAddress })));
      const test = campaignMessage(
        campaign(),
        { email: 'tester@example.net', values: new Map() },
        { now: NOW, priority: 'transactional', subjectPrefix: '[Test] ', userId: a.userId, test: true, postalAddress },
      );
      check('campaignTestCopy', await write(test));
    });

    it("the campaign owner's notice", async () => {
      check('ownerNotice', await write(ownerNotice(campaign(), 'owner@shop.example', 'system@postwire.example', 'failed', NOW)));
    });

    // A campaign page is built, then written; deliveries write their events meanwhile. The page's
    // events take their ids at the write, so they go after those at the end of the events' key
    // (event-listeners.ts idsTakenNow), in the order they were built.
    it('takes the ids of its events when it is written', async () => {
      const page = ['ann', 'bob', 'cat'].map((name) =>
        campaignMessage(campaign(), { email: `${name}@example.net`, values: new Map() }, { now: NOW, priority: 'bulk', postalAddress: 'Shop Ltd' }),
      );
      const madeMeanwhile = newId(NOW);
      await db()
        .transaction()
        .execute((trx) => insertAcceptedMessages(trx, app.runtime.services.eventLog, page));
      const events = await db()
        .selectFrom('events')
        .select(['id', 'message_id', 'type', 'created_at'])
        .where(
          'message_id',
          'in',
          page.map((m) => m.message.id),
        )
        .orderBy('id')
        .execute();
      assert.deepEqual(
        events.map((e) => [e.message_id, e.type, Number(e.created_at)]),
        page.map((m) => [m.message.id, 'accepted', NOW]),
      );
      for (const e of events) assert.ok(e.id > madeMeanwhile, `event ${e.id} after ${madeMeanwhile}, made before the write`);
    });

    it("a sender's confirmation", async () => {
      const mail = confirmationMessage(
        {
          accountId: a.accountId,
          userId: a.userId,
          sender: { id: a.senderId, email: 'new@shop.example', displayName: 'New Desk' },
          systemFrom: 'system@postwire.example',
          link: 'https://postwire.example/notify/v1/senders/confirm?token=t&x=1',
          validHours: 24,
        },
        NOW,
      );
      check('senderConfirmation', await write(mail));
    });

    it("an import's failure notice", async () => {
      const notice = importFailedNotice(
        { id: newId(NOW), account_id: a.accountId, list_id: newId(NOW), total: 10, added: 4, failure_reason: 'line 5: <bad>', create_user_id: a.userId },
        'Customers\r\nEU',
        { owner: 'owner@shop.example', senderId: a.senderId, systemFrom: 'system@postwire.example' },
        NOW,
      );
      check('importNotice', await write(notice));
    });
  });
}

/** What each path stored before the builder, ids numbered and times named as `stored` does. */
const EXPECTED_FILE = path.join(ROOT, 'test/features/accepted-rows.expected.json');
const EXPECTED = JSON.parse(fs.readFileSync(EXPECTED_FILE, 'utf8')) as Record<string, unknown>;

/**
 * Compares with the expected rows. A deliberate change of what is stored (a new column)
 * rewrites the file: ACCEPTED_ROWS_WRITE=1 on one run, then review its diff.
 */
const written: Record<string, unknown> = {};
function check(name: string, rows: unknown) {
  if (process.env.ACCEPTED_ROWS_WRITE) {
    written[name] = rows;
    fs.writeFileSync(EXPECTED_FILE, `${JSON.stringify({ ...EXPECTED, ...written }, null, 2)}\n`);
    return;
  }
  assert.deepEqual(rows, EXPECTED[name], name);
}

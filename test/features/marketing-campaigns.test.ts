/**
 * Newsletters and campaigns (/inbox/v1/newsletters, /inbox/v1/campaigns), on both
 * dialects: the original's shapes and answer kinds; a campaign delivered through a real
 * SMTP server with known outcomes (250s, a 550, a 451 then 250) and engagement events
 * written through the one event write path, after which every counter is an exact
 * integer; the audience rule (deduplicated, minus unsubscribed and suppressed contacts);
 * personalisation; pause, resume and cancel on a campaign whose mail is still queued;
 * dispatch run twice at once writing each recipient once; one account never seeing
 * another's campaigns.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import * as copyRows from '../../migrations/0043_campaign_copy_rows.js';
import { newEventRow } from '../../src/features/notify/events/events.service.js';
import { MessageComposer } from '../../src/delivery/compose.js';
import { HELD_RUN_AT } from '../../src/delivery/enqueue.js';
import { DeliveryPipeline } from '../../src/delivery/pipeline.js';
import type { Transport } from '../../src/delivery/transports/transport.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const UNSET = '0001-01-01T00:00:00.000Z';
const ITEM_KEYS = [
  'averageOpenTime',
  'bounceHard',
  'bounceSoft',
  'clicked',
  'createTime',
  'createUserId',
  'delivered',
  'failureReason',
  'id',
  'isDeleted',
  'lastClickTime',
  'lastOpenTime',
  'name',
  'newsletterId',
  'opened',
  'plannedTime',
  'senderAccountId',
  'sent',
  'spamReported',
  'status',
  'subject',
  'totalClicks',
  'totalOpens',
  'totalRecipients',
  'unsubscribed',
  'updateTime',
  'updateUserId',
];

for (const dialect of DIALECTS) {
  describe(`marketing newsletters and campaigns [${dialect}]`, () => {
    let app: TestApp;
    let sink: SmtpSink;
    let a: TestAccount;
    let b: TestAccount;
    let senderId: string;
    let listId: string;
    let otherListId: string;

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const campaign = (id: string) => ok('GET', `/inbox/v1/campaigns/${id}`);
    const add = (list: string, email: string, values: Record<string, string> = {}, fields: Record<string, string> = {}) =>
      ok('POST', `/inbox/v1/contactlists/${list}/add`, {
        email,
        customFields: Object.entries(values).map(([name, value]) => ({ customFieldId: fields[name], value })),
      });
    const db = () => app.runtime.services.handle.db;

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false, retryFirstDelayMs: 200 },
      });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
      b = await app.signUp();
      senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Main' }, 201)).id;
      otherListId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Second' }, 201)).id;
    });
    after(async () => {
      await app.close();
      await sink.close();
    });

    it('newsletters: create (object), get, list, PUT/PATCH/DELETE (true); another account sees none', async () => {
      const created = await ok('POST', '/inbox/v1/newsletters', { subject: 'June', language: 'en-US', htmlContent: '<p>Hi</p>' }, 201);
      assert.deepEqual(Object.keys(created).sort(), [
        'createTime',
        'createUserId',
        'htmlContent',
        'id',
        'isDeleted',
        'language',
        'name',
        'subject',
        'type',
        'updateTime',
        'updateUserId',
      ]);
      assert.deepEqual([created.subject, created.language, created.htmlContent, created.type], ['June', 'en-US', '<p>Hi</p>', 0]);
      assert.equal(created.name, 'June', 'a newsletter is named by its subject');
      assert.deepEqual(await ok('GET', `/inbox/v1/newsletters/${created.id}`), created);
      // The list's items are whole newsletters: an integration's picker labels them by `name`.
      assert.deepEqual(
        (await ok('GET', '/inbox/v1/newsletters')).items.find((n: any) => n.id === created.id),
        created,
      );
      assert.equal(await ok('PUT', `/inbox/v1/newsletters/${created.id}`, { subject: 'July', language: 'de-DE', htmlContent: '<p>Hallo</p>' }), true);
      assert.equal(await ok('PATCH', `/inbox/v1/newsletters/${created.id}`, { subject: 'August' }), true);
      const now = await ok('GET', `/inbox/v1/newsletters/${created.id}`);
      assert.deepEqual([now.subject, now.language, now.htmlContent], ['August', 'de-DE', '<p>Hallo</p>']);
      expectEnvelope(await call('GET', `/inbox/v1/newsletters/${created.id}`, undefined, b), 404);
      assert.equal((await ok('GET', '/inbox/v1/newsletters', undefined, 200, b)).totalCount, 0);
      expectEnvelope(await call('DELETE', `/inbox/v1/newsletters/${created.id}`, undefined, b), 404);
      const missing = await call('POST', '/inbox/v1/newsletters', { subject: 'x' });
      expectEnvelope(missing, 400);
      assert.ok(errorFields(missing.json).some((f) => /language|htmlContent/.test(f)));
      assert.equal(await ok('DELETE', `/inbox/v1/newsletters/${created.id}`), true);
      expectEnvelope(await call('GET', `/inbox/v1/newsletters/${created.id}`), 404);
    });

    it('refuses a bad campaign naming every field; another account can use neither our lists nor our sender', async () => {
      const bad = await call('POST', '/inbox/v1/campaigns/custom', {
        subject: 'x',
        htmlContent: '<p>x</p>',
        language: 'en-US',
        senderAccountId: 'nope',
        listType: 7,
        lists: ['0123456789abcdef01234567'],
        plannedTime: 'next tuesday',
      });
      expectEnvelope(bad, 400);
      assert.deepEqual(errorFields(bad.json).sort(), ['listType', 'plannedTime', 'senderAccountId']);
      const theirs = await call(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'x', htmlContent: '<p>x</p>', language: 'en-US', senderAccountId: senderId, listType: 2, lists: [listId] },
        b,
      );
      expectEnvelope(theirs, 400);
      assert.deepEqual(errorFields(theirs.json).sort(), ['lists[0]', 'senderAccountId']);
      for (const body of [
        { listType: 2, lists: [] },
        { listType: '2', lists: [listId] },
        { listType: 2, lists: [listId], plannedTime: 12 },
        { listType: 2, lists: [{ id: listId }] },
        { listType: 2, lists: [listId], notifyWhenEnd: 'often' },
      ]) {
        const reply = await call('POST', '/inbox/v1/campaigns/custom', {
          subject: 'x',
          htmlContent: '<p>x</p>',
          language: 'en-US',
          senderAccountId: senderId,
          ...body,
        });
        expectEnvelope(reply, 400);
      }
      expectEnvelope(await call('GET', '/inbox/v1/campaigns/not-an-id'), 404);
      expectEnvelope(await call('POST', '/inbox/v1/campaigns/0123456789abcdef01234567/pause'), 404);
      expectEnvelope(await call('GET', '/inbox/v1/campaigns/0123456789abcdef01234567/preview?email=%00'), 400);
      const noNewsletter = await call('POST', '/inbox/v1/campaigns', {
        newsletterId: '0123456789abcdef01234567',
        senderAccountId: senderId,
        listType: 2,
        lists: [listId],
      });
      expectEnvelope(noNewsletter, 400);
      assert.deepEqual(errorFields(noNewsletter.json), ['newsletterId']);
    });

    it('delivers a campaign with known outcomes, and every counter is an exact integer', async () => {
      const field = (await ok('POST', '/inbox/v1/customfields', { Name: 'Name', Type: 0 }, 201)).id;
      const fields = { Name: field };
      await add(listId, 'ann@example.com', { Name: 'Ann' }, fields);
      await add(listId, 'bob@example.com', { Name: 'Bob <b>' }, fields);
      await add(otherListId, 'bob@example.com'); // on both lists: mailed once
      await add(listId, 'reject@example.com');
      await add(listId, 'flaky@example.com');
      await add(listId, 'spam@example.com'); // the content refused after DATA: a soft bounce
      const gone = await add(listId, 'gone@example.com');
      await ok('PATCH', `/inbox/v1/contacts/${gone}/status`, { status: 3 });
      await add(listId, 'blocked@example.com');
      await ok('POST', '/notify/v1/suppressions', { email: 'blocked@example.com', reason: 'hard_bounce' }, 201);

      // The count the send form shows before anything is sent: the recipients dispatch will write out.
      assert.deepEqual(await ok('POST', '/inbox/v1/campaigns/audience', { listType: 2, lists: [listId, otherListId] }), { recipients: 5 });
      assert.deepEqual(await ok('POST', '/inbox/v1/campaigns/audience', { listType: 2, lists: [otherListId] }), { recipients: 1 });
      const notTheirs = await call('POST', '/inbox/v1/campaigns/audience', { listType: 2, lists: [listId] }, b);
      expectEnvelope(notTheirs, 400);
      assert.deepEqual(errorFields(notTheirs.json), ['lists[0]']);
      expectEnvelope(await call('POST', '/inbox/v1/campaigns/audience', { listType: 4, lists: [listId] }), 400);

      const newsletter = await ok(
        'POST',
        '/inbox/v1/newsletters',
        { subject: 'Hello #name#', language: 'en-US', htmlContent: '<p>Dear #Name#, #nosuch#.</p>' },
        201,
      );
      const id = await ok(
        'POST',
        '/inbox/v1/campaigns',
        {
          newsletterId: newsletter.id,
          senderAccountId: senderId,
          listType: 2,
          lists: [listId, otherListId],
          plannedTime: '2000-01-01T00:00:00',
          notifyWhenStart: true,
          notifyWhenEnd: true,
        },
        201,
      );
      assert.equal(typeof id, 'string');
      assert.match(id, /^[0-9a-f]{24}$/);

      const preview = await ok('GET', `/inbox/v1/campaigns/${id}/preview?email=bob@example.com`);
      // The footer too: a campaign without #unsubscribe# gets a visible link (inert in a preview: no copy's token yet).
      assert.deepEqual(preview, {
        subject: 'Hello Bob <b>',
        htmlContent:
          '<p>Dear Bob &lt;b&gt;, .</p><p style="font-size:12px;color:#666;text-align:center;margin:24px 0 0"><a href="#unsubscribe">Unsubscribe</a></p>',
        unknownPlaceholders: ['nosuch'],
      });

      const done = await eventually(
        async () => {
          const c = await campaign(id);
          return c.status === 3 ? c : undefined;
        },
        20_000,
        'the campaign to end',
      );
      assert.deepEqual(
        [done.totalRecipients, done.sent, done.delivered, done.bounceHard, done.bounceSoft, done.opened, done.clicked, done.spamReported, done.unsubscribed],
        [5, 5, 3, 1, 1, 0, 0, 0, 0],
      );
      // The hard bounce is suppressed now: a second campaign to the same lists would reach one fewer.
      assert.deepEqual(await ok('POST', '/inbox/v1/campaigns/audience', { listType: 2, lists: [listId, otherListId] }), {
        recipients: done.totalRecipients - 1,
      });
      assert.notEqual(done.startTime, UNSET);
      assert.notEqual(done.endTime, UNSET);
      assert.equal(done.lastOpenTime, UNSET);
      assert.equal(done.lastClickTime, UNSET);
      assert.deepEqual(
        [done.senderAccountId, done.senderAccountEmail, done.senderAccountDisplayName, done.newsletterLanguage],
        [senderId, a.email, 'News', 'en-US'],
      );
      assert.deepEqual(done.lists, [listId, otherListId]);
      // The list's items name the sender and the newsletter too (integrations read them there).
      const item = (await ok('GET', '/inbox/v1/campaigns')).items.find((c: any) => c.id === id);
      assert.deepEqual([item.senderAccountId, item.newsletterId], [senderId, newsletter.id]);

      // One copy each to the reachable contacts, personalised and addressed to them alone.
      for (const [email, name] of [
        ['ann@example.com', 'Ann'],
        ['bob@example.com', 'Bob &lt;b&gt;'],
        ['flaky@example.com', ''],
      ] as const) {
        const copies = messagesTo(sink, email);
        assert.equal(copies.length, 1, email);
        const parsed = await simpleParser(copies[0]!.raw);
        assert.equal(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '', email);
        assert.ok(String(parsed.html).includes(`<p>Dear ${name}, .</p>`), String(parsed.html));
        // The sender's reply address is its From address here: Reply-To names it all the same.
        assert.deepEqual(
          [parsed.from!.value, parsed.replyTo!.value].map((v) => v.map((m) => [m.address, m.name])),
          [[[a.email, 'News']], [[a.email, 'News']]],
        );
      }
      for (const email of ['gone@example.com', 'blocked@example.com', 'reject@example.com', 'spam@example.com'])
        assert.equal(messagesTo(sink, email).length, 0, email);
      const notices = messagesTo(sink, a.email).map((m) => m.raw.toString());
      assert.ok(notices.some((raw) => raw.includes('has started')));
      await eventually(
        async () => (messagesTo(sink, a.email).some((m) => m.raw.toString().includes('has ended')) ? true : undefined),
        10_000,
        'the end notice',
      );

      // Engagement as the tracking endpoints will write it: through the one event write path.
      const recipients = await db()
        .selectFrom('campaign_recipients as c')
        .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
        .select(['c.recipient_id', 'r.message_id', 'c.email_normalized', 'c.delivered_at'])
        .where('c.campaign_id', '=', id)
        .execute();
      const of = (email: string) => recipients.find((r) => r.email_normalized === email)!;
      const ann = of('ann@example.com');
      const bob = of('bob@example.com');
      const t0 = Number(ann.delivered_at);

      // A campaign copy is not stored when sent (compose.ts): /raw composes it again, byte
      // for byte what the relay received, the retried one (451, then 250) included.
      for (const email of ['ann@example.com', 'flaky@example.com']) {
        const r = of(email);
        const stored = await db().selectFrom('message_recipients').select('mime').where('id', '=', r.recipient_id).executeTakeFirstOrThrow();
        assert.equal(stored.mime, null, `${email}: no stored copy`);
        const raw = await app.request({ method: 'GET', url: `/notify/v1/messages/${r.message_id}/raw?recipientId=${r.recipient_id}`, token: a.token });
        assert.equal(raw.status, 200);
        assert.equal(raw.text, messagesTo(sink, email)[0]!.raw.toString('utf8'), `${email}: /raw is the copy sent`);
        const shown = await ok('GET', `/notify/v1/messages/${r.message_id}`);
        const sent = await simpleParser(messagesTo(sink, email)[0]!.raw);
        assert.deepEqual(
          [shown.messageId, shown.replyTo],
          [sent.messageId, { email: a.email, name: 'News' }],
          `${email}: the copy's Message-ID and Reply-To as shown`,
        );
        // Every event of the copy shows the campaign (its metadata), read from the copy: no event row keeps it.
        const events = shown.recipients[0].events as { type: string; details: Record<string, unknown> }[];
        assert.deepEqual(
          events.map((e) => [e.type, e.details.metadata]),
          (email === 'ann@example.com' ? ['accepted', 'delivered'] : ['accepted', 'deferred', 'delivered']).map((type) => [type, { campaignId: id }]),
          `${email}: each event names the campaign`,
        );
        const rows = await db().selectFrom('events').select('details').where('message_id', '=', r.message_id).execute();
        assert.ok(rows.length >= 2 && rows.every((e) => !e.details.includes(id)), `${email}: no event row copies the metadata`);
        // Nor does the copy's message row: its campaign record names the campaign (messages.metadata.ts).
        assert.deepEqual(shown.metadata, { campaignId: id });
        const message = await db().selectFrom('messages').select('metadata').where('id', '=', r.message_id).executeTakeFirstOrThrow();
        assert.equal(message.metadata, null);
        // The delivery's reply is its recipient's last response, shown in the event as sent.
        assert.equal(events.at(-1)!.details.response, shown.recipients[0].lastResponse);
        assert.match(String(shown.recipients[0].lastResponse), /^250 /);
      }
      const event = (r: typeof ann, type: 'opened' | 'clicked' | 'unsubscribed' | 'complained', at: number, details: Record<string, unknown> = {}) =>
        newEventRow({ accountId: a.accountId, messageId: r.message_id, recipientId: r.recipient_id, email: r.email_normalized, type, details, at });
      await db()
        .transaction()
        .execute((trx) =>
          app.runtime.services.eventLog.record(trx, [
            event(ann, 'opened', t0 + 10_000),
            event(ann, 'opened', t0 + 50_000),
            event(bob, 'opened', Number(bob.delivered_at) + 500, { flagged: true }),
            event(ann, 'clicked', t0 + 60_000, { url: 'https://example.com/' }),
            event(bob, 'clicked', t0 + 70_000, { flagged: true }),
            event(bob, 'unsubscribed', t0 + 80_000),
          ]),
        );
      await db()
        .transaction()
        .execute((trx) => app.runtime.services.eventLog.record(trx, [event(bob, 'unsubscribed', t0 + 90_000), event(ann, 'complained', t0 + 95_000)]));

      const counted = await campaign(id);
      assert.deepEqual(
        [
          counted.totalRecipients,
          counted.sent,
          counted.delivered,
          counted.bounceHard,
          counted.bounceSoft,
          counted.opened,
          counted.clicked,
          counted.totalOpens,
          counted.totalClicks,
          counted.unsubscribed,
          counted.spamReported,
        ],
        [5, 5, 3, 1, 1, 1, 1, 3, 2, 1, 1],
      );
      assert.equal(counted.lastOpenTime, new Date(t0 + 50_000).toISOString());
      assert.equal(counted.lastClickTime, new Date(t0 + 70_000).toISOString());
      assert.equal(counted.averageOpenTime, 10);

      const listed = (await ok('GET', '/inbox/v1/campaigns')).items.find((c: any) => c.id === id);
      assert.deepEqual(Object.keys(listed).sort(), ITEM_KEYS);
      assert.deepEqual([listed.opened, listed.totalOpens, listed.status], [1, 3, 3]);

      const report = await ok('GET', `/inbox/v1/campaigns/${id}/report`);
      assert.deepEqual(report.byDomain, [{ domain: 'example.com', recipients: 5, delivered: 3, bounced: 2, opened: 1, clicked: 1 }]);
      assert.deepEqual(report.bounces.map((x: any) => [x.kind, x.reply.slice(0, 3), x.recipients]).sort(), [
        ['hard', '550', 1],
        ['soft', '554', 1],
      ]);
      assert.equal(
        report.engagementByHour.reduce((n: number, h: any) => n + h.opens, 0),
        3,
      );

      // A resend mails no one twice: only the soft bounce is tried again (and refused again).
      const copiesBefore = sink.messages.length;
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/resend`), true);
      const again = await eventually(
        async () => {
          const c = await campaign(id);
          return c.status === 3 ? c : undefined;
        },
        20_000,
        'the resent campaign to end',
      );
      assert.deepEqual(
        [again.totalRecipients, again.sent, again.delivered, again.bounceHard, again.bounceSoft, again.opened, again.totalOpens],
        [5, 5, 3, 1, 1, 1, 3],
      );
      const superseded = await db()
        .selectFrom('campaign_recipients')
        .select('email_normalized')
        .where('campaign_id', '=', id)
        .where('superseded', '=', 1)
        .execute();
      assert.deepEqual(
        superseded.map((r) => r.email_normalized),
        ['spam@example.com'],
      );
      for (const email of ['ann@example.com', 'bob@example.com', 'flaky@example.com']) assert.equal(messagesTo(sink, email).length, 1, email);
      assert.equal(messagesTo(sink, 'reject@example.com').length, 0);
      assert.ok(
        sink.messages.slice(copiesBefore).every((m) => m.rcptTo.every((r) => r === a.email)),
        'only notices were sent',
      );

      expectEnvelope(await call('GET', `/inbox/v1/campaigns/${id}`, undefined, b), 404);
      expectEnvelope(await call('POST', `/inbox/v1/campaigns/${id}/resend`, undefined, b), 404);
      assert.equal((await ok('GET', '/inbox/v1/campaigns', undefined, 200, b)).totalCount, 0);
      expectEnvelope(await call('POST', `/inbox/v1/campaigns/${id}/cancel`), 409);
      expectEnvelope(await call('DELETE', `/inbox/v1/campaigns/${id}`), 409);
    });

    it('a test send reaches the given address only and counts nothing', async () => {
      const id = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'Test me #email#', htmlContent: '<p>x</p>', language: 'en-US', senderAccountId: senderId, listType: 2, lists: [listId], draft: true },
        201,
      );
      assert.equal((await campaign(id)).status, 0);
      const item = (await ok('GET', '/inbox/v1/campaigns')).items.find((c: any) => c.id === id);
      assert.deepEqual([item.senderAccountId, item.newsletterId], [senderId, ''], 'a campaign from raw HTML has no newsletter');
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/test`, { emails: ['tester@example.org'] }), true);
      const copy = await eventually(async () => messagesTo(sink, 'tester@example.org')[0], 10_000, 'the test copy');
      assert.equal((await simpleParser(copy.raw)).subject, '[Test] Test me tester@example.org');
      const after = await campaign(id);
      assert.deepEqual([after.status, after.totalRecipients, after.sent], [0, 0, 0]);
      assert.equal(await ok('DELETE', `/inbox/v1/campaigns/${id}`), true);
      expectEnvelope(await call('GET', `/inbox/v1/campaigns/${id}`), 404);
    });

    it("a draft's content is read as written and changed in place; once scheduled it is a 409, and another account sees none of it", async () => {
      const id = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'First try', htmlContent: '<p>Hi #email#</p>', language: 'en-US', senderAccountId: senderId, listType: 2, lists: [listId], draft: true },
        201,
      );
      assert.deepEqual(await ok('GET', `/inbox/v1/campaigns/${id}/content`), {
        subject: 'First try',
        htmlContent: '<p>Hi #email#</p>',
        language: 'en-US',
        templateSyntax: 'placeholders',
      });
      assert.equal(await ok('PATCH', `/inbox/v1/campaigns/${id}`, { subject: ' Second try ', htmlContent: '<h2>News</h2><p>Hello #email#</p>' }), true);
      assert.deepEqual(await ok('GET', `/inbox/v1/campaigns/${id}/content`), {
        subject: 'Second try',
        htmlContent: '<h2>News</h2><p>Hello #email#</p>',
        language: 'en-US',
        templateSyntax: 'placeholders',
      });
      assert.equal((await campaign(id)).subject, 'Second try');
      // The preview, the test send and the send use what the draft now says.
      const preview = await ok('GET', `/inbox/v1/campaigns/${id}/preview?email=ann%40example.com`);
      assert.equal(preview.subject, 'Second try');
      assert.match(preview.htmlContent, /<h2>News<\/h2><p>Hello ann@example\.com<\/p>/);
      assert.equal(await ok('PATCH', `/inbox/v1/campaigns/${id}`, { language: 'de-DE' }), true);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}/content`)).language, 'de-DE');
      // Bad input names the field; nothing changes.
      for (const [body, field] of [
        [{ subject: '' }, 'subject'],
        [{ htmlContent: '' }, 'htmlContent'],
        [{ language: 'not a language' }, 'language'],
        [{ subject: 7 }, 'subject'],
      ] as const) {
        const bad = await call('PATCH', `/inbox/v1/campaigns/${id}`, body);
        expectEnvelope(bad, 400);
        assert.ok(
          errorFields(bad.json).some((f) => f.includes(field)),
          `${JSON.stringify(body)} names ${field}: ${errorFields(bad.json)}`,
        );
      }
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}/content`)).subject, 'Second try');
      // Another account: not found, whatever it sends.
      expectEnvelope(await call('GET', `/inbox/v1/campaigns/${id}/content`, undefined, b), 404);
      expectEnvelope(await call('PATCH', `/inbox/v1/campaigns/${id}`, { subject: 'Theirs' }, b), 404);
      expectEnvelope(await call('PATCH', '/inbox/v1/campaigns/0123456789abcdef01234567', { subject: 'x' }), 404);
      // Scheduled (far ahead): no longer a draft, so its content is what will be sent.
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/schedule`, { plannedTime: '2099-01-01T09:00:00Z' }), true);
      const late = await call('PATCH', `/inbox/v1/campaigns/${id}`, { subject: 'Too late' });
      expectEnvelope(late, 409);
      assert.match(late.json.resultMessage, /only a draft can be changed/);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}/content`)).subject, 'Second try');
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/cancel`), true);
    });

    it("campaign mail carries a working unsubscribe link and the postal address; #unsubscribe# and #webversion# are the copy's own links", async () => {
      assert.equal(await ok('PATCH', '/account', { postalAddress: 'Example Ltd\n1 Market Street\nSpringfield 12345' }), true);
      const law = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Law' }, 201)).id;
      await add(law, 'leave@example.com');
      await add(law, 'stay@example.com');
      const send = async (html: string, lists: string[]) => {
        const id = await ok(
          'POST',
          '/inbox/v1/campaigns/custom',
          { subject: 'Law', htmlContent: html, language: 'en', senderAccountId: senderId, listType: 2, lists },
          201,
        );
        await eventually(async () => ((await campaign(id)).status === 3 ? true : undefined), 20_000, 'the campaign to end');
        return id;
      };
      const copyTo = async (address: string) => simpleParser((await eventually(async () => messagesTo(sink, address)[0], 10_000, address)).raw);
      const path = (url: string) => new URL(url).pathname;

      // No placeholder: a footer with the address and an unsubscribe link is added.
      const first = await send('<p>News, <a href="https://example.com/a">read</a>.</p>', [law]);
      const mail = await copyTo('leave@example.com');
      const html = String(mail.html);
      assert.match(html, /<p style="[^"]*">Example Ltd<br>1 Market Street<br>Springfield 12345<br><a href="[^"]+">Unsubscribe<\/a><\/p>/);
      const link = /<a href="([^"]+)">Unsubscribe<\/a>/.exec(html)![1]!;
      // The visible link is the copy's own, the one List-Unsubscribe names, not a click-tracked redirect.
      assert.equal(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' '), `List-Unsubscribe: <${link}>`);
      assert.match(path(link), /^\/u\/[A-Za-z0-9_-]+$/);
      assert.match(String(mail.text), /Example Ltd\n1 Market Street\nSpringfield 12345/);
      // The report's links are the author's: the unsubscribe link is not one of them.
      assert.deepEqual(
        (await ok('GET', `/inbox/v1/campaigns/${first}/report`)).links.map((l: any) => l.url),
        ['https://example.com/a'],
      );
      // Following it unsubscribes: the list's next campaign would reach one fewer.
      const page = await app.request({ method: 'GET', url: path(link) });
      assert.equal(page.status, 200);
      assert.match(page.text, /<form method="post">/);
      assert.equal(
        (
          await app.request({
            method: 'POST',
            url: path(link),
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).status,
        200,
      );
      assert.deepEqual(await ok('POST', '/inbox/v1/campaigns/audience', { listType: 2, lists: [law] }), { recipients: 1 });

      // The placeholders stand for the copy's own URLs: in an href, the author's link gets them.
      const web = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Web' }, 201)).id;
      await add(web, 'web@example.com');
      const second = await send('<p><a href="#webversion#">On the web</a></p><p>Hi #email#</p><p><a href="#unsubscribe#">Unsubscribe</a></p>', [web]);
      const preview = await ok('GET', `/inbox/v1/campaigns/${second}/preview`);
      assert.deepEqual(preview.unknownPlaceholders, [], 'both are known placeholders');
      const own = await copyTo('web@example.com');
      const ownHtml = String(own.html);
      assert.equal(ownHtml.match(/>Unsubscribe<\/a>/g)?.length, 1, 'one unsubscribe link: the footer adds none when the author placed it');
      assert.match(ownHtml, /Example Ltd<br>1 Market Street<br>Springfield 12345<\/p>/);
      const webLink = /<a href="([^"]+)">On the web<\/a>/.exec(ownHtml)![1]!;
      assert.match(path(webLink), /^\/w\/[A-Za-z0-9_-]+$/);
      const webPage = await app.request({ method: 'GET', url: path(webLink) });
      assert.equal(webPage.status, 200);
      assert.match(String(webPage.headers['content-type']), /^text\/html/);
      assert.match(webPage.text, /<p>Hi web@example\.com<\/p>/);
      assert.match(String(webPage.headers['content-security-policy']), /default-src 'none'/);
      // A forged or altered token is a 404, like any unknown path.
      expectEnvelope(await app.request({ method: 'GET', url: `${path(webLink)}x` }), 404);
      assert.equal(await ok('PATCH', '/account', { postalAddress: '' }), true);
    });
  });

  describe(`campaign pause, resume, cancel and concurrent dispatch [${dialect}]`, () => {
    // No worker: the mail stays queued, so what pause, resume and cancel do to it shows.
    let app: TestApp;
    let a: TestAccount;
    let senderId: string;
    let listId: string;
    const ok = async (method: Method, url: string, body?: unknown, status = 200) =>
      expectEnvelope(await app.request({ method, url, token: a.token, body }), status).resultObject;
    const db = () => app.runtime.services.handle.db;
    const jobsOf = (id: string) =>
      db()
        .selectFrom('delivery_jobs')
        .select(['run_at'])
        .where('id', 'in', (eb) => eb.selectFrom('campaign_recipients').select('recipient_id').where('campaign_id', '=', id))
        .execute();
    const create = () =>
      ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'S', htmlContent: '<p>x</p>', language: 'en-US', senderAccountId: senderId, listType: 2, lists: [listId] },
        201,
      ) as Promise<string>;
    const dispatch = (campaignId: string, resend = false) => app.runtime.services.marketing.campaignDispatcher.run({ campaignId, resend });

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Main' }, 201)).id;
      for (let i = 0; i < 7; i++) await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email: `p${i}@example.com` });
    });
    after(() => app.close());

    it('pause holds the queued copies, resume releases them, cancel ends them cancelled, resend gives them one new copy', async () => {
      const id = await create();
      await dispatch(id);
      let c = await ok('GET', `/inbox/v1/campaigns/${id}`);
      assert.deepEqual([c.status, c.totalRecipients], [2, 7]);
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/pause`), true);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).status, 4);
      assert.ok((await jobsOf(id)).every((j) => Number(j.run_at) === HELD_RUN_AT));
      expectEnvelope(await app.request({ method: 'POST', url: `/inbox/v1/campaigns/${id}/pause`, token: a.token }), 409);
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/resume`), true);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).status, 2);
      const released = await jobsOf(id);
      assert.equal(released.length, 7);
      assert.ok(released.every((j) => Number(j.run_at) < HELD_RUN_AT));
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/cancel`), true);
      c = await ok('GET', `/inbox/v1/campaigns/${id}`);
      assert.deepEqual([c.status, c.totalRecipients, c.sent, c.delivered], [5, 7, 0, 0]);
      assert.notEqual(c.endTime, UNSET);
      assert.equal((await jobsOf(id)).length, 0);
      const states = await db()
        .selectFrom('message_recipients')
        .select('state')
        .where('id', 'in', (eb) => eb.selectFrom('campaign_recipients').select('recipient_id').where('campaign_id', '=', id))
        .execute();
      assert.deepEqual(
        states.map((s) => s.state),
        Array(7).fill('cancelled'),
      );
      const finished = await db().selectFrom('campaigns').select('finished').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(Number(finished.finished), 7);

      // Resend: the cancelled recipients get a new copy each, once, however many runs.
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/resend`), true);
      await Promise.all([dispatch(id, true), dispatch(id, true)]);
      c = await ok('GET', `/inbox/v1/campaigns/${id}`);
      assert.deepEqual([c.status, c.totalRecipients], [2, 7]);
      const records = await db().selectFrom('campaign_recipients').select(['superseded', 'outcome']).where('campaign_id', '=', id).execute();
      assert.equal(records.filter((r) => Number(r.superseded) === 1 && r.outcome === 'cancelled').length, 7);
      assert.equal(records.filter((r) => Number(r.superseded) === 0 && r.outcome === null).length, 7);
      assert.equal((await jobsOf(id)).length, 7);
      // The message list's recipient filter finds both copies an address got, the one the resend replaced too.
      const [someone] = await db().selectFrom('campaign_recipients').select('email_normalized').where('campaign_id', '=', id).limit(1).execute();
      const listed = await ok('GET', `/notify/v1/messages?recipient=${encodeURIComponent(someone!.email_normalized.toUpperCase())}`);
      assert.deepEqual(listed.items.map((m: any) => [m.recipients.map((r: any) => r.email.toLowerCase()), m.recipients[0].state]).sort(), [
        [[someone!.email_normalized], 'cancelled'],
        [[someone!.email_normalized], 'queued'],
      ]);
      const after = await db().selectFrom('campaigns').select('finished').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(Number(after.finished), 0);
      expectEnvelope(await app.request({ method: 'POST', url: `/inbox/v1/campaigns/${id}/resend`, token: a.token }), 409);

      // Cancelled and resent again: each address has three records now, two of them replaced, all listed.
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/cancel`), true);
      assert.equal(await ok('POST', `/inbox/v1/campaigns/${id}/resend`), true);
      await dispatch(id, true);
      const superseded = async () =>
        (
          await db()
            .selectFrom('campaign_recipients')
            .select('superseded')
            .where('campaign_id', '=', id)
            .where('email_normalized', '=', someone!.email_normalized)
            .execute()
        )
          .map((r) => Number(r.superseded))
          .sort();
      assert.deepEqual(await superseded(), [0, 1, 2]);
      const again = await ok('GET', `/notify/v1/messages?recipient=${encodeURIComponent(someone!.email_normalized)}`);
      assert.deepEqual(again.items.map((m: any) => m.recipients[0].state).sort(), ['cancelled', 'cancelled', 'queued']);
      // So does the event list's address filter: the copies' `accepted` events are stored without the address, the cancellations with it.
      const events = await ok('GET', `/notify/v1/events?email=${encodeURIComponent(someone!.email_normalized.toUpperCase())}&pageSize=100`);
      assert.deepEqual(events.items.map((e: any) => e.type).sort(), ['accepted', 'accepted', 'accepted', 'cancelled', 'cancelled']);
      const copies = new Map<string, any>(again.items.map((m: any) => [m.id, m.recipients[0]]));
      for (const e of events.items) assert.deepEqual([e.recipientId, e.email], [copies.get(e.messageId).id, copies.get(e.messageId).email]);

      // Migration 0043 taken back and made again on these records: the code before it reads one
      // record replaced as 1 and finds each copy's account and message on its record; after it,
      // the replaced records are numbered again in the order they were written.
      const ownRecords = () =>
        db()
          .selectFrom('campaign_recipients as c')
          .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
          .select(['c.recipient_id', 'c.superseded', 'c.account_id', 'c.message_id', 'r.message_id as copy'])
          .where('c.campaign_id', '=', id)
          .where('c.email_normalized', '=', someone!.email_normalized)
          .orderBy('c.recipient_id')
          .execute();
      assert.deepEqual(
        (await ownRecords()).map((r) => [Number(r.superseded), r.account_id, r.message_id]),
        [
          [1, '', ''],
          [2, '', ''],
          [0, '', ''],
        ],
      );
      const kysely = db() as unknown as Kysely<any>;
      await kysely.transaction().execute((trx) => copyRows.down(trx));
      const restored = await ownRecords();
      assert.deepEqual(
        restored.map((r) => [Number(r.superseded), r.account_id, r.message_id]),
        restored.map((r, i) => [[1, 1, 0][i], a.accountId, r.copy]),
      );
      await kysely.transaction().execute((trx) => copyRows.up(trx));
      assert.deepEqual(
        (await ownRecords()).map((r) => Number(r.superseded)),
        [1, 2, 0],
      );
    });

    it('a delivery deferred while its campaign is paused is held, and one deferred after a cancel ends cancelled', async () => {
      const id = await create();
      await dispatch(id);
      const [one, two] = await db()
        .selectFrom('campaign_recipients as c')
        .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
        .select(['c.recipient_id', 'r.message_id', 'c.email_normalized'])
        .where('c.campaign_id', '=', id)
        .limit(2)
        .execute();
      // The delivery pipeline itself, over a transport that answers 451: its outcome commit
      // reschedules the job and writes the `deferred` event, which the campaign's counters see.
      const transport: Transport = {
        name: 'deferring',
        send: async () => ({ kind: 'deferred', response: '451 4.7.1 try again later' }),
        close: async () => {},
      };
      const pipeline = new DeliveryPipeline(
        db(),
        app.runtime.services.deliveryStore,
        transport,
        new MessageComposer(),
        { bounceDomain: undefined },
        app.runtime.logger,
      );
      const deferral = async (r: typeof one) => {
        const job = await db()
          .selectFrom('delivery_jobs')
          .select(['id', 'recipient_id', 'message_id', 'account_id', 'priority', 'attempts', 'locked_until'])
          .where('id', '=', r!.recipient_id)
          .executeTakeFirstOrThrow();
        const [deliver] = await pipeline.loadBatch([{ ...job, attempts: job.attempts + 1, locked_until: Number(job.locked_until) }]);
        await (await deliver!()).recorded;
        const event = await db()
          .selectFrom('events')
          .select('type')
          // A copy's events are stored under its message, not its recipient (events.store.ts insertEvents).
          .where('message_id', '=', r!.message_id)
          .where('type', '=', 'deferred')
          .executeTakeFirst();
        assert.equal(event?.type, 'deferred');
      };
      // One delivery is with a transport (leased) when the campaign is paused: pausing cannot hold it yet.
      await db()
        .updateTable('delivery_jobs')
        .set({ locked_by: 'w', locked_until: Date.now() + 60_000 })
        .where('id', '=', one!.recipient_id)
        .execute();
      await ok('POST', `/inbox/v1/campaigns/${id}/pause`);
      await deferral(one);
      const runAt = async (r: typeof one) =>
        (await db().selectFrom('delivery_jobs').select('run_at').where('id', '=', r!.recipient_id).executeTakeFirst())?.run_at;
      assert.equal(Number(await runAt(one)), HELD_RUN_AT);

      await ok('POST', `/inbox/v1/campaigns/${id}/resume`);
      await db()
        .updateTable('delivery_jobs')
        .set({ locked_by: 'w', locked_until: Date.now() + 60_000 })
        .where('id', '=', two!.recipient_id)
        .execute();
      await ok('POST', `/inbox/v1/campaigns/${id}/cancel`);
      assert.notEqual(await runAt(two), undefined, 'a leased delivery is left to its transport');
      await deferral(two);
      assert.equal(await runAt(two), undefined);
      const state = await db().selectFrom('message_recipients').select('state').where('id', '=', two!.recipient_id).executeTakeFirstOrThrow();
      assert.equal(state.state, 'cancelled');
      const finished = await db().selectFrom('campaigns').select('finished').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(Number(finished.finished), 7);
    });

    it('a campaign paused before it starts sends nothing until resumed', async () => {
      const id = await create();
      await ok('POST', `/inbox/v1/campaigns/${id}/pause`);
      await dispatch(id);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).totalRecipients, 0);
      await ok('POST', `/inbox/v1/campaigns/${id}/resume`);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).status, 1);
      await dispatch(id);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).totalRecipients, 7);
    });

    it('two runs of dispatch at once write every recipient exactly once', async () => {
      const id = await create();
      await Promise.all([dispatch(id), dispatch(id), dispatch(id)]);
      const rows = await db().selectFrom('campaign_recipients').select('email_normalized').where('campaign_id', '=', id).execute();
      assert.equal(rows.length, 7);
      assert.equal(new Set(rows.map((r) => r.email_normalized)).size, 7);
      assert.equal((await ok('GET', `/inbox/v1/campaigns/${id}`)).totalRecipients, 7);
    });
  });
}

/**
 * A person's data (docs/privacy.md): POST /account/privacy/export answers everything one
 * account stores about an address, POST /account/privacy/erase takes it out everywhere and
 * keeps it suppressed as a hash, GET /account/privacy/erasures is the audit; `postwire export`
 * and `postwire erase` do the same for the operator. Another account's data is never seen or
 * touched, and a send or a campaign to an erased address is not delivered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { erasedAddress } from '../../src/lib/erased-address.js';
import { newId } from '../../src/lib/ids.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { runPostwire } from '../helpers/process.js';
import { forwardedMessage } from '../../src/features/notify/inbound/inbound-forward.js';
import { acceptedMessage, insertAcceptedMessages } from '../../src/features/notify/notify.module.js';
import type { Principal } from '../../src/http/principal.js';
import { IMPORT_TASK } from '../../src/features/marketing/imports/imports.service.js';
import { enqueueJob } from '../../src/queue/jobs.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const FINAL = new Set(['sent', 'suppressed', 'cancelled']);

for (const dialect of DIALECTS) {
  describe(`a person's data [${dialect}]`, () => {
    let app: TestApp;
    let db: Db;

    const call = (account: TestAccount, method: Method, url: string, body?: unknown) => app.request({ method, url, token: account.token, body });
    const ok = async (account: TestAccount, method: Method, url: string, body?: unknown, status = 200) =>
      expectEnvelope(await call(account, method, url, body), status).resultObject;
    const exportOf = (account: TestAccount, email: string) => ok(account, 'POST', '/account/privacy/export', { email });
    const erase = (account: TestAccount, email: string) => ok(account, 'POST', '/account/privacy/erase', { email });

    const send = async (account: TestAccount, to: string[], subject: string) => {
      const sent = await ok(account, 'POST', '/notify/v1/send', {
        from: { email: account.email },
        to: to.map((email) => ({ email, name: 'Pat Doe' })),
        subject,
        htmlContent: `<p>${subject} for you</p>`,
        tags: ['welcome'],
      });
      return sent as { id: string; accepted: string[]; suppressed?: string[] };
    };
    const settled = (messageId: string, account: TestAccount) =>
      eventually(async () => {
        const message = await ok(account, 'GET', `/notify/v1/messages/${messageId}`);
        return message.recipients.every((r: { state: string }) => FINAL.has(r.state)) ? message : undefined;
      }, 10_000);

    /** An account with Pat as a contact (a field value, a tag, on a list) who was sent two messages, one shared with Kim. */
    const withPat = async () => {
      const account = await app.signUp();
      const list = (await ok(account, 'POST', '/inbox/v1/contactlists', { listName: 'Friends' }, 201)).id as string;
      const city = (await ok(account, 'POST', '/inbox/v1/customfields', { Name: 'City', Type: 0 }, 201)).id as string;
      const contactId = await ok(account, 'POST', `/inbox/v1/contactlists/${list}/add`, {
        email: 'Pat@Example.net',
        customFields: [{ customFieldId: city, value: 'Lisbon' }],
      });
      await ok(account, 'POST', `/inbox/v1/contacts/${contactId}`, { tags: ['vip'] });
      const alone = await send(account, ['pat@example.net'], 'Receipt 1');
      const shared = await send(account, ['PAT@example.net', 'kim@example.net'], 'Team news');
      await settled(alone.id, account);
      await settled(shared.id, account);
      // Mail Pat wrote to the account, as the inbound listener stores it (a route that stores).
      const inboundId = newId();
      await db
        .insertInto('inbound_messages')
        .values({
          id: inboundId,
          account_id: account.accountId,
          domain_id: newId(),
          route_id: newId(),
          action: 'store',
          mail_from: 'Pat@Example.net',
          recipients: JSON.stringify(['support@in.example.com']),
          subject: 'A question from Pat',
          document: JSON.stringify({ from: { address: 'Pat@Example.net' }, text: 'Hello' }),
          raw: Buffer.from('From: Pat@Example.net\r\n\r\nHello\r\n').toString('base64'),
          raw_size: 30,
          reply_to_message_id: null,
          reply_to_campaign_id: null,
          created_at: Date.now(),
          deleted_at: null,
        })
        .execute();
      return { account, list, contactId, alone: alone.id, shared: shared.id, inboundId };
    };

    const rowsNaming = async (accountId: string, address: string) => {
      const lowered = address.toLowerCase();
      const [recipients, events, captured, contacts, suppressions] = await Promise.all([
        db.selectFrom('message_recipients').select('id').where('account_id', '=', accountId).where(sql<string>`lower(email)`, '=', lowered).execute(),
        db.selectFrom('events').select('id').where('account_id', '=', accountId).where(sql<string>`lower(email)`, '=', lowered).execute(),
        db.selectFrom('captured_emails').select('id').where('account_id', '=', accountId).where(sql<string>`lower(envelope_to)`, '=', lowered).execute(),
        db.selectFrom('contacts').select('id').where('account_id', '=', accountId).where('email_normalized', '=', lowered).execute(),
        db.selectFrom('suppressions').select('id').where('account_id', '=', accountId).where('email_normalized', '=', lowered).execute(),
      ]);
      return { recipients: recipients.length, events: events.length, captured: captured.length, contacts: contacts.length, suppressions: suppressions.length };
    };

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      app.runtime.jobRunner!.start();
      db = app.runtime.services.handle.db;
    });
    after(() => app.close());

    it('exports contacts, field values, tags, lists, suppressions, messages and their events; nothing of another account', async () => {
      const { account, contactId, alone, shared } = await withPat();
      const other = await withPat();
      await ok(account, 'POST', '/notify/v1/suppressions', { email: 'pat@example.net' }, 201);

      const data = await exportOf(account, 'PAT@example.NET');
      assert.equal(data.email, 'PAT@example.NET');
      assert.deepEqual(
        data.contacts.map((c: any) => [c.id, c.email, c.fields.map((f: any) => [f.name, f.value]), c.tags, c.lists.map((l: any) => l.name)]),
        [[contactId, 'Pat@Example.net', [['City', 'Lisbon']], ['vip'], ['Friends']]],
      );
      assert.deepEqual(
        data.messages.map((m: any) => [m.messageId, m.subject, m.htmlContent, m.name, m.tags]).sort(),
        [
          [alone, 'Receipt 1', '<p>Receipt 1 for you</p>', 'Pat Doe', ['welcome']],
          [shared, 'Team news', '<p>Team news for you</p>', 'Pat Doe', ['welcome']],
        ].sort(),
      );
      for (const m of data.messages)
        assert.deepEqual(
          m.events.map((e: any) => e.type),
          ['accepted', 'sent'],
        );
      assert.deepEqual(
        data.suppressions.map((s: any) => s.reason),
        ['manual'],
      );
      const ids = JSON.stringify(data);
      assert.ok(!ids.includes(other.alone) && !ids.includes(other.contactId), "another account's rows are not in the export");
    });

    it('erases the address everywhere in the account, keeps it suppressed as a hash, and records who did it', async () => {
      const { account, alone, shared } = await withPat();
      const other = await withPat();
      const before = await exportOf(other.account, 'pat@example.net');

      const erasure = await erase(account, 'Pat@example.net');
      assert.equal(erasure.emailHash, erasedAddress(account.accountId, 'pat@example.net'));
      assert.equal(erasure.actor, 'user');
      assert.equal(erasure.userId, account.userId);
      assert.equal(erasure.apiKeyId, null);
      assert.deepEqual(erasure.counts, {
        contacts: 1,
        consentsAndSignups: 0,
        recipients: 2,
        messagesCleared: 1,
        events: 4,
        // Pat's two copies, and Kim's copy of the shared message, whose To names Pat.
        capturedCopies: 3,
        campaignCopies: 0,
        suppressions: 0,
        inboundMessages: 1,
        forwards: 0,
        submissionsCleared: 0,
        importRows: 0,
        idempotencyAnswers: 0,
      });

      // Nothing names the address any more; the export finds nothing but the erasure's suppression.
      assert.deepEqual(await rowsNaming(account.accountId, 'pat@example.net'), { recipients: 0, events: 0, captured: 0, contacts: 0, suppressions: 0 });
      const after = await exportOf(account, 'pat@example.net');
      assert.deepEqual([after.contacts, after.messages, after.formSignups, after.campaigns, after.inboundMessages], [[], [], [], [], []]);
      const lonely = await ok(account, 'GET', `/notify/v1/messages/${alone}`);
      assert.equal(lonely.subject, '', 'a message to nobody else loses its content');
      assert.equal(lonely.recipients[0].email, erasure.emailHash);
      const text = JSON.stringify(await db.selectFrom('messages').selectAll().where('id', 'in', [alone, shared]).execute());
      assert.ok(!/pat@example\.net/i.test(text), 'no stored message names the address');
      const both = await ok(account, 'GET', `/notify/v1/messages/${shared}`);
      assert.equal(both.subject, 'Team news', 'a message others got keeps its content for them');
      assert.deepEqual(both.recipients.map((r: any) => r.email).sort(), [erasure.emailHash, 'kim@example.net'].sort());
      // Pat's events there keep their type and time and show no details, not even the send's tags; Kim's show them.
      const timeline = (email: string) => both.recipients.find((r: any) => r.email === email).events as { type: string; details: object }[];
      assert.ok(timeline(erasure.emailHash).length >= 2, 'Pat still has events');
      assert.deepEqual(
        timeline(erasure.emailHash).map((e) => e.details),
        timeline(erasure.emailHash).map(() => ({})),
      );
      assert.ok(timeline('kim@example.net').every((e: any) => e.details.tags?.[0] === 'welcome'));
      // The contact list's count followed the contact out.
      assert.equal((await ok(account, 'GET', '/inbox/v1/contactlists')).items[0].count, 0);

      // The other account's data is as it was.
      const untouched = await exportOf(other.account, 'pat@example.net');
      assert.deepEqual({ ...untouched, exportTime: undefined }, { ...before, exportTime: undefined });
      assert.equal(untouched.messages.length, 2);
      assert.equal((await rowsNaming(other.account.accountId, 'pat@example.net')).contacts, 1);

      // The audit: this account's erasure, and none in the other account.
      const audit = await ok(account, 'GET', '/account/privacy/erasures');
      assert.equal(audit.totalCount, 1);
      assert.deepEqual(audit.items[0], erasure);
      assert.equal((await ok(other.account, 'GET', '/account/privacy/erasures')).totalCount, 0);
    });

    it("a campaign copy Pat got keeps nothing of Pat after the erasure: its own values and its message's content are gone, the campaign's counts stay", async () => {
      const { account, list } = await withPat();
      const senderId = (await ok(account, 'POST', '/inbox/v1/senders', { DisplayName: 'News', Email: account.email, ReplyEmail: account.email }, 201)).id;
      const campaignId = await ok(
        account,
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'Hello #email#', htmlContent: '<p>For #email# {{unsubscribe}}</p>', language: 'en', senderAccountId: senderId, listType: 2, lists: [list] },
        201,
      );
      const copy = await eventually(async () => {
        const row = await db
          .selectFrom('campaign_recipients as c')
          .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
          .select(['r.message_id', 'r.state'])
          .where('c.campaign_id', '=', campaignId)
          .executeTakeFirst();
        return row && FINAL.has(row.state) ? row : undefined;
      }, 20_000);
      const valuesOf = async () =>
        await db.selectFrom('messages').select(['content_values', 'content_id', 'subject']).where('id', '=', copy.message_id).executeTakeFirstOrThrow();
      const before = await valuesOf();
      assert.match(`${before.content_values}`, /pat@example\.net/i, 'the copy kept its own values before');
      const counts = async () => {
        const { totalRecipients, sent, delivered, unsubscribed } = await ok(account, 'GET', `/inbox/v1/campaigns/${campaignId}`);
        return { totalRecipients, sent, delivered, unsubscribed };
      };
      const countsBefore = await counts();
      assert.equal(countsBefore.totalRecipients, 1);
      // Found by address, as every message to Pat is: in Pat's data and in the message list.
      const found = await exportOf(account, 'PAT@example.net');
      assert.ok(found.messages.some((m: any) => m.messageId === copy.message_id && m.email === 'Pat@Example.net'));
      const listed = async () => (await ok(account, 'GET', '/notify/v1/messages?recipient=Pat%40Example.net&pageSize=100')).items.map((m: any) => m.id);
      assert.ok((await listed()).includes(copy.message_id));

      await erase(account, 'pat@example.net');
      assert.deepEqual(await listed(), []);
      assert.deepEqual(await valuesOf(), { content_values: null, content_id: null, subject: '' });
      const shown = await ok(account, 'GET', `/notify/v1/messages/${copy.message_id}`);
      assert.doesNotMatch(JSON.stringify(shown), /pat@example\.net/i);
      assert.deepEqual(await counts(), countsBefore);
    });

    it('a send to an erased address is suppressed, and a campaign skips it, while the other account still mails it', async () => {
      const { account, list } = await withPat();
      const other = await withPat();
      await erase(account, 'pat@example.net');

      const again = await send(account, ['Pat@Example.NET', 'kim@example.net'], 'After');
      assert.deepEqual(again.suppressed, ['Pat@Example.NET']);
      const message = await settled(again.id, account);
      assert.deepEqual(message.recipients.map((r: any) => [r.email, r.state]).sort(), [
        ['Pat@Example.NET', 'suppressed'],
        ['kim@example.net', 'sent'],
      ]);
      const lookedUp = await ok(account, 'GET', `/notify/v1/suppressions/${encodeURIComponent('pat@example.net')}`);
      assert.equal(lookedUp.email, erasedAddress(account.accountId, 'pat@example.net'));

      // Pat comes back on a list (added by hand; an import leaves Pat out): the campaign writes
      // no copy for Pat, as for any suppressed address, and does not count Pat as a recipient.
      await ok(account, 'POST', `/inbox/v1/contactlists/${list}/add`, { email: 'pat@example.net' });
      await ok(account, 'POST', `/inbox/v1/contactlists/${list}/add`, { email: 'lee@example.net' });
      // What the send form shows before sending counts as the dispatch will.
      assert.deepEqual(await ok(account, 'POST', '/inbox/v1/campaigns/audience', { listType: 2, lists: [list] }), { recipients: 1 });
      const senderId = (await ok(account, 'POST', '/inbox/v1/senders', { DisplayName: 'News', Email: account.email, ReplyEmail: account.email }, 201)).id;
      const campaignId = await ok(
        account,
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'Offer', htmlContent: '<p>Offer {{unsubscribe}}</p>', language: 'en', senderAccountId: senderId, listType: 2, lists: [list] },
        201,
      );
      const ended = await eventually(async () => {
        const campaign = await ok(account, 'GET', `/inbox/v1/campaigns/${campaignId}`);
        return campaign.status === 3 ? campaign : undefined;
      }, 20_000);
      assert.equal(ended.totalRecipients, 1, 'the erased address is not among the recipients');
      const copies = await db
        .selectFrom('campaign_recipients as c')
        .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
        .select(['r.email', 'r.state'])
        .where('c.campaign_id', '=', campaignId)
        .execute();
      assert.deepEqual(
        copies.map((r) => [r.email, r.state]),
        [['lee@example.net', 'sent']],
      );
      const written = await db.selectFrom('message_recipients').select('email').where('account_id', '=', account.accountId).execute();
      assert.equal(written.filter((r) => r.email.toLowerCase() === 'pat@example.net').length, 1, 'only the API send above names Pat; no campaign copy');
      const delivered = await db.selectFrom('captured_emails').select('envelope_to').where('account_id', '=', account.accountId).execute();
      assert.ok(!delivered.some((c) => c.envelope_to.toLowerCase() === 'pat@example.net'), 'nothing reached the erased address');

      // The other account never erased Pat: its sends go out.
      const theirs = await send(other.account, ['pat@example.net'], 'Still mine');
      assert.equal(theirs.suppressed, undefined);
      assert.equal((await settled(theirs.id, other.account)).recipients[0].state, 'sent');

      // Removing the suppression by naming the address makes it mailable again (the person asked).
      await ok(account, 'DELETE', `/notify/v1/suppressions/${encodeURIComponent('pat@example.net')}`, undefined);
      assert.equal((await send(account, ['pat@example.net'], 'Welcome back')).suppressed, undefined);
    });

    it('re-importing an erased address leaves it out, counted with its suppression; the others are imported', async () => {
      const { account, list } = await withPat();
      await erase(account, 'pat@example.net');
      const importId = await ok(account, 'POST', `/inbox/v1/contactlists/${list}/import`, [{ email: 'PAT@example.net' }, { email: 'lee@example.net' }]);
      const status = await eventually(async () => {
        const s = await ok(account, 'GET', `/inbox/v1/contactlists/${list}/import/${importId}`);
        return s.status === 2 ? s : undefined;
      }, 20_000);
      assert.deepEqual([status.total, status.added, status.blocked], [2, 1, 1]);
      assert.equal((await rowsNaming(account.accountId, 'pat@example.net')).contacts, 0, 'the import stored no contact of Pat');
      assert.deepEqual(
        (await ok(account, 'GET', `/inbox/v1/contacts?listId=${list}`)).items.map((c: any) => c.email),
        ['lee@example.net'],
      );
    });

    it("reaches what names the address beside its own rows: a shared SMTP submission, a forward of mail with it as Reply-To, co-recipients' captured copies, a running import, an idempotency answer", async () => {
      const account = await app.signUp();
      const services = app.runtime.services;
      const principal = {
        accountId: account.accountId,
        userId: account.userId,
        credential: 'apiKey',
        sessionId: null,
        apiKeyId: null,
        role: null,
        scopes: ['send'],
      };
      // An SMTP submission to Pat and Kim: one submitted MIME for both, naming both.
      const mime = `From: <${account.email}>\r\nTo: Pat <pat@example.net>, <kim@example.net>\r\nSubject: Minutes\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPat and Kim: the minutes.\r\n`;
      const submitted = await services.messages.submitMime(principal as Principal, {
        mailFrom: account.email,
        rcptTo: ['pat@example.net', 'kim@example.net'],
        raw: Buffer.from(mime),
      });
      // An API send to Pat and Lee with an Idempotency-Key: the answer kept 24 hours names Pat.
      const keyed = () =>
        app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: account.token,
          headers: { 'idempotency-key': 'erasure-key-1' },
          body: {
            from: { email: account.email },
            to: [{ email: 'Pat@example.net' }, { email: 'lee@example.net' }],
            subject: 'Keyed',
            htmlContent: '<p>Keyed</p>',
          },
        });
      const first = expectEnvelope(await keyed(), 200).resultObject;
      // Mail from a list server with Pat as Reply-To, stored and forwarded to the desk by an inbound route.
      const document = {
        from: [{ address: 'bot@lists.example', name: 'List' }],
        replyTo: [{ address: 'Pat@Example.net', name: 'Pat' }],
        subject: 'Question',
        text: 'Please answer pat@example.net soon.',
        html: null,
        envelope: { mailFrom: 'bounce@lists.example', rcptTo: ['support@in.example.com'] },
      };
      const raw = Buffer.from(
        'From: List <bot@lists.example>\r\nReply-To: Pat <Pat@Example.net>\r\nSubject: Question\r\n\r\nPlease answer pat@example.net soon.\r\n',
      );
      const inboundId = newId();
      await db
        .insertInto('inbound_messages')
        .values({
          id: inboundId,
          account_id: account.accountId,
          domain_id: newId(),
          route_id: newId(),
          action: 'forward',
          mail_from: 'bounce@lists.example',
          recipients: JSON.stringify(['support@in.example.com']),
          subject: 'Question',
          document: JSON.stringify(document),
          raw: raw.toString('base64'),
          raw_size: raw.length,
          reply_to_message_id: null,
          reply_to_campaign_id: null,
          created_at: Date.now(),
          deleted_at: null,
        })
        .execute();
      const sender = await db.selectFrom('senders').select('id').where('account_id', '=', account.accountId).executeTakeFirstOrThrow();
      const forward = await forwardedMessage({
        accountId: account.accountId,
        senderId: sender.id,
        systemFrom: account.email,
        to: 'desk@example.org',
        document: document as never,
        raw,
        now: Date.now(),
      });
      await db.transaction().execute((trx) => insertAcceptedMessages(trx, services.eventLog, [forward]));
      services.workSignal.notify();
      for (const id of [submitted.result.id, first.id, forward.message.id]) await settled(id, account);

      // An import accepted and not yet applied (its job is queued below, after the erasure) holds
      // Pat in a row, and names Pat among the invalid rows it reports (an unknown field).
      const list = (await ok(account, 'POST', '/inbox/v1/contactlists', { listName: 'Imported' }, 201)).id as string;
      const importId = newId();
      await db
        .insertInto('contact_imports')
        .values({
          id: importId,
          account_id: account.accountId,
          list_id: list,
          status: 0,
          custom_fields: '[]',
          invalid_rows: JSON.stringify([{ row: 3, email: 'Pat@Example.net', reason: 'customFieldId 0 is not a custom field of this account' }]),
          total: 3,
          added: 0,
          already_exists: 0,
          repetitive: 0,
          invalid: 1,
          hard_bounce: 0,
          unsubscribe: 0,
          spam: 0,
          blocked: 0,
          limit_exceeded: 0,
          source: 'json',
          rows_done: 0,
          columns: null,
          ignored_columns: null,
          charset: null,
          failure_reason: null,
          created_at: Date.now(),
          updated_at: Date.now(),
          create_user_id: account.userId,
          update_user_id: account.userId,
          deleted_at: null,
        })
        .execute();
      await db
        .insertInto('contact_import_rows')
        .values([
          { import_id: importId, row_number: 1, email: 'PAT@example.net', custom_fields: '[]' },
          { import_id: importId, row_number: 2, email: 'lee@example.net', custom_fields: '[]' },
        ])
        .execute();

      const exported = await exportOf(account, 'pat@example.net');
      assert.deepEqual(
        exported.inboundMessages.map((m: any) => m.id),
        [inboundId],
      );
      assert.deepEqual(
        exported.forwardedMessages.map((m: any) => [m.messageId, m.replyTo]),
        [[forward.message.id, 'List <bot@lists.example>']],
      );
      assert.deepEqual(
        exported.importRows.map((r: any) => [r.importId, r.row, r.email]),
        [[importId, 1, 'PAT@example.net']],
      );

      const namingPat = async () => {
        const texts = [
          await db.selectFrom('messages').selectAll().where('account_id', '=', account.accountId).execute(),
          await db.selectFrom('captured_emails').selectAll().where('account_id', '=', account.accountId).execute(),
          await db.selectFrom('inbound_messages').selectAll().where('account_id', '=', account.accountId).execute(),
          [
            ...(await db.selectFrom('contact_import_rows').selectAll().where('import_id', '=', importId).execute()),
            ...(await db.selectFrom('contact_imports').select('invalid_rows').where('id', '=', importId).execute()),
          ],
          await db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', account.accountId).execute(),
        ].map((rows) => JSON.stringify(rows));
        return texts.map((text) => /pat@example\.net/i.test(text));
      };
      assert.deepEqual(await namingPat(), [true, true, true, true, true]);

      const erasure = await erase(account, 'pat@example.net');
      try {
        assert.deepEqual(await namingPat(), [false, false, false, false, false], 'messages, captured copies, inbound, import rows, idempotency answers');
        assert.deepEqual(
          [
            erasure.counts.submissionsCleared,
            erasure.counts.forwards,
            erasure.counts.importRows,
            erasure.counts.idempotencyAnswers,
            erasure.counts.inboundMessages,
          ],
          [1, 1, 2, 1, 1],
        );
        // Pat's and Kim's copies of the submission, Pat's and Lee's of the keyed send, the desk's of the forward.
        assert.equal(erasure.counts.capturedCopies, 5);
        const shared = await ok(account, 'GET', `/notify/v1/messages/${submitted.result.id}`);
        assert.deepEqual(
          shared.recipients.map((r: any) => r.state),
          ['sent', 'sent'],
          'the outcomes stay',
        );
        const forwarded = await ok(account, 'GET', `/notify/v1/messages/${forward.message.id}`);
        assert.deepEqual([forwarded.subject, forwarded.recipients[0].email, forwarded.recipients[0].state], ['', 'desk@example.org', 'sent']);
      } finally {
        await db.transaction().execute((trx) => enqueueJob(trx, { task: IMPORT_TASK, payload: { importId }, key: `contact-import:${importId}` }));
      }

      // The import goes on: the erased row counts as suppressed, no contact is made of it.
      const status = await eventually(async () => {
        const s = await ok(account, 'GET', `/inbox/v1/contactlists/${list}/import/${importId}`);
        return s.status === 2 ? s : undefined;
      }, 20_000);
      assert.deepEqual([status.total, status.added, status.blocked, status.invalid], [3, 1, 1, 1]);
      assert.deepEqual(
        status.invalidRows.map((r: any) => r.email),
        [erasure.emailHash],
      );
      assert.equal((await rowsNaming(account.accountId, 'pat@example.net')).contacts, 0);

      // The key still stops a second send; its answer names the hash.
      const again = expectEnvelope(await keyed(), 200).resultObject;
      assert.equal(again.id, first.id);
      assert.doesNotMatch(JSON.stringify(again), /pat@example\.net/i);
      assert.ok(JSON.stringify(again).includes(erasure.emailHash));
    });

    it("what still waits is not lost: a forward of the person's mail still queued ends cancelled; a shared submission whose other delivery waits keeps its bytes for it", async () => {
      const account = await app.signUp();
      const sender = await db.selectFrom('senders').select('id').where('account_id', '=', account.accountId).executeTakeFirstOrThrow();
      const later = Date.now() + 86_400_000;
      const mime = `From: <${account.email}>\r\nTo: <pat@example.net>, <kim@example.net>\r\nSubject: Later\r\n\r\nFor Pat and Kim.\r\n`;
      // Both wait for their time: Kim's delivery is still queued when Pat is erased.
      const submission = acceptedMessage({
        now: Date.now(),
        accountId: account.accountId,
        userId: account.userId,
        senderId: sender.id,
        from: { email: account.email, name: '' },
        content: { subject: 'Later', html: '', text: null },
        submittedMime: mime,
        recipients: [{ email: 'pat@example.net' }, { email: 'kim@example.net' }],
        priority: 'transactional',
        scheduledAt: later,
      });
      const forward = await forwardedMessage({
        accountId: account.accountId,
        senderId: sender.id,
        systemFrom: account.email,
        to: 'desk@example.org',
        document: {
          from: [{ address: 'pat@example.net', name: 'Pat' }],
          replyTo: [],
          subject: 'Hi',
          text: 'Pat here',
          html: null,
          envelope: { mailFrom: 'pat@example.net', rcptTo: [] },
        } as never,
        raw: Buffer.from('From: pat@example.net\r\n\r\nPat here\r\n'),
        now: Date.now(),
      });
      forward.jobs = forward.jobs.map((job) => ({ ...job, runAt: later }));
      await db.transaction().execute((trx) => insertAcceptedMessages(trx, app.runtime.services.eventLog, [submission, forward]));

      const erasure = await erase(account, 'pat@example.net');
      assert.deepEqual([erasure.counts.submissionsCleared, erasure.counts.forwards], [0, 1]);
      const kept = await db.selectFrom('messages').select('submitted_mime').where('id', '=', submission.message.id).executeTakeFirstOrThrow();
      assert.equal(kept.submitted_mime, mime, "Kim's copy still has its bytes");
      const shared = await ok(account, 'GET', `/notify/v1/messages/${submission.message.id}`);
      assert.deepEqual(
        shared.recipients.map((r: any) => [r.email, r.state]),
        [
          [erasure.emailHash, 'cancelled'],
          ['kim@example.net', 'queued'],
        ],
      );
      assert.equal((await db.selectFrom('delivery_jobs').select('id').where('message_id', '=', submission.message.id).execute()).length, 1);

      const forwarded = await ok(account, 'GET', `/notify/v1/messages/${forward.message.id}`);
      assert.deepEqual([forwarded.subject, forwarded.recipients[0].email, forwarded.recipients[0].state], ['', 'desk@example.org', 'cancelled']);
      assert.deepEqual(
        forwarded.recipients[0].events.map((e: { type: string }) => e.type),
        ['accepted', 'cancelled'],
      );
      assert.equal((await db.selectFrom('delivery_jobs').select('id').where('message_id', '=', forward.message.id).execute()).length, 0);
    });

    it('a message still waiting for its time is taken out of the queue and ends cancelled with its event, without the address', async () => {
      const account = await app.signUp();
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await ok(account, 'POST', '/notify/v1/send', {
        from: { email: account.email },
        to: [{ email: 'pat@example.net' }],
        subject: 'Tomorrow',
        htmlContent: '<p>Tomorrow</p>',
        scheduledAt: later,
      });
      assert.equal((await db.selectFrom('delivery_jobs').select('id').where('message_id', '=', scheduled.id).execute()).length, 1);
      const erasure = await erase(account, 'pat@example.net');
      assert.equal(erasure.counts.recipients, 1);
      assert.equal((await db.selectFrom('delivery_jobs').select('id').where('message_id', '=', scheduled.id).execute()).length, 0);
      const message = await ok(account, 'GET', `/notify/v1/messages/${scheduled.id}`);
      assert.deepEqual(
        message.recipients.map((r: any) => [r.email, r.state]),
        [[erasure.emailHash, 'cancelled']],
      );
      // The state comes with its event, which a campaign's counters count as final.
      assert.deepEqual(
        message.recipients[0].events.map((e: { type: string }) => e.type),
        ['accepted', 'cancelled'],
      );
      assert.equal(message.subject, '');
    });

    it('an erasure through an API key names the key; bad input is a 400 naming the field; another account cannot erase', async () => {
      const { account } = await withPat();
      const key = await ok(account, 'POST', '/account/apikeys', { name: 'crm', scopes: ['account'] }, 201);
      const viaKey = await app.request({
        method: 'POST',
        url: '/account/privacy/erase',
        headers: { 'x-api-key': key.key },
        body: { email: 'pat@example.net' },
      });
      const erasure = expectEnvelope(viaKey, 200).resultObject;
      assert.equal(erasure.actor, 'apiKey');
      assert.equal(erasure.apiKeyId, key.id);

      for (const body of [{}, { email: 'not an address' }, { email: 42 }]) {
        assert.deepEqual(errorFields(expectEnvelope(await call(account, 'POST', '/account/privacy/erase', body), 400)), ['email']);
        assert.deepEqual(errorFields(expectEnvelope(await call(account, 'POST', '/account/privacy/export', body), 400)), ['email']);
      }
      expectEnvelope(await app.request({ method: 'POST', url: '/account/privacy/erase', body: { email: 'pat@example.net' } }), 401);
      const sendOnly = await ok(account, 'POST', '/account/apikeys', { name: 'mailer', scopes: ['send'] }, 201);
      expectEnvelope(
        await app.request({ method: 'POST', url: '/account/privacy/export', headers: { 'x-api-key': sendOnly.key }, body: { email: 'kim@example.net' } }),
        403,
      );
    });

    it('postwire export and postwire erase do the same for the operator', async () => {
      const { account, contactId } = await withPat();
      const other = await withPat();
      const env = { DATA_DIR: app.database.dataDir, DATABASE_URL: app.database.databaseUrl };
      const exported = await runPostwire(['export', '--account', account.accountId, '--email', 'pat@example.net'], env);
      assert.equal(exported.code, 0, exported.stderr);
      const data = JSON.parse(exported.stdout);
      assert.deepEqual(
        data.contacts.map((c: any) => c.id),
        [contactId],
      );
      assert.equal(data.messages.length, 2);

      const erased = await runPostwire(['erase', '--account', account.accountId, '--email', 'pat@example.net'], env);
      assert.equal(erased.code, 0, erased.stderr);
      const erasure = JSON.parse(erased.stdout);
      assert.deepEqual([erasure.actor, erasure.userId, erasure.counts.contacts, erasure.counts.recipients], ['operator', null, 1, 2]);
      assert.deepEqual((await ok(account, 'GET', '/account/privacy/erasures')).items[0].id, erasure.id);
      assert.equal((await rowsNaming(account.accountId, 'pat@example.net')).recipients, 0);
      assert.equal((await rowsNaming(other.account.accountId, 'pat@example.net')).recipients, 2, 'only the named account is erased');

      const usage = await runPostwire(['erase', '--account', account.accountId], env);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /needs --account and --email/);
      const missing = await runPostwire(['erase', '--account', 'ffffffffffffffffffffffff', '--email', 'pat@example.net'], env);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /No account ffffffffffffffffffffffff/);
    });
  });
}

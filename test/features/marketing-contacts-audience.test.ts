/**
 * What the dashboard's audience pages ask of the contacts API beyond the original's
 * routes: searching by part of an address, filtering by status and by a custom field's
 * value; a contact's activity (why it has its status, the campaign mail it got, delivered
 * through a real SMTP server, and its open through the pixel in the copy as delivered);
 * one action on a selection of contacts (lists, tags, unsubscribe, delete). Another
 * account's contacts are never listed, read or changed by any of them. Both dialects.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

for (const dialect of DIALECTS) {
  describe(`contacts for the audience pages [${dialect}]`, () => {
    let app: TestApp;
    let sink: SmtpSink;
    let a: TestAccount;
    let b: TestAccount;
    // The campaign of the activity test and its list: Dan opened his copy, Eve did not open hers.
    let campaignId: string;
    let readers: string;

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const newList = async (name: string, account = a) => (await ok('POST', '/inbox/v1/contactlists', { listName: name }, 201, account)).id as string;
    const add = (listId: string, body: Record<string, unknown>, account = a) =>
      ok('POST', `/inbox/v1/contactlists/${listId}/add`, body, 200, account) as Promise<string>;
    const emails = async (query: string, account = a) =>
      ((await ok('GET', `/inbox/v1/contacts${query}`, undefined, 200, account)).items as { email: string }[]).map((c) => c.email).sort();

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, { worker: true, config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false } });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
      b = await app.signUp();
    });
    after(async () => {
      await app?.close();
      await sink?.close();
    });

    it('searches by part of the address, filters by status and by a custom field value (any case), with the total', async () => {
      const list = await newList('Search');
      const city = (await ok('POST', '/inbox/v1/customfields', { Name: 'City', Type: 0 }, 201)).id as string;
      const ann = await add(list, { email: 'ann.search@example.net', customFields: [{ customFieldId: city, value: 'Berlin' }] });
      await add(list, { email: 'bob.search@example.org', customFields: [{ customFieldId: city, value: 'Paris' }] });
      await add(list, { email: 'cat_search@example.net' });
      await ok('PATCH', `/inbox/v1/contacts/${ann}/status`, { status: 3 });
      // Another account's contact that every filter would match.
      const otherList = await newList('Theirs', b);
      await add(otherList, { email: 'ann.search@example.net' }, b);

      assert.deepEqual(await emails('?search=Ann.SEARCH@'), ['ann.search@example.net']);
      assert.deepEqual(await emails('?search=example.net&listId=' + list), ['ann.search@example.net', 'cat_search@example.net']);
      assert.deepEqual(await emails('?search=_'), ['cat_search@example.net'], 'an underscore is a character, not a wildcard');
      // Three characters or more go through the address index (trigrams on both dialects) with the same answers.
      assert.deepEqual(await emails('?search=H@EXAMPLE.NE'), ['ann.search@example.net', 'cat_search@example.net']);
      assert.deepEqual(await emails('?search=t_s'), ['cat_search@example.net'], 'an underscore is a character, not a wildcard');
      assert.deepEqual(await emails('?search=%25search'), [], 'a percent sign is a character, not a wildcard');
      assert.deepEqual(await emails('?search=%22ann%20OR%20bob'), [], 'quotes and words are characters, not a query language');
      assert.deepEqual(await emails('?search=xyz'), []);
      assert.deepEqual(await emails('?status=3'), ['ann.search@example.net']);
      assert.deepEqual(await emails(`?status=1&listId=${list}`), ['bob.search@example.org', 'cat_search@example.net']);
      assert.deepEqual(await emails(`?fieldId=${city}&fieldValue=berlin`), ['ann.search@example.net']);
      const page = await ok('GET', `/inbox/v1/contacts?search=search&pageSize=1`);
      assert.equal(page.totalCount, 3);
      assert.equal(page.items.length, 1);

      assert.deepEqual(await emails('?search=ann.search', b), ['ann.search@example.net']);
      assert.deepEqual(await emails(`?fieldId=${city}&fieldValue=Berlin`, b), [], "another account's field matches nothing of its own");
      assert.deepEqual(await emails('?status=3', b), []);

      const lone = expectEnvelope(await call('GET', `/inbox/v1/contacts?fieldId=${city}`), 400);
      assert.deepEqual(errorFields(lone), ['fieldValue']);
      assert.deepEqual(errorFields(expectEnvelope(await call('GET', '/inbox/v1/contacts?status=7'), 400)), ['status']);
    });

    it("a contact's activity: the reason for its status, the campaign copy it got and its open; 404 for another account", async () => {
      const senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const list = await newList('Readers');
      const dan = await add(list, { email: 'dan@example.net' });
      await add(list, { email: 'eve@example.net' });
      readers = list;
      const empty = await ok('GET', `/inbox/v1/contacts/${dan}/activity`);
      assert.deepEqual(empty, { statusReason: null, suppressedTime: null, mail: [] });

      campaignId = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'Winter news',
          htmlContent: '<p>Hello, <a href="https://shop.example.com/">shop</a>.</p>',
          language: 'en',
          senderAccountId: senderId,
          listType: 2,
          lists: [list],
        },
        201,
      );
      await eventually(async () => ((await ok('GET', `/inbox/v1/campaigns/${campaignId}`)).delivered === 2 ? true : undefined), 20_000, 'delivered');
      const deliveredAt = Date.now();
      const [message] = messagesTo(sink, 'dan@example.net');
      assert.ok(message, 'dan got the campaign');
      const pixel = /src="(http[^"]+\/t\/o\/[^"]+)"/.exec(String((await simpleParser(message.raw)).html))?.[1];
      assert.ok(pixel, 'the copy has its open pixel');
      // An open within the first seconds of delivery is what scanners do; wait that out.
      await sleep(Math.max(0, deliveredAt + 2_100 - Date.now()));
      const opened = await app.runtime.app!.inject({ method: 'GET', url: new URL(pixel).pathname, headers: { 'user-agent': BROWSER } });
      assert.equal(opened.statusCode, 200);

      const activity = await eventually(
        async () => {
          const now = await ok('GET', `/inbox/v1/contacts/${dan}/activity`);
          return now.mail[0]?.firstOpenTime ? now : undefined;
        },
        10_000,
        'the open on the contact',
      );
      assert.equal(activity.mail.length, 1);
      const [copy] = activity.mail;
      assert.equal(copy.campaignId, campaignId);
      assert.equal(copy.subject, 'Winter news');
      assert.equal(copy.outcome, 'delivered');
      assert.ok(copy.deliveredTime && copy.messageId);
      assert.equal(copy.firstClickTime, null);

      await ok('POST', '/notify/v1/suppressions', { email: 'DAN@example.net', reason: 'complaint' }, 201);
      const reported = await ok('GET', `/inbox/v1/contacts/${dan}/activity`);
      assert.equal(reported.statusReason, 'complaint', 'the status says why: the suppression list holds the address for a complaint');
      assert.match(reported.suppressedTime, /^\d{4}-\d\d-\d\dT/);
      assert.equal((await ok('GET', `/inbox/v1/contacts/${dan}`)).status, 4);
      for (const [account, id] of [
        [b, dan],
        [a, '0123456789abcdef01234567'],
        [a, 'not-an-id'],
      ] as const) {
        expectEnvelope(await call('GET', `/inbox/v1/contacts/${id}/activity`, undefined, account), 404);
      }
    });

    it('segment rules on engagement: opened or clicked a campaign, or any campaign in the last N days; counted before saving', async () => {
      const count = async (rules: unknown, account = a) => (await ok('POST', '/inbox/v1/segments/count', { rules }, 200, account)).count as number;
      const onReaders = (condition: unknown) => ({ and: [{ field: 'list', operator: 'eq', value: readers }, condition] });
      assert.equal(await count(onReaders({ field: 'opened', operator: 'campaign', value: campaignId })), 1, 'Dan opened it');
      assert.equal(await count(onReaders({ field: 'opened', operator: 'not_campaign', value: campaignId })), 1, 'Eve did not');
      assert.equal(await count(onReaders({ field: 'clicked', operator: 'campaign', value: campaignId })), 0);
      assert.equal(await count(onReaders({ field: 'opened', operator: 'within_days', value: 1 })), 1);
      assert.equal(await count(onReaders({ field: 'opened', operator: 'not_within_days', value: 30 })), 1);
      assert.equal(await count(onReaders({ field: 'clicked', operator: 'not_within_days', value: 3650 })), 2);

      const saved = await ok('POST', '/inbox/v1/segments', { name: 'Openers', rules: { field: 'opened', operator: 'within_days', value: 7 } }, 201);
      assert.equal((await ok('GET', `/inbox/v1/segments/${saved.id}/count`)).count, 1);

      // Another account counts its own contacts only, and cannot name this account's campaign.
      assert.equal(await count({ field: 'opened', operator: 'within_days', value: 30 }, b), 0);
      const theirs = expectEnvelope(
        await call('POST', '/inbox/v1/segments/count', { rules: { field: 'opened', operator: 'campaign', value: campaignId } }, b),
        400,
      );
      assert.match(theirs.resultObject.errors[0].message, /not a campaign of this account/);
      const bad = async (rules: unknown) => errorFields(expectEnvelope(await call('POST', '/inbox/v1/segments/count', { rules }), 400));
      assert.deepEqual(await bad({ field: 'opened', operator: 'within_days', value: 0 }), ['rules.value']);
      assert.deepEqual(await bad({ field: 'clicked', operator: 'within_days', value: 3651 }), ['rules.value']);
      assert.deepEqual(await bad({ field: 'clicked', operator: 'campaign', value: 'nope' }), ['rules.value']);
      assert.deepEqual(await bad({ field: 'clicked', operator: 'eq', value: 1 }), ['rules.operator']);
      assert.deepEqual(await bad({ and: [{ field: 'status', operator: 'eq', value: 9 }] }), ['rules.and[0].value']);
    });

    it('bulk actions on a selection: add to and remove from a list, tag and untag, unsubscribe, delete; counts what matched and changed', async () => {
      const source = await newList('Bulk source');
      const target = await newList('Bulk target');
      const ids: string[] = [];
      for (const email of ['e1@bulk.example', 'e2@bulk.example', 'e3@bulk.example']) ids.push(await add(source, { email }));
      const theirs = await add(await newList('Their bulk', b), { email: 'x@bulk.example' }, b);
      const bulk = (body: Record<string, unknown>, account = a) => ok('POST', '/inbox/v1/contacts/bulk', body, 200, account);

      assert.deepEqual(await bulk({ contactIds: [...ids, theirs, 'nonsense'], action: 'addToList', listId: target }), { matched: 3, changed: 3 });
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${target}`)).count, 3);
      assert.deepEqual(await bulk({ contactIds: ids, action: 'addToList', listId: target }), { matched: 3, changed: 0 }, 'already on it');
      assert.deepEqual(await bulk({ contactIds: [ids[0]], action: 'removeFromList', listId: target }), { matched: 1, changed: 1 });
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${target}`)).count, 2);

      assert.deepEqual(await bulk({ contactIds: ids, action: 'tag', tag: ' vip ' }), { matched: 3, changed: 3 });
      assert.deepEqual(await emails('?tag=vip'), ['e1@bulk.example', 'e2@bulk.example', 'e3@bulk.example']);
      assert.deepEqual(await bulk({ contactIds: [ids[2]], action: 'untag', tag: 'vip' }), { matched: 1, changed: 1 });
      assert.deepEqual(await emails('?tag=vip'), ['e1@bulk.example', 'e2@bulk.example']);

      assert.deepEqual(await bulk({ contactIds: [ids[0], ids[1]], action: 'unsubscribe' }), { matched: 2, changed: 2 });
      assert.deepEqual(await emails('?status=3&search=bulk.example'), ['e1@bulk.example', 'e2@bulk.example']);

      assert.deepEqual(await bulk({ contactIds: [ids[0]], action: 'delete' }), { matched: 1, changed: 1 });
      expectEnvelope(await call('GET', `/inbox/v1/contacts/${ids[0]}`), 404);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${source}`)).count, 2, "the deleted contact left its lists' counts");

      // Another account's contact is not touched by a's selection, and a's list is not b's to use.
      const them = await ok('GET', `/inbox/v1/contacts/${theirs}`, undefined, 200, b);
      assert.deepEqual([them.status, them.tags, them.listIds.length], [1, [], 1]);
      expectEnvelope(await call('POST', '/inbox/v1/contacts/bulk', { contactIds: [theirs], action: 'addToList', listId: target }, b), 404);
      assert.deepEqual(await bulk({ contactIds: ids, action: 'delete' }, b), { matched: 0, changed: 0 });
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${source}`)).count, 2);

      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contacts/bulk', { contactIds: ids, action: 'addToList' }), 400)), ['listId']);
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contacts/bulk', { contactIds: ids, action: 'tag' }), 400)), ['tag']);
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contacts/bulk', { contactIds: [], action: 'delete' }), 400)), ['contactIds']);
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contacts/bulk', { contactIds: ids, action: 'explode' }), 400)), ['action']);
      const tooMany = Array.from({ length: 1001 }, () => ids[1]);
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contacts/bulk', { contactIds: tooMany, action: 'delete' }), 400)), [
        'contactIds',
      ]);
    });
  });
}

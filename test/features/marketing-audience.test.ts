/**
 * The marketing area's groups, contact lists and custom fields (/inbox/v1), as the
 * original's clients call them: request keys in the case they send (`Name`/`Type`,
 * `groupName`, `listName`), and answers of the kind they bind (an object from a create,
 * a bare `true` from PUT/PATCH/DELETE, list objects), never a null date or count. Both
 * credentials (access token, API key as Bearer and as x-api-key; 403 without the
 * `marketing` scope), and another account sees none of it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createApiKey } from '../helpers/accounts.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE_KEYS = ['createTime', 'createUserId', 'id', 'isDeleted', 'updateTime', 'updateUserId'];
const GROUP_KEYS = [...BASE_KEYS, 'contactsCount', 'groupName'].sort();
const LIST_KEYS = [...BASE_KEYS, 'count', 'groupId', 'legislation', 'listName'].sort();
const FIELD_KEYS = [...BASE_KEYS, 'items', 'name', 'type'].sort();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

for (const dialect of DIALECTS) {
  describe(`marketing groups, lists, custom fields [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const addContact = (listId: string, email: string) => ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email });

    describe('groups (M23–M27)', () => {
      it("create, get, list, put, patch, delete with the original's answer kinds", async () => {
        const created = await ok('POST', '/inbox/v1/groups', { groupName: 'Newsletters' }, 201);
        assert.deepEqual(Object.keys(created).sort(), GROUP_KEYS);
        assert.match(created.id, ID);
        assert.match(created.createTime, ISO_MS);
        assert.match(created.updateTime, ISO_MS);
        assert.equal(created.groupName, 'Newsletters');
        assert.equal(created.contactsCount, 0);

        assert.deepEqual(await ok('GET', `/inbox/v1/groups/${created.id}`), created);
        const list = await ok('GET', '/inbox/v1/groups');
        assert.deepEqual(Object.keys(list).sort(), ['displayCount', 'items', 'totalCount']);
        assert.ok(list.items.some((g: any) => g.id === created.id));
        assert.equal(list.displayCount, list.items.length);

        assert.equal(await ok('PUT', `/inbox/v1/groups/${created.id}`, { GroupName: 'Weekly' }), true);
        assert.equal((await ok('GET', `/inbox/v1/groups/${created.id}`)).groupName, 'Weekly');
        assert.equal(await ok('PATCH', `/inbox/v1/groups/${created.id}`, { groupName: 'Monthly' }), true);
        assert.equal(await ok('PATCH', `/inbox/v1/groups/${created.id}`, {}), true, 'PATCH without a name changes nothing');
        assert.equal((await ok('GET', `/inbox/v1/groups/${created.id}`)).groupName, 'Monthly');

        assert.equal(await ok('DELETE', `/inbox/v1/groups/${created.id}`), true);
        expectEnvelope(await call('GET', `/inbox/v1/groups/${created.id}`), 404);
        expectEnvelope(await call('DELETE', `/inbox/v1/groups/${created.id}`), 404);
        assert.ok(!(await ok('GET', '/inbox/v1/groups')).items.some((g: any) => g.id === created.id));
      });

      it("contactsCount counts the distinct contacts of the group's lists when it is read", async () => {
        const group = await ok('POST', '/inbox/v1/groups', { groupName: 'Counted' }, 201);
        const first = await ok('POST', '/inbox/v1/contactlists', { listName: 'One', groupId: group.id }, 201);
        const second = await ok('POST', '/inbox/v1/contactlists', { listName: 'Two', groupId: group.id }, 201);
        await addContact(first.id, 'ann@example.net');
        await addContact(first.id, 'bob@example.net');
        await addContact(second.id, 'ANN@example.net');
        assert.equal((await ok('GET', `/inbox/v1/groups/${group.id}`)).contactsCount, 2, 'Ann is on both lists and counts once');
        const listed = (await ok('GET', '/inbox/v1/groups')).items.find((g: any) => g.id === group.id);
        assert.equal(listed.contactsCount, 2);
        await ok('DELETE', `/inbox/v1/contactlists/${first.id}`);
        assert.equal((await ok('GET', `/inbox/v1/groups/${group.id}`)).contactsCount, 1);
        // Deleting the group keeps its lists, outside any group.
        await ok('DELETE', `/inbox/v1/groups/${group.id}`);
        assert.equal((await ok('GET', `/inbox/v1/contactlists/${second.id}`)).groupId, null);
      });

      it('bad bodies: 400 naming the field', async () => {
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/groups', {}), 400)), ['groupName']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/groups', { groupName: '' }), 400)), ['groupName']);
        const group = await ok('POST', '/inbox/v1/groups', { groupName: 'x' }, 201);
        assert.deepEqual(errorFields(expectEnvelope(await call('PUT', `/inbox/v1/groups/${group.id}`, {}), 400)), ['groupName']);
        expectEnvelope(await call('GET', '/inbox/v1/groups/not-an-id'), 404);
      });
    });

    describe('contact lists (M5–M9)', () => {
      it('create without a group, get, list, put, patch, delete', async () => {
        const created = await ok('POST', '/inbox/v1/contactlists', { listName: 'Customers', legislation: 1 }, 201);
        assert.deepEqual(Object.keys(created).sort(), LIST_KEYS);
        assert.equal(created.listName, 'Customers');
        assert.equal(created.groupId, null);
        assert.equal(created.legislation, 1);
        assert.equal(created.count, 0);
        assert.match(created.createTime, ISO_MS);
        assert.deepEqual(await ok('GET', `/inbox/v1/contactlists/${created.id}`), created);
        assert.ok((await ok('GET', '/inbox/v1/contactlists')).items.some((l: any) => l.id === created.id));
        // As AP sends it (no groupId) and as others do (empty groupId).
        assert.equal((await ok('POST', '/inbox/v1/contactlists', { ListName: 'Empty group', groupId: '', legislation: 0 }, 201)).groupId, null);

        const group = await ok('POST', '/inbox/v1/groups', { groupName: 'G' }, 201);
        assert.equal(await ok('PUT', `/inbox/v1/contactlists/${created.id}`, { listName: 'Clients', groupId: group.id, legislation: 3 }), true);
        let now = await ok('GET', `/inbox/v1/contactlists/${created.id}`);
        assert.deepEqual([now.listName, now.groupId, now.legislation], ['Clients', group.id, 3]);
        assert.equal(await ok('PATCH', `/inbox/v1/contactlists/${created.id}`, { listName: 'Renamed' }), true);
        now = await ok('GET', `/inbox/v1/contactlists/${created.id}`);
        assert.deepEqual([now.listName, now.groupId, now.legislation], ['Renamed', group.id, 3], 'PATCH changes only what it gives');
        assert.equal(await ok('PUT', `/inbox/v1/contactlists/${created.id}`, { listName: 'Reset' }), true);
        now = await ok('GET', `/inbox/v1/contactlists/${created.id}`);
        assert.deepEqual([now.listName, now.groupId, now.legislation], ['Reset', null, 0], 'PUT resets what it leaves out');

        assert.equal(await ok('DELETE', `/inbox/v1/contactlists/${created.id}`), true);
        expectEnvelope(await call('GET', `/inbox/v1/contactlists/${created.id}`), 404);
        expectEnvelope(await call('PATCH', `/inbox/v1/contactlists/${created.id}`, { listName: 'x' }), 404);
      });

      it('count is the number of contacts on the list whenever it is read', async () => {
        const list = await ok('POST', '/inbox/v1/contactlists', { listName: 'Counted' }, 201);
        const ann = await addContact(list.id, 'ann@example.net');
        await addContact(list.id, 'Ann@Example.net');
        const bob = await addContact(list.id, 'bob@example.net');
        await addContact(list.id, 'cy@example.net');
        assert.equal((await ok('GET', `/inbox/v1/contactlists/${list.id}`)).count, 3, 'the same address twice is one contact');
        assert.equal(await ok('DELETE', `/inbox/v1/contactlists/${list.id}/delete/${ann}`), true);
        expectEnvelope(await call('DELETE', `/inbox/v1/contactlists/${list.id}/delete/${ann}`), 404);
        assert.equal((await ok('GET', `/inbox/v1/contactlists/${list.id}`)).count, 2);
        assert.equal(await ok('DELETE', `/inbox/v1/contacts/${bob}`), true);
        assert.equal((await ok('GET', '/inbox/v1/contactlists')).items.find((l: any) => l.id === list.id).count, 1);
        // Many at once: the counter moves once per contact really added.
        await Promise.all(['d', 'e', 'f', 'd', 'e', 'g'].map((name) => addContact(list.id, `${name}@example.net`)));
        assert.equal((await ok('GET', `/inbox/v1/contactlists/${list.id}`)).count, 5);
        const members = await ok('GET', `/inbox/v1/contacts?listId=${list.id}`);
        assert.equal(members.totalCount, 5);
      });

      it('bad bodies: 400 naming the field', async () => {
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contactlists', {}), 400)), ['listName']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contactlists', { listName: 'x', legislation: 4 }), 400)), ['legislation']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contactlists', { listName: 'x', legislation: 'GDPR' }), 400)), [
          'legislation',
        ]);
        assert.deepEqual(
          errorFields(expectEnvelope(await call('POST', '/inbox/v1/contactlists', { listName: 'x', groupId: '0123456789abcdef01234567' }), 400)),
          ['groupId'],
        );
        const theirGroup = await ok('POST', '/inbox/v1/groups', { groupName: 'B' }, 201, b);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/contactlists', { listName: 'x', groupId: theirGroup.id }), 400)), [
          'groupId',
        ]);
      });
    });

    describe('custom fields (M18–M22)', () => {
      it('PascalCase Name/Type in, lower-case name/type out, items null, Type as given', async () => {
        const created = await ok('POST', '/inbox/v1/customfields', { Name: 'City', Type: 7 }, 201);
        assert.deepEqual(Object.keys(created).sort(), FIELD_KEYS);
        assert.deepEqual([created.name, created.type, created.items], ['City', 7, null]);
        assert.deepEqual(await ok('GET', `/inbox/v1/customfields/${created.id}`), created);
        const camel = await ok('POST', '/inbox/v1/customfields', { name: 'Birthday', type: 3 }, 201);
        assert.deepEqual([camel.name, camel.type], ['Birthday', 3]);
        assert.ok((await ok('GET', '/inbox/v1/customfields')).items.some((f: any) => f.id === created.id && f.name === 'City'));

        assert.equal(await ok('PUT', `/inbox/v1/customfields/${created.id}`, { Name: 'Town', Type: 0 }), true);
        assert.deepEqual(Object.values(await ok('GET', `/inbox/v1/customfields/${created.id}`)).slice(-3), ['Town', 0, null]);
        assert.equal(await ok('PATCH', `/inbox/v1/customfields/${created.id}`, { Name: 'Village' }), true);
        const patched = await ok('GET', `/inbox/v1/customfields/${created.id}`);
        assert.deepEqual([patched.name, patched.type], ['Village', 0]);

        assert.equal(await ok('DELETE', `/inbox/v1/customfields/${created.id}`), true);
        expectEnvelope(await call('GET', `/inbox/v1/customfields/${created.id}`), 404);
        expectEnvelope(await call('PUT', `/inbox/v1/customfields/${created.id}`, { Name: 'x', Type: 1 }), 404);
      });

      it('bad bodies: 400 naming the field', async () => {
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/customfields', {}), 400)).sort(), ['Name', 'Type']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/customfields', { Name: 'x', Type: 'text' }), 400)), ['Type']);
        assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/customfields', { Name: 'x', Type: 1.5 }), 400)), ['Type']);
      });
    });

    describe('credentials and accounts', () => {
      it('an API key with the marketing scope works as Bearer and as x-api-key; one without it is refused with 403', async () => {
        const key = (await createApiKey(app, a.token, ['marketing'])).key;
        const sendOnly = (await createApiKey(app, a.token, ['send', 'read'])).key;
        const viaHeader = expectEnvelope(
          await app.request({ method: 'POST', url: '/inbox/v1/groups', headers: { 'x-api-key': key }, body: { groupName: 'By key' } }),
          201,
        ).resultObject;
        expectEnvelope(await app.request({ method: 'GET', url: `/inbox/v1/groups/${viaHeader.id}`, headers: { authorization: `Bearer ${key}` } }), 200);
        for (const url of ['/inbox/v1/groups', '/inbox/v1/contactlists', '/inbox/v1/customfields']) {
          expectEnvelope(await app.request({ method: 'GET', url, headers: { 'x-api-key': key } }), 200);
          expectEnvelope(await app.request({ method: 'GET', url, headers: { 'x-api-key': sendOnly } }), 403);
          expectEnvelope(await app.request({ method: 'GET', url, headers: { authorization: `Bearer ${sendOnly}` } }), 403);
          expectEnvelope(await app.request({ method: 'GET', url }), 401);
        }
      });

      it("another account's groups, lists and fields are not found and not listed", async () => {
        const group = await ok('POST', '/inbox/v1/groups', { groupName: 'Secret group' }, 201, b);
        const list = await ok('POST', '/inbox/v1/contactlists', { listName: 'Secret list' }, 201, b);
        const field = await ok('POST', '/inbox/v1/customfields', { Name: 'Secret field', Type: 1 }, 201, b);
        const cases: [string, string, Record<string, unknown>][] = [
          ['groups', group.id, { groupName: 'x' }],
          ['contactlists', list.id, { listName: 'x' }],
          ['customfields', field.id, { Name: 'x', Type: 1 }],
        ];
        for (const [noun, id, body] of cases) {
          for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
            expectEnvelope(await call(method, `/inbox/v1/${noun}/${id}`, method === 'PUT' || method === 'PATCH' ? body : undefined), 404);
          }
          assert.ok(!JSON.stringify(await ok('GET', `/inbox/v1/${noun}`)).includes(id), `${noun} list shows b's ${id}`);
          expectEnvelope(await call('GET', `/inbox/v1/${noun}/${id}`, undefined, b), 200);
        }
        expectEnvelope(await call('POST', `/inbox/v1/contactlists/${list.id}/add`, { email: 'x@example.net' }), 404);
        assert.equal((await ok('GET', `/inbox/v1/contactlists/${list.id}`, undefined, 200, b)).count, 0);
      });
    });
  });
}

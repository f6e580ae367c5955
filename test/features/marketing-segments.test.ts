/**
 * Segments (/inbox/v1/segments): the original's list and delete, plus create, get,
 * update and a count. The rule tree is compiled to SQL, so every operator is run here
 * against real data on both dialects: text matching in any case with LIKE wildcards
 * taken literally, numbers recognised in text values (a value that is not a number never
 * matches), dates in text order, tags, list membership, the status contacts are shown
 * with (a suppressed hard bounce counts as 2), and nested and/or groups.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const SEGMENT_KEYS = ['createTime', 'createUserId', 'id', 'isDeleted', 'name', 'rules', 'updateTime', 'updateUserId'];

for (const dialect of DIALECTS) {
  describe(`marketing segments [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    const ids: Record<string, string> = {};

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const countOf = async (rules: unknown): Promise<number> => {
      const segment = await ok('POST', '/inbox/v1/segments', { name: 'probe', rules }, 201);
      return (await ok('GET', `/inbox/v1/segments/${segment.id}/count`)).count;
    };

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
      const field = async (Name: string) => (await ok('POST', '/inbox/v1/customfields', { Name, Type: 0 }, 201)).id as string;
      const list = async (listName: string) => (await ok('POST', '/inbox/v1/contactlists', { listName }, 201)).id as string;
      Object.assign(ids, {
        city: await field('City'),
        age: await field('Age'),
        joined: await field('Joined'),
        promo: await field('Promo'),
        l1: await list('L1'),
        l2: await list('L2'),
      });
      const add = async (listId: string, email: string, tags: string[] = [], values: Record<string, string | number> = {}) =>
        ok('POST', `/inbox/v1/contactlists/${listId}/add`, {
          email,
          tags,
          customFields: Object.entries(values).map(([name, value]) => ({ customFieldId: ids[name], value })),
        });
      const ann = await add(ids.l1!, 'ann@example.com', ['vip'], { city: 'Berlin', age: 30, joined: '2024-01-15', promo: '50% off' });
      const bob = await add(ids.l1!, 'bob@example.net', [], { city: 'berlin', age: 'forty', joined: '2023-05-01', promo: '500 off' });
      await add(ids.l2!, 'bob@example.net');
      const cy = await add(ids.l2!, 'cy@example.com', ['vip', 'new'], { city: 'Paris', age: '7', joined: '2024-06-30' });
      await add(ids.l2!, 'dee_x@example.org', [], { age: '-5' });
      Object.assign(ids, { ann, bob, cy });
      await ok('PATCH', `/inbox/v1/contacts/${cy}/status`, { status: 3 });
      await ok('POST', '/notify/v1/suppressions', { email: 'dee_x@example.org', reason: 'hard_bounce' }, 201);
      // Another account's contacts never count.
      const theirs = (await ok('POST', '/inbox/v1/contactlists', { listName: 'B' }, 201, b)).id;
      await ok('POST', `/inbox/v1/contactlists/${theirs}/add`, { email: 'zed@example.com', tags: ['vip'] }, 200, b);
    });
    after(() => app.close());

    it("create, get, list (M34), put, patch, delete (M35), with the original's answer kinds", async () => {
      const rules = { field: 'tag', operator: 'eq', value: 'vip' };
      const created = await ok('POST', '/inbox/v1/segments', { name: 'VIPs', rules }, 201);
      assert.deepEqual(Object.keys(created).sort(), SEGMENT_KEYS);
      assert.deepEqual([created.name, created.rules], ['VIPs', rules]);
      assert.deepEqual(await ok('GET', `/inbox/v1/segments/${created.id}`), created);
      const listed = (await ok('GET', '/inbox/v1/segments')).items.find((s: any) => s.id === created.id);
      assert.deepEqual([listed.name, listed.createTime, listed.updateTime], ['VIPs', created.createTime, created.updateTime]);
      assert.deepEqual(await ok('GET', `/inbox/v1/segments/${created.id}/count`), { count: 2 });

      assert.equal(await ok('PUT', `/inbox/v1/segments/${created.id}`, { name: 'Active', rules: { field: 'status', operator: 'eq', value: 1 } }), true);
      assert.deepEqual(await ok('GET', `/inbox/v1/segments/${created.id}/count`), { count: 2 });
      assert.equal(await ok('PATCH', `/inbox/v1/segments/${created.id}`, { name: 'Renamed' }), true);
      const now = await ok('GET', `/inbox/v1/segments/${created.id}`);
      assert.deepEqual([now.name, now.rules], ['Renamed', { field: 'status', operator: 'eq', value: 1 }]);

      assert.equal(await ok('DELETE', `/inbox/v1/segments/${created.id}`), true);
      expectEnvelope(await call('GET', `/inbox/v1/segments/${created.id}`), 404);
      expectEnvelope(await call('GET', `/inbox/v1/segments/${created.id}/count`), 404);
      expectEnvelope(await call('DELETE', `/inbox/v1/segments/${created.id}`), 404);
    });

    it('email, status (as shown, suppressions included), tag and list conditions', async () => {
      const cases: [unknown, number][] = [
        [{ field: 'email', operator: 'ends_with', value: '@EXAMPLE.com' }, 2],
        [{ field: 'email', operator: 'contains', value: 'example.NET' }, 1],
        [{ field: 'email', operator: 'eq', value: 'Ann@example.com' }, 1],
        [{ field: 'email', operator: 'neq', value: 'ann@example.com' }, 3],
        [{ field: 'email', operator: 'starts_with', value: 'dee_' }, 1],
        [{ field: 'email', operator: 'starts_with', value: 'de_' }, 0],
        [{ field: 'email', operator: 'not_contains', value: '.com' }, 2],
        [{ field: 'status', operator: 'eq', value: 1 }, 2],
        [{ field: 'status', operator: 'eq', value: 2 }, 1],
        [{ field: 'status', operator: 'in', value: [2, 3] }, 2],
        [{ field: 'status', operator: 'not_in', value: [1] }, 2],
        [{ field: 'status', operator: 'neq', value: 3 }, 3],
        [{ field: 'tag', operator: 'eq', value: 'vip' }, 2],
        [{ field: 'tag', operator: 'neq', value: 'vip' }, 2],
        [{ field: 'list', operator: 'eq', value: ids.l1 }, 2],
        [{ field: 'list', operator: 'neq', value: ids.l1 }, 2],
        [{ field: 'list', operator: 'in', value: [ids.l1, ids.l2] }, 4],
        [{ field: 'list', operator: 'not_in', value: [ids.l2] }, 1],
      ];
      for (const [rules, expected] of cases) assert.equal(await countOf(rules), expected, JSON.stringify(rules));
    });

    it('custom fields: text in any case with literal wildcards, numbers, dates, set or not', async () => {
      const f = (name: string) => `customField:${ids[name]}`;
      const cases: [unknown, number][] = [
        [{ field: f('city'), operator: 'eq', value: 'BERLIN' }, 2],
        [{ field: f('city'), operator: 'neq', value: 'berlin' }, 1],
        [{ field: f('city'), operator: 'starts_with', value: 'par' }, 1],
        [{ field: f('promo'), operator: 'contains', value: '0%' }, 1],
        [{ field: f('promo'), operator: 'contains', value: '0_' }, 0],
        [{ field: f('age'), operator: 'gt', value: 10 }, 1],
        [{ field: f('age'), operator: 'lte', value: 30 }, 3],
        [{ field: f('age'), operator: 'lt', value: 0 }, 1],
        [{ field: f('age'), operator: 'gte', value: 7 }, 2],
        [{ field: f('joined'), operator: 'before', value: '2024-01-01' }, 1],
        [{ field: f('joined'), operator: 'after', value: '2024-01-15' }, 1],
        [{ field: f('joined'), operator: 'is_set' }, 3],
        [{ field: f('joined'), operator: 'is_not_set' }, 1],
      ];
      for (const [rules, expected] of cases) assert.equal(await countOf(rules), expected, JSON.stringify(rules));
    });

    it('and/or groups nest, and a count follows the contacts as they change', async () => {
      const activeVipOrNet = {
        and: [
          { field: 'status', operator: 'eq', value: 1 },
          {
            or: [
              { field: 'tag', operator: 'eq', value: 'vip' },
              { field: 'email', operator: 'ends_with', value: '.net' },
            ],
          },
        ],
      };
      const segment = await ok('POST', '/inbox/v1/segments', { name: 'Nested', rules: activeVipOrNet }, 201);
      const count = async () => (await ok('GET', `/inbox/v1/segments/${segment.id}/count`)).count;
      assert.equal(await count(), 2);
      await ok('PATCH', `/inbox/v1/contacts/${ids.cy}/status`, { status: 1 });
      assert.equal(await count(), 3, 'cy is active again and a vip');
      await ok('POST', `/inbox/v1/contacts/${ids.ann}`, { tags: [] });
      assert.equal(await count(), 2);
      await ok('DELETE', `/inbox/v1/contacts/${ids.bob}`);
      assert.equal(await count(), 1);
    });

    it('rules beyond the bounds are a 400 naming the part and the limit; at the bounds they count like their short form', async () => {
      const refused = async (rules: unknown) => expectEnvelope(await call('POST', '/inbox/v1/segments', { name: 'huge', rules }), 400).resultObject.errors;
      const tag = { field: 'tag', operator: 'eq', value: 'vip' };
      const repeat = <T>(values: T[], n: number) => Array.from({ length: n }, (_, i) => values[i % values.length]!);

      // 40,000 statuses were saved (201) and then failed every count with "too many SQL variables".
      assert.deepEqual(await refused({ and: [tag, tag, tag, { field: 'status', operator: 'in', value: repeat([1], 40_000) }] }), [
        { field: 'rules.and[3].value', message: 'has 40000 values; a condition has at most 1000' },
      ]);
      assert.deepEqual(await refused({ field: 'list', operator: 'not_in', value: repeat([ids.l1], 1001) }), [
        { field: 'rules.value', message: 'has 1001 values; a condition has at most 1000' },
      ]);
      assert.deepEqual(await refused({ or: repeat([tag], 5000) }), [{ field: 'rules.or[100]', message: 'a segment has at most 100 conditions' }]);
      const nested = (levels: number): unknown => (levels === 0 ? tag : { and: [nested(levels - 1)] });
      assert.deepEqual(await refused(nested(6)), [{ field: 'rules.and[0].and[0].and[0].and[0].and[0]', message: 'nests deeper than 6 levels' }]);

      // At every bound at once: 100 conditions, 1000 values in each `in`, groups 5 deep
      // (conditions at level 6): it counts what the same rule without repetitions counts.
      const age = `customField:${ids.age}`;
      const atBounds = {
        and: [
          ...repeat([{ field: 'list', operator: 'in', value: repeat([ids.l1, ids.l2], 1000) }], 48),
          ...repeat([{ field: 'status', operator: 'in', value: repeat([1, 2, 3, 4], 1000) }], 48),
          ...repeat([{ field: age, operator: 'gte', value: -100 }], 3),
          { or: [{ and: [{ or: [{ and: [{ field: 'tag', operator: 'neq', value: 'nobody has this' }] }] }] }] },
        ],
      };
      const short = {
        and: [
          { field: 'list', operator: 'in', value: [ids.l1, ids.l2] },
          { field: 'status', operator: 'in', value: [1, 2, 3, 4] },
          { field: age, operator: 'gte', value: -100 },
          { field: 'tag', operator: 'neq', value: 'nobody has this' },
        ],
      };
      const expected = await countOf(short);
      assert.ok(expected > 0);
      assert.equal(await countOf(atBounds), expected);
    });

    it('a segment saved beyond the bounds before they existed: its count is a 409 naming the part, not a 500', async () => {
      const segment = await ok('POST', '/inbox/v1/segments', { name: 'Old', rules: { field: 'status', operator: 'eq', value: 1 } }, 201);
      const rules = { or: [{ field: 'status', operator: 'in', value: Array.from({ length: 40_000 }, () => 1) }] };
      await app.runtime.services.handle.db
        .updateTable('segments')
        .set({ rules: JSON.stringify(rules) })
        .where('id', '=', segment.id)
        .execute();
      const answer = expectEnvelope(await call('GET', `/inbox/v1/segments/${segment.id}/count`), 409);
      assert.match(answer.resultMessage, /rules\.or\[0\]\.value has 40000 values; a condition has at most 1000/);
    });

    it("bad rules: 400 naming where; another account's list or field is refused; another account's segment is not found", async () => {
      const fields = async (rules: unknown) => errorFields(expectEnvelope(await call('POST', '/inbox/v1/segments', { name: 'x', rules }), 400));
      assert.deepEqual(await fields({ field: 'phone', operator: 'eq', value: 'x' }), ['rules.field']);
      assert.deepEqual(await fields({ field: 'status', operator: 'contains', value: 1 }), ['rules.operator']);
      assert.deepEqual(
        await fields({
          and: [
            { field: 'status', operator: 'eq', value: 1 },
            { field: 'status', operator: 'eq', value: 9 },
          ],
        }),
        ['rules.and[1].value'],
      );
      assert.deepEqual(await fields({ or: [] }), ['rules.or']);
      assert.deepEqual(await fields('status = 1'), ['rules']);
      assert.deepEqual(await fields({ field: `customField:${ids.age}`, operator: 'gt', value: 'ten' }), ['rules.value']);
      const theirList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Theirs' }, 201, b)).id;
      assert.deepEqual(await fields({ field: 'list', operator: 'eq', value: theirList }), ['rules']);
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/segments', { rules: { field: 'tag', operator: 'eq', value: 'x' } }), 400)), [
        'name',
      ]);

      const theirs = await ok('POST', '/inbox/v1/segments', { name: 'Theirs', rules: { field: 'tag', operator: 'eq', value: 'vip' } }, 201, b);
      assert.deepEqual(await ok('GET', `/inbox/v1/segments/${theirs.id}/count`, undefined, 200, b), { count: 1 });
      for (const [method, url, body] of [
        ['GET', `/inbox/v1/segments/${theirs.id}`],
        ['GET', `/inbox/v1/segments/${theirs.id}/count`],
        ['DELETE', `/inbox/v1/segments/${theirs.id}`],
        ['PUT', `/inbox/v1/segments/${theirs.id}`, { name: 'x', rules: { field: 'tag', operator: 'eq', value: 'x' } }],
        ['PATCH', `/inbox/v1/segments/${theirs.id}`, { name: 'x' }],
      ] as [Method, string, unknown?][])
        expectEnvelope(await call(method, url, body), 404);
      assert.ok(!JSON.stringify(await ok('GET', '/inbox/v1/segments')).includes(theirs.id));
    });
  });
}

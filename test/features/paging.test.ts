/**
 * Paging a list by key (`after=<id>`) and by number (`page`): both walk the same rows
 * newest first, without a gap or a repeat, `totalCount` is the whole list's, and another
 * account's id as the key shows nothing of that account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  describe(`paging lists [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    const created: string[] = [];

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      for (let i = 0; i < 7; i++) {
        const response = await app.request({
          method: 'POST',
          url: '/notify/v1/templates',
          token: a.token,
          body: { name: `t${i}`, subject: 'Hi', htmlContent: '<p>x</p>' },
        });
        created.push(expectEnvelope(response, 201).resultObject.id);
      }
    });
    after(() => app.close());

    const list = async (query: string) =>
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/templates?${query}`, token: a.token }), 200).resultObject;

    it('walks every row newest first by key, as by page number', async () => {
      const byKey: string[] = [];
      let query = 'pageSize=3';
      for (;;) {
        const page = await list(query);
        assert.equal(page.totalCount, 7);
        byKey.push(...page.items.map((t: { id: string }) => t.id));
        if (page.items.length < 3) break;
        query = `pageSize=3&after=${page.items.at(-1).id}`;
      }
      const byNumber: string[] = [];
      for (let n = 1; n <= 3; n++) byNumber.push(...(await list(`pageSize=3&page=${n}`)).items.map((t: { id: string }) => t.id));
      assert.deepEqual(byKey, [...created].reverse());
      assert.deepEqual(byNumber, byKey);
    });

    it('refuses a key that is not an id, naming the parameter', async () => {
      const response = await app.request({ method: 'GET', url: '/notify/v1/templates?after=zzz', token: a.token });
      const body = expectEnvelope(response, 400);
      assert.match(body.resultMessage, /after/);
    });
  });
}

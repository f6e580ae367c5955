/**
 * Searching the message log (GET /notify/v1/messages with recipient, subject, tag, state,
 * since, until): each filter narrows, they combine, LIKE's wildcards in a subject search
 * match themselves, bad values are a 400 naming the field, and one account's search never
 * finds another's messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  describe(`message log search [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let start: string;

    const send = async (account: TestAccount, to: string, subject: string, tags?: string[]) =>
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: account.token,
          body: { from: { email: account.email }, to: [{ email: to }], subject, htmlContent: '<p>x</p>', ...(tags ? { tags } : {}) },
        }),
        200,
      ).resultObject.id as string;
    const search = async (account: TestAccount, query: string) =>
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages?${query}`, token: account.token }), 200).resultObject;
    const subjects = async (account: TestAccount, query: string) => (await search(account, query)).items.map((m: any) => m.subject).sort();

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
      start = new Date(Date.now() - 1000).toISOString();
      await send(a, 'ann@example.com', 'Your invoice 100% paid', ['billing']);
      await send(a, 'bob@example.com', 'Welcome aboard', ['onboarding']);
      await send(a, 'Ann@Example.com', 'Welcome back_again');
      await send(b, 'ann@example.com', 'Your invoice from B');
    });
    after(() => app.close());

    it('narrows by recipient (case-insensitive), subject, tag and state, and combines them', async () => {
      assert.deepEqual(await subjects(a, 'recipient=ANN%40example.com'), ['Welcome back_again', 'Your invoice 100% paid']);
      assert.deepEqual(await subjects(a, 'subject=welcome'), ['Welcome aboard', 'Welcome back_again']);
      assert.deepEqual(await subjects(a, 'tag=billing'), ['Your invoice 100% paid']);
      assert.deepEqual(await subjects(a, 'recipient=ann%40example.com&subject=welcome'), ['Welcome back_again']);
      assert.equal((await search(a, 'state=queued')).totalCount, 3, 'nothing delivers without a worker');
      assert.equal((await search(a, 'state=bounced')).totalCount, 0);
    });

    it('treats % and _ in a subject search as text', async () => {
      assert.deepEqual(await subjects(a, 'subject=100%25'), ['Your invoice 100% paid']);
      assert.deepEqual(await subjects(a, 'subject=k_a'), ['Welcome back_again']);
      assert.deepEqual(await subjects(a, 'subject=e_a'), []);
    });

    it('narrows by the time accepted', async () => {
      assert.equal((await search(a, `since=${encodeURIComponent(start)}`)).totalCount, 3);
      assert.equal((await search(a, `until=${encodeURIComponent(start)}`)).totalCount, 0);
    });

    it("never finds another account's messages", async () => {
      assert.deepEqual(await subjects(b, 'recipient=ann%40example.com'), ['Your invoice from B']);
      assert.deepEqual(await subjects(a, 'subject=from%20B'), []);
    });

    it('answers 400 naming the field for a state or time it cannot read', async () => {
      for (const [query, field] of [
        ['state=lost', 'state'],
        ['since=yesterday', 'since'],
      ]) {
        const reply = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages?${query}`, token: a.token }), 400);
        assert.equal(reply.resultObject.errors[0].field, field, query);
      }
    });
  });
}

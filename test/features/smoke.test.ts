import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

for (const dialect of DIALECTS) {
  describe(`send → capture, end to end [${dialect}]`, () => {
    let app: TestApp;
    let account: TestAccount;
    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      account = await app.signUp();
    });
    after(() => app.close());

    it('accepts a message and the worker captures it', async () => {
      const sent = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { email: account.email, name: 'Shop' }, to: [{ email: 'c@example.net' }], subject: 'Hello', htmlContent: '<p>Hi</p>' },
      });
      const id = expectEnvelope(sent, 200).resultObject.id;
      const state = await eventually(async () => {
        const got = await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token });
        const s = got.json.resultObject.recipients[0].state;
        return s === 'sent' ? s : undefined;
      });
      assert.equal(state, 'sent');
    });
  });
}

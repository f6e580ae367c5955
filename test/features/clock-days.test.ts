/**
 * The day a figure falls on is the clock's day: GET /notify/v1/stats and GET /account/usage
 * take their default range from the injectable clock, and the events and charges of a send
 * are dated by it, so a test moves the clock over midnight at the end of a month instead of
 * waiting for one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { DIALECTS } from '../helpers/db.js';

const ADMIN_TOKEN = 'operator-secret-0123456789abcdef';
const HOUR = 3_600_000;

for (const dialect of DIALECTS) {
  describe(`days follow the clock [${dialect}]`, () => {
    // An hour before midnight on the last day of a month.
    const clock = new TestClock({ at: Date.UTC(2031, 0, 31, 23, 0) });
    let app: TestApp;
    let account: TestAccount;
    /** An API key, which does not expire when the clock moves past the session's access token. */
    let key: string;

    const get = async (url: string) => expectEnvelope(await app.request({ method: 'GET', url, headers: { 'x-api-key': key } }), 200).resultObject;
    const send = async (to: string) =>
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          headers: { 'x-api-key': key },
          body: { from: { email: account.email }, to: [{ email: to }], subject: 'Receipt', htmlContent: '<p>Thanks</p>' },
        }),
        200,
      );

    before(async () => {
      app = await startTestApp(dialect, { clock, config: { billing: 'credits', adminToken: ADMIN_TOKEN } });
      account = await app.signUp();
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: `/admin/accounts/${account.accountId}/payments`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          body: { credits: 5, amount: 5, currency: 'EUR' },
        }),
        201,
      );
      key = expectEnvelope(
        await app.request({ method: 'POST', url: '/account/apikeys', token: account.token, body: { name: 'clock', scopes: ['send', 'read', 'account'] } }),
        201,
      ).resultObject.key;
    });
    after(() => app?.close());

    it("counts a send on the clock's day, in the statistics and the usage, and moves to the next day and month with the clock", async () => {
      await send('first@example.net');
      const stats = await get('/notify/v1/stats');
      assert.deepEqual([stats.from, stats.to], ['2031-01-02', '2031-01-31']);
      assert.deepEqual(stats.days.at(-1), {
        date: '2031-01-31',
        accepted: 1,
        sent: 0,
        delivered: 0,
        deferred: 0,
        bounced: 0,
        complained: 0,
        opened: 0,
        clicked: 0,
      });
      const usage = await get('/account/usage');
      assert.deepEqual([usage.from, usage.to, usage.days.length], ['2031-01-01', '2031-01-31', 31]);
      assert.deepEqual(usage.days.at(-1), { date: '2031-01-31', charged: 1, refunded: 0, used: 1 });

      clock.advance(2 * HOUR);
      await send('second@example.net');
      const next = await get('/notify/v1/stats');
      assert.deepEqual([next.from, next.to], ['2031-01-03', '2031-02-01']);
      assert.deepEqual(
        next.days.slice(-2).map((d: { date: string; accepted: number }) => [d.date, d.accepted]),
        [
          ['2031-01-31', 1],
          ['2031-02-01', 1],
        ],
      );
      const february = await get('/account/usage');
      assert.deepEqual([february.from, february.to], ['2031-02-01', '2031-02-01']);
      assert.deepEqual(february.days, [{ date: '2031-02-01', charged: 1, refunded: 0, used: 1 }]);
    });
  });
}

/**
 * GET /notify/v1/stats: per-day counts from the event log. Today's figures come from
 * real deliveries to a real SMTP server (delivered, deferred by a 451, bounced by a
 * 550); opens, clicks and complaints, which come from systems outside this test, and
 * earlier days are recorded as events directly.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newEventRow } from '../../src/features/notify/events/events.service.js';
import type { EventType } from '../../src/features/notify/events/events.table.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { startRelayedTestApp, type RelayedTestApp } from '../helpers/relayed-app.js';

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

for (const dialect of DIALECTS) {
  describe(`GET /notify/v1/stats [${dialect}]`, () => {
    let relay: RelayedTestApp;
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    const today = dateOf(Date.now());
    const yesterday = dateOf(Date.now() - DAY);

    const stats = (query: string, account = a) => app.request({ method: 'GET', url: `/notify/v1/stats${query}`, token: account.token });
    const send = async (to: string[], tags?: string[]) =>
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email }, to: to.map((email) => ({ email })), subject: 'S', htmlContent: '<p>x</p>', ...(tags ? { tags } : {}) },
        }),
        200,
      ).resultObject;

    before(async () => {
      relay = await startRelayedTestApp(dialect);
      app = relay.app;
      a = await app.signUp();
      b = await app.signUp();

      const tagged = await send(['ok1@example.net', 'reject@example.net'], ['welcome']);
      const plain = await send(['ok2@example.net', 'tempfail@example.net']);
      assert.equal((await outcomeOf(app, a, tagged, 'ok1@example.net')).state, 'delivered');
      assert.equal((await outcomeOf(app, a, tagged, 'reject@example.net')).state, 'bounced');
      assert.equal((await outcomeOf(app, a, plain, 'ok2@example.net')).state, 'delivered');
      assert.equal((await outcomeOf(app, a, plain, 'tempfail@example.net')).state, 'deferred');

      // Yesterday, and events other systems report (opens, clicks, complaints).
      const at = Date.now() - DAY;
      const event = (type: EventType, messageId: string) =>
        newEventRow({ accountId: a.accountId, messageId, recipientId: null, email: 'ok1@example.net', type, at });
      await app.runtime.services.eventLog.record(app.runtime.services.handle.db, [
        event('accepted', plain.id),
        event('delivered', plain.id),
        event('opened', tagged.id),
        event('opened', tagged.id),
        event('clicked', tagged.id),
        event('complained', plain.id),
      ]);
    });
    after(() => relay?.close());

    it('counts each type per day, with every day of the range present', async () => {
      const result = expectEnvelope(await stats(`?from=${dateOf(Date.now() - 3 * DAY)}&to=${today}`), 200).resultObject;
      assert.equal(result.from, dateOf(Date.now() - 3 * DAY));
      assert.equal(result.to, today);
      assert.equal(result.tag, null);
      assert.deepEqual(
        result.days.map((d: any) => d.date),
        [3, 2, 1, 0].map((n) => dateOf(Date.now() - n * DAY)),
      );
      const byDate = new Map(result.days.map((d: any) => [d.date, d]));
      assert.deepEqual(byDate.get(today), { date: today, accepted: 4, sent: 0, delivered: 2, deferred: 1, bounced: 1, complained: 0, opened: 0, clicked: 0 });
      assert.deepEqual(byDate.get(yesterday), {
        date: yesterday,
        accepted: 1,
        sent: 0,
        delivered: 1,
        deferred: 0,
        bounced: 0,
        complained: 1,
        opened: 2,
        clicked: 1,
      });
      assert.deepEqual(byDate.get(dateOf(Date.now() - 3 * DAY)), {
        date: dateOf(Date.now() - 3 * DAY),
        accepted: 0,
        sent: 0,
        delivered: 0,
        deferred: 0,
        bounced: 0,
        complained: 0,
        opened: 0,
        clicked: 0,
      });
      assert.deepEqual(result.totals, { accepted: 5, sent: 0, delivered: 3, deferred: 1, bounced: 1, complained: 1, opened: 2, clicked: 1 });
    });

    it('tag narrows to messages sent with that tag', async () => {
      const result = expectEnvelope(await stats(`?from=${yesterday}&to=${today}&tag=welcome`), 200).resultObject;
      assert.equal(result.tag, 'welcome');
      assert.deepEqual(result.totals, { accepted: 2, sent: 0, delivered: 1, deferred: 0, bounced: 1, complained: 0, opened: 2, clicked: 1 });
      const none = expectEnvelope(await stats(`?tag=nothing`), 200).resultObject;
      assert.equal(none.totals.accepted, 0);
    });

    it('defaults to the last 30 days; another account sees only its own', async () => {
      const result = expectEnvelope(await stats(''), 200).resultObject;
      assert.equal(result.days.length, 30);
      assert.equal(result.to, today);
      assert.equal(result.totals.accepted, 5);
      const theirs = expectEnvelope(await stats('', b), 200).resultObject;
      assert.equal(theirs.totals.accepted, 0);
    });

    it('bad ranges are a 400 naming the parameter', async () => {
      assert.deepEqual(errorFields(expectEnvelope(await stats('?from=yesterday'), 400)), ['from']);
      assert.deepEqual(errorFields(expectEnvelope(await stats('?to=2026-02-30'), 400)), ['to']);
      assert.deepEqual(errorFields(expectEnvelope(await stats(`?from=${today}&to=${yesterday}`), 400)), ['to']);
      assert.deepEqual(errorFields(expectEnvelope(await stats('?from=2020-01-01&to=2026-01-01'), 400)), ['from']);
      expectEnvelope(await stats(''.concat('?tag=')), 400);
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/stats' }), 401);
    });
  });
}

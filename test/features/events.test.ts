/**
 * The event log as a client sees it: an `accepted` event per recipient the moment the
 * send answers, then the delivery events (capture transport: `sent`), each recipient's
 * timeline on GET /notify/v1/messages/{id}, and GET /notify/v1/events with its filters
 * and paging. Scoped per account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_KEYS = ['createTime', 'details', 'email', 'id', 'messageId', 'recipientId', 'type'];

interface Sent {
  id: string;
  queuedAt: string;
  recipients: { id: string; email: string }[];
}

function expectFieldError(response: TestResponse, field: string): void {
  const body = expectEnvelope(response, 400);
  const errors = body.resultObject?.errors as { field: string; message: string }[] | undefined;
  assert.ok(Array.isArray(errors), `expected resultObject.errors, got ${response.text}`);
  assert.ok(
    errors.some((e) => e.field === field && e.message.length > 0),
    `expected an error on ${field}, got ${JSON.stringify(errors)}`,
  );
}

function expectEventShape(event: any): void {
  assert.deepEqual(Object.keys(event).sort(), EVENT_KEYS);
  assert.match(event.id, ID);
  assert.match(event.createTime, ISO_MS);
  assert.equal(typeof event.details, 'object');
  assert.notEqual(event.details, null);
}

for (const dialect of DIALECTS) {
  describe(`events [${dialect}]`, () => {
    describe('without a worker (events of acceptance only)', () => {
      let app: TestApp;
      let a: TestAccount;
      let b: TestAccount;

      const send = async (account: TestAccount, to: string[], subject = 'Hello'): Promise<Sent> =>
        expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/send',
            token: account.token,
            body: { from: { email: account.email }, to: to.map((email) => ({ email })), subject, htmlContent: `<p>${subject}</p>` },
          }),
          200,
        ).resultObject;
      const events = (account: TestAccount, query = '') => app.request({ method: 'GET', url: `/notify/v1/events${query}`, token: account.token });
      const listEvents = async (account: TestAccount, query = '') => expectEnvelope(await events(account, query), 200).resultObject;

      before(async () => {
        app = await startTestApp(dialect);
        a = await app.signUp();
        b = await app.signUp();
      });
      after(() => app.close());

      it('requires a Bearer token', async () => {
        expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/events' }), 401);
      });

      it('an account that sent nothing has no events', async () => {
        const fresh = await app.signUp();
        assert.deepEqual(await listEvents(fresh), { displayCount: 0, totalCount: 0, items: [] });
      });

      it('the send answer is preceded by one `accepted` event per recipient, committed with the message', async () => {
        const account = await app.signUp();
        const sent = await send(account, ['ann@example.net', 'Bob@Example.org']);
        const listed = await listEvents(account);
        assert.equal(listed.totalCount, 2);
        assert.equal(listed.displayCount, 2);
        for (const event of listed.items) {
          expectEventShape(event);
          assert.equal(event.type, 'accepted');
          assert.equal(event.messageId, sent.id);
          assert.equal(event.createTime, sent.queuedAt, 'accepted at the acceptance time');
          assert.deepEqual(event.details, {});
        }
        assert.deepEqual(listed.items.map((e: any) => [e.recipientId, e.email]).sort(), sent.recipients.map((r) => [r.id, r.email]).sort());
      });

      it("GET /messages/{id} shows each recipient's timeline", async () => {
        const sent = await send(a, ['tl1@example.net', 'tl2@example.net']);
        const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token }), 200).resultObject;
        assert.equal(got.recipients.length, 2);
        for (const r of got.recipients) {
          assert.equal(r.events.length, 1);
          const [accepted] = r.events;
          expectEventShape(accepted);
          assert.equal(accepted.type, 'accepted');
          assert.equal(accepted.recipientId, r.id);
          assert.equal(accepted.messageId, sent.id);
          assert.equal(accepted.email, r.email);
        }
        // The list of messages keeps its compact recipients (no timelines).
        const list = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject;
        assert.ok(list.items.every((m: any) => m.recipients.every((r: any) => !('events' in r))));
      });

      it('lists newest first and pages with page/pageSize', async () => {
        const account = await app.signUp();
        const first = await send(account, ['p1@example.net', 'p2@example.net'], 'First');
        const second = await send(account, ['p3@example.net', 'p4@example.net', 'p5@example.net'], 'Second');
        const all = await listEvents(account);
        assert.equal(all.totalCount, 5);
        assert.deepEqual(
          all.items.map((e: any) => e.id),
          [...all.items.map((e: any) => e.id)].sort().reverse(),
          'newest first',
        );
        assert.deepEqual(
          all.items.slice(0, 3).map((e: any) => e.messageId),
          [second.id, second.id, second.id],
        );
        assert.deepEqual(
          all.items.slice(3).map((e: any) => e.messageId),
          [first.id, first.id],
        );
        const pages = [];
        for (let page = 1; page <= 3; page++) pages.push(await listEvents(account, `?page=${page}&pageSize=2`));
        assert.deepEqual(
          pages.map((p) => p.displayCount),
          [2, 2, 1],
        );
        for (const p of pages) assert.equal(p.totalCount, 5);
        assert.deepEqual(
          pages.flatMap((p) => p.items),
          all.items,
        );
        assert.deepEqual((await listEvents(account, '?page=4&pageSize=2')).items, []);
      });

      it('filters by type, messageId and email (without case)', async () => {
        const account = await app.signUp();
        const one = await send(account, ['Fil.Ter@Example.net', 'other@example.net']);
        const two = await send(account, ['fil.ter@example.net']);

        const byMessage = await listEvents(account, `?messageId=${one.id}`);
        assert.equal(byMessage.totalCount, 2);
        assert.ok(byMessage.items.every((e: any) => e.messageId === one.id));

        const byEmail = await listEvents(account, '?email=FIL.TER%40example.NET');
        assert.equal(byEmail.totalCount, 2);
        assert.deepEqual(
          byEmail.items.map((e: any) => e.messageId),
          [two.id, one.id],
        );

        const both = await listEvents(account, `?email=fil.ter%40example.net&messageId=${two.id}&type=accepted`);
        assert.equal(both.totalCount, 1);
        assert.equal(both.items[0].recipientId, two.recipients[0]!.id);

        assert.equal((await listEvents(account, '?type=accepted')).totalCount, 3);
        assert.equal((await listEvents(account, '?type=sent')).totalCount, 0);
        assert.equal((await listEvents(account, '?email=nobody%40example.net')).totalCount, 0);
      });

      it('filters by time with from/to (inclusive)', async () => {
        const account = await app.signUp();
        await send(account, ['t1@example.net']);
        const later = await send(account, ['t2@example.net']);
        const all = (await listEvents(account)).items;
        const at = later.queuedAt;
        const expected = (keep: (t: number) => boolean) => all.filter((e: any) => keep(Date.parse(e.createTime))).map((e: any) => e.id);

        const from = await listEvents(account, `?from=${encodeURIComponent(at)}`);
        assert.deepEqual(
          from.items.map((e: any) => e.id),
          expected((t) => t >= Date.parse(at)),
        );
        assert.ok(
          from.items.some((e: any) => e.messageId === later.id),
          'from is inclusive',
        );
        const to = await listEvents(account, `?to=${encodeURIComponent(at)}`);
        assert.deepEqual(
          to.items.map((e: any) => e.id),
          expected((t) => t <= Date.parse(at)),
        );
        assert.ok(
          to.items.some((e: any) => e.messageId === later.id),
          'to is inclusive',
        );
        const exact = await listEvents(account, `?from=${encodeURIComponent(at)}&to=${encodeURIComponent(at)}`);
        assert.ok(exact.items.every((e: any) => e.createTime === at));
        // Other time zones name the same instant.
        const shifted = new Date(Date.parse(at)).toISOString().replace('Z', '+00:00');
        assert.deepEqual((await listEvents(account, `?from=${encodeURIComponent(shifted)}`)).items, from.items);

        assert.equal((await listEvents(account, '?from=2100-01-01T00:00:00Z')).totalCount, 0);
        assert.equal((await listEvents(account, '?to=2000-01-01T00:00:00Z')).totalCount, 0);
        assert.equal((await listEvents(account, '?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z')).totalCount, all.length);
      });

      it('rejects bad filters and paging with 400 naming the field', async () => {
        expectFieldError(await events(a, '?type=exploded'), 'type');
        expectFieldError(await events(a, '?messageId=nope'), 'messageId');
        expectFieldError(await events(a, '?from=yesterday'), 'from');
        expectFieldError(await events(a, '?to=2026-13-01T00:00:00Z'), 'to');
        expectFieldError(await events(a, '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'), 'to');
        expectFieldError(await events(a, '?pageSize=501'), 'pageSize');
        expectFieldError(await events(a, '?page=0'), 'page');
      });

      it("another account's events are never listed, not even by their message id", async () => {
        const theirs = await send(b, ['secret@example.net'], 'Private');
        const mine = await listEvents(a, '?pageSize=500');
        assert.ok(mine.items.length > 0);
        assert.ok(!mine.items.some((e: any) => e.messageId === theirs.id));
        assert.equal(mine.totalCount, mine.items.length);
        assert.deepEqual(await listEvents(a, `?messageId=${theirs.id}`), { displayCount: 0, totalCount: 0, items: [] });
        assert.equal((await listEvents(a, '?email=secret%40example.net')).totalCount, 0);
        expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${theirs.id}`, token: a.token }), 404);
        assert.equal((await listEvents(b, `?messageId=${theirs.id}`)).totalCount, 1, 'the owner sees it');
      });
    });

    describe('with the capture worker', () => {
      let app: TestApp;
      let account: TestAccount;

      before(async () => {
        app = await startTestApp(dialect, { worker: true });
        account = await app.signUp();
      });
      after(() => app.close());

      const delivered = (id: string) =>
        eventually(
          async () => {
            const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token }), 200).resultObject;
            return got.recipients.every((r: any) => r.state === 'sent') ? got : undefined;
          },
          20_000,
          `every recipient of ${id} sent`,
        );

      it("each recipient's timeline is accepted, then sent, with the transport's reply and the attempt", async () => {
        const sent: Sent = expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/send',
            token: account.token,
            body: {
              from: { email: account.email },
              to: [{ email: 'ann@example.net' }, { email: 'bob@example.org' }],
              subject: 'Timeline',
              htmlContent: '<p>Hi</p>',
            },
          }),
          200,
        ).resultObject;
        const got = await delivered(sent.id);
        for (const r of got.recipients) {
          assert.deepEqual(
            r.events.map((e: any) => e.type),
            ['accepted', 'sent'],
          );
          for (const e of r.events) {
            expectEventShape(e);
            assert.equal(e.recipientId, r.id);
            assert.equal(e.email, r.email);
          }
          const [accepted, capture] = r.events;
          assert.equal(accepted.createTime, got.createTime);
          assert.equal(capture.createTime, r.sentTime, 'the sent event is the moment of the state change');
          assert.ok(capture.id > accepted.id);
          assert.deepEqual(capture.details, { response: r.lastResponse, attempt: 1 });
          assert.match(capture.details.response, /^250 captured as [0-9a-f]{24}$/);
        }

        const sentEvents = expectEnvelope(
          await app.request({ method: 'GET', url: `/notify/v1/events?type=sent&messageId=${sent.id}`, token: account.token }),
          200,
        ).resultObject;
        assert.equal(sentEvents.totalCount, 2);
        assert.deepEqual(sentEvents.items.map((e: any) => e.recipientId).sort(), sent.recipients.map((r) => r.id).sort());
        const all = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${sent.id}`, token: account.token }), 200).resultObject;
        assert.equal(all.totalCount, 4);
        assert.deepEqual(
          all.items.slice(0, 2).map((e: any) => e.type),
          ['sent', 'sent'],
          'newest first',
        );
      });

      it('a message with one recipient shows it, its address and the reply in every event, though its rows do not repeat them', async () => {
        const sent: Sent = expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/send',
            token: account.token,
            body: { from: { email: account.email }, to: [{ email: 'Solo@Example.net' }], subject: 'Solo', htmlContent: '<p>Hi</p>' },
          }),
          200,
        ).resultObject;
        const got = await delivered(sent.id);
        const [r] = got.recipients;
        const stored = await app.runtime.services.handle.db
          .selectFrom('events')
          .select(['type', 'recipient_id', 'email', 'details'])
          .where('message_id', '=', sent.id)
          .orderBy('id')
          .execute();
        assert.deepEqual(stored, [
          { type: 'accepted', recipient_id: null, email: null, details: '{}' },
          { type: 'sent', recipient_id: null, email: null, details: '{"attempt":1}' },
        ]);

        const shown = (e: any) => [e.type, e.recipientId, e.email, e.details];
        const expected = [
          ['sent', r.id, 'Solo@Example.net', { response: r.lastResponse, attempt: 1 }],
          ['accepted', r.id, 'Solo@Example.net', {}],
        ];
        assert.match(r.lastResponse, /^250 captured as /);
        assert.deepEqual([...r.events].reverse().map(shown), expected, 'the timeline');
        const byEmail = expectEnvelope(
          await app.request({ method: 'GET', url: '/notify/v1/events?email=solo%40example.NET', token: account.token }),
          200,
        ).resultObject;
        assert.deepEqual(byEmail.items.map(shown), expected, 'the list, by address');
        assert.equal(byEmail.totalCount, 2);
      });

      it('an open, a click and a complaint of a message with one recipient are stored without it too, and shown with it', async () => {
        const sent: Sent = expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/send',
            token: account.token,
            body: {
              from: { email: account.email },
              to: [{ email: 'Reader@Example.net' }],
              subject: 'Tracked',
              htmlContent: '<p>Hi, <a href="https://shop.example.com/a">see</a></p>',
              trackOpens: true,
              trackClicks: true,
            },
          }),
          200,
        ).resultObject;
        const [r] = (await delivered(sent.id)).recipients;
        const capturedId = /^250 captured as ([0-9a-f]{24})$/.exec(r.lastResponse)![1];
        for (const outcome of ['open', 'click', 'complaint']) {
          const simulated = await app.request({ method: 'POST', url: `/notify/v1/inbox/${capturedId}/simulate`, token: account.token, body: { outcome } });
          assert.equal(expectEnvelope(simulated, 200).resultObject.recorded, true, outcome);
        }
        const types = ['opened', 'unique_opened', 'clicked', 'complained'];
        const stored = await app.runtime.services.handle.db
          .selectFrom('events')
          .select(['type', 'recipient_id', 'email'])
          .where('message_id', '=', sent.id)
          .where('type', 'in', types as any)
          .execute();
        assert.deepEqual(stored.map((e) => [e.type, e.recipient_id, e.email]).sort(), types.map((type) => [type, null, null]).sort());
        const list = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${sent.id}`, token: account.token }), 200);
        const listed = list.resultObject.items.filter((e: any) => types.includes(e.type));
        assert.deepEqual(listed.map((e: any) => [e.type, e.recipientId, e.email]).sort(), types.map((type) => [type, r.id, 'Reader@Example.net']).sort());
      });
    });
  });
}

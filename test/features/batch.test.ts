/**
 * POST /notify/v1/send/batch: up to 500 messages, each validated and answered on its
 * own (accepted with the send result, or rejected with field errors relative to the
 * message), the accepted ones committed together and then delivered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf } from '../helpers/delivery-api.js';

for (const dialect of DIALECTS) {
  describe(`POST /notify/v1/send/batch [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      app = await startTestApp(dialect, { worker: true });
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    const message = (to: string, extra: Record<string, unknown> = {}) => ({
      from: { email: a.email },
      to: [{ email: to }],
      subject: `To ${to}`,
      htmlContent: '<p>Hi</p>',
      ...extra,
    });
    const batch = (body: unknown, headers: Record<string, string> = {}, account = a) =>
      app.request({ method: 'POST', url: '/notify/v1/send/batch', token: account.token, body, headers });
    const messageCount = async () =>
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: a.token }), 200).resultObject.totalCount as number;

    it('answers each message at its index: accepted ones with their result, rejected ones with their errors', async () => {
      const before = await messageCount();
      const body = expectEnvelope(
        await batch({
          messages: [
            message('one@example.net', { tags: ['batch'] }),
            message('bad'),
            { from: { email: a.email }, to: [{ email: 'x@example.net' }] },
            message('two@example.net'),
            message('three@example.net', { from: { email: b.email } }),
            message('four@example.net', { headers: { From: 'evil@example.org' } }),
            'not an object',
          ],
        }),
        200,
      );
      const { acceptedCount, rejectedCount, results } = body.resultObject;
      assert.equal(acceptedCount, 2);
      assert.equal(rejectedCount, 5);
      assert.match(body.resultMessage, /2 of 7/);
      assert.deepEqual(
        results.map((r: any) => [r.index, r.status]),
        [
          [0, 'accepted'],
          [1, 'rejected'],
          [2, 'rejected'],
          [3, 'accepted'],
          [4, 'rejected'],
          [5, 'rejected'],
          [6, 'rejected'],
        ],
      );
      const fields = (i: number) => results[i].errors.map((e: any) => e.field).sort();
      assert.deepEqual(fields(1), ['to[0].email']);
      assert.deepEqual(fields(2), ['htmlContent', 'subject']);
      assert.deepEqual(fields(4), ['from.email'], "another account's sender");
      assert.deepEqual(fields(5), ['headers.From']);
      assert.deepEqual(fields(6), ['body']);
      assert.equal(results[1].result, undefined);

      assert.equal(await messageCount(), before + 2);
      for (const [i, email] of [
        [0, 'one@example.net'],
        [3, 'two@example.net'],
      ] as const) {
        const result = results[i].result;
        assert.deepEqual(result.accepted, [email]);
        assert.equal((await outcomeOf(app, a, result, email)).state, 'sent');
      }
      const first = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${results[0].result.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(first.tags, ['batch']);
    });

    it('takes "Name <address>" strings in each message, names an unreadable one by its place, and hints at html', async () => {
      const { results } = expectEnvelope(
        await batch({
          messages: [
            { from: `Shop <${a.email}>`, to: ['Ann <ann-batch@example.net>', 'bob-batch@example.net'], subject: 'S', htmlContent: '<p>x</p>' },
            { from: a.email, to: 'cy-batch@example.net', subject: 'S', htmlContent: '<p>x</p>' },
            { from: a.email, to: ['ok@example.net', 'Dee <dee>'], subject: 'S', htmlContent: '<p>x</p>' },
            { from: 'Shop <stranger@example.com>', to: 'ok@example.net', subject: 'S', htmlContent: '<p>x</p>' },
            { from: a.email, to: 'ok@example.net', subject: 'S', html: '<p>x</p>' },
          ],
        }),
        200,
      ).resultObject;
      assert.deepEqual(
        results.map((r: any) => r.status),
        ['accepted', 'accepted', 'rejected', 'rejected', 'rejected'],
      );
      assert.deepEqual(
        results[0].result.recipients.map((r: any) => [r.email, r.name]),
        [
          ['ann-batch@example.net', 'Ann'],
          ['bob-batch@example.net', ''],
        ],
      );
      assert.deepEqual(results[1].result.accepted, ['cy-batch@example.net']);
      assert.deepEqual(
        results.slice(2).map((r: any) => r.errors.map((e: any) => e.field)),
        [['to[1]'], ['from'], ['html']],
      );
      assert.match(results[4].errors[0].message, /did you mean htmlContent\?/);
    });

    it('field names of each message are matched without regard to case', async () => {
      const body = expectEnvelope(
        await batch({ Messages: [{ FROM: { Email: a.email }, To: [{ EMAIL: 'case@example.net' }], Subject: 'S', HTMLContent: '<p>x</p>' }] }),
        200,
      );
      assert.equal(body.resultObject.acceptedCount, 1);
    });

    it('all rejected: nothing stored, still an answer per message', async () => {
      const before = await messageCount();
      const body = expectEnvelope(await batch({ messages: [message('bad1'), message('bad2')] }), 200);
      assert.equal(body.resultObject.acceptedCount, 0);
      assert.equal(body.resultObject.rejectedCount, 2);
      assert.equal(await messageCount(), before);
    });

    it('500 messages are accepted in one request; 501, none, or no list are a 400', async () => {
      const before = await messageCount();
      const many = Array.from({ length: 500 }, (_, i) => message(`bulk${i}@example.net`));
      assert.equal(expectEnvelope(await batch({ messages: many }), 200).resultObject.acceptedCount, 500);
      assert.equal(await messageCount(), before + 500);
      const tooMany = expectEnvelope(await batch({ messages: [...many, message('x@example.net')] }), 400);
      assert.equal(tooMany.resultObject.errors[0].field, 'messages');
      expectEnvelope(await batch({ messages: [] }), 400);
      expectEnvelope(await batch({}), 400);
      expectEnvelope(await batch({ messages: 'x' }), 400);
      assert.equal(await messageCount(), before + 500);
    });

    it('Idempotency-Key replays the batch answer', async () => {
      const key = `batch-${process.pid}`;
      const payload = { messages: [message('idem1@example.net'), message('idem2@example.net')] };
      const first = expectEnvelope(await batch(payload, { 'idempotency-key': key }), 200);
      const before = await messageCount();
      const again = await batch(payload, { 'idempotency-key': key });
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(expectEnvelope(again, 200).resultObject, first.resultObject);
      assert.equal(await messageCount(), before);
      expectEnvelope(await batch({ messages: [message('other@example.net')] }, { 'idempotency-key': key }), 409);
    });
  });
}

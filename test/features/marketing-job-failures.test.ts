/**
 * Campaign dispatch as a background job at the edges, on both dialects, with the job
 * runner and the capture inbox of a real worker: a campaign to a segment that cannot be
 * resolved (saved beyond the rule bounds by an earlier version) ends `failed` with the
 * reason in the API, its job fails once and is not retried, and the account's owner finds
 * the notice in the inbox; one whose dispatch fails on every attempt ends `failed` when its
 * attempts run out; a campaign to 100 segments at every bound is resolved and sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

for (const dialect of DIALECTS) {
  describe(`campaign dispatch failing for good, and at the rule bounds [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let senderId: string;
    let listId: string;

    const ok = async (method: Method, url: string, body?: unknown, status = 200) =>
      expectEnvelope(await app.request({ method, url, token: a.token, body }), status).resultObject;
    const db = () => app.runtime.services.handle.db;
    const campaignTo = (segments: string[], extra: Record<string, unknown> = {}) =>
      app.request({
        method: 'POST',
        url: '/inbox/v1/campaigns/custom',
        token: a.token,
        body: { subject: 'Autumn', htmlContent: '<p>Hi</p>', language: 'en-US', senderAccountId: senderId, listType: 3, lists: segments, ...extra },
      });
    const ended = (id: string) =>
      eventually(
        async () => {
          const c = await ok('GET', `/inbox/v1/campaigns/${id}`);
          return c.status === 3 || c.status === 6 ? c : undefined;
        },
        30_000,
        `campaign ${id} sent or failed`,
      );

    before(async () => {
      // Retries 10 ms apart at first (doubling): a job's ten attempts run out within seconds.
      app = await startTestApp(dialect, { worker: true, config: { retryFirstDelayMs: 10 } });
      a = await app.signUp();
      senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Main' }, 201)).id;
      for (const email of ['ann@example.net', 'bob@example.net', 'cy@example.net']) await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email });
    });
    after(() => app.close());

    it('a campaign to a segment that cannot be resolved ends failed with the reason, is not retried, and its owner is mailed', async () => {
      const segment = await ok('POST', '/inbox/v1/segments', { name: 'Old', rules: { field: 'status', operator: 'eq', value: 1 } }, 201);
      const id = expectEnvelope(await campaignTo([segment.id], { draft: true }), 201).resultObject;
      // Saved by an earlier version, before the bounds: 70,000 statuses, past both databases' limit on bound values.
      const rules = { or: [{ field: 'status', operator: 'in', value: Array.from({ length: 70_000 }, () => 1) }] };
      await db()
        .updateTable('segments')
        .set({ rules: JSON.stringify(rules) })
        .where('id', '=', segment.id)
        .execute();
      const refused = expectEnvelope(await campaignTo([segment.id]), 400);
      assert.deepEqual(errorFields(refused), ['lists[0]'], 'no new campaign to it');

      await ok('POST', `/inbox/v1/campaigns/${id}/schedule`, {});
      const failed = await ended(id);
      const reason = `segment "Old" (${segment.id}) cannot be used: rules.or[0].value has 70000 values; a condition has at most 1000. Save its rules again within the limits (docs/limits.md), then resend the campaign.`;
      assert.deepEqual([failed.status, failed.failureReason, failed.totalRecipients], [6, reason, 0]);
      assert.notEqual(failed.endTime, '0001-01-01T00:00:00.000Z');
      const listed = (await ok('GET', '/inbox/v1/campaigns')).items.find((c: { id: string }) => c.id === id);
      assert.deepEqual([listed.status, listed.failureReason], [6, reason]);

      const job = await db().selectFrom('jobs').selectAll().where('idempotency_key', '=', `campaign:${id}:1`).executeTakeFirstOrThrow();
      assert.deepEqual([job.attempts, job.last_error, job.locked_by], [1, reason, null], 'failed at its first attempt, not retried');
      assert.ok(job.failed_at !== null);

      const notice = await eventually(
        async () =>
          (await ok('GET', `/notify/v1/inbox?to=${encodeURIComponent(a.email)}`)).items.find((m: { subject: string }) => m.subject.includes('has failed')),
        20_000,
        "the owner's notice captured",
      );
      assert.equal(notice.subject, 'Your campaign "Autumn" has failed');
      const mail = await ok('GET', `/notify/v1/inbox/${notice.id}`);
      assert.ok(mail.html.includes('rules.or[0].value has 70000 values'), 'the notice says why');

      // Saved again within the bounds, the campaign is resent and goes out.
      await ok('PUT', `/inbox/v1/segments/${segment.id}`, { name: 'Old', rules: { field: 'status', operator: 'in', value: [1] } });
      await ok('POST', `/inbox/v1/campaigns/${id}/resend`);
      const sent = await ended(id);
      assert.deepEqual([sent.status, sent.failureReason, sent.totalRecipients], [3, '', 3]);
    });

    it('a campaign whose dispatch fails on every attempt ends failed once its attempts run out, with the last error', async () => {
      const segment = await ok('POST', '/inbox/v1/segments', { name: 'Everyone', rules: { field: 'status', operator: 'eq', value: 1 } }, 201);
      const id = expectEnvelope(await campaignTo([segment.id], { draft: true }), 201).resultObject;
      // A fault no attempt gets past, standing for any error that keeps coming back: the segment's stored rules no longer read.
      await db().updateTable('segments').set({ rules: 'not json' }).where('id', '=', segment.id).execute();
      await ok('POST', `/inbox/v1/campaigns/${id}/schedule`, {});
      const failed = await ended(id);
      assert.equal(failed.status, 6);
      assert.match(failed.failureReason, /^dispatch stopped after 10 attempts: .*JSON/);
      const job = await db().selectFrom('jobs').selectAll().where('idempotency_key', '=', `campaign:${id}:1`).executeTakeFirstOrThrow();
      assert.equal(job.attempts, 10);
      assert.ok(failed.failureReason.endsWith(job.last_error!));
    });

    it('a campaign to 100 segments, each at every bound, is resolved and sent', async () => {
      const ids = Array.from({ length: 10 }, () => listId);
      const rules = {
        and: [
          ...Array.from({ length: 99 }, () => ({ field: 'list', operator: 'in', value: ids })),
          { field: 'status', operator: 'in', value: Array.from({ length: 1000 }, (_, i) => 1 + (i % 4)) },
        ],
      };
      const segments: string[] = [];
      for (let i = 0; i < 100; i++) segments.push((await ok('POST', '/inbox/v1/segments', { name: `Bound ${i}`, rules }, 201)).id);
      const id = expectEnvelope(await campaignTo(segments), 201).resultObject;
      const sent = await ended(id);
      assert.deepEqual([sent.status, sent.failureReason, sent.totalRecipients], [3, '', 3]);
    });
  });
}

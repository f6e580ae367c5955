/**
 * GET /notify/v1/suppressions/export: the account's live list as a CSV download, read back
 * with a real CSV parser (csv-parse, not our own reader): every row, newest first, quoted
 * where RFC 4180 says, values a spreadsheet would run as formulas defused, another
 * account's rows absent, and a list longer than one page of the store's reads complete.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../src/db/database.js';
import { suppressAddress } from '../../src/features/notify/suppressions/suppressions.service.js';
import { newId } from '../../src/lib/ids.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

const HEADER = 'email,reason,createTime,details\r\n';

for (const dialect of DIALECTS) {
  describe(`GET /notify/v1/suppressions/export [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let db: Db;

    const download = (account: TestAccount | undefined, query = '') =>
      app.request({ method: 'GET', url: `/notify/v1/suppressions/export${query}`, ...(account ? { token: account.token } : {}) });
    const records = (text: string): string[][] => parse(text, { relaxColumnCount: false });
    const suppress = (account: TestAccount, email: string, reason?: string) =>
      app.request({ method: 'POST', url: '/notify/v1/suppressions', token: account.token, body: { email, ...(reason ? { reason } : {}) } });

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
      db = app.runtime.services.handle.db;
    });
    after(() => app.close());

    it('answers a CSV download: header row, then every live suppression newest first', async () => {
      expectEnvelope(await suppress(a, 'first@example.net'), 201);
      // A bounce as delivery records it: the remote server's words, with a comma and quotes, in details.
      await suppressAddress(db, {
        accountId: a.accountId,
        email: 'Bounced@Example.org',
        reason: 'hard_bounce',
        details: { response: '550 5.1.1 "no such user", sorry', messageId: 'm1' },
        at: Date.now(),
      });
      expectEnvelope(await suppress(a, 'gone@example.net', 'complaint'), 201);
      expectEnvelope(await app.request({ method: 'DELETE', url: '/notify/v1/suppressions/gone%40example.net', token: a.token }), 200);
      expectEnvelope(await suppress(b, 'theirs@example.com'), 201);

      const response = await download(a);
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
      assert.equal(response.headers['content-disposition'], 'attachment; filename="suppressions.csv"');
      assert.ok(response.text.startsWith(HEADER), response.text);
      assert.ok(response.text.includes('"{""response"":""550 5.1.1 \\""no such user\\"", sorry"",'), 'quotes doubled inside a quoted field');
      const [header, ...rows] = records(response.text);
      assert.deepEqual(header, ['email', 'reason', 'createTime', 'details']);
      assert.deepEqual(
        rows.map((r) => r.slice(0, 2)),
        [
          ['Bounced@Example.org', 'hard_bounce'],
          ['first@example.net', 'manual'],
        ],
        'newest first; the removed address and the other account are absent',
      );
      assert.deepEqual(JSON.parse(rows[0]![3]!), { response: '550 5.1.1 "no such user", sorry', messageId: 'm1' });
      assert.deepEqual(JSON.parse(rows[1]![3]!), { source: 'api' });
      const listed = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/suppressions', token: a.token }), 200).resultObject;
      assert.deepEqual(
        rows.map((r) => r[2]),
        listed.items.map((s: { createTime: string }) => s.createTime),
        'createTime as the list has it (ISO 8601)',
      );
      assert.ok(!response.text.includes('theirs@example.com'));
    });

    it('defuses values a spreadsheet would run as a formula with a leading apostrophe', async () => {
      const account = await app.signUp();
      for (const email of ['=1+2@example.net', '+31@example.net', '-rm@example.net', 'plain-@example.net']) expectEnvelope(await suppress(account, email), 201);
      const rows = records((await download(account)).text).slice(1);
      assert.deepEqual(
        rows.map((r) => r[0]),
        ['plain-@example.net', "'-rm@example.net", "'+31@example.net", "'=1+2@example.net"],
      );
    });

    it('narrows by email as the list does; an account with none gets the header row only', async () => {
      const one = await download(a, '?email=BOUNCED@example.org');
      assert.deepEqual(
        records(one.text).map((r) => r[0]),
        ['email', 'Bounced@Example.org'],
      );
      assert.equal((await download(a, '?email=nobody@example.net')).text, HEADER);
      const empty = await app.signUp();
      const response = await download(empty);
      assert.equal(response.status, 200);
      assert.equal(response.text, HEADER);
    });

    it('pages through a list longer than one read of the store, every row once', async () => {
      const account = await app.signUp();
      const start = Date.now() - 10_000_000;
      const rows = Array.from({ length: 2_050 }, (_, i) => ({
        id: newId(start + i),
        account_id: account.accountId,
        email: `r${i}@example.net`,
        email_normalized: `r${i}@example.net`,
        reason: 'manual' as const,
        details: '{}',
        created_at: start + i,
        updated_at: start + i,
        create_user_id: null,
        update_user_id: null,
        deleted_at: null,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('suppressions')
          .values(rows.slice(i, i + 500))
          .execute();
      const emails = records((await download(account)).text)
        .slice(1)
        .map((r) => r[0]);
      assert.equal(emails.length, 2_050);
      assert.deepEqual(emails, rows.map((r) => r.email).reverse());
    });

    it('needs a credential, and refuses a malformed filter with a 400 naming it', async () => {
      expectEnvelope(await download(undefined), 401);
      const bad = expectEnvelope(await download(a, `?email=${'x'.repeat(400)}`), 400);
      assert.ok(
        bad.resultObject.errors.some((e: { field: string }) => e.field === 'email'),
        JSON.stringify(bad.resultObject),
      );
    });
  });
}

/**
 * Billing as a client and an operator see it. With BILLING=credits each accepted
 * recipient costs a credit, taken in the transaction that accepts the message: a send
 * the account cannot pay for is a 402 and stores nothing; concurrent sends never
 * spend more than the balance; a recipient never attempted (suppressed) is refunded.
 * The operator records payments through POST /admin/accounts/{id}/payments and
 * `postwire payment add`; the account reads them at /account/payments and its use at
 * /account/usage. The balance shown is always the sum of the ledger.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import { createLogger, createRuntime } from '../../src/runtime.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { errorFields } from '../helpers/bodies.js';
import { runPostwire } from '../helpers/process.js';

const ADMIN_TOKEN = 'operator-secret-0123456789abcdef';
const ID = /^[0-9a-f]{24}$/;

function sendBody(account: TestAccount, to: string[]) {
  return { from: { email: account.email }, to: to.map((email) => ({ email })), subject: 'Receipt', htmlContent: '<p>Thanks</p>' };
}

async function ledgerSum(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string>('credits').as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

for (const dialect of DIALECTS) {
  describe(`billing with credits [${dialect}]`, () => {
    let app: TestApp;
    /** Moved to a scheduled send's time instead of waiting for it. */
    const clock = new TestClock();
    /** The clock's day: what charges are dated by and usage counts from. */
    const today = () => new Date(clock.now()).toISOString().slice(0, 10);
    let db: Db;

    const send = (account: TestAccount, to: string[]) =>
      app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, body: sendBody(account, to) });
    const pay = (accountId: string, body: unknown, token: string | null = ADMIN_TOKEN) =>
      app.request({ method: 'POST', url: `/admin/accounts/${accountId}/payments`, body, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
    const topUp = async (account: TestAccount, credits: number) =>
      expectEnvelope(await pay(account.accountId, { credits, amount: credits, currency: 'EUR' }), 201).resultObject;
    const balance = async (account: TestAccount) =>
      expectEnvelope(await app.request({ method: 'GET', url: '/account', token: account.token }), 200).resultObject.creditBalance as number;
    const messageCount = async (account: TestAccount) =>
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject.totalCount as number;

    before(async () => {
      app = await startTestApp(dialect, { worker: true, clock, config: { billing: 'credits', adminToken: ADMIN_TOKEN } });
      db = app.runtime.services.handle.db;
    });
    after(() => app.close());

    it('GET /account shows the billing mode and a balance of 0 for a new account', async () => {
      const account = await app.signUp();
      const shown = expectEnvelope(await app.request({ method: 'GET', url: '/account', token: account.token }), 200).resultObject;
      assert.equal(shown.billingMode, 'credits');
      assert.equal(shown.creditBalance, 0);
    });

    it('a send without credits is a 402 that says so, with the balance, and stores and queues nothing', async () => {
      const account = await app.signUp();
      const refused = expectEnvelope(await send(account, ['a@example.net']), 402);
      assert.match(refused.resultMessage, /out of credits/i);
      assert.match(refused.resultMessage, /balance is 0/);
      assert.equal(refused.resultObject, null);
      assert.equal(await messageCount(account), 0);
      const jobs = await db
        .selectFrom('delivery_jobs')
        .innerJoin('message_recipients', 'message_recipients.id', 'delivery_jobs.recipient_id')
        .select('delivery_jobs.id')
        .where('message_recipients.account_id', '=', account.accountId)
        .execute();
      assert.deepEqual(jobs, []);
    });

    it('each accepted recipient costs one credit; the balance is the sum of the ledger', async () => {
      const account = await app.signUp();
      const recorded = await topUp(account, 10);
      assert.equal(recorded.creditBalance, 10);
      const sent = expectEnvelope(await send(account, ['one@example.net', 'two@example.net', 'three@example.net']), 200).resultObject;
      assert.equal(await balance(account), 7);
      assert.equal(await ledgerSum(db, account.accountId), 7);
      const usage = await db.selectFrom('credit_ledger').selectAll().where('account_id', '=', account.accountId).where('kind', '=', 'usage').execute();
      assert.deepEqual(
        usage.map((u) => [u.message_id, Number(u.credits)]),
        [[sent.id, -3]],
      );
    });

    it('a send needing more than the balance is refused whole: 402 naming what it needs, nothing stored, balance unchanged', async () => {
      const account = await app.signUp();
      await topUp(account, 2);
      const refused = expectEnvelope(await send(account, ['a@example.net', 'b@example.net', 'c@example.net']), 402);
      assert.match(refused.resultMessage, /needs 3 credits/);
      assert.match(refused.resultMessage, /balance is 2/);
      assert.equal(await messageCount(account), 0);
      assert.equal(await balance(account), 2);
      expectEnvelope(await send(account, ['a@example.net', 'b@example.net']), 200);
      assert.equal(await balance(account), 0);
      // A batch is paid for as a whole: all its messages, or none.
      await topUp(account, 3);
      const batch = (to: string[][]) =>
        app.request({ method: 'POST', url: '/notify/v1/send/batch', token: account.token, body: { messages: to.map((t) => sendBody(account, t)) } });
      assert.match(
        expectEnvelope(
          await batch([
            ['x@example.net', 'y@example.net'],
            ['z@example.net', 'w@example.net'],
          ]),
          402,
        ).resultMessage,
        /needs 4 credits/,
      );
      assert.equal(await messageCount(account), 1);
      assert.equal(expectEnvelope(await batch([['x@example.net'], ['y@example.net', 'z@example.net']]), 200).resultObject.acceptedCount, 2);
      assert.equal(await balance(account), 0);
    });

    it('concurrent sends never overdraw: with N credits exactly N recipients are accepted, and another account in the same commits is unaffected', async () => {
      const poor = await app.signUp();
      const rich = await app.signUp();
      await topUp(poor, 25);
      await topUp(rich, 1000);
      // 60 requests of one recipient from the account with 25 credits, 40 from the other, all at once:
      // the group commit puts many of both into shared transactions.
      const responses = await Promise.all([
        ...Array.from({ length: 60 }, (_, i) => send(poor, [`p${i}@example.net`])),
        ...Array.from({ length: 40 }, (_, i) => send(rich, [`r${i}@example.net`])),
      ]);
      const poorStatuses = responses.slice(0, 60).map((r) => r.status);
      const richStatuses = responses.slice(60).map((r) => r.status);
      assert.equal(poorStatuses.filter((s) => s === 200).length, 25, `statuses: ${poorStatuses.join(',')}`);
      assert.equal(poorStatuses.filter((s) => s === 402).length, 35);
      for (const r of responses.slice(0, 60)) if (r.status === 402) expectEnvelope(r, 402);
      assert.deepEqual(new Set(richStatuses), new Set([200]));
      assert.equal(await messageCount(poor), 25);
      assert.equal(await balance(poor), 0);
      assert.equal(await ledgerSum(db, poor.accountId), 0);
      assert.equal(await balance(rich), 960);
    });

    // Two API processes on one PostgreSQL database have separate group commits whose
    // transactions really run at the same time: only the account row lock keeps them from
    // spending the same credits. (SQLite allows one writer at a time to begin with.)
    if (dialect === 'postgres') {
      it('two API processes on one database never overdraw either', async () => {
        const config = loadConfig(
          { LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '4' },
          { dataDir: app.database.dataDir, databaseUrl: app.database.databaseUrl, billing: 'credits' },
        );
        const second = await createRuntime(config, { api: true, worker: false }, createLogger(config));
        try {
          await second.app!.ready();
          const account = await app.signUp();
          await topUp(account, 30);
          const viaSecond = (i: number) =>
            second.app!.inject({
              method: 'POST',
              url: '/notify/v1/send',
              headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
              payload: JSON.stringify(sendBody(account, [`s${i}@example.net`])),
            });
          const statuses = await Promise.all([
            ...Array.from({ length: 40 }, (_, i) => send(account, [`f${i}@example.net`]).then((r) => r.status)),
            ...Array.from({ length: 40 }, (_, i) => viaSecond(i).then((r) => r.statusCode)),
          ]);
          assert.equal(statuses.filter((s) => s === 200).length, 30, `statuses: ${statuses.join(',')}`);
          assert.equal(statuses.filter((s) => s === 402).length, 50);
          assert.equal(await messageCount(account), 30);
          assert.equal(await ledgerSum(db, account.accountId), 0);
        } finally {
          await second.close();
        }
      });
    }

    it('a recipient never attempted because it is suppressed is refunded, found at acceptance or at delivery; the others stay charged', async () => {
      const account = await app.signUp();
      await topUp(account, 10);
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: account.token, body: { email: 'gone@example.net' } }), 201);
      // On the list when the send arrives: charged with the message, refunded in the same transaction.
      const first = expectEnvelope(await send(account, ['gone@example.net', 'here@example.net']), 200).resultObject;
      assert.equal(await balance(account), 9);
      // Put on the list after acceptance, before delivery (the send is scheduled a minute ahead): refunded by the delivery's outcome.
      const scheduledAt = new Date(clock.now() + 60_000).toISOString();
      const second = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: account.token,
          body: { ...sendBody(account, ['later@example.net', 'there@example.net']), scheduledAt },
        }),
        200,
      ).resultObject;
      assert.equal(await balance(account), 7);
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: account.token, body: { email: 'later@example.net' } }), 201);
      clock.advance(60_000);
      const states = await eventually(
        async () => {
          const message = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${second.id}`, token: account.token }), 200).resultObject;
          return message.recipients.every((r: { state: string }) => r.state !== 'queued')
            ? message.recipients.map((r: { state: string }) => r.state)
            : undefined;
        },
        20_000,
        'the scheduled recipients to reach an outcome',
      );
      assert.deepEqual(states, ['suppressed', 'sent']);
      assert.equal(await balance(account), 8);
      assert.equal(await ledgerSum(db, account.accountId), 8);
      const idOf = (sent: { recipients: { id: string; email: string }[] }, email: string) => sent.recipients.find((r) => r.email === email)!.id;
      const refunds = await db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('account_id', '=', account.accountId)
        .where('kind', '=', 'refund')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        refunds.map((r) => [r.recipient_id, r.message_id, Number(r.credits)]),
        [
          [idOf(first, 'gone@example.net'), first.id, 1],
          [idOf(second, 'later@example.net'), second.id, 1],
        ],
      );
      const usage = expectEnvelope(await app.request({ method: 'GET', url: '/account/usage', token: account.token }), 200).resultObject;
      const day = usage.days.find((d: { date: string }) => d.date === today());
      assert.deepEqual({ charged: day.charged, refunded: day.refunded, used: day.used }, { charged: 4, refunded: 2, used: 2 });
    });

    it('cancelling a scheduled send gives back the credits of all its recipients', async () => {
      const account = await app.signUp();
      await topUp(account, 5);
      const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
      const sent = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: account.token,
          body: { ...sendBody(account, ['s1@example.net', 's2@example.net', 's3@example.net']), scheduledAt },
        }),
        200,
      ).resultObject;
      assert.equal(await balance(account), 2);
      expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/messages/${sent.id}/schedule`, token: account.token }), 200);
      assert.equal(await balance(account), 5);
      assert.equal(await ledgerSum(db, account.accountId), 5);
    });

    it("GET /account/payments lists the account's payments newest first, paginated; GET /account/payments/{id} reads one", async () => {
      const account = await app.signUp();
      const other = await app.signUp();
      const first = expectEnvelope(
        await pay(account.accountId, { credits: 100, amount: 4900, currency: 'eur', method: 'bank_transfer', reference: 'INV-1' }),
        201,
      ).resultObject;
      const second = expectEnvelope(await pay(account.accountId, { credits: 50, amount: 0, currency: 'USD' }), 201).resultObject;
      await topUp(other, 7);
      assert.equal(second.creditBalance, 150);
      assert.match(first.payment.id, ID);
      assert.deepEqual(
        {
          amount: first.payment.amount,
          currency: first.payment.currency,
          credits: first.payment.credits,
          method: first.payment.method,
          reference: first.payment.reference,
          status: first.payment.status,
          createdBy: first.payment.createdBy,
          customerId: first.payment.customerId,
        },
        {
          amount: 4900,
          currency: 'EUR',
          credits: 100,
          method: 'bank_transfer',
          reference: 'INV-1',
          status: 'completed',
          createdBy: 'admin-api',
          customerId: account.accountId,
        },
      );
      assert.equal(second.payment.method, 'manual');
      assert.equal(second.payment.reference, null);

      const list = expectEnvelope(await app.request({ method: 'GET', url: '/account/payments', token: account.token }), 200).resultObject;
      assert.equal(list.totalCount, 2);
      assert.equal(list.displayCount, 2);
      assert.deepEqual(
        list.items.map((p: { id: string }) => p.id),
        [second.payment.id, first.payment.id],
      );
      const page2 = expectEnvelope(await app.request({ method: 'GET', url: '/account/payments?page=2&pageSize=1', token: account.token }), 200).resultObject;
      assert.deepEqual({ totalCount: page2.totalCount, ids: page2.items.map((p: { id: string }) => p.id) }, { totalCount: 2, ids: [first.payment.id] });

      const one = expectEnvelope(await app.request({ method: 'GET', url: `/account/payments/${first.payment.id}`, token: account.token }), 200).resultObject;
      assert.deepEqual(one, first.payment);
      expectEnvelope(await app.request({ method: 'GET', url: `/account/payments/${first.payment.id}`, token: other.token }), 404);
      expectEnvelope(await app.request({ method: 'GET', url: '/account/payments/not-an-id', token: account.token }), 404);
      expectEnvelope(await app.request({ method: 'GET', url: '/account/payments' }), 401);
      // Payments are account information: members and keys without the account scope may not read them.
      const memberEmail = `member-${Date.now()}@example.net`;
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/account/users',
          token: account.token,
          body: { email: memberEmail, role: 'member', password: 'a long password' },
        }),
        201,
      );
      const member = expectEnvelope(await app.request({ method: 'POST', url: '/token', body: { EmailAddress: memberEmail, Password: 'a long password' } }), 200)
        .resultObject.access_token;
      expectEnvelope(await app.request({ method: 'GET', url: '/account/payments', token: member }), 403);
      const sendKey = expectEnvelope(
        await app.request({ method: 'POST', url: '/account/apikeys', token: account.token, body: { name: 'sending', scopes: ['send'] } }),
        201,
      ).resultObject.key;
      expectEnvelope(await app.request({ method: 'GET', url: '/account/usage', headers: { 'x-api-key': sendKey } }), 403);
      const accountKey = expectEnvelope(
        await app.request({ method: 'POST', url: '/account/apikeys', token: account.token, body: { name: 'billing', scopes: ['account'] } }),
        201,
      ).resultObject.key;
      assert.equal(
        expectEnvelope(await app.request({ method: 'GET', url: '/account/payments', headers: { 'x-api-key': accountKey } }), 200).resultObject.totalCount,
        2,
      );
    });

    it('GET /account/usage covers every day of the range (default: this month), and refuses a bad range naming the field', async () => {
      const account = await app.signUp();
      await topUp(account, 10);
      expectEnvelope(await send(account, ['u1@example.net', 'u2@example.net']), 200);
      const usage = expectEnvelope(await app.request({ method: 'GET', url: '/account/usage', token: account.token }), 200).resultObject;
      assert.equal(usage.from, `${today().slice(0, 8)}01`);
      assert.equal(usage.to, today());
      assert.equal(usage.days.length, Number(today().slice(8)));
      assert.deepEqual({ charged: usage.charged, refunded: usage.refunded, used: usage.used }, { charged: 2, refunded: 0, used: 2 });
      assert.equal(usage.days.at(-1).charged, 2);

      const past = expectEnvelope(
        await app.request({ method: 'GET', url: '/account/usage?from=2026-01-30&to=2026-02-02', token: account.token }),
        200,
      ).resultObject;
      assert.deepEqual(
        past.days.map((d: { date: string; used: number }) => [d.date, d.used]),
        [
          ['2026-01-30', 0],
          ['2026-01-31', 0],
          ['2026-02-01', 0],
          ['2026-02-02', 0],
        ],
      );

      assert.deepEqual(errorFields(expectEnvelope(await app.request({ method: 'GET', url: '/account/usage?from=2026-02-30', token: account.token }), 400)), [
        'from',
      ]);
      assert.deepEqual(errorFields(expectEnvelope(await app.request({ method: 'GET', url: '/account/usage?from=yesterday', token: account.token }), 400)), [
        'from',
      ]);
      assert.deepEqual(
        errorFields(expectEnvelope(await app.request({ method: 'GET', url: '/account/usage?from=2026-03-02&to=2026-03-01', token: account.token }), 400)),
        ['to'],
      );
      assert.deepEqual(
        errorFields(expectEnvelope(await app.request({ method: 'GET', url: '/account/usage?from=2024-01-01&to=2026-01-01', token: account.token }), 400)),
        ['to'],
      );
    });

    it('POST /admin/accounts/{id}/payments needs the ADMIN_TOKEN and validates credits, amount and currency', async () => {
      const account = await app.signUp();
      const body = { credits: 10, amount: 100, currency: 'EUR' };
      const missing = expectEnvelope(await pay(account.accountId, body, null), 401);
      assert.match(missing.resultMessage, /ADMIN_TOKEN/);
      expectEnvelope(await pay(account.accountId, body, 'wrong-token'), 401);
      // A user's own access token is not the operator's.
      expectEnvelope(await pay(account.accountId, body, account.token), 401);
      expectEnvelope(await pay('0123456789abcdef01234567', body), 404);
      expectEnvelope(await pay('nonsense', body), 404);
      assert.deepEqual(errorFields(expectEnvelope(await pay(account.accountId, { ...body, credits: 0 }), 400)), ['credits']);
      assert.deepEqual(errorFields(expectEnvelope(await pay(account.accountId, { ...body, credits: 1.5 }), 400)), ['credits']);
      assert.deepEqual(errorFields(expectEnvelope(await pay(account.accountId, { ...body, amount: -1 }), 400)), ['amount']);
      assert.deepEqual(errorFields(expectEnvelope(await pay(account.accountId, { ...body, currency: 'XYZ' }), 400)), ['currency']);
      assert.deepEqual(errorFields(expectEnvelope(await pay(account.accountId, { credits: 10, amount: 100 }), 400)), ['currency']);
      assert.equal(await balance(account), 0);
    });

    it('postwire payment add records a payment through the real program and prints its id and the new balance', async () => {
      const account = await app.signUp();
      await topUp(account, 5);
      const env = { DATA_DIR: app.database.dataDir, DATABASE_URL: app.database.databaseUrl };
      const out = await runPostwire(
        [
          'payment',
          'add',
          '--account',
          account.accountId,
          '--credits',
          '1000',
          '--amount',
          '4900',
          '--currency',
          'EUR',
          '--reference',
          'INV-7',
          '--method',
          'card',
        ],
        env,
      );
      assert.equal(out.code, 0, out.stderr);
      const [id, line] = out.stdout.trim().split('\n');
      assert.match(id!, ID);
      assert.match(line!, /1000 credits for 49\.00 EUR/);
      assert.match(line!, /balance now 1005/);
      const payment = expectEnvelope(await app.request({ method: 'GET', url: `/account/payments/${id}`, token: account.token }), 200).resultObject;
      assert.deepEqual(
        [payment.credits, payment.amount, payment.currency, payment.reference, payment.method, payment.createdBy],
        [1000, 4900, 'EUR', 'INV-7', 'card', 'cli'],
      );
      assert.equal(await balance(account), 1005);

      const usage = await runPostwire(['payment', 'add', '--account', account.accountId, '--credits', '10'], env);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /needs --amount, --currency/);
      const decimal = await runPostwire(['payment', 'add', '--account', account.accountId, '--credits', '10', '--amount', '49.00', '--currency', 'EUR'], env);
      assert.equal(decimal.code, 2);
      assert.match(decimal.stderr, /minor units/);
      const currency = await runPostwire(['payment', 'add', '--account', account.accountId, '--credits', '10', '--amount', '1', '--currency', 'EURO'], env);
      assert.equal(currency.code, 1);
      assert.match(currency.stderr, /currency: must be an ISO 4217 currency code/);
      const unknown = await runPostwire(
        ['payment', 'add', '--account', '0123456789abcdef01234567', '--credits', '10', '--amount', '1', '--currency', 'EUR'],
        env,
      );
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /Account was not found/);
      assert.equal(await balance(account), 1005);
    });
  });

  describe(`billing off (the default) [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app.close());

    it('sending is not metered: no credits needed, no ledger entries; the admin endpoint does not exist without ADMIN_TOKEN', async () => {
      const account = await app.signUp();
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, body: sendBody(account, ['x@example.net']) }), 200);
      const shown = expectEnvelope(await app.request({ method: 'GET', url: '/account', token: account.token }), 200).resultObject;
      assert.deepEqual([shown.billingMode, shown.creditBalance], ['off', 0]);
      const entries = await app.runtime.services.handle.db.selectFrom('credit_ledger').selectAll().execute();
      assert.deepEqual(entries, []);
      const disabled = expectEnvelope(
        await app.request({
          method: 'POST',
          url: `/admin/accounts/${account.accountId}/payments`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          body: { credits: 1, amount: 1, currency: 'EUR' },
        }),
        404,
      );
      assert.match(disabled.resultMessage, /No endpoint matches/);
    });
  });
}

/**
 * The message log as a client sees it: GET /notify/v1/messages (newest first, paged,
 * with recipients), GET /notify/v1/messages/{id} and the raw MIME at /raw, parsed back
 * with mailparser the way a mail client would read it. Scoped per account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MESSAGE_KEYS = [
  'createTime',
  'createUserId',
  'customerId',
  'from',
  'id',
  'isDeleted',
  'messageId',
  'recipientCount',
  'recipients',
  'senderId',
  'subject',
  'updateTime',
  'updateUserId',
];
const RECIPIENT_KEYS = ['attempts', 'email', 'id', 'lastResponse', 'name', 'sentTime', 'state', 'updateTime'];

function addresses(field: AddressObject | AddressObject[] | undefined): { address: string | undefined; name: string }[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => ({ address: v.address, name: v.name })));
}

for (const dialect of DIALECTS) {
  describe(`message log [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    const send = async (account: TestAccount, body: Record<string, unknown>) =>
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, body }), 200).resultObject;
    const simple = (account: TestAccount, subject: string) => ({
      from: { name: 'Shop', email: account.email },
      to: [{ email: 'ann@example.net' }],
      subject,
      htmlContent: `<p>${subject}</p>`,
    });
    const list = async (account: TestAccount, query = '') =>
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages${query}`, token: account.token }), 200).resultObject;
    const raw = (account: TestAccount, id: string) => app.request({ method: 'GET', url: `/notify/v1/messages/${id}/raw`, token: account.token });
    const parsedRaw = async (account: TestAccount, id: string): Promise<{ text: string; mail: ParsedMail }> => {
      const response = await raw(account, id);
      assert.equal(response.status, 200, response.text);
      assert.match(String(response.headers['content-type']), /^message\/rfc822/);
      return { text: response.text, mail: await simpleParser(response.text) };
    };

    before(async () => {
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    it('an account with no messages has an empty list', async () => {
      const fresh = await app.signUp();
      assert.deepEqual(await list(fresh), { displayCount: 0, totalCount: 0, items: [] });
    });

    it('lists messages newest first, each with its recipients', async () => {
      const account = await app.signUp();
      const first = await send(account, { ...simple(account, 'First'), to: [{ email: 'x@example.net', name: 'X' }, { email: 'y@example.net' }] });
      const second = await send(account, simple(account, 'Second'));
      const third = await send(account, simple(account, 'Third'));
      const result = await list(account);
      assert.equal(result.totalCount, 3);
      assert.equal(result.displayCount, 3);
      assert.deepEqual(
        result.items.map((m: any) => m.subject),
        ['Third', 'Second', 'First'],
      );
      assert.deepEqual(
        result.items.map((m: any) => m.id),
        [third.id, second.id, first.id],
      );
      for (const m of result.items) {
        assert.deepEqual(Object.keys(m).sort(), MESSAGE_KEYS, 'the list carries no htmlContent');
        assert.match(m.id, ID);
        assert.match(m.createTime, ISO_MS);
        assert.match(m.updateTime, ISO_MS);
        assert.equal(m.customerId, account.accountId);
        assert.equal(m.senderId, account.senderId);
        assert.equal(m.createUserId, account.userId);
        assert.equal(m.isDeleted, false);
        for (const r of m.recipients) assert.deepEqual(Object.keys(r).sort(), RECIPIENT_KEYS);
      }
      const oldest = result.items[2];
      assert.equal(oldest.messageId, first.messageId);
      assert.equal(oldest.recipientCount, 2);
      assert.deepEqual(
        oldest.recipients.map((r: any) => ({ id: r.id, email: r.email, name: r.name, state: r.state })),
        [
          { id: first.recipients[0].id, email: 'x@example.net', name: 'X', state: 'queued' },
          { id: first.recipients[1].id, email: 'y@example.net', name: '', state: 'queued' },
        ],
      );
      assert.equal(result.items[0].recipients.length, 1);
    });

    it('lists the first 100 recipients of a message; the message itself shows all of them', async () => {
      const account = await app.signUp();
      const to = Array.from({ length: 101 }, (_, i) => ({ email: `r${i}@example.net` }));
      const sent = await send(account, { ...simple(account, 'Many'), to });
      const item = (await list(account)).items[0];
      assert.equal(item.id, sent.id);
      assert.equal(item.recipientCount, 101);
      assert.deepEqual(
        item.recipients.map((r: { email: string }) => r.email),
        to.slice(0, 100).map((r) => r.email),
      );
      const detail = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: account.token }), 200).resultObject;
      assert.equal(detail.recipients.length, 101);
    });

    it('pages with page/pageSize and rejects pageSize above 500', async () => {
      const account = await app.signUp();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await send(account, simple(account, `M${i}`))).id);
      const newestFirst = [...ids].reverse();
      const p1 = await list(account, '?page=1&pageSize=2');
      const p2 = await list(account, '?page=2&pageSize=2');
      const p3 = await list(account, '?page=3&pageSize=2');
      const p4 = await list(account, '?page=4&pageSize=2');
      assert.deepEqual([p1.displayCount, p2.displayCount, p3.displayCount, p4.displayCount], [2, 2, 1, 0]);
      for (const p of [p1, p2, p3, p4]) assert.equal(p.totalCount, 5);
      assert.deepEqual(
        [...p1.items, ...p2.items, ...p3.items].map((m: any) => m.id),
        newestFirst,
      );
      for (const p of [p1, p2, p3]) for (const m of p.items) assert.equal(m.recipients.length, 1, 'recipients are attached on every page');
      const tooBig = await app.request({ method: 'GET', url: '/notify/v1/messages?pageSize=501', token: account.token });
      expectEnvelope(tooBig, 400);
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages?page=0', token: account.token }), 400);
    });

    it("GET /messages/{id} shows htmlContent and each recipient's state", async () => {
      const html = '<div><h1>Receipt</h1><p>Total: 12&nbsp;EUR</p></div>';
      const sent = await send(a, {
        from: { name: 'Shop', email: a.email },
        to: [
          { email: 'ann@example.net', name: 'Ann' },
          { email: 'bob@example.org', name: 'Bob' },
        ],
        subject: 'Receipt',
        htmlContent: html,
      });
      const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(Object.keys(got).sort(), [...MESSAGE_KEYS, 'htmlContent'].sort());
      assert.equal(got.htmlContent, html);
      assert.equal(got.messageId, sent.messageId);
      assert.equal(got.createTime, sent.queuedAt);
      assert.deepEqual(got.from, { email: a.email, name: 'Shop' });
      assert.deepEqual(
        got.recipients.map((r: any) => [r.email, r.name, r.state, r.attempts, r.lastResponse, r.sentTime]),
        [
          ['ann@example.net', 'Ann', 'queued', 0, null, null],
          ['bob@example.org', 'Bob', 'queued', 0, null, null],
        ],
      );
      for (const r of got.recipients) assert.match(r.updateTime, ISO_MS);
    });

    it('a malformed or unknown id is 404', async () => {
      for (const id of ['nope', 'ABCDEF0123456789ABCDEF01', '000000000000000000000000']) {
        expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: a.token }), 404);
        expectEnvelope(await raw(a, id), 404);
      }
    });

    it("another account's message is 404 on GET and /raw and never in the list", async () => {
      const theirs = await send(b, simple(b, 'Private to B'));
      const got = await app.request({ method: 'GET', url: `/notify/v1/messages/${theirs.id}`, token: a.token });
      expectEnvelope(got, 404);
      assert.equal(got.json.resultObject, null);
      const rawResponse = await raw(a, theirs.id);
      expectEnvelope(rawResponse, 404);
      assert.doesNotMatch(rawResponse.text, /Private to B/);
      const listed = await list(a, '?pageSize=500');
      assert.ok(!listed.items.some((m: any) => m.id === theirs.id));
      assert.ok(listed.items.every((m: any) => m.customerId === a.accountId));
      // and it is still there for its owner
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${theirs.id}`, token: b.token }), 200);
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages' }), 401);
      expectEnvelope(await raw({ ...a, token: 'not-a-token' }, theirs.id), 401);
    });

    it('GET /messages/{id}/raw is the MIME a mail client reads back as sent', async () => {
      const html = '<h1>Order shipped</h1><p>Hello <b>Ann</b>,<br>your order <a href="https://shop.example/o/1">#1</a> is on its way.</p>';
      const sent = await send(a, {
        from: { name: 'Shop Team', email: a.email },
        to: [{ email: 'ann@example.net', name: 'Ann Example' }, { email: 'bob@example.org' }],
        subject: 'Your order has shipped',
        htmlContent: html,
      });
      const { text, mail } = await parsedRaw(a, sent.id);
      assert.deepEqual(addresses(mail.from), [{ address: a.email, name: 'Shop Team' }]);
      assert.deepEqual(addresses(mail.to), [
        { address: 'ann@example.net', name: 'Ann Example' },
        { address: 'bob@example.org', name: '' },
      ]);
      assert.equal(mail.subject, 'Your order has shipped');
      assert.equal(mail.html, html);
      assert.equal(mail.text?.trim(), 'Order shipped\n\nHello Ann,\nyour order #1 (https://shop.example/o/1) is on its way.');
      assert.equal(mail.messageId, sent.messageId);
      assert.ok(mail.date instanceof Date, 'has a Date header');
      assert.match(text, /^Date: /m);
      assert.equal(mail.date.getTime(), Math.floor(Date.parse(sent.queuedAt) / 1000) * 1000, 'Date is the acceptance time');
      assert.match(text, /^MIME-Version: 1\.0\r$/m);
      assert.match(text, /\r\n\r\n/, 'CRLF line endings');
      assert.doesNotMatch(text.replace(/\r\n/g, ''), /[\r\n]/, 'no bare CR or LF');
      assert.doesNotMatch(text, /^Bcc:/im);

      // The raw message does not change between reads.
      const again = await raw(a, sent.id);
      assert.equal(again.text, text);
    });

    it('non-ASCII subject, names and body survive the round trip', async () => {
      const html = '<p>Grüße aus Köln — 你好 ✓</p>';
      const sent = await send(a, {
        from: { name: 'Bäckerei Müller', email: a.email },
        to: [{ email: 'zoe@example.net', name: 'Zoë Ñandú' }],
        subject: 'Ihre Bestellung: Brötchen ✓ — 注文',
        htmlContent: html,
      });
      const { text, mail } = await parsedRaw(a, sent.id);
      assert.doesNotMatch(text, /[^\x00-\x7f]/, 'the MIME itself is 7-bit clean');
      assert.equal(mail.subject, 'Ihre Bestellung: Brötchen ✓ — 注文');
      assert.deepEqual(addresses(mail.from), [{ address: a.email, name: 'Bäckerei Müller' }]);
      assert.deepEqual(addresses(mail.to), [{ address: 'zoe@example.net', name: 'Zoë Ñandú' }]);
      assert.equal(mail.html, html);
      assert.equal(mail.text?.trim(), 'Grüße aus Köln — 你好 ✓');
    });

    it('a subject of 998 characters is accepted and read back whole', async () => {
      const subject = 'word '.repeat(199) + 'end';
      assert.equal(subject.length, 998);
      const sent = await send(a, { ...simple(a, 'x'), subject });
      const { mail } = await parsedRaw(a, sent.id);
      assert.equal(mail.subject, subject);
    });

    it("without from.name, the From name is the sender's displayName", async () => {
      const sender = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/senders',
          token: a.token,
          body: { email: 'noreply@a-shop.example', displayName: 'A Shop' },
        }),
        201,
      ).resultObject;
      const sent = await send(a, { from: { email: 'NoReply@a-shop.example' }, to: [{ email: 'ann@example.net' }], subject: 'Named', htmlContent: '<p>x</p>' });
      const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token }), 200).resultObject;
      assert.equal(got.senderId, sender.id);
      assert.equal(got.from.name, 'A Shop');
      const { mail } = await parsedRaw(a, sent.id);
      assert.equal(addresses(mail.from)[0]!.name, 'A Shop');
    });
  });
}

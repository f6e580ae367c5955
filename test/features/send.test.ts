/**
 * POST /notify/v1/send as a client sees it: what a success returns, that the message is
 * then visible in the message log, and that every malformed request is a 400 that names
 * the field to fix (never a 500, never a partial acceptance).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectFieldError(response: TestResponse, field: string): { field: string; message: string }[] {
  const body = expectEnvelope(response, 400);
  const errors = body.resultObject?.errors as { field: string; message: string }[] | undefined;
  assert.ok(Array.isArray(errors), `expected resultObject.errors, got ${response.text}`);
  assert.ok(
    errors.some((e) => e.field === field && typeof e.message === 'string' && e.message.length > 0),
    `expected an error on ${field}, got ${JSON.stringify(errors)}`,
  );
  return errors;
}

for (const dialect of DIALECTS) {
  describe(`POST /notify/v1/send [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;

    const send = (account: TestAccount, body: unknown) => app.request({ method: 'POST', url: '/notify/v1/send', token: account.token, body });
    const valid = (account: TestAccount) => ({
      from: { name: 'Shop', email: account.email },
      to: [{ email: 'ann@example.net', name: 'Ann' }],
      subject: 'Your order',
      htmlContent: '<p>Hello</p>',
    });
    const messageCount = async (account: TestAccount) =>
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject.totalCount as number;

    before(async () => {
      // No worker: recipients stay `queued`, so what the API stored is what we read back.
      app = await startTestApp(dialect);
      a = await app.signUp();
      b = await app.signUp();
    });
    after(() => app.close());

    it('requires a Bearer token', async () => {
      const response = await app.request({ method: 'POST', url: '/notify/v1/send', body: valid(a) });
      expectEnvelope(response, 401);
    });

    it('answers 200 with the accepted message', async () => {
      const before = Date.now();
      const response = await send(a, {
        from: { name: 'Shop', email: a.email },
        to: [{ email: 'ann@example.net', name: 'Ann' }, { email: 'bob@example.org' }],
        subject: 'Your order has shipped',
        htmlContent: '<p>It is on its way.</p>',
      });
      const body = expectEnvelope(response, 200);
      const result = body.resultObject;
      assert.deepEqual(Object.keys(result).sort(), ['accepted', 'id', 'messageId', 'queuedAt', 'recipients', 'rejected']);
      assert.match(result.id, ID);
      assert.match(result.messageId, /^<[^<>@\s]+@[^<>@\s]+>$/);
      assert.match(result.queuedAt, ISO_MS);
      assert.ok(Date.parse(result.queuedAt) >= before - 1 && Date.parse(result.queuedAt) <= Date.now() + 1);
      assert.deepEqual(result.accepted, ['ann@example.net', 'bob@example.org']);
      assert.deepEqual(result.rejected, []);
      assert.equal(result.recipients.length, 2);
      for (const [i, r] of result.recipients.entries()) {
        assert.match(r.id, ID);
        assert.equal(r.state, 'queued');
        assert.equal(r.email, result.accepted[i]);
        assert.equal(r.attempts, 0);
        assert.equal(r.lastResponse, null);
        assert.equal(r.sentTime, null);
      }
      assert.equal(result.recipients[0].name, 'Ann');
      assert.equal(result.recipients[1].name, '');
      assert.notEqual(result.recipients[0].id, result.recipients[1].id);
    });

    it('the accepted message and its recipients are visible in GET /notify/v1/messages/{id}', async () => {
      const sent = expectEnvelope(
        await send(a, {
          from: { name: 'Shop', email: a.email },
          to: [{ email: 'ann@example.net', name: 'Ann' }, { email: 'bob@example.org' }],
          subject: 'Receipt',
          htmlContent: '<p>Thanks</p>',
        }),
        200,
      ).resultObject;
      const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token }), 200).resultObject;
      assert.equal(got.id, sent.id);
      assert.equal(got.messageId, sent.messageId);
      assert.equal(got.createTime, sent.queuedAt);
      assert.equal(got.customerId, a.accountId);
      assert.equal(got.senderId, a.senderId);
      assert.deepEqual(got.from, { email: a.email, name: 'Shop' });
      assert.equal(got.subject, 'Receipt');
      assert.equal(got.htmlContent, '<p>Thanks</p>');
      assert.equal(got.recipientCount, 2);
      assert.deepEqual(
        got.recipients.map((r: any) => [r.id, r.email, r.name, r.state]),
        sent.recipients.map((r: any) => [r.id, r.email, r.name, 'queued']),
      );
    });

    it('field names are matched without regard to case', async () => {
      const response = await send(a, {
        From: { Name: 'Shop', EMAIL: a.email },
        TO: [{ Email: 'case@example.net' }],
        Subject: 'Case',
        HtmlContent: '<p>case</p>',
      });
      const result = expectEnvelope(response, 200).resultObject;
      assert.deepEqual(result.accepted, ['case@example.net']);
    });

    it('takes addresses as "Name <address>" or bare strings, as other providers\' clients write them', async () => {
      const sent = expectEnvelope(
        await send(a, {
          ...valid(a),
          from: `Shop <${a.email}>`,
          to: ['Ann Example <ann@example.net>', 'bob@example.net', { email: 'cy@example.net', name: 'Cy' }],
          cc: ['"Doe, Jane" <jane@example.net>'],
          bcc: ['archive@example.com'],
          replyTo: 'Support <support@example.com>',
        }),
        200,
      ).resultObject;
      assert.deepEqual(sent.accepted, ['ann@example.net', 'bob@example.net', 'cy@example.net', 'jane@example.net', 'archive@example.com']);
      const message = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}`, token: a.token }), 200).resultObject;
      assert.deepEqual(message.from, { email: a.email, name: 'Shop' });
      assert.deepEqual(message.replyTo, { email: 'support@example.com', name: 'Support' });
      assert.deepEqual(
        message.recipients.map((r: any) => [r.email, r.name, r.type ?? 'to']),
        [
          ['ann@example.net', 'Ann Example', 'to'],
          ['bob@example.net', '', 'to'],
          ['cy@example.net', 'Cy', 'to'],
          ['jane@example.net', 'Doe, Jane', 'cc'],
          ['archive@example.com', '', 'bcc'],
        ],
      );

      const one = expectEnvelope(await send(a, { ...valid(a), from: a.email, to: 'Dee <dee@example.net>' }), 200).resultObject;
      assert.deepEqual(
        one.recipients.map((r: any) => [r.email, r.name]),
        [['dee@example.net', 'Dee']],
      );
    });

    it('accepts form-urlencoded bodies with nested field names', async () => {
      const form = new URLSearchParams({
        'from[name]': 'Shop',
        'from[email]': a.email,
        'to[0][email]': 'form1@example.net',
        'to[1].email': 'form2@example.net',
        subject: 'Form',
        htmlContent: '<p>form</p>',
      });
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: a.token,
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.deepEqual(expectEnvelope(response, 200).resultObject.accepted, ['form1@example.net', 'form2@example.net']);
    });

    it('the from address matches a sender without regard to case', async () => {
      const response = await send(a, { ...valid(a), from: { name: 'Shop', email: a.email.toUpperCase() } });
      expectEnvelope(response, 200);
    });

    it('addresses in `to` that differ only by case are delivered once', async () => {
      const response = await send(a, {
        ...valid(a),
        to: [
          { email: 'Dup@Example.net', name: 'First' },
          { email: 'other@example.net' },
          { email: 'dup@example.net', name: 'Second' },
          { email: 'DUP@EXAMPLE.NET' },
        ],
      });
      const result = expectEnvelope(response, 200).resultObject;
      assert.deepEqual(result.accepted, ['Dup@Example.net', 'other@example.net']);
      assert.equal(result.recipients.length, 2);
      assert.equal(result.recipients[0].name, 'First');
      const got = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${result.id}`, token: a.token }), 200).resultObject;
      assert.equal(got.recipientCount, 2);
      assert.deepEqual(
        got.recipients.map((r: any) => r.email),
        ['Dup@Example.net', 'other@example.net'],
      );
    });

    it('accepts 1000 recipients', async () => {
      const to = Array.from({ length: 1000 }, (_, i) => ({ email: `r${i}@example.net` }));
      const result = expectEnvelope(await send(a, { ...valid(a), to }), 200).resultObject;
      assert.equal(result.accepted.length, 1000);
      assert.equal(new Set(result.recipients.map((r: any) => r.id)).size, 1000);
    });

    // The send path remembers usable senders for a few seconds (senders.service.ts
    // usableSender); a change to a sender must end that at once.
    describe('a sender changed right after a send from it', () => {
      it('deleted: can no longer be sent from', async () => {
        const sender = expectEnvelope(
          await app.request({ method: 'POST', url: '/notify/v1/senders', token: a.token, body: { email: 'gone-soon@a.example' } }),
          201,
        ).resultObject;
        expectEnvelope(await send(a, { ...valid(a), from: { name: 'X', email: 'gone-soon@a.example' } }), 200);
        expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/senders/${sender.id}`, token: a.token }), 200);
        expectFieldError(await send(a, { ...valid(a), from: { name: 'X', email: 'gone-soon@a.example' } }), 'from.email');
      });

      it('given a new address: sent from by the new one only', async () => {
        const sender = expectEnvelope(
          await app.request({ method: 'POST', url: '/notify/v1/senders', token: a.token, body: { email: 'old-name@a.example' } }),
          201,
        ).resultObject;
        expectEnvelope(await send(a, { ...valid(a), from: { email: 'old-name@a.example' } }), 200);
        expectEnvelope(
          await app.request({ method: 'PATCH', url: `/notify/v1/senders/${sender.id}`, token: a.token, body: { email: 'new-name@a.example' } }),
          200,
        );
        expectFieldError(await send(a, { ...valid(a), from: { email: 'old-name@a.example' } }), 'from.email');
        expectEnvelope(await send(a, { ...valid(a), from: { email: 'new-name@a.example' } }), 200);
      });
    });

    describe('validation: a 400 that names the field, and nothing is stored', () => {
      let countBefore: number;
      before(async () => {
        countBefore = await messageCount(a);
      });
      after(async () => {
        assert.equal(await messageCount(a), countBefore, 'no rejected request stored a message');
      });

      it('missing from, from.email or a malformed from.email', async () => {
        expectFieldError(await send(a, { ...valid(a), from: undefined }), 'from');
        expectFieldError(await send(a, { ...valid(a), from: { name: 'Shop' } }), 'from.email');
        expectFieldError(await send(a, { ...valid(a), from: { name: 'Shop', email: 'shop' } }), 'from.email');
        expectFieldError(await send(a, { ...valid(a), from: 42 }), 'from');
      });

      it('an address string that is not "Name <address>" or an address names its place', async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ from: 'Shop <shop>' }, 'from'],
          [{ from: 'Shop <stranger@example.com>' }, 'from'],
          [{ to: 'not an address' }, 'to'],
          [{ to: ['ok@example.net', 'Ann <not an address>'] }, 'to[1]'],
          [{ to: ['Ann <ann@example.net'] }, 'to[0]'],
          [{ to: ['Ann\r\nBcc: victim@example.org <ann@example.net>'] }, 'to[0]'],
          [{ to: [{ email: 'ok@example.net' }, 'ok2@example.net', { email: 'bad' }] }, 'to[2].email'],
          [{ cc: ['Boss <boss@>'] }, 'cc[0]'],
          [{ replyTo: 'Help <help>' }, 'replyTo'],
        ];
        for (const [fields, field] of cases) {
          const errors = expectFieldError(await send(a, { ...valid(a), ...fields }), field);
          assert.deepEqual(
            errors.map((e) => e.field),
            [field],
            `only ${field} for ${JSON.stringify(fields)}`,
          );
        }
        const [unread] = expectFieldError(await send(a, { ...valid(a), to: ['Ann <not an address>'] }), 'to[0]');
        assert.match(unread!.message, /"Name <address>"/);
      });

      it('a from address that is not a sender of this account', async () => {
        const errors = expectFieldError(await send(a, { ...valid(a), from: { name: 'X', email: 'stranger@example.com' } }), 'from.email');
        assert.match(errors[0]!.message, /sender/i);
        // another account's sender address: still not one of ours
        expectFieldError(await send(a, { ...valid(a), from: { name: 'X', email: b.email } }), 'from.email');
        const theirs = expectEnvelope(
          await app.request({ method: 'POST', url: '/notify/v1/senders', token: b.token, body: { email: 'only-b@b.example' } }),
          201,
        );
        expectFieldError(await send(a, { ...valid(a), from: { name: 'X', email: theirs.resultObject.email } }), 'from.email');
      });

      it('a deleted sender can no longer be sent from', async () => {
        const sender = expectEnvelope(
          await app.request({ method: 'POST', url: '/notify/v1/senders', token: a.token, body: { email: 'soon-gone@a.example' } }),
          201,
        ).resultObject;
        expectEnvelope(await app.request({ method: 'DELETE', url: `/notify/v1/senders/${sender.id}`, token: a.token }), 200);
        expectFieldError(await send(a, { ...valid(a), from: { name: 'X', email: 'soon-gone@a.example' } }), 'from.email');
      });

      it('missing, empty or over-long `to`', async () => {
        expectFieldError(await send(a, { ...valid(a), to: undefined }), 'to');
        expectFieldError(await send(a, { ...valid(a), to: [] }), 'to');
        const to = Array.from({ length: 1001 }, (_, i) => ({ email: `r${i}@example.net` }));
        const errors = expectFieldError(await send(a, { ...valid(a), to }), 'to');
        assert.match(errors.find((e) => e.field === 'to')!.message, /1000/);
      });

      it('a malformed recipient address names its position', async () => {
        const to = [{ email: 'ok1@example.net' }, { email: 'ok2@example.net' }, { email: 'not an address' }];
        const errors = expectFieldError(await send(a, { ...valid(a), to }), 'to[2].email');
        assert.deepEqual(
          errors.map((e) => e.field),
          ['to[2].email'],
        );
        for (const bad of [
          'a@b',
          '@example.net',
          'a@',
          'Ann <ann@example.net>',
          'ann@example.net\r\nBcc: x@evil.example',
          'a b@example.net',
          'x'.repeat(65) + '@example.net',
        ]) {
          expectFieldError(await send(a, { ...valid(a), to: [{ email: 'ok@example.net' }, { email: bad }] }), 'to[1].email');
        }
        expectFieldError(await send(a, { ...valid(a), to: [{ name: 'No address' }] }), 'to[0].email');
      });

      it('CR or LF in the subject or a name (header injection)', async () => {
        expectFieldError(await send(a, { ...valid(a), subject: 'Hi\r\nBcc: victim@example.org' }), 'subject');
        expectFieldError(await send(a, { ...valid(a), subject: 'Hi\nthere' }), 'subject');
        expectFieldError(await send(a, { ...valid(a), subject: 'Hi\rthere' }), 'subject');
        expectFieldError(await send(a, { ...valid(a), from: { name: 'Shop\r\nBcc: victim@example.org', email: a.email } }), 'from.name');
        expectFieldError(await send(a, { ...valid(a), to: [{ email: 'ann@example.net', name: 'Ann\nX-Evil: 1' }] }), 'to[0].name');
      });

      it('a missing, empty or over-long subject', async () => {
        expectFieldError(await send(a, { ...valid(a), subject: undefined }), 'subject');
        expectFieldError(await send(a, { ...valid(a), subject: '' }), 'subject');
        const errors = expectFieldError(await send(a, { ...valid(a), subject: 's'.repeat(999) }), 'subject');
        assert.match(errors[0]!.message, /998/);
      });

      it('wrong types', async () => {
        const subject = expectFieldError(await send(a, { ...valid(a), subject: 42 }), 'subject');
        assert.match(subject[0]!.message, /string/);
        const to = expectFieldError(await send(a, { ...valid(a), to: { email: 'ann@example.net' } }), 'to');
        assert.match(to[0]!.message, /array/);
        expectFieldError(await send(a, { ...valid(a), htmlContent: ['<p>x</p>'] }), 'htmlContent');
        expectFieldError(await send(a, { ...valid(a), from: { name: 7, email: a.email } }), 'from.name');
        expectFieldError(await send(a, { ...valid(a), to: [{ email: 12345 }] }), 'to[0].email');
        expectFieldError(await send(a, [valid(a)]), 'body');
        expectFieldError(await send(a, 'just a string'), 'body');
        expectFieldError(await send(a, null), 'body');
      });

      it('an empty or unparsable body', async () => {
        const empty = await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          payload: '',
          headers: { 'content-type': 'application/json' },
        });
        expectFieldError(empty, 'body');
        const broken = await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          payload: '{"from": ',
          headers: { 'content-type': 'application/json' },
        });
        expectFieldError(broken, 'body');
        const errors = expectFieldError(await send(a, {}), 'from');
        assert.deepEqual(errors.map((e) => e.field).sort(), ['from', 'htmlContent', 'subject', 'to']);
      });

      it('a missing or empty htmlContent', async () => {
        expectFieldError(await send(a, { ...valid(a), htmlContent: undefined }), 'htmlContent');
        expectFieldError(await send(a, { ...valid(a), htmlContent: '' }), 'htmlContent');
      });

      it('several problems at once are all reported', async () => {
        const errors = expectFieldError(
          await send(a, {
            from: { email: 'nope' },
            to: [{ email: 'ok@example.net' }, { email: 'bad' }],
            subject: 'a\nb',
            htmlContent: '',
          }),
          'from.email',
        );
        assert.deepEqual(errors.map((e) => e.field).sort(), ['from.email', 'htmlContent', 'subject', 'to[1].email']);
      });
    });

    it('limits count characters, not UTF-16 units: 998 emoji make a valid subject, 999 do not', async () => {
      const accepted = expectEnvelope(await send(a, { ...valid(a), subject: '📦'.repeat(998) }), 200).resultObject;
      assert.equal(accepted.recipients.length, 1);
      const errors = expectFieldError(await send(a, { ...valid(a), subject: '📦'.repeat(999) }), 'subject');
      assert.match(errors[0]!.message, /at most 998 characters/);
      // A string of one character that takes two units is not empty, and an empty one is.
      expectEnvelope(await send(a, { ...valid(a), htmlContent: '📦' }), 200);
      expectFieldError(await send(a, { ...valid(a), htmlContent: '' }), 'htmlContent');
    });
  });
}

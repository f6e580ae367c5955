/**
 * Inbound mail as a client and the SMTP listener see it, on both dialects: receiving
 * domains (the MX record to publish, checked against a real DNS server on 127.0.0.1, one
 * account per domain), routes and their validation (webhook URLs kept off the internal
 * network), what the listener asks at RCPT (`resolveRecipient`) and at the end of DATA
 * (`receive`: durable, linked to the sent message it answers, scored by the real spamd),
 * and the received messages through the API: list, document, raw bytes, attachments.
 * One account never sees another's domains, routes or messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../../helpers/app.js';
import { errorFields } from '../../helpers/bodies.js';
import { rawOf } from '../../helpers/delivery-api.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { seededRandom } from '../../helpers/seeded-random.js';
import { GTUBE, requireSpamd, SPAMD } from '../../helpers/spamd.js';
import type { InboundService } from '../../../src/features/notify/inbound/inbound.service.js';

const MX_HOST = 'mx.postwire.example.test';
const ID = /^[0-9a-f]{24}$/;
const session = { clientIp: '192.0.2.25', helo: 'mail.example.net' };

function expectFieldError(response: TestResponse, field: string): string {
  const body = expectEnvelope(response, 400);
  assert.deepEqual(errorFields(body), [field], response.text);
  return body.resultObject.errors[0].message;
}

function mail(headers: Record<string, string>, body: string): Buffer {
  const head = Object.entries({ From: 'Ann <ann@example.net>', Subject: 'Hello', Date: 'Tue, 03 Mar 2026 10:00:00 +0000', ...headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body}\r\n`, 'latin1');
}

for (const dialect of DIALECTS) {
  describe(`inbound mail [${dialect}]`, () => {
    let app: TestApp;
    let dns: TestDnsServer;
    let a: TestAccount;
    let b: TestAccount;
    let inbound: InboundService;
    let aDomain: { id: string; name: string };
    let bDomain: { id: string; name: string };
    const routes: Record<string, string> = {};

    const url = (path: string) => `/notify/v1/inbound/${path}`;
    const post = (account: TestAccount, path: string, body: unknown) => app.request({ method: 'POST', url: url(path), token: account.token, body });
    const get = (account: TestAccount, path: string) => app.request({ method: 'GET', url: url(path), token: account.token });
    const addRoute = async (account: TestAccount, body: object) => expectEnvelope(await post(account, 'routes', body), 201).resultObject;

    before(async () => {
      await requireSpamd();
      dns = await startDnsServer();
      app = await startTestApp(dialect, {
        config: {
          dnsResolver: dns.address,
          inboundMxHost: MX_HOST,
          spamdHost: SPAMD.host,
          spamdPort: SPAMD.port,
          spamdRejectScore: 20,
          spamdTimeoutMs: 30_000,
        },
      });
      inbound = app.runtime.services.inbound;
      a = await app.signUp();
      b = await app.signUp();
    });
    after(async () => {
      await app?.close();
      await dns?.close();
    });

    it('requires a Bearer token on every operation', async () => {
      for (const [method, path] of [
        ['GET', 'domains'],
        ['POST', 'domains'],
        ['GET', 'routes'],
        ['POST', 'routes'],
        ['GET', 'messages'],
        ['GET', 'messages/0193a5b2c4d1e2f3a4b5c6d7/raw'],
      ] as const) {
        expectEnvelope(await app.request({ method, url: url(path), body: method === 'POST' ? {} : undefined }), 401);
      }
    });

    it('adds a receiving domain and shows the MX record to publish', async () => {
      const created = await post(a, 'domains', { name: ' In.Shop-A.example.test. ' });
      const domain = expectEnvelope(created, 201).resultObject;
      assert.match(domain.id, ID);
      assert.equal(domain.name, 'in.shop-a.example.test');
      assert.deepEqual(domain.mx, { type: 'MX', name: 'in.shop-a.example.test', value: `10 ${MX_HOST}`, status: 'unchecked', found: [] });
      assert.equal(domain.verified, false);
      assert.equal(domain.lastCheckTime, null);
      aDomain = domain;
      bDomain = expectEnvelope(await post(b, 'domains', { name: 'in.shop-b.example.test' }), 201).resultObject;
    });

    it('lets one domain receive for one account only: another account adding it gets 409, without seeing whose it is', async () => {
      const taken = expectEnvelope(await post(b, 'domains', { name: 'IN.SHOP-A.example.test' }), 409);
      assert.doesNotMatch(taken.resultMessage, new RegExp(a.email));
      expectEnvelope(await post(a, 'domains', { name: 'in.shop-a.example.test' }), 409);
    });

    it('names the field of a bad domain', async () => {
      expectFieldError(await post(a, 'domains', { name: 'not a domain' }), 'name');
      expectFieldError(await post(a, 'domains', {}), 'name');
      expectFieldError(await post(a, 'domains', { name: 'x'.repeat(300) }), 'name');
    });

    it('keeps each account to its own domains', async () => {
      const listA = expectEnvelope(await get(a, 'domains'), 200).resultObject;
      assert.deepEqual(
        listA.items.map((d: { name: string }) => d.name),
        ['in.shop-a.example.test'],
      );
      expectEnvelope(await get(b, `domains/${aDomain.id}`), 404);
      expectEnvelope(await post(b, `domains/${aDomain.id}/verify`, undefined), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: url(`domains/${aDomain.id}`), token: b.token }), 404);
      expectEnvelope(await get(a, `domains/${aDomain.id}`), 200);
    });

    it('verifies the MX record: missing, pointing elsewhere, then in place', async () => {
      const verify = async () => expectEnvelope(await post(a, `domains/${aDomain.id}/verify`, undefined), 200).resultObject;
      let domain = await verify();
      assert.equal(domain.verified, false);
      assert.equal(domain.mx.status, 'missing');
      assert.match(domain.lastCheckTime, /Z$/);

      dns.set(aDomain.name, { mx: [{ priority: 10, exchange: 'mx.other-provider.example' }] });
      domain = await verify();
      assert.deepEqual([domain.verified, domain.mx.status, domain.mx.found], [false, 'wrong', ['10 mx.other-provider.example']]);

      dns.set(aDomain.name, {
        mx: [
          { priority: 10, exchange: `${MX_HOST.toUpperCase()}.` },
          { priority: 20, exchange: 'mx.other-provider.example' },
        ],
      });
      domain = await verify();
      assert.deepEqual([domain.verified, domain.mx.status], [true, 'found']);
      assert.equal(expectEnvelope(await get(a, `domains/${aDomain.id}`), 200).resultObject.verified, true);

      dns.set(aDomain.name, { rcode: 'SERVFAIL' });
      expectEnvelope(await post(a, `domains/${aDomain.id}/verify`, undefined), 503);
      assert.equal(expectEnvelope(await get(a, `domains/${aDomain.id}`), 200).resultObject.verified, true, 'a DNS outage changes nothing');
    });

    it('adds routes of every action and refuses bad ones, naming the field', async () => {
      const support = await addRoute(a, { domainId: aDomain.id, pattern: 'Support', action: 'webhook', webhookUrl: 'https://hooks.example.com/inbound' });
      assert.deepEqual(
        { pattern: support.pattern, action: support.action, webhookUrl: support.webhookUrl, domain: support.domain },
        { pattern: 'support', action: 'webhook', webhookUrl: 'https://hooks.example.com/inbound', domain: aDomain.name },
      );
      routes.support = support.id;
      routes.reply = (await addRoute(a, { domainId: aDomain.id, pattern: 'reply+*', action: 'store' })).id;
      routes.forward = (await addRoute(a, { domainId: aDomain.id, pattern: 'sales', action: 'forward', forwardTo: 'Boss@Elsewhere.example' })).id;
      const blocked = await addRoute(a, {
        domainId: aDomain.id,
        pattern: 'noreply',
        action: 'reject',
        rejectCode: 550,
        rejectMessage: '5.7.1 Nobody reads this',
      });
      assert.deepEqual([blocked.rejectCode, blocked.rejectMessage], [550, '5.7.1 Nobody reads this']);
      routes.b = (await addRoute(b, { domainId: bDomain.id, pattern: '*', action: 'store' })).id;

      expectEnvelope(await post(a, 'routes', { domainId: aDomain.id, pattern: 'SUPPORT', action: 'store' }), 409);
      expectFieldError(await post(a, 'routes', { domainId: bDomain.id, pattern: 'x', action: 'store' }), 'domainId');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'a@b', action: 'store' }), 'pattern');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'bounce' }), 'action');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'webhook' }), 'webhookUrl');
      for (const internal of [
        'http://127.0.0.1:3000/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'http://localhost/',
        'http://0x7f000001/',
      ]) {
        const message = expectFieldError(
          await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'webhook', webhookUrl: internal }),
          'webhookUrl',
        );
        assert.match(message, /public address/, internal);
      }
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'webhook', webhookUrl: 'ftp://example.com/' }), 'webhookUrl');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'forward' }), 'forwardTo');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'forward', forwardTo: `x@${bDomain.name}` }), 'forwardTo');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'reject', rejectCode: 250 }), 'rejectCode');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'reject', rejectCode: 470 }), 'rejectCode');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'store', rejectCode: 550 }), 'rejectCode');
      expectFieldError(await post(a, 'routes', { domainId: aDomain.id, pattern: 'x', action: 'reject', rejectMessage: 'a\r\nb' }), 'rejectMessage');
    });

    it('keeps each account to its own routes', async () => {
      const listA = expectEnvelope(await get(a, 'routes'), 200).resultObject;
      assert.equal(listA.totalCount, 4);
      assert.ok(!listA.items.some((r: { id: string }) => r.id === routes.b));
      assert.equal(expectEnvelope(await get(a, `routes?domainId=${bDomain.id}`), 200).resultObject.totalCount, 0);
      expectEnvelope(await get(a, `routes/${routes.b}`), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: url(`routes/${routes.b}`), token: a.token }), 404);
      expectEnvelope(await get(b, `routes/${routes.b}`), 200);
    });

    it('answers RCPT: the most specific route accepts, a reject route refuses with its reply, no route is 550, another domain is not ours', async () => {
      assert.deepEqual(await inbound.resolveRecipient(`SUPPORT@${aDomain.name.toUpperCase()}`), {
        kind: 'accept',
        accountId: a.accountId,
        domainId: aDomain.id,
        routeId: routes.support,
      });
      assert.equal(((await inbound.resolveRecipient(`reply+t-42@${aDomain.name}`)) as { routeId: string }).routeId, routes.reply);
      assert.deepEqual(await inbound.resolveRecipient(`noreply@${aDomain.name}`), { kind: 'reject', code: 550, message: '5.7.1 Nobody reads this' });
      assert.deepEqual(await inbound.resolveRecipient(`someone@${aDomain.name}`), { kind: 'reject', code: 550, message: '5.1.1 No such recipient here' });
      assert.deepEqual(await inbound.resolveRecipient('someone@elsewhere.example'), { kind: 'notOurs' });
      assert.deepEqual(await inbound.resolveRecipient('no-at-sign'), { kind: 'notOurs' });

      const catchAll = await addRoute(a, { domainId: aDomain.id, pattern: '*', action: 'store' });
      assert.equal(((await inbound.resolveRecipient(`someone@${aDomain.name}`)) as { routeId: string }).routeId, catchAll.id);
      assert.equal(((await inbound.resolveRecipient(`support@${aDomain.name}`)) as { routeId: string }).routeId, routes.support, 'exact still wins');
      expectEnvelope(await app.request({ method: 'DELETE', url: url(`routes/${catchAll.id}`), token: a.token }), 200);
      assert.equal((await inbound.resolveRecipient(`someone@${aDomain.name}`)).kind, 'reject');
    });

    it('stores a reply durably, linked to the message it answers, and serves its document, raw bytes and attachment', async () => {
      const sent = expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: a.token,
          body: { from: { email: a.email }, to: [{ email: 'ann@example.net' }], subject: 'Ticket 42', htmlContent: '<p>How did we do?</p>' },
        }),
        200,
      ).resultObject;
      const raw = Buffer.concat([
        mail(
          {
            To: `reply+t-42@${aDomain.name}`,
            Subject: 'Re: Ticket 42',
            'Message-ID': '<answer-1@example.net>',
            'In-Reply-To': sent.messageId,
            'MIME-Version': '1.0',
            'Content-Type': 'multipart/mixed; boundary="zz"',
            'X-Eight-Bit': 'caf\xe9',
          },
          [
            '--zz',
            'Content-Type: text/plain; charset=utf-8',
            '',
            'Great, thanks!',
            '',
            '-- ',
            'Ann',
            '--zz',
            'Content-Type: text/csv; name="data.csv"',
            'Content-Disposition: attachment; filename="data.csv"',
            '',
            'a,b\r\n1,2',
            '--zz--',
          ].join('\r\n'),
        ),
        Buffer.from([0, 0xff, 0x0a]),
      ]);
      const result = await inbound.receive({ mailFrom: 'ann@example.net', rcptTo: [`reply+t-42@${aDomain.name}`] }, raw, session);
      assert.equal(result.accepted, true);
      const [id] = (result as { ids: string[] }).ids;

      const list = expectEnvelope(await get(a, 'messages'), 200).resultObject;
      assert.equal(list.totalCount, 1);
      const summary = list.items[0];
      assert.deepEqual(
        {
          id: summary.id,
          routeId: summary.routeId,
          domainId: summary.domainId,
          action: summary.action,
          subject: summary.subject,
          recipients: summary.recipients,
          size: summary.size,
          replyToMessageId: summary.replyToMessageId,
          replyToCampaignId: summary.replyToCampaignId,
        },
        {
          id,
          routeId: routes.reply,
          domainId: aDomain.id,
          action: 'store',
          subject: 'Re: Ticket 42',
          recipients: [`reply+t-42@${aDomain.name}`],
          size: raw.length,
          replyToMessageId: sent.id,
          replyToCampaignId: null,
        },
      );
      assert.equal(summary.document, undefined, 'the list holds summaries');

      const message = expectEnvelope(await get(a, `messages/${id}`), 200).resultObject;
      assert.equal(message.document.reply, 'Great, thanks!');
      assert.equal(message.document.inReplyTo, sent.messageId);
      assert.deepEqual(message.document.envelope.rcptTo, [`reply+t-42@${aDomain.name}`]);
      assert.equal(message.document.envelope.clientIp, session.clientIp);
      assert.equal(message.document.attachments[0].filename, 'data.csv');
      assert.equal(typeof message.document.spam.score, 'number');
      assert.equal(message.document.spam.isSpam, false);

      const rawBack = await get(a, `messages/${id}/raw`);
      assert.equal(rawBack.status, 200);
      assert.match(String(rawBack.headers['content-type']), /^message\/rfc822/);
      assert.ok(rawBack.bytes?.equals(raw), 'the raw message comes back byte for byte, 8-bit and NUL included');

      const attachment = await get(a, `messages/${id}/attachments/0`);
      assert.equal(attachment.status, 200);
      assert.equal(attachment.text, 'a,b\r\n1,2');
      expectEnvelope(await get(a, `messages/${id}/attachments/1`), 404);

      assert.equal(expectEnvelope(await get(a, `messages?routeId=${routes.reply}`), 200).resultObject.totalCount, 1);
      assert.equal(expectEnvelope(await get(a, `messages?routeId=${routes.support}`), 200).resultObject.totalCount, 0);
      assert.equal(expectEnvelope(await get(a, `messages?domainId=${aDomain.id}`), 200).resultObject.totalCount, 1);
      expectFieldError(await get(a, 'messages?routeId=nope'), 'routeId');

      for (const path of [`messages/${id}`, `messages/${id}/raw`, `messages/${id}/attachments/0`]) expectEnvelope(await get(b, path), 404);
      assert.equal(expectEnvelope(await get(b, 'messages'), 200).resultObject.totalCount, 0);
    });

    it('links a reply to campaign mail to its message and its campaign', async () => {
      const ok = async (path: string, body: unknown, status = 201) =>
        expectEnvelope(await app.request({ method: 'POST', url: path, token: a.token, body }), status).resultObject;
      const senderId = (await ok('/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email })).id;
      const listId = (await ok('/inbox/v1/contactlists', { listName: 'Main' })).id;
      await ok(`/inbox/v1/contactlists/${listId}/add`, { email: 'reader@example.net' }, 200);
      const campaignId = await ok('/inbox/v1/campaigns/custom', {
        subject: 'June news',
        htmlContent: '<p>News</p>',
        language: 'en-US',
        senderAccountId: senderId,
        listType: 2,
        lists: [listId],
      });
      await app.runtime.services.marketing.campaignDispatcher.run({ campaignId, resend: false });
      const copy = await app.runtime.services.handle.db
        .selectFrom('campaign_recipients as c')
        .innerJoin('message_recipients as r', 'r.id', 'c.recipient_id')
        .select('r.message_id as id')
        .where('c.campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow();
      // The Message-ID the reader's copy carries (GET /raw is the copy as sent), as their mail program quotes it back.
      const messageId = /^Message-ID: (<[^>]+>)\r$/m.exec(await rawOf(app, a, copy.id))![1]!;
      const shown = await app.request({ method: 'GET', url: `/notify/v1/messages/${copy.id}`, token: a.token });
      assert.equal(expectEnvelope(shown, 200).resultObject.messageId, messageId);
      const raw = mail({ To: `reply+news@${aDomain.name}`, Subject: 'Re: June news', References: `<unrelated@example.net> ${messageId}` }, 'Unsubscribe me');
      const result = await inbound.receive({ mailFrom: 'reader@example.net', rcptTo: [`reply+news@${aDomain.name}`] }, raw, session);
      const id = (result as { ids: string[] }).ids[0]!;
      const message = expectEnvelope(await get(a, `messages/${id}`), 200).resultObject;
      assert.deepEqual([message.replyToMessageId, message.replyToCampaignId], [copy.id, campaignId]);
    });

    it('writes one row per account for a message to two accounts, each listing only its own recipients', async () => {
      const raw = mail({ To: `support@${aDomain.name}, x@${bDomain.name}`, Subject: 'Both' }, 'Hi both');
      const result = await inbound.receive({ mailFrom: '', rcptTo: [`support@${aDomain.name}`, `x@${bDomain.name}`, 'lost@elsewhere.example'] }, raw, session);
      assert.equal(result.accepted && result.ids.length, 2);
      const listB = expectEnvelope(await get(b, 'messages'), 200).resultObject;
      assert.equal(listB.totalCount, 1);
      const mine = expectEnvelope(await get(b, `messages/${listB.items[0].id}`), 200).resultObject;
      assert.deepEqual(mine.document.envelope.rcptTo, [`x@${bDomain.name}`]);
      assert.equal(mine.routeId, routes.b);
      const listA = expectEnvelope(await get(a, `messages?routeId=${routes.support}`), 200).resultObject;
      assert.deepEqual(listA.items[0].recipients, [`support@${aDomain.name}`]);
      assert.equal(listA.items[0].action, 'webhook');
    });

    it('refuses a message whose recipients no longer resolve, and one spamd scores over the threshold', async () => {
      assert.deepEqual(await inbound.receive({ mailFrom: 'a@example.net', rcptTo: [`nobody@${aDomain.name}`] }, mail({}, 'x'), session), {
        accepted: false,
        code: 550,
        message: '5.1.1 No such recipient here',
      });
      const before = expectEnvelope(await get(a, 'messages'), 200).resultObject.totalCount;
      const spam = await inbound.receive(
        { mailFrom: 'a@example.net', rcptTo: [`support@${aDomain.name}`] },
        mail({ To: `support@${aDomain.name}` }, GTUBE),
        session,
      );
      assert.deepEqual(spam, { accepted: false, code: 550, message: '5.7.1 Message refused as spam' });
      assert.equal(expectEnvelope(await get(a, 'messages'), 200).resultObject.totalCount, before, 'nothing stored');
    });

    it('stores every malformed message of a seeded fuzz with what could be read, and its raw bytes exactly', async () => {
      const seed = Number(process.env.FUZZ_SEED ?? 7);
      const random = seededRandom(seed);
      const shapes = [
        () => Buffer.alloc(0),
        () => Buffer.from(Array.from({ length: 1 + random.int(2000) }, () => random.int(256))),
        () => Buffer.from('From: a\0b@example.net\r\nSubject: nul\0here\r\n\r\nbody\0'),
        () => Buffer.from('Subject: \xe9\xff\xfe\r\nContent-Type: text/plain; charset=bogus\r\n\r\n\xe9t\xe9', 'latin1'),
        () => Buffer.from('Content-Type: multipart/mixed; boundary=q\r\n\r\n--q\r\nContent-Type: text/html\r\n\r\n<p>', 'latin1'),
      ];
      for (let round = 0; round < 15; round++) {
        const raw = shapes[round % shapes.length]!();
        const result = await inbound.receive({ mailFrom: 'fuzz@example.net', rcptTo: [`reply+fuzz${round}@${aDomain.name}`] }, raw, {
          clientIp: null,
          helo: null,
        });
        assert.equal(result.accepted, true, `seed ${seed}, round ${round}`);
        const id = (result as { ids: string[] }).ids[0]!;
        const message = expectEnvelope(await get(a, `messages/${id}`), 200).resultObject;
        assert.equal(message.document.parsed.complete, message.document.parsed.problems.length === 0);
        const back = await get(a, `messages/${id}/raw`);
        assert.ok(back.bytes?.equals(raw), `seed ${seed}, round ${round}: raw bytes differ`);
      }
    });

    it('deletes a domain with its routes: its mail is refused from then on, what was received stays', async () => {
      expectEnvelope(await app.request({ method: 'DELETE', url: url(`domains/${aDomain.id}`), token: a.token }), 200);
      assert.deepEqual(await inbound.resolveRecipient(`support@${aDomain.name}`), { kind: 'notOurs' });
      assert.equal(expectEnvelope(await get(a, 'routes'), 200).resultObject.totalCount, 0);
      assert.ok(expectEnvelope(await get(a, 'messages'), 200).resultObject.totalCount > 0);
      // Free again: another account may now receive for it.
      expectEnvelope(await post(b, 'domains', { name: aDomain.name }), 201);
    });
  });
}

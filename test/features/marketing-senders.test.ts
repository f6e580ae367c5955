/**
 * Campaign senders (/inbox/v1/senders, M36–M40): PascalCase `DisplayName`/`Email`/
 * `ReplyEmail` in, the original's object out with `spf`, `dkim`, `dmarc` read from the
 * checks of the address's sending domain (a real DNS server on 127.0.0.1) and
 * `activation` from the sender confirmation flow (the link is mailed through the queue
 * to a real SMTP server and followed) or a verified domain.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { createApiKey } from '../helpers/accounts.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const BASE_URL = 'https://postwire.example.test';
const LINK = /https:\/\/postwire\.example\.test(\/notify\/v1\/senders\/confirm\?token=[A-Za-z0-9_-]+)/;
const SENDER_KEYS = [
  'activation',
  'createTime',
  'createUserId',
  'displayName',
  'dkim',
  'dmarc',
  'email',
  'fullName',
  'id',
  'isDeleted',
  'replyEmail',
  'spf',
  'updateTime',
  'updateUserId',
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

for (const dialect of DIALECTS) {
  describe(`marketing senders [${dialect}]`, () => {
    let app: TestApp;
    let dns: TestDnsServer;
    let sink: SmtpSink;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      dns = await startDnsServer();
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          requireVerifiedSenders: true,
          baseUrl: BASE_URL,
          bounceDomain: 'bounces.example.test',
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          dnsResolver: dns.address,
          spfMechanism: 'ip4:127.0.0.1',
        },
      });
      a = await app.signUp();
      b = await app.signUp();
    });
    after(async () => {
      await app?.close();
      await sink?.close();
      await dns?.close();
    });

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;

    it('create, get, list, put, patch, delete; activation once the address is confirmed from its mailbox', async () => {
      const empty = await ok('GET', '/inbox/v1/senders', undefined, 200, await app.signUp());
      assert.deepEqual(empty, { displayCount: 0, totalCount: 0, items: [] });
      const created = await ok(
        'POST',
        '/inbox/v1/senders',
        { DisplayName: 'Example News', Email: 'news@confirm.example.test', ReplyEmail: 'hello@confirm.example.test' },
        201,
      );
      assert.deepEqual(Object.keys(created).sort(), SENDER_KEYS);
      assert.deepEqual(
        [created.displayName, created.email, created.replyEmail, created.fullName],
        ['Example News', 'news@confirm.example.test', 'hello@confirm.example.test', 'Example News <news@confirm.example.test>'],
      );
      assert.deepEqual([created.spf, created.dkim, created.dmarc, created.activation], [false, false, false, false]);
      assert.deepEqual(await ok('GET', `/inbox/v1/senders/${created.id}`), created);
      assert.ok((await ok('GET', '/inbox/v1/senders')).items.some((s: any) => s.id === created.id));

      // The confirmation link reached the address; following it activates the sender.
      const received = await eventually(async () => messagesTo(sink, 'news@confirm.example.test')[0], 20_000, 'the confirmation message');
      const path = LINK.exec((await simpleParser(received.raw)).text ?? '')?.[1];
      assert.ok(path, 'the message carries the link');
      expectEnvelope(await app.request({ method: 'GET', url: path }), 200);
      assert.equal((await ok('GET', `/inbox/v1/senders/${created.id}`)).activation, true);

      assert.equal(
        await ok('PUT', `/inbox/v1/senders/${created.id}`, {
          displayName: 'News',
          email: 'news@confirm.example.test',
          replyEmail: 'reply@confirm.example.test',
        }),
        true,
      );
      let now = await ok('GET', `/inbox/v1/senders/${created.id}`);
      assert.deepEqual([now.displayName, now.replyEmail, now.activation], ['News', 'reply@confirm.example.test', true]);
      assert.equal(await ok('PATCH', `/inbox/v1/senders/${created.id}`, { DisplayName: 'Weekly' }), true);
      now = await ok('GET', `/inbox/v1/senders/${created.id}`);
      assert.deepEqual([now.displayName, now.replyEmail, now.fullName], ['Weekly', 'reply@confirm.example.test', 'Weekly <news@confirm.example.test>']);

      assert.equal(await ok('DELETE', `/inbox/v1/senders/${created.id}`), true);
      expectEnvelope(await call('GET', `/inbox/v1/senders/${created.id}`), 404);
      expectEnvelope(await call('DELETE', `/inbox/v1/senders/${created.id}`), 404);
    });

    it('spf, dkim, dmarc follow the last check of the sending domain; a verified domain activates its addresses', async () => {
      const domain = await ok('POST', '/notify/v1/domains', { name: 'checked.example.test' }, 201);
      for (const record of domain.records.filter((r: any) => r.purpose === 'dkim' || r.purpose === 'spf')) dns.set(record.name, { txt: [record.value] });
      const sender = await ok(
        'POST',
        '/inbox/v1/senders',
        { DisplayName: 'Shop', Email: 'offers@mail.checked.example.test', ReplyEmail: 'shop@checked.example.test' },
        201,
      );
      assert.deepEqual([sender.spf, sender.dkim, sender.dmarc, sender.activation], [false, false, false, false], 'never checked');
      await ok('POST', `/notify/v1/domains/${domain.id}/verify`);
      let now = await ok('GET', `/inbox/v1/senders/${sender.id}`);
      assert.deepEqual([now.spf, now.dkim, now.dmarc, now.activation], [true, true, false, true]);
      const dmarc = domain.records.find((r: any) => r.purpose === 'dmarc');
      dns.set(dmarc.name, { txt: [dmarc.value] });
      await ok('POST', `/notify/v1/domains/${domain.id}/verify`);
      now = (await ok('GET', '/inbox/v1/senders')).items.find((s: any) => s.id === sender.id);
      assert.deepEqual([now.spf, now.dkim, now.dmarc, now.activation], [true, true, true, true]);
    });

    it('bad bodies: 400 naming the field', async () => {
      assert.deepEqual(errorFields(expectEnvelope(await call('POST', '/inbox/v1/senders', {}), 400)).sort(), ['DisplayName', 'Email', 'ReplyEmail']);
      assert.deepEqual(
        errorFields(expectEnvelope(await call('POST', '/inbox/v1/senders', { DisplayName: 'x', Email: 'nope', ReplyEmail: 'r@example.test' }), 400)),
        ['Email'],
      );
      assert.deepEqual(
        errorFields(
          expectEnvelope(await call('POST', '/inbox/v1/senders', { DisplayName: 'a\r\nb', Email: 'e@example.test', ReplyEmail: 'r@example.test' }), 400),
        ),
        ['DisplayName'],
      );
    });

    it("another account's sender is not found and not listed; keys need the marketing scope", async () => {
      const theirs = await ok(
        'POST',
        '/inbox/v1/senders',
        { DisplayName: 'B', Email: 'b-news@elsewhere.example.test', ReplyEmail: 'b@elsewhere.example.test' },
        201,
        b,
      );
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
        const body =
          method === 'PUT'
            ? { DisplayName: 'x', Email: 'x@example.test', ReplyEmail: 'x@example.test' }
            : method === 'PATCH'
              ? { DisplayName: 'x' }
              : undefined;
        expectEnvelope(await call(method, `/inbox/v1/senders/${theirs.id}`, body), 404);
      }
      assert.ok(!JSON.stringify(await ok('GET', '/inbox/v1/senders')).includes(theirs.id));
      assert.equal((await ok('GET', `/inbox/v1/senders/${theirs.id}`, undefined, 200, b)).displayName, 'B');

      const key = (await createApiKey(app, a.token, ['marketing'])).key;
      const sendKey = (await createApiKey(app, a.token, ['send', 'read'])).key;
      expectEnvelope(await app.request({ method: 'GET', url: '/inbox/v1/senders', headers: { 'x-api-key': key } }), 200);
      expectEnvelope(await app.request({ method: 'GET', url: '/inbox/v1/senders', headers: { authorization: `Bearer ${key}` } }), 200);
      expectEnvelope(await app.request({ method: 'GET', url: '/inbox/v1/senders', headers: { 'x-api-key': sendKey } }), 403);
    });
  });
}

/**
 * Sender verification as a client sees it, with REQUIRE_VERIFIED_SENDERS=true: an
 * unverified sender is refused at send time (400 saying what to do); creating a sender
 * mails a confirmation link to its address (delivered through the queue to a real SMTP
 * server); following the link (public, single use, expiring) confirms it, and then it
 * can send. A domain verified against a real DNS server on 127.0.0.1 makes its
 * addresses usable without confirmation. Without the setting, nothing is required.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { messagesTo, startSmtpSink, type ReceivedMessage, type SmtpSink } from '../helpers/smtp-sink.js';

const BASE_URL = 'https://postwire.example.test';
const BOUNCE_DOMAIN = 'bounces.example.test';
const LINK = /https:\/\/postwire\.example\.test(\/notify\/v1\/senders\/confirm\?token=[A-Za-z0-9_-]+)/;

function expectFieldError(response: TestResponse, field: string): string {
  const body = expectEnvelope(response, 400);
  assert.deepEqual(errorFields(body), [field], response.text);
  return body.resultObject.errors[0].message;
}

for (const dialect of DIALECTS) {
  describe(`sender verification required [${dialect}]`, () => {
    let app: TestApp;
    let dns: TestDnsServer;
    let sink: SmtpSink;

    const createSender = async (account: TestAccount, email: string) =>
      expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/senders', token: account.token, body: { email, displayName: 'Billing' } }), 201)
        .resultObject;
    const getSender = async (account: TestAccount, id: string) =>
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/senders/${id}`, token: account.token }), 200).resultObject;
    const requestConfirmation = (account: TestAccount, id: string) =>
      app.request({ method: 'POST', url: `/notify/v1/senders/${id}/confirmation`, token: account.token });
    const send = (account: TestAccount, from: string, to = 'customer@example.net') =>
      app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: { from: { name: 'Shop', email: from }, to: [{ email: to }], subject: 'Receipt', htmlContent: '<p>Thanks</p>' },
      });
    /** The link path (what a click requests) is public: no token. */
    const follow = (path: string) => app.request({ method: 'GET', url: path });

    /** Waits for the `n`th confirmation message to `address` to reach the SMTP server; returns it parsed and its link path. */
    async function confirmationMail(
      address: string,
      n = 1,
    ): Promise<{ received: ReceivedMessage; path: string; text: string; html: string; subject: string; from: string }> {
      const received = await eventually(async () => messagesTo(sink, address)[n - 1], 20_000, `confirmation message #${n} to ${address}`);
      const parsed = await simpleParser(received.raw);
      const text = parsed.text ?? '';
      const html = typeof parsed.html === 'string' ? parsed.html : '';
      const path = LINK.exec(text)?.[1];
      assert.ok(path, `the text part carries the link: ${text}`);
      return { received, path, text, html, subject: parsed.subject ?? '', from: parsed.from?.value[0]?.address ?? '' };
    }

    before(async () => {
      dns = await startDnsServer();
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          requireVerifiedSenders: true,
          baseUrl: BASE_URL,
          bounceDomain: BOUNCE_DOMAIN,
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          dnsResolver: dns.address,
          spfMechanism: 'ip4:127.0.0.1',
        },
      });
    });
    after(async () => {
      await app?.close();
      await sink?.close();
      await dns?.close();
    });

    it('an unverified sender is refused at send time with a 400 that says what to do; nothing is queued', async () => {
      const account = await app.signUp();
      const owner = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders', token: account.token }), 200).resultObject.items[0];
      assert.equal(owner.verified, false);
      assert.equal(owner.verifiedBy, null);
      const message = expectFieldError(await send(account, account.email), 'from.email');
      assert.match(message, /not a verified sender/);
      assert.match(message, new RegExp(`POST /notify/v1/senders/${owner.id}/confirmation`));
      assert.match(message, /POST \/notify\/v1\/domains/);
      const log = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject;
      assert.equal(log.totalCount, 0);
    });

    it('creating a sender mails a confirmation link; following it confirms the sender, which can then send', async () => {
      const account = await app.signUp();
      const sender = await createSender(account, 'billing@confirm-me.example.test');
      assert.equal(sender.verified, false);
      assert.equal(sender.verifiedBy, null);
      expectFieldError(await send(account, 'billing@confirm-me.example.test'), 'from.email');

      const mail = await confirmationMail('billing@confirm-me.example.test');
      assert.equal(mail.from, `postwire@${BOUNCE_DOMAIN}`, 'SYSTEM_FROM defaults to postwire@BOUNCE_DOMAIN');
      assert.equal(mail.subject, 'Confirm billing@confirm-me.example.test as a sender');
      assert.ok(mail.html.includes(`href="${BASE_URL}${mail.path}"`), `the HTML part links to the same address: ${mail.html}`);
      // It went through the queue like any message of the account, and is in its log.
      const log = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject;
      assert.deepEqual(
        log.items.map((m: any) => [m.from.email, m.recipients[0].email]),
        [[`postwire@${BOUNCE_DOMAIN}`, 'billing@confirm-me.example.test']],
      );

      const confirmed = expectEnvelope(await follow(mail.path), 200);
      assert.deepEqual(confirmed.resultObject, { email: 'billing@confirm-me.example.test', verified: true });
      assert.match(confirmed.resultMessage, /is confirmed/);
      const after = await getSender(account, sender.id);
      assert.equal(after.verified, true);
      assert.equal(after.verifiedBy, 'address');

      const sent = expectEnvelope(await send(account, 'billing@confirm-me.example.test', 'paid@example.net'), 200).resultObject;
      assert.equal((await outcomeOf(app, account, sent, 'paid@example.net')).state, 'delivered');
      // Confirmed: nothing more to confirm.
      const again = expectEnvelope(await requestConfirmation(account, sender.id), 409);
      assert.match(again.resultMessage, /already verified \(its address is confirmed\)/);
    });

    it('a link works once; a used, made-up or empty token is 400', async () => {
      const account = await app.signUp();
      await createSender(account, 'once@confirm-me.example.test');
      const { path } = await confirmationMail('once@confirm-me.example.test');
      expectEnvelope(await follow(path), 200);
      assert.match(expectFieldError(await follow(path), 'token'), /not valid: it was already used/);
      expectFieldError(await follow('/notify/v1/senders/confirm?token=made-up'), 'token');
      expectFieldError(await follow('/notify/v1/senders/confirm?token='), 'token');
      expectFieldError(await follow('/notify/v1/senders/confirm'), 'token');
    });

    it('a browser following the link gets a page, not JSON: confirmed, then (used) why not, with the same statuses', async () => {
      const account = await app.signUp();
      const sender = await createSender(account, 'page@confirm-me.example.test');
      const { path } = await confirmationMail('page@confirm-me.example.test');
      // What Chromium sends for a link clicked in a mail client.
      const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' };
      const page = await app.request({ method: 'GET', url: path, headers: browser });
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
      assert.match(page.text, /<h1>Address confirmed<\/h1>/);
      assert.match(page.text, /page@confirm-me\.example\.test is confirmed; it can now be used as the from address\./);
      assert.equal((await getSender(account, sender.id)).verified, true);

      const used = await app.request({ method: 'GET', url: path, headers: browser });
      assert.equal(used.status, 400);
      assert.match(String(used.headers['content-type']), /^text\/html/);
      assert.match(used.text, /This link cannot confirm the address/);
      assert.match(used.text, /already used/);
      // An API client (curl's */*, or JSON asked for) still gets the envelope.
      assert.match(expectFieldError(await app.request({ method: 'GET', url: path, headers: { accept: '*/*' } }), 'token'), /already used/);
    });

    it('an expired link is 400; a new one (POST …/confirmation) replaces the old and works', async () => {
      const account = await app.signUp();
      const sender = await createSender(account, 'late@confirm-me.example.test');
      const first = await confirmationMail('late@confirm-me.example.test');
      // Time passes beyond SENDER_CONFIRMATION_TTL_SECONDS: moved in the database rather than waited for.
      await app.runtime.services.handle.db
        .updateTable('senders')
        .set({ confirmation_expires_at: Date.now() - 1000 })
        .where('id', '=', sender.id)
        .execute();
      assert.match(expectFieldError(await follow(first.path), 'token'), /expired/);
      assert.equal((await getSender(account, sender.id)).verified, false);

      const resent = expectEnvelope(await requestConfirmation(account, sender.id), 200);
      assert.equal(resent.resultObject.id, sender.id);
      assert.match(resent.resultMessage, /confirmation message was queued for late@confirm-me\.example\.test/);
      const second = await confirmationMail('late@confirm-me.example.test', 2);
      assert.notEqual(second.path, first.path);
      expectFieldError(await follow(first.path), 'token');
      expectEnvelope(await follow(second.path), 200);
      assert.equal((await getSender(account, sender.id)).verifiedBy, 'address');
    });

    it('asking for a new link makes the previous one invalid', async () => {
      const account = await app.signUp();
      const sender = await createSender(account, 'twice@confirm-me.example.test');
      const first = await confirmationMail('twice@confirm-me.example.test');
      expectEnvelope(await requestConfirmation(account, sender.id), 200);
      const second = await confirmationMail('twice@confirm-me.example.test', 2);
      expectFieldError(await follow(first.path), 'token');
      expectEnvelope(await follow(second.path), 200);
    });

    it("another account cannot ask for a sender's confirmation (404)", async () => {
      const owner = await app.signUp();
      const stranger = await app.signUp();
      const sender = await createSender(owner, 'mine@confirm-me.example.test');
      expectEnvelope(await requestConfirmation(stranger, sender.id), 404);
      expectEnvelope(await requestConfirmation(owner, 'not-an-id'), 404);
    });

    it("changing a confirmed sender's address makes it unverified and mails the new address", async () => {
      const account = await app.signUp();
      const sender = await createSender(account, 'old@confirm-me.example.test');
      expectEnvelope(await follow((await confirmationMail('old@confirm-me.example.test')).path), 200);
      expectEnvelope(
        await app.request({ method: 'PATCH', url: `/notify/v1/senders/${sender.id}`, token: account.token, body: { email: 'new@confirm-me.example.test' } }),
        200,
      );
      const changed = await getSender(account, sender.id);
      assert.deepEqual([changed.email, changed.verified], ['new@confirm-me.example.test', false]);
      expectFieldError(await send(account, 'new@confirm-me.example.test'), 'from.email');
      expectEnvelope(await follow((await confirmationMail('new@confirm-me.example.test')).path), 200);
      expectEnvelope(await send(account, 'new@confirm-me.example.test'), 200);
    });

    it("a verified domain makes its senders (and its subdomains') usable without confirmation", async () => {
      const account = await app.signUp();
      const domain = expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/domains', token: account.token, body: { name: 'verified-shop.example.test' } }),
        201,
      ).resultObject;
      for (const record of domain.records.filter((r: any) => r.type === 'TXT')) dns.set(record.name, { txt: [record.value] });
      const verified = expectEnvelope(
        await app.request({ method: 'POST', url: `/notify/v1/domains/${domain.id}/verify`, token: account.token }),
        200,
      ).resultObject;
      assert.equal(verified.verified, true);

      const sender = await createSender(account, 'orders@verified-shop.example.test');
      assert.deepEqual([sender.verified, sender.verifiedBy], [true, 'domain']);
      const sub = await createSender(account, 'news@mail.verified-shop.example.test');
      assert.deepEqual([sub.verified, sub.verifiedBy], [true, 'domain']);
      // No confirmation message was queued for them (it would be in the log, committed with the sender).
      const log = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject;
      assert.equal(log.totalCount, 0);
      const sent = expectEnvelope(await send(account, 'orders@verified-shop.example.test', 'buyer@example.net'), 200).resultObject;
      assert.equal((await outcomeOf(app, account, sent, 'buyer@example.net')).state, 'delivered');
      expectEnvelope(await send(account, 'news@mail.verified-shop.example.test'), 200);
      assert.match(expectEnvelope(await requestConfirmation(account, sender.id), 409).resultMessage, /its domain is verified/);

      // Another account's verified domain covers nobody else's senders.
      const other = await app.signUp();
      const foreign = await createSender(other, 'orders@verified-shop.example.test');
      assert.equal(foreign.verified, false);
      expectFieldError(await send(other, 'orders@verified-shop.example.test'), 'from.email');

      // Un-verified (its DKIM record gone), the domain covers its senders no more.
      dns.set(domain.records.find((r: any) => r.purpose === 'dkim').name, {});
      assert.equal(
        expectEnvelope(await app.request({ method: 'POST', url: `/notify/v1/domains/${domain.id}/verify`, token: account.token }), 200).resultObject.verified,
        false,
      );
      assert.equal((await getSender(account, sender.id)).verified, false);
      expectFieldError(await send(account, 'orders@verified-shop.example.test'), 'from.email');
    });

    it('the confirmation routes are in the OpenAPI document, the link route without security', async () => {
      const doc = JSON.parse((await app.request({ method: 'GET', url: '/docs/json' })).text);
      assert.deepEqual(Object.keys(doc.paths['/notify/v1/senders/{id}/confirmation'] ?? {}), ['post']);
      const confirm = doc.paths['/notify/v1/senders/confirm']?.get;
      assert.equal(typeof confirm?.summary, 'string', 'GET /notify/v1/senders/confirm is documented');
      assert.equal(confirm.security, undefined);
    });
  });

  describe(`sender verification not required (the default) [${dialect}]`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(dialect);
    });
    after(() => app?.close());

    it('an unconfirmed sender can send, and creating one mails nothing', async () => {
      const account = await app.signUp();
      const created = expectEnvelope(
        await app.request({ method: 'POST', url: '/notify/v1/senders', token: account.token, body: { email: 'free@example.test' } }),
        201,
      ).resultObject;
      assert.deepEqual([created.verified, created.verifiedBy], [false, null]);
      expectEnvelope(
        await app.request({
          method: 'POST',
          url: '/notify/v1/send',
          token: account.token,
          body: { from: { email: 'free@example.test' }, to: [{ email: 'someone@example.net' }], subject: 'Hi', htmlContent: '<p>Hi</p>' },
        }),
        200,
      );
      const log = expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/messages', token: account.token }), 200).resultObject;
      assert.deepEqual(
        log.items.map((m: any) => m.from.email),
        ['free@example.test'],
        'only the message sent, no confirmation',
      );
    });
  });
}

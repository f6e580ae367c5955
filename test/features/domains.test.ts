/**
 * Sending domains as a client sees them: POST/GET/DELETE /notify/v1/domains with the
 * generated DKIM key and the records to publish, POST /notify/v1/domains/{id}/verify
 * against a real DNS server on 127.0.0.1 (records missing, wrong, right), and mail from
 * a verified domain delivered to a real SMTP server, signed with the domain's own key:
 * an independent verifier (mailauth) checks it against the key the DNS server serves.
 */
import { propertyOf } from '../helpers/openapi.js';
import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { authenticate } from 'mailauth';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { outcomeOf } from '../helpers/delivery-api.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DOMAIN_KEYS = [
  'createTime',
  'createUserId',
  'customerId',
  'id',
  'isDeleted',
  'lastCheckTime',
  'name',
  'records',
  'selector',
  'updateTime',
  'updateUserId',
  'verified',
  'verifiedTime',
];
const SPF_MECHANISM = 'include:_spf.postwire.example.test';
const BOUNCE_DOMAIN = 'bounces.postwire.example.test';
const MAIL_HOST = 'mx.postwire.example.test';

interface DnsRecordView {
  purpose: 'dkim' | 'spf' | 'dmarc' | 'return_path';
  type: string;
  name: string;
  value: string;
  required: boolean;
  status: string;
  found: string[];
}

function recordOf(domain: { records: DnsRecordView[] }, purpose: DnsRecordView['purpose']): DnsRecordView {
  const record = domain.records.find((r) => r.purpose === purpose);
  assert.ok(record, `the domain lists a ${purpose} record`);
  return record;
}

function expectFieldError(response: TestResponse, field: string): string {
  const body = expectEnvelope(response, 400);
  assert.deepEqual(errorFields(body), [field], response.text);
  return body.resultObject.errors[0].message;
}

for (const dialect of DIALECTS) {
  describe(`sending domains [${dialect}]`, () => {
    let app: TestApp;
    let dns: TestDnsServer;
    let sink: SmtpSink;
    let a: TestAccount;
    let b: TestAccount;

    const url = (id = '', action = '') => `/notify/v1/domains${id ? `/${id}` : ''}${action ? `/${action}` : ''}`;
    const create = (account: TestAccount, body: unknown) => app.request({ method: 'POST', url: url(), token: account.token, body });
    const createOk = async (account: TestAccount, name: string, extra: object = {}) =>
      expectEnvelope(await create(account, { name, ...extra }), 201).resultObject;
    const verify = (account: TestAccount, id: string) => app.request({ method: 'POST', url: url(id, 'verify'), token: account.token });
    const verifyOk = async (account: TestAccount, id: string) => expectEnvelope(await verify(account, id), 200).resultObject;

    /** Publishes exactly what the API said to publish. */
    function publish(domain: { records: DnsRecordView[] }, purposes: DnsRecordView['purpose'][] = ['dkim', 'spf', 'dmarc']): void {
      for (const purpose of purposes) {
        const record = recordOf(domain, purpose);
        dns.set(
          record.name,
          record.type === 'MX' ? { mx: [{ priority: Number(record.value.split(' ')[0]), exchange: record.value.split(' ')[1]! }] } : { txt: [record.value] },
        );
      }
    }

    before(async () => {
      dns = await startDnsServer();
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          dnsResolver: dns.address,
          spfMechanism: SPF_MECHANISM,
          bounceDomain: BOUNCE_DOMAIN,
          heloName: MAIL_HOST,
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

    it('requires a Bearer token on every operation', async () => {
      const someId = '0193a5b2c4d1e2f3a4b5c6d7';
      expectEnvelope(await app.request({ method: 'GET', url: url() }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: url(), body: { name: 'example.com' } }), 401);
      expectEnvelope(await app.request({ method: 'GET', url: url(someId) }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: url(someId, 'verify') }), 401);
      expectEnvelope(await app.request({ method: 'DELETE', url: url(someId) }), 401);
    });

    it('POST creates a domain (201) with a fresh RSA-2048 DKIM key and the records to publish, all unchecked', async () => {
      const response = await create(a, { name: '  Mail.Example.TEST. ' });
      const body = expectEnvelope(response, 201);
      const domain = body.resultObject;
      assert.deepEqual(Object.keys(domain).sort(), DOMAIN_KEYS);
      assert.match(domain.id, ID);
      assert.match(domain.createTime, ISO_MS);
      assert.equal(domain.customerId, a.accountId);
      assert.equal(domain.createUserId, a.userId);
      assert.equal(domain.isDeleted, false);
      assert.equal(domain.name, 'mail.example.test', 'lowercased, without spaces or the trailing dot');
      assert.equal(domain.selector, 'postwire', 'DKIM_SELECTOR by default');
      assert.equal(domain.verified, false);
      assert.equal(domain.verifiedTime, null);
      assert.equal(domain.lastCheckTime, null);

      const dkim = recordOf(domain, 'dkim');
      assert.deepEqual(
        { type: dkim.type, name: dkim.name, required: dkim.required, status: dkim.status, found: dkim.found },
        { type: 'TXT', name: 'postwire._domainkey.mail.example.test', required: true, status: 'unchecked', found: [] },
      );
      const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(dkim.value)?.[1];
      assert.ok(p, dkim.value);
      const publicKey = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
      assert.equal(publicKey.asymmetricKeyType, 'rsa');
      assert.equal(publicKey.asymmetricKeyDetails?.modulusLength, 2048);

      assert.deepEqual(recordOf(domain, 'spf'), {
        purpose: 'spf',
        type: 'TXT',
        name: 'mail.example.test',
        value: `v=spf1 ${SPF_MECHANISM} ~all`,
        required: true,
        status: 'unchecked',
        found: [],
      });
      assert.deepEqual(recordOf(domain, 'dmarc'), {
        purpose: 'dmarc',
        type: 'TXT',
        name: '_dmarc.mail.example.test',
        value: 'v=DMARC1; p=none',
        required: false,
        status: 'unchecked',
        found: [],
      });
      assert.deepEqual(recordOf(domain, 'return_path'), {
        purpose: 'return_path',
        type: 'MX',
        name: BOUNCE_DOMAIN,
        value: `10 ${MAIL_HOST}`,
        required: false,
        status: 'unchecked',
        found: [],
      });

      // The private key never leaves the server.
      assert.doesNotMatch(response.text, /PRIVATE KEY|privateKey|private_key/);
      const other = await createOk(a, 'other.example.test');
      assert.notEqual(recordOf(other, 'dkim').value, dkim.value, 'every domain gets its own key');
    });

    it('a selector can be chosen per domain', async () => {
      const domain = await createOk(a, 'selector.example.test', { selector: 'S2026' });
      assert.equal(domain.selector, 's2026');
      assert.equal(recordOf(domain, 'dkim').name, 's2026._domainkey.selector.example.test');
    });

    it("GET lists the account's domains newest first and reads one; another account sees none of them (404)", async () => {
      const account = await app.signUp();
      const first = await createOk(account, 'first.example.test');
      const second = await createOk(account, 'second.example.test');
      const listed = expectEnvelope(await app.request({ method: 'GET', url: url(), token: account.token }), 200).resultObject;
      assert.equal(listed.totalCount, 2);
      assert.equal(listed.displayCount, 2);
      assert.deepEqual(
        listed.items.map((d: any) => d.name),
        ['second.example.test', 'first.example.test'],
      );
      assert.deepEqual(listed.items[1], first);
      assert.deepEqual(expectEnvelope(await app.request({ method: 'GET', url: url(second.id), token: account.token }), 200).resultObject, second);
      assert.doesNotMatch(JSON.stringify(listed), /PRIVATE KEY/);

      const others = expectEnvelope(await app.request({ method: 'GET', url: url(), token: b.token }), 200).resultObject;
      assert.ok(!others.items.some((d: any) => d.id === first.id || d.id === second.id), 'another account lists none of them');
      expectEnvelope(await app.request({ method: 'GET', url: url(first.id), token: b.token }), 404);
      expectEnvelope(await verify(b, first.id), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: url(first.id), token: b.token }), 404);
      expectEnvelope(await app.request({ method: 'GET', url: url('not-an-id'), token: account.token }), 404);
      // Still there for its owner.
      expectEnvelope(await app.request({ method: 'GET', url: url(first.id), token: account.token }), 200);
    });

    it('DELETE removes a domain: it is no longer found or listed, and the name can be added again', async () => {
      const account = await app.signUp();
      const domain = await createOk(account, 'gone.example.test');
      assert.equal(expectEnvelope(await app.request({ method: 'DELETE', url: url(domain.id), token: account.token }), 200).resultObject, true);
      expectEnvelope(await app.request({ method: 'GET', url: url(domain.id), token: account.token }), 404);
      expectEnvelope(await app.request({ method: 'DELETE', url: url(domain.id), token: account.token }), 404);
      expectEnvelope(await verify(account, domain.id), 404);
      assert.equal(expectEnvelope(await app.request({ method: 'GET', url: url(), token: account.token }), 200).resultObject.totalCount, 0);
      const again = await createOk(account, 'gone.example.test');
      assert.notEqual(recordOf(again, 'dkim').value, recordOf(domain, 'dkim').value, 'a new key, not the deleted one');
      // The deleted domain's private key is erased, not just hidden.
      const row = await app.runtime.services.handle.db.selectFrom('domains').select('private_key').where('id', '=', domain.id).executeTakeFirstOrThrow();
      assert.equal(row.private_key, null);
    });

    it('a name that is already a domain of the account is 409, whatever its case; another account may add it', async () => {
      const account = await app.signUp();
      await createOk(account, 'twice.example.test');
      const body = expectEnvelope(await create(account, { name: 'TWICE.example.test' }), 409);
      assert.match(body.resultMessage, /twice\.example\.test already exists/);
      await createOk(b, 'twice.example.test');
    });

    it('bad names and selectors are 400 naming the field and saying why', async () => {
      expectFieldError(await create(a, {}), 'name');
      expectFieldError(await create(a, { name: 42 }), 'name');
      expectFieldError(await create(a, { name: '' }), 'name');
      assert.match(expectFieldError(await create(a, { name: 'localhost' }), 'name'), /at least two labels/);
      assert.match(expectFieldError(await create(a, { name: '203.0.113.7' }), 'name'), /not an IP address/);
      for (const name of [
        'exa mple.com',
        '-bad.example.com',
        'bad-.example.com',
        'a..example.com',
        `${'a'.repeat(64)}.example.com`,
        'ex_ample.com',
        'shop@example.com',
        'example.com\r\nX: y',
      ]) {
        expectFieldError(await create(a, { name }), 'name');
      }
      expectFieldError(await create(a, { name: 'x'.repeat(254) }), 'name');
      expectFieldError(await create(a, { name: 'fine.example.test', selector: 'has space' }), 'selector');
      expectFieldError(await create(a, { name: 'fine.example.test', selector: 'under_score' }), 'selector');
      expectFieldError(await create(a, { name: 'fine.example.test', selector: 7 }), 'selector');
      // Nothing was created by the refused requests.
      expectEnvelope(await create(a, { name: 'fine.example.test' }), 201);
    });

    it('verify reports each record as missing, wrong (with what was found) or found, and verifies on DKIM + SPF', async () => {
      const account = await app.signUp();
      const domain = await createOk(account, 'checked.example.test');
      const dkim = recordOf(domain, 'dkim');
      const spf = recordOf(domain, 'spf');
      const dmarc = recordOf(domain, 'dmarc');

      // Nothing published yet: the names do not exist.
      const none = expectEnvelope(await verify(account, domain.id), 200);
      assert.match(none.resultMessage, /not verified/);
      assert.equal(none.resultObject.verified, false);
      assert.match(none.resultObject.lastCheckTime, ISO_MS);
      for (const purpose of ['dkim', 'spf', 'dmarc', 'return_path'] as const) {
        assert.deepEqual([purpose, recordOf(none.resultObject, purpose).status, recordOf(none.resultObject, purpose).found], [purpose, 'missing', []]);
      }

      // Wrong: another key, an SPF record that does not authorise us, something that is not DMARC.
      const staleKey = 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAstale';
      dns.set(dkim.name, { txt: [staleKey] });
      dns.set(spf.name, { txt: ['google-site-verification=abc', 'v=spf1 mx -all'] });
      dns.set(dmarc.name, { txt: ['hello'] });
      dns.set(BOUNCE_DOMAIN, { mx: [{ priority: 10, exchange: 'elsewhere.example.net' }] });
      const wrong = await verifyOk(account, domain.id);
      assert.equal(wrong.verified, false);
      assert.deepEqual(recordOf(wrong, 'dkim').found, [staleKey]);
      assert.equal(recordOf(wrong, 'dkim').status, 'wrong');
      assert.deepEqual([recordOf(wrong, 'spf').status, recordOf(wrong, 'spf').found], ['wrong', ['v=spf1 mx -all']], 'only SPF strings are shown');
      assert.deepEqual([recordOf(wrong, 'dmarc').status, recordOf(wrong, 'dmarc').found], ['wrong', ['hello']]);
      assert.deepEqual([recordOf(wrong, 'return_path').status, recordOf(wrong, 'return_path').found], ['wrong', ['10 elsewhere.example.net']]);

      // Right: the DKIM key as given (long: split into 255-byte strings by the server), our
      // mechanism inside an existing SPF record, the owner's own DMARC policy.
      dns.set(dkim.name, { txt: [dkim.value] });
      dns.set(spf.name, { txt: ['google-site-verification=abc', `v=spf1 mx ${SPF_MECHANISM} -all`] });
      dns.set(dmarc.name, { txt: ['v=DMARC1; p=reject; rua=mailto:dmarc@checked.example.test'] });
      dns.set(BOUNCE_DOMAIN, { mx: [{ priority: 10, exchange: MAIL_HOST }] });
      const right = expectEnvelope(await verify(account, domain.id), 200);
      assert.equal(right.resultMessage, 'The domain is verified.');
      const verified = right.resultObject;
      assert.equal(verified.verified, true);
      assert.match(verified.verifiedTime, ISO_MS);
      for (const purpose of ['dkim', 'spf', 'dmarc', 'return_path'] as const) assert.equal(recordOf(verified, purpose).status, 'found', purpose);
      assert.deepEqual(recordOf(verified, 'dkim').found, [dkim.value]);
      assert.deepEqual(
        expectEnvelope(await app.request({ method: 'GET', url: url(domain.id), token: account.token }), 200).resultObject,
        verified,
        'the result is kept',
      );

      // Two SPF records are an error for receivers, even if one of them is right.
      dns.set(spf.name, { txt: [`v=spf1 ${SPF_MECHANISM} ~all`, 'v=spf1 mx -all'] });
      const doubled = await verifyOk(account, domain.id);
      assert.equal(recordOf(doubled, 'spf').status, 'wrong');
      assert.equal(doubled.verified, false, 'a required record gone wrong un-verifies the domain');

      // DMARC is only suggested: without it the domain is still verified.
      dns.set(spf.name, { txt: [spf.value] });
      dns.set(dmarc.name, {});
      const withoutDmarc = await verifyOk(account, domain.id);
      assert.equal(recordOf(withoutDmarc, 'dmarc').status, 'missing');
      assert.equal(withoutDmarc.verified, true);
    });

    it('a DNS server that fails to answer is 503 and changes nothing', async () => {
      const account = await app.signUp();
      const domain = await createOk(account, 'flaky.example.test');
      publish(domain);
      const verified = await verifyOk(account, domain.id);
      assert.equal(verified.verified, true);
      dns.set(recordOf(domain, 'dkim').name, { rcode: 'SERVFAIL' });
      const body = expectEnvelope(await verify(account, domain.id), 503);
      assert.match(body.resultMessage, /DNS server did not answer for postwire\._domainkey\.flaky\.example\.test/);
      assert.deepEqual(expectEnvelope(await app.request({ method: 'GET', url: url(domain.id), token: account.token }), 200).resultObject, verified);
    });

    describe("DKIM signing with the domain's key", () => {
      async function deliver(account: TestAccount, from: string, to: string) {
        const sent = expectEnvelope(
          await app.request({
            method: 'POST',
            url: '/notify/v1/send',
            token: account.token,
            body: { from: { name: 'Shop', email: from }, to: [{ email: to }], subject: 'Your receipt', htmlContent: '<p>Thank you for your order.</p>' },
          }),
          200,
        ).resultObject;
        assert.equal((await outcomeOf(app, account, sent, to)).state, 'delivered');
        const [received] = messagesTo(sink, to);
        assert.ok(received, 'the relay received it');
        return received;
      }

      async function dkimResults(raw: Buffer, mailFrom: string) {
        const { dkim } = await authenticate(raw, {
          ip: '127.0.0.1',
          helo: MAIL_HOST,
          mta: 'mx.example.net',
          sender: mailFrom,
          resolver: dns.resolve,
          disableArc: true,
          disableDmarc: true,
          disableBimi: true,
        });
        return dkim.results;
      }

      const addSender = async (account: TestAccount, email: string) =>
        expectEnvelope(await app.request({ method: 'POST', url: '/notify/v1/senders', token: account.token, body: { email } }), 201);

      it('mail from a verified domain (and its subdomains) is signed d=<domain>, s=<selector>, and verifies against the published key', async () => {
        const account = await app.signUp();
        const domain = await createOk(account, 'signed-shop.example.test', { selector: 'pw1' });
        publish(domain);
        assert.equal((await verifyOk(account, domain.id)).verified, true);
        await addSender(account, 'orders@signed-shop.example.test');
        await addSender(account, 'news@mail.signed-shop.example.test');

        const received = await deliver(account, 'orders@signed-shop.example.test', 'ann@example.net');
        assert.match(received.raw.toString('utf8'), /^DKIM-Signature: (.|\r\n )*\bd=signed-shop\.example\.test;/m);
        const [result] = await dkimResults(received.raw, received.mailFrom);
        assert.equal(result!.status.result, 'pass', result!.info);
        assert.equal(result!.signingDomain, 'signed-shop.example.test');
        assert.equal(result!.selector, 'pw1');
        assert.equal(result!.status.aligned, 'signed-shop.example.test', 'd= matches the From domain');

        const fromSubdomain = await deliver(account, 'news@mail.signed-shop.example.test', 'bob@example.net');
        const [sub] = await dkimResults(fromSubdomain.raw, fromSubdomain.mailFrom);
        assert.equal(sub!.status.result, 'pass', sub!.info);
        assert.equal(sub!.signingDomain, 'signed-shop.example.test');
      });

      it("an unverified domain's key, or another account's verified domain, signs nothing", async () => {
        const owner = await app.signUp();
        const domain = await createOk(owner, 'owned.example.test');
        publish(domain);
        assert.equal((await verifyOk(owner, domain.id)).verified, true);
        // Another account adds the same domain but cannot verify it (its key is not published).
        const other = await app.signUp();
        const claimed = await createOk(other, 'owned.example.test');
        assert.equal((await verifyOk(other, claimed.id)).verified, false);
        await addSender(other, 'fake@owned.example.test');
        const received = await deliver(other, 'fake@owned.example.test', 'cid@example.net');
        assert.doesNotMatch(received.raw.toString('utf8'), /^DKIM-Signature:/im);
      });

      it('a deleted domain no longer signs, nor is its key kept where it was fixed for campaign copies', async () => {
        const account = await app.signUp();
        const domain = await createOk(account, 'deleted-signer.example.test');
        publish(domain);
        assert.equal((await verifyOk(account, domain.id)).verified, true);
        await addSender(account, 'hello@deleted-signer.example.test');
        const db = app.runtime.services.handle.db;
        const { private_key: privateKey } = await db.selectFrom('domains').select('private_key').where('id', '=', domain.id).executeTakeFirstOrThrow();
        const fixed = (contentId: string, key: string) => ({
          content_id: contentId,
          from_domain: 'deleted-signer.example.test',
          day: 20_000,
          key_domain: 'deleted-signer.example.test',
          selector: 'postwire',
          private_key: key,
          created_at: Date.now(),
        });
        await db
          .insertInto('content_signing_keys')
          .values([fixed(`its-${domain.id}`, privateKey!), fixed(`other-${domain.id}`, '-----BEGIN PRIVATE KEY----- another')])
          .execute();
        expectEnvelope(await app.request({ method: 'DELETE', url: url(domain.id), token: account.token }), 200);
        const left = await db.selectFrom('content_signing_keys').select('content_id').where('content_id', 'like', `%-${domain.id}`).execute();
        assert.deepEqual(
          left.map((k) => k.content_id),
          [`other-${domain.id}`],
        );
        const received = await deliver(account, 'hello@deleted-signer.example.test', 'dee@example.net');
        assert.doesNotMatch(received.raw.toString('utf8'), /^DKIM-Signature:/im);
      });
    });

    it('every domain route is in the OpenAPI document', async () => {
      const doc = JSON.parse((await app.request({ method: 'GET', url: '/docs/json' })).text);
      const operations = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
      assert.deepEqual(operations('/notify/v1/domains'), ['get', 'post']);
      assert.deepEqual(operations('/notify/v1/domains/{id}'), ['delete', 'get']);
      assert.deepEqual(operations('/notify/v1/domains/{id}/verify'), ['post']);
      const create = doc.paths['/notify/v1/domains'].post;
      assert.equal(propertyOf(doc, create.requestBody.content['application/json'].schema, 'name').example, 'example.com');
      assert.match(create.description, /DNS records to publish/);
    });
  });
}

/**
 * Content stored once (migration 0031): a campaign copy keeps only its values, and no
 * composition is stored whole, only its DKIM-Signature field. What a user sees must not
 * change: `GET …/raw` is byte for byte what the relay (a real SMTP server here) received,
 * for a transactional send, a personalised send and a campaign copy; a retry after a 4xx
 * sends the bytes of the first attempt; and a copy composed again after the signing key
 * changed is still the copy first composed.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type ComposeRecipient, MessageComposer, type PersonalCopy } from '../../src/delivery/compose.js';
import { ContentSigningKeyPins } from '../../src/features/notify/domains/signing-keys.js';
import { systemClock } from '../../src/lib/clock.js';
import { createLogger, createRuntime } from '../../src/runtime.js';
import type { OutgoingMessage } from '../../src/delivery/delivery-store.js';
import { withRenderedContent } from '../../src/features/notify/messages/messages.content.js';
import { clearSharedContentsBefore } from '../../src/features/notify/messages/messages.delivery-store.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, rawOf, sendMessage } from '../helpers/delivery-api.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const DKIM_DOMAIN = 'example.com';

const rsaKey = (): string =>
  generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
    .privateKey;

/** A message as the delivery engine loads it, before any composition. */
const LETTER: OutgoingMessage = {
  id: 'msg1',
  account_id: 'acc1',
  from_email: `news@${DKIM_DOMAIN}`,
  from_name: 'News',
  subject: 'Hello',
  html_content: '<p>Hello</p>',
  text_content: null,
  reply_to: null,
  headers: null,
  attachments: null,
  message_id_header: `<msg1@${DKIM_DOMAIN}>`,
  created_at: 1_700_000_000_000,
  scheduled_at: null,
  recipient_count: 1,
  dkim_signature: null,
  mime: null,
  track_opens: null,
  track_clicks: null,
  list_unsubscribe: null,
};

for (const dialect of DIALECTS) {
  describe(`content stored once, bytes sent kept [${dialect}]`, () => {
    let app: TestApp;
    let sink: SmtpSink;
    let a: TestAccount;
    const ok = async (method: 'GET' | 'POST', url: string, body?: unknown, status = 200) =>
      expectEnvelope(await app.request({ method, url, token: a.token, body }), status).resultObject;

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: {
          transport: 'smtp',
          smtpUrl: sink.url,
          smtpTlsRejectUnauthorized: false,
          retryFirstDelayMs: 100,
          dkimDomain: DKIM_DOMAIN,
          dkimSelector: 'postwire',
          dkimPrivateKey: rsaKey(),
        },
      });
      app.runtime.jobRunner!.start();
      a = await app.signUp(`owner.${process.pid}@${DKIM_DOMAIN}`);
    });
    after(async () => {
      await app?.close();
      await sink?.close();
    });

    const db = () => app.runtime.services.handle.db;

    it('a transactional send: /raw is the delivered bytes; the row keeps the signature field, not the MIME', async () => {
      const sent = await sendMessage(app, a, ['ann@example.net'], { subject: 'Your receipt', html: '<p>Thank you for your order.</p>' });
      assert.equal((await outcomeOf(app, a, sent, 'ann@example.net')).state, 'delivered');
      const [received] = messagesTo(sink, 'ann@example.net');
      assert.ok(received);
      assert.match(received.raw.toString('utf8'), /^DKIM-Signature: /);
      assert.equal(await rawOf(app, a, sent.id), received.raw.toString('utf8'));
      const row = await db().selectFrom('messages').select(['mime', 'dkim_signature']).where('id', '=', sent.id).executeTakeFirstOrThrow();
      assert.equal(row.mime, null);
      assert.ok(row.dkim_signature && received.raw.toString('utf8').startsWith(row.dkim_signature));
    });

    it('a send with an attachment (built by nodemailer, signed there): /raw is the delivered bytes', async () => {
      const sent = await ok('POST', '/notify/v1/send', {
        from: { email: a.email },
        to: [{ email: 'files@example.net' }],
        subject: 'Your invoice',
        htmlContent: '<p>Attached.</p>',
        attachments: [{ filename: 'invoice.txt', content: Buffer.from('total: 12.00\n').toString('base64'), contentType: 'text/plain' }],
      });
      assert.equal((await outcomeOf(app, a, sent, 'files@example.net')).state, 'delivered');
      const [received] = messagesTo(sink, 'files@example.net');
      assert.ok(received);
      assert.match(received.raw.toString('utf8'), /^DKIM-Signature: /);
      assert.equal(await rawOf(app, a, sent.id), received.raw.toString('utf8'));
      const row = await db().selectFrom('messages').select(['mime', 'dkim_signature']).where('id', '=', sent.id).executeTakeFirstOrThrow();
      assert.equal(row.mime, null);
    });

    it('a personalised send: each recipient’s /raw is the bytes it received', async () => {
      const sent = await ok('POST', '/notify/v1/send', {
        from: { email: a.email },
        to: [
          { email: 'bob@example.net', params: { name: 'Bob' } },
          { email: 'cat@example.net', params: { name: 'Cat' } },
        ],
        subject: 'Hello {{ name }}',
        htmlContent: '<p>Dear {{ name }},</p>',
      });
      for (const r of sent.recipients as { id: string; email: string }[]) {
        assert.equal((await outcomeOf(app, a, sent, r.email)).state, 'delivered');
        const [received] = messagesTo(sink, r.email);
        assert.ok(received);
        const response = await app.request({ method: 'GET', url: `/notify/v1/messages/${sent.id}/raw?recipientId=${r.id}`, token: a.token });
        assert.equal(response.status, 200);
        assert.equal(response.text, received.raw.toString('utf8'));
      }
    });

    it('a retry after a 4xx sends the bytes /raw shows', async () => {
      const sent = await sendMessage(app, a, ['flaky@example.net'], { subject: 'Try again', html: '<p>Second time lucky.</p>' });
      const outcome = await outcomeOf(app, a, sent, 'flaky@example.net');
      const done =
        outcome.state === 'deferred'
          ? await eventually(
              async () => {
                const now = await outcomeOf(app, a, sent, 'flaky@example.net');
                return now.state === 'delivered' ? now : undefined;
              },
              20_000,
              'the retry',
            )
          : outcome;
      assert.equal(done.state, 'delivered');
      const received = messagesTo(sink, 'flaky@example.net');
      assert.equal(received.length, 1);
      assert.equal(await rawOf(app, a, sent.id), received[0]!.raw.toString('utf8'));
    });

    it('copies of many contents render in one call, though compiling some pushes others out of the cache meanwhile', async () => {
      const now = Date.now();
      const ids = Array.from({ length: 20 }, (_, i) => `cache-test-${dialect}-${String(i).padStart(2, '0')}`);
      await db()
        .insertInto('message_contents')
        .values(
          ids.map((id, i) => ({
            id,
            account_id: a.accountId,
            body: JSON.stringify({ kind: 'campaign', html: `<p>Letter ${i} for #email#</p>`, syntax: null, postalAddress: '1 Main St' }),
            created_at: now,
          })),
        )
        .execute();
      const values = JSON.stringify({ email: 'fay@example.net', values: {} });
      // The first sixteen are compiled and cached; the rows then ask for four new ones first,
      // whose compiling pushes the cached ones out before their rows are rendered.
      await withRenderedContent(
        db(),
        ids.slice(0, 16).map((id) => ({ html_content: '', content_id: id, content_values: values })),
      );
      const rows = [...ids.slice(16), ...ids.slice(0, 16)].map((id) => ({ html_content: '', content_id: id, content_values: values }));
      await withRenderedContent(db(), rows);
      assert.deepEqual(
        rows.map((r) => /<p>Letter (\d+) for /.exec(r.html_content)?.[1]),
        [...ids.slice(16), ...ids.slice(0, 16)].map((id) => String(ids.indexOf(id))),
      );
    });

    it('a campaign copy keeps its values, its content is stored once, and /raw is the copy delivered', async () => {
      const senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Readers' }, 201)).id;
      const emails = ['dan@example.net', 'eve@example.net'];
      for (const email of emails) await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email });
      const html = `<p>Hello #email#,</p><p>${'Our long autumn letter. '.repeat(400)}</p><a href="https://shop.example.com/autumn">see</a>`;
      const id: string = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'Autumn news', htmlContent: html, language: 'en', senderAccountId: senderId, listType: 2, lists: [listId] },
        201,
      );
      await eventually(async () => ((await ok('GET', `/inbox/v1/campaigns/${id}`)).delivered === 2 ? true : undefined), 20_000, 'two deliveries');
      for (const email of emails) {
        const [received] = messagesTo(sink, email);
        assert.ok(received, `${email} got the campaign`);
        const text = received.raw.toString('utf8');
        const messageId = /^X-Postwire-Message-Id: (\S+)/im.exec(text)![1]!;
        assert.equal(await rawOf(app, a, messageId), text);
        const detail = await ok('GET', `/notify/v1/messages/${messageId}`);
        assert.ok(detail.htmlContent.includes(`Hello ${email},`), 'the message shows its own HTML');
        const row = await db()
          .selectFrom('messages')
          .select(['html_content', 'content_id', 'content_values'])
          .where('id', '=', messageId)
          .executeTakeFirstOrThrow();
        assert.equal(row.html_content, '');
        assert.ok(row.content_values!.length < 200, 'the copy keeps its values, not its HTML');
      }
      const contents = await db().selectFrom('message_contents').select(['body']).where('account_id', '=', a.accountId).execute();
      assert.equal(contents.filter((c) => c.body.includes('Our long autumn letter')).length, 1, 'the content is stored once');

      // The key its copies were signed with is fixed for the content, once.
      const { content_id: contentId } = await db()
        .selectFrom('messages')
        .select(['content_id'])
        .where('id', '=', /^X-Postwire-Message-Id: (\S+)/im.exec(messagesTo(sink, emails[0]!)[0]!.raw.toString('utf8'))![1]!)
        .executeTakeFirstOrThrow();
      const fixed = await db().selectFrom('content_signing_keys').selectAll().where('content_id', '=', contentId!).execute();
      assert.deepEqual(
        fixed.map((k) => [k.from_domain, k.key_domain, k.selector, k.private_key === null]),
        [[DKIM_DOMAIN, DKIM_DOMAIN, 'postwire', false]],
      );

      // Retention's call: the bodies of messages before a time go, and the content with them.
      assert.ok((await clearSharedContentsBefore(db(), Date.now() + 1)) >= 1);
      const left = await db().selectFrom('message_contents').select(['body']).where('account_id', '=', a.accountId).execute();
      assert.equal(left.filter((c) => c.body.includes('Our long autumn letter')).length, 0);
      assert.equal((await db().selectFrom('content_signing_keys').selectAll().where('content_id', '=', contentId!).execute()).length, 0, 'its key went too');
    });

    it('bulk copies of one content, From domain and day are signed with the key the first fixed', async () => {
      const key = (selector: string) => ({ domain: DKIM_DOMAIN, selector, privateKey: rsaKey() });
      // Each composer with its own pins, as each process has: what they share is the database.
      const composerWith = (dkim: ReturnType<typeof key> | undefined) =>
        new MessageComposer(dkim, undefined, undefined, undefined, new ContentSigningKeyPins(db(), systemClock));
      const [before, after] = [composerWith(key('k1')), composerWith(key('k2'))];
      const morning = Date.UTC(2026, 10, 2, 9);
      const contentId = `content-${dialect}-${process.pid}`;
      const copy = (id: string, createdAt: number, content = contentId): [OutgoingMessage, ComposeRecipient[], PersonalCopy] => [
        { ...LETTER, id, created_at: createdAt, message_id_header: `<${id}@${DKIM_DOMAIN}>`, content_id: content },
        [{ email: `${id}@example.net`, name: '' }],
        { id: `r${id}`, content: JSON.stringify({ subject: 'Hi', html: `<p>Hi ${id}</p>`, text: null }), dkim_signature: null, mime: null },
      ];
      const selectorOf = (mime: string) => /^DKIM-Signature: [\s\S]*?\bs=([a-z0-9]+);/.exec(mime)?.[1];

      // Composed at once, as a worker composes a claimed batch: one key fixed, the same for all.
      const [sent, ...others] = await Promise.all(['m1', 'm7', 'm8', 'm9'].map((id) => before.composedCopy(...copy(id, morning), { bulk: true })));
      assert.deepEqual(
        [sent!, ...others].map((c) => selectorOf(c.mime)),
        ['k1', 'k1', 'k1', 'k1'],
      );
      assert.equal((await after.composedCopy(...copy('m1', morning))).mime, sent!.mime, 'composed again with the key fixed: the same bytes');
      assert.equal(selectorOf((await after.composedCopy(...copy('m2', morning + 3_600_000), { bulk: true })).mime), 'k1', 'the same day');
      assert.equal(selectorOf((await after.composedCopy(...copy('m3', morning + 86_400_000), { bulk: true })).mime), 'k2', 'the next day');

      // Copies that went unsigned stay unsigned; a copy with no key fixed (a test send) takes the key of the moment and fixes none.
      assert.equal(selectorOf((await composerWith(undefined).composedCopy(...copy('m4', morning, `${contentId}-b`), { bulk: true })).mime), undefined);
      assert.equal(selectorOf((await after.composedCopy(...copy('m5', morning, `${contentId}-b`), { bulk: true })).mime), undefined);
      assert.equal(selectorOf((await after.composedCopy(...copy('m6', morning, `${contentId}-c`))).mime), 'k2');
      const fixed = await db()
        .selectFrom('content_signing_keys')
        .select(['content_id', 'day', 'selector'])
        .where('content_id', 'like', `${contentId}%`)
        .execute();
      const today = Math.floor(morning / 86_400_000);
      assert.deepEqual(
        fixed.map((k) => [k.content_id, k.day, k.selector]).sort(),
        [
          [contentId, today, 'k1'],
          [contentId, today + 1, 'k2'],
          [`${contentId}-b`, today, null],
        ].sort(),
      );
    });

    it('a campaign copy asked for after the signing key changed is still the copy delivered', async () => {
      const senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'Offers', Email: a.email, ReplyEmail: a.email }, 201)).id;
      const listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Buyers' }, 201)).id;
      const emails = ['kim@example.net', 'lou@example.net'];
      for (const email of emails) await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email });
      const id: string = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'Winter offers',
          htmlContent: '<p>Hello #email#, winter is here.</p>',
          language: 'en',
          senderAccountId: senderId,
          listType: 2,
          lists: [listId],
        },
        201,
      );
      await eventually(async () => ((await ok('GET', `/inbox/v1/campaigns/${id}`)).delivered === 2 ? true : undefined), 20_000, 'two deliveries');

      // The operator puts a new key in place: another process starts with it on the same data.
      const config = { ...app.runtime.config, dkimSelector: 'rotated', dkimPrivateKey: rsaKey() };
      const rotated = await createRuntime(config, { api: true, worker: false }, createLogger(config));
      try {
        await rotated.app!.ready();
        for (const email of emails) {
          const delivered = messagesTo(sink, email)[0]!.raw.toString('utf8');
          assert.match(delivered, /^DKIM-Signature: [\s\S]*?\bs=postwire;/);
          const messageId = /^X-Postwire-Message-Id: (\S+)/im.exec(delivered)![1]!;
          const raw = await rotated.app!.inject({
            method: 'GET',
            url: `/notify/v1/messages/${messageId}/raw`,
            headers: { authorization: `Bearer ${a.token}` },
          });
          assert.equal(raw.statusCode, 200);
          assert.equal(raw.body, delivered, `${email}'s copy is the one delivered, signed with the key of then`);
        }
      } finally {
        await rotated.close();
      }
    });
  });
}

describe('a copy composed again after the signing key changed', () => {
  it('is the copy first composed: the kept signature field goes first', async () => {
    const message = LETTER;
    const to = [{ email: 'ann@example.net', name: '' }];
    const first = await new MessageComposer({ domain: DKIM_DOMAIN, selector: 's1', privateKey: rsaKey() }).composedCopy(message, to);
    assert.ok(first.keep?.signature.startsWith('DKIM-Signature: '));
    const rotated = new MessageComposer({ domain: DKIM_DOMAIN, selector: 's2', privateKey: rsaKey() });
    assert.notEqual((await rotated.composedCopy(message, to)).mime, first.mime, 'a new key signs differently');
    const again = await rotated.composedCopy({ ...message, dkim_signature: first.keep!.signature }, to);
    assert.equal(again.mime, first.mime);
    assert.equal(again.keep, undefined);
  });
});

/**
 * The public campaign archive (/archive/{slug}, /archive/{slug}/{id}), on both dialects: a
 * campaign opted in (on create, or on a sent one through PATCH) is listed once sent and shown
 * with its placeholders filled from its archive defaults and no recipient's link or token;
 * one not opted in, not sent, or of another account is a 404, as is a slug no account has.
 * The campaigns are sent through a real SMTP server so the copies' own tokens can be looked for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { newId } from '../../src/lib/ids.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { errorFields } from '../helpers/bodies.js';
import { DIALECTS } from '../helpers/db.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

type Method = 'GET' | 'POST' | 'PATCH';
const HTML = '<p>Hi #name#, news for #email#.</p><p><a href="#webversion#">View online</a></p><p><a href="#unsubscribe#">Leave the list</a> #unsubscribe#</p>';

for (const dialect of DIALECTS) {
  describe(`public campaign archive [${dialect}]`, () => {
    let app: TestApp;
    let sink: SmtpSink;
    let a: TestAccount;
    let b: TestAccount;
    let senderId: string;
    let listId: string;

    const call = (method: Method, url: string, body?: unknown, account = a) => app.request({ method, url, token: account.token, body });
    const ok = async (method: Method, url: string, body?: unknown, status = 200, account = a) =>
      expectEnvelope(await call(method, url, body, account), status).resultObject;
    const campaign = (id: string, account = a) => ok('GET', `/inbox/v1/campaigns/${id}`, undefined, 200, account);
    const open = (url: string) => app.request({ method: 'GET', url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url });
    const send = async (subject: string, extra: Record<string, unknown> = {}) => {
      const id = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject, htmlContent: HTML, language: 'en', senderAccountId: senderId, listType: 2, lists: [listId], ...extra },
        201,
      );
      await eventually(async () => ((await campaign(id)).status === 3 ? true : undefined), 20_000, `${subject} to be sent`);
      return id;
    };

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false },
      });
      app.runtime.jobRunner!.start();
      a = await app.signUp();
      b = await app.signUp();
      senderId = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'News', Email: a.email, ReplyEmail: a.email }, 201)).id;
      listId = (await ok('POST', '/inbox/v1/contactlists', { listName: 'Main' }, 201)).id;
      await ok('POST', `/inbox/v1/contactlists/${listId}/add`, { email: 'reader@example.com', customFields: [] });
    });
    after(async () => {
      await app.close();
      await sink.close();
    });

    it('shows an opted-in sent campaign with the archive defaults, no recipient link or token, under the sandboxing CSP', async () => {
      const id = await send('Autumn for #name#', { archive: true, archiveDefaults: { name: 'Subscriber' } });
      const got = await campaign(id);
      assert.equal(got.archive, true);
      assert.deepEqual(got.archiveDefaults, { name: 'Subscriber' });
      assert.match(got.archiveUrl, new RegExp(`^http://[^/]+/archive/[A-Za-z0-9_-]{22}/${id}$`));
      assert.equal(got.archiveUrl, `${got.archiveListUrl}/${id}`);

      // The reader's copy carries its own signed links: none of them may reach the archive page.
      const mail = await simpleParser((await eventually(async () => messagesTo(sink, 'reader@example.com')[0], 10_000, 'the copy')).raw);
      const tokens = [...String(mail.html).matchAll(/\/(?:u|w)\/([A-Za-z0-9_.-]+)/g)].map((m) => m[1]!);
      assert.ok(tokens.length >= 2, 'the copy has its unsubscribe and web-version links');

      const page = await open(got.archiveUrl);
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /^sandbox /);
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /form-action 'none'/);
      assert.equal(page.headers['x-robots-tag'], 'noindex');
      assert.match(page.text, /<p>Hi Subscriber, news for \.<\/p>/);
      assert.match(page.text, /<p><span>View online<\/span><\/p><p><span>Leave the list<\/span> <\/p>/);
      assert.doesNotMatch(page.text, /postwire-link|\/u\/|\/w\/|href="#/);
      for (const token of tokens) assert.ok(!page.text.includes(token), `the page has no token of the copy (${token.slice(0, 12)}…)`);

      const list = await open(got.archiveListUrl);
      assert.equal(list.status, 200);
      assert.match(String(list.headers['content-security-policy']), /default-src 'none'/);
      const day = new Date().toISOString().slice(0, 10);
      assert.ok(list.text.includes(`<time datetime="${day}">${day}</time><a href="${new URL(got.archiveUrl).pathname}">Autumn for Subscriber</a>`), list.text);
    });

    it('is a 404 for a campaign not opted in, not sent, or of another account; PATCH turns it on and off on a sent campaign', async () => {
      const shown = await send('Shown', { archive: true });
      const hidden = await send('Hidden');
      const listUrl = (await campaign(shown)).archiveListUrl as string;
      const slugPath = new URL(listUrl).pathname;
      assert.equal((await campaign(hidden)).archiveUrl, '', 'no link while it is not archived');
      assert.equal((await open(`${slugPath}/${hidden}`)).status, 404);
      assert.ok(!(await open(listUrl)).text.includes(hidden));

      // Opted in after it was sent: listed first (sent last), and shown.
      assert.equal(await ok('PATCH', `/inbox/v1/campaigns/${hidden}`, { archive: true, archiveDefaults: { name: 'Reader', email: 'you' } }), true);
      const now = await open(listUrl);
      assert.ok(now.text.indexOf(hidden) < now.text.indexOf(shown) && now.text.indexOf(hidden) > 0, 'the last sent first');
      const page = await open(`${slugPath}/${hidden}`);
      assert.equal(page.status, 200);
      assert.match(page.text, /Hi Reader, news for you\./);
      // Content of a sent campaign stays refused, and the refusal writes nothing.
      const late = await call('PATCH', `/inbox/v1/campaigns/${hidden}`, { subject: 'Changed', archive: false });
      expectEnvelope(late, 409);
      assert.equal((await campaign(hidden)).archive, true);
      assert.equal(await ok('PATCH', `/inbox/v1/campaigns/${hidden}`, { archive: false }), true);
      assert.equal((await open(`${slugPath}/${hidden}`)).status, 404);
      assert.ok(!(await open(listUrl)).text.includes(hidden));

      // Archived but a draft: not public until sent.
      const draft = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'Draft', htmlContent: '<p>x</p>', language: 'en', senderAccountId: senderId, listType: 2, lists: [listId], draft: true, archive: true },
        201,
      );
      assert.equal((await open(`${slugPath}/${draft}`)).status, 404);
      assert.ok(!(await open(listUrl)).text.includes(draft));

      // Another account's archive: its own slug, none of our campaigns through it, and it cannot touch ours.
      const theirSender = (await ok('POST', '/inbox/v1/senders', { DisplayName: 'B', Email: b.email, ReplyEmail: b.email }, 201, b)).id;
      const theirList = (await ok('POST', '/inbox/v1/contactlists', { listName: 'B' }, 201, b)).id;
      const theirs = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        { subject: 'B', htmlContent: '<p>b</p>', language: 'en', senderAccountId: theirSender, listType: 2, lists: [theirList], draft: true, archive: true },
        201,
        b,
      );
      const theirSlugPath = new URL((await campaign(theirs, b)).archiveListUrl).pathname;
      assert.notEqual(theirSlugPath, slugPath);
      assert.equal((await open(`${theirSlugPath}/${shown}`)).status, 404);
      assert.ok(!(await open(theirSlugPath)).text.includes(shown));
      expectEnvelope(await call('PATCH', `/inbox/v1/campaigns/${hidden}`, { archive: true }, b), 404);
      assert.equal((await campaign(hidden)).archive, false);

      // A slug no account has, or not a slug at all: the 404 of a path that does not exist.
      for (const url of ['/archive/AAAAAAAAAAAAAAAAAAAAAA', `/archive/AAAAAAAAAAAAAAAAAAAAAA/${shown}`, '/archive/x', `${slugPath}/not-an-id`]) {
        const missing = await open(url);
        assert.equal(missing.status, 404, url);
        assert.match(missing.json.resultMessage, /No endpoint matches GET/);
      }
      // Bad input names the field.
      for (const body of [{ archive: 'yes' }, { archiveDefaults: { 'not a key': 'x' } }, { archiveDefaults: { name: 7 } }, { archiveDefaults: [] }]) {
        const bad = await call('PATCH', `/inbox/v1/campaigns/${shown}`, body);
        expectEnvelope(bad, 400);
        assert.ok(
          errorFields(bad.json).some((f) => /archive/.test(f)),
          `${JSON.stringify(body)}: ${errorFields(bad.json)}`,
        );
      }
    });

    it('fills a handlebars campaign from the archive defaults too, its recipient links plain words', async () => {
      const id = await ok(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: 'Hb {{ fields.name }}',
          htmlContent:
            '<p>Hi {{ fields.name }}{{#if fields.plan}} on {{ fields.plan }}{{/if}}</p><a href="{{ unsubscribe_url }}">Out</a> <a href=\'{{ webversion_url }}\'>Web</a>',
          language: 'en',
          senderAccountId: senderId,
          listType: 2,
          lists: [listId],
          templateSyntax: 'handlebars',
          archive: true,
          archiveDefaults: { name: 'Subscriber', plan: 'Gold' },
        },
        201,
      );
      await eventually(async () => ((await campaign(id)).status === 3 ? true : undefined), 20_000, 'the handlebars campaign to be sent');
      const got = await campaign(id);
      const page = await open(got.archiveUrl);
      assert.equal(page.status, 200);
      assert.equal(page.text, '<p>Hi Subscriber on Gold</p><span>Out</span> <span>Web</span>');
      assert.match((await open(got.archiveListUrl)).text, /Hb Subscriber/);
    });

    it('pages the archive 20 at a time, the last sent first', async () => {
      const first = await campaign(await send('Paging base', { archive: true }));
      const listPath = new URL(first.archiveListUrl).pathname;
      // Twenty-five more sent campaigns of the account, written as dispatch leaves them (sending each would only be slower).
      const db = app.runtime.services.handle.db;
      const base = await db.selectFrom('campaigns').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        const id = newId();
        ids.push(id);
        await db
          .insertInto('campaigns')
          .values({ ...base, id, subject: `Old ${i}`, started_at: Number(base.started_at) - (i + 1) * 86_400_000 })
          .execute();
      }
      const total = (
        await db.selectFrom('campaigns').select('id').where('account_id', '=', a.accountId).where('archive', '=', 1).where('status', '=', 3).execute()
      ).length;
      const one = await open(listPath);
      const pages = Math.ceil(total / 20);
      assert.match(one.text, new RegExp(`Page 1 of ${pages}`));
      assert.equal((one.text.match(/<li>/g) ?? []).length, 20);
      assert.ok(one.text.indexOf('Paging base') < one.text.indexOf('>Old 0<'), 'newest first');
      assert.match(one.text, new RegExp(`<a href="${listPath}\\?page=2" rel="next">Older</a>`));
      const last = await open(`${listPath}?page=${pages}`);
      assert.equal(last.status, 200);
      assert.ok(last.text.includes('>Old 24<'), 'the oldest is on the last page');
      assert.match(last.text, /rel="prev">Newer<\/a>/);
      assert.doesNotMatch(last.text, /rel="next"/);
      assert.equal((await open(`${listPath}?page=0`)).status, 400);
    });
  });
}
